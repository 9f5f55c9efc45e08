import { menuPage, ROUTE_VIEW, type ButtonSeed, type PluginMenuSeed } from '../../../server/kit';

/** Permission codes the distribution routes check (each a button below). */
export const DRP_PERMS = {
  distributorList: 'marketingDrp:drpDistributor:list',
  distributorExport: 'marketingDrp:drpDistributor:exportXls',
  distributorLevel: 'marketingDrp:drpDistributor:updateLevel',
  distributorEnabled: 'marketingDrp:drpDistributor:updateEnabled',
  distributorParent: 'marketingDrp:drpDistributor:updateParent',
  recordList: 'marketingDrp:drpBrokerageRecord:list',
  recordExport: 'marketingDrp:drpBrokerageRecord:exportXls',
  withdrawList: 'marketingDrp:drpWithdraw:list',
  withdrawExport: 'marketingDrp:drpWithdraw:exportXls',
  withdrawApprove: 'marketingDrp:drpWithdraw:approve',
  withdrawReject: 'marketingDrp:drpWithdraw:reject',
  withdrawPay: 'marketingDrp:drpWithdraw:pay',
  levelList: 'marketingDrp:drpLevel:list',
  levelAdd: 'marketingDrp:drpLevel:add',
  levelEdit: 'marketingDrp:drpLevel:edit',
  levelDelete: 'marketingDrp:drpLevel:delete',
  levelExport: 'marketingDrp:drpLevel:exportXls',
  recruitList: 'marketingDrp:drpRecruit:list',
  recruitExport: 'marketingDrp:drpRecruit:exportXls',
  recruitApprove: 'marketingDrp:drpRecruit:approve',
  recruitReject: 'marketingDrp:drpRecruit:reject',
  performanceList: 'marketingDrp:drpPerformance:list',
} as const;

/** The buttons of 分销管理 (permission codes the routes check); admins hold every code anyway. */
const DISTRIBUTION_BUTTONS: Readonly<Record<string, readonly ButtonSeed[]>> = {
  '/marketingDrp/drpDistributorList': [
    { title: '查询分销商', perms: DRP_PERMS.distributorList, type: '1', clerk: true },
    { title: '导出分销商', perms: DRP_PERMS.distributorExport, type: '1' },
    { title: '修改等级', perms: DRP_PERMS.distributorLevel, type: '1' },
    { title: '取消资格/恢复', perms: DRP_PERMS.distributorEnabled, type: '1' },
    { title: '修改上级', perms: DRP_PERMS.distributorParent, type: '1' },
    { title: '查询佣金记录', perms: DRP_PERMS.recordList, type: '1', clerk: true },
    { title: '导出佣金记录', perms: DRP_PERMS.recordExport, type: '1' },
  ],
  '/marketingDrp/drpWithdrawList': [
    { title: '查询提现', perms: DRP_PERMS.withdrawList, type: '1', clerk: true },
    { title: '导出提现', perms: DRP_PERMS.withdrawExport, type: '1' },
    { title: '提现通过', perms: DRP_PERMS.withdrawApprove, type: '1' },
    { title: '提现驳回', perms: DRP_PERMS.withdrawReject, type: '1' },
    { title: '提现打款', perms: DRP_PERMS.withdrawPay, type: '1' },
  ],
  '/marketingDrp/drpLevelList': [
    { title: '查询分销等级', perms: DRP_PERMS.levelList, type: '1', clerk: true },
    { title: '新增分销等级', perms: DRP_PERMS.levelAdd, type: '1' },
    { title: '编辑分销等级', perms: DRP_PERMS.levelEdit, type: '1' },
    { title: '删除分销等级', perms: DRP_PERMS.levelDelete, type: '1' },
    { title: '导出分销等级', perms: DRP_PERMS.levelExport, type: '1' },
  ],
  '/marketingDrp/drpRecruitList': [
    { title: '查询分销申请', perms: DRP_PERMS.recruitList, type: '1', clerk: true },
    { title: '导出分销申请', perms: DRP_PERMS.recruitExport, type: '1' },
    { title: '同意申请', perms: DRP_PERMS.recruitApprove, type: '1' },
    { title: '拒绝申请', perms: DRP_PERMS.recruitReject, type: '1' },
  ],
  '/marketingDrp/drpPerformanceList': [{ title: '查询业绩', perms: DRP_PERMS.performanceList, type: '1', clerk: true }],
};

const page = (title: string, path: string, component: string) => menuPage(title, path, component, { keepAlive: true, buttons: [...(DISTRIBUTION_BUTTONS[path] ?? [])] });

/** 分销管理 (sortNo 7, after 营销管理). */
export const distributionMenus: PluginMenuSeed[] = [
  {
    title: '分销管理',
    sortNo: 7,
    path: '/marketingDrp',
    component: ROUTE_VIEW,
    icon: 'apartment',
    clerk: true,
    children: [
      page('分销商', '/marketingDrp/drpDistributorList', 'marketingDrp/DrpDistributorList'),
      page('提现', '/marketingDrp/drpWithdrawList', 'marketingDrp/DrpWithdrawList'),
      page('分销等级', '/marketingDrp/drpLevelList', 'marketingDrp/DrpLevelList'),
      page('招募', '/marketingDrp/drpRecruitList', 'marketingDrp/DrpRecruitList'),
      page('业绩', '/marketingDrp/drpPerformanceList', 'marketingDrp/DrpPerformanceList'),
    ],
  },
];
