import { entityButtons, menuPage, ROUTE_VIEW, type PluginMenuSeed } from '../../../server/kit';

/** 客户管理: the customers plugin's branch (sortNo 3, after 首页 and 工作台) and its buttons. */
export const customerMenus: PluginMenuSeed[] = [
  {
    title: '客户管理',
    sortNo: 3,
    path: '/cust',
    component: ROUTE_VIEW,
    icon: 'team',
    clerk: true,
    children: [
      menuPage('客户列表', '/cust/customerList', 'cust/CustomerList', { keepAlive: true, buttons: entityButtons('cust:customer', '客户') }),
      menuPage('会员列表', '/cust/custMemberList', 'cust/CustMemberList', {
        keepAlive: true,
        buttons: [
          { title: '查看会员', perms: 'cust:member:list', type: '1', clerk: true },
          { title: '新增会员', perms: 'cust:member:add', type: '1' },
          { title: '编辑会员', perms: 'cust:member:edit', type: '1', clerk: true },
          { title: '删除会员', perms: 'cust:member:delete', type: '2' },
          { title: '批量删除会员', perms: 'cust:member:deleteBatch', type: '1' },
          { title: '导出会员', perms: 'cust:member:exportXls', type: '1', status: '0' },
          { title: '导入会员', perms: 'cust:member:importExcel', type: '1' },
          { title: '修改积分', perms: 'cust:member:adjustPoints', type: '1' },
          { title: '修改余额', perms: 'cust:member:adjustBalance', type: '1' },
          { title: '修改成长值', perms: 'cust:member:adjustExperience', type: '1' },
          { title: '修改等级', perms: 'cust:member:updateLevel', type: '1' },
          { title: '查询成长值明细', perms: 'cust:experienceLog:list', type: '1', clerk: true },
          { title: '导出成长值明细', perms: 'cust:experienceLog:exportXls', type: '1' },
          { title: '查询等级变动记录', perms: 'cust:levelRecord:list', type: '1', clerk: true },
        ],
      }),
      menuPage('客户分组', '/cust/custGroupList', 'cust/CustGroupList', { keepAlive: true, buttons: entityButtons('cust:group', '分组') }),
      menuPage('会员等级', '/cust/custLevelList', 'cust/CustLevelList', { keepAlive: true, buttons: entityButtons('cust:level', '等级') }),
      menuPage('余额明细', '/cust/custBalanceLogList', 'cust/CustBalanceLogList', {
        keepAlive: true,
        buttons: [
          { title: '查询余额明细', perms: 'cust:balanceLog:list', type: '1', clerk: true },
          { title: '导出余额明细', perms: 'cust:balanceLog:exportXls', type: '1' },
        ],
      }),
      menuPage('积分明细', '/cust/custPointsLogList', 'cust/CustPointsLogList', {
        keepAlive: true,
        buttons: [
          { title: '查询积分明细', perms: 'cust:pointsLog:list', type: '1', clerk: true },
          { title: '导出积分明细', perms: 'cust:pointsLog:exportXls', type: '1' },
        ],
      }),
      menuPage('会员优惠券', '/cust/custCouponList', 'cust/CustCouponList', {
        keepAlive: true,
        buttons: [...entityButtons('cust:coupon', '会员优惠券', ['list', 'add', 'exportXls']), { title: '回收优惠券', perms: 'cust:coupon:recycle', type: '1' }],
      }),
      menuPage('收货地址', '/cust/custAddressList', 'cust/CustAddressList', { keepAlive: true, buttons: entityButtons('cust:address', '收货地址') }),
    ],
  },
];
