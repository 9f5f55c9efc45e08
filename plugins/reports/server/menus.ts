import { menuPage, ROUTE_VIEW, type ButtonSeed, type PluginMenuSeed } from '../../../server/kit';

/** Permission codes the report routes check (each a button below). */
export const REPORT_PERMS = {
  sales: 'report:sales:view',
  salesExport: 'report:sales:exportXls',
  goods: 'report:goods:view',
  goodsExport: 'report:goods:exportXls',
  order: 'report:order:view',
  orderExport: 'report:order:exportXls',
  withdraw: 'report:withdraw:view',
  withdrawExport: 'report:withdraw:exportXls',
  rollUp: 'report:rollup:rebuild',
} as const;

const REPORT_BUTTONS: Readonly<Record<string, readonly ButtonSeed[]>> = {
  '/report/salesReport': [
    { title: '查看销售报表', perms: REPORT_PERMS.sales, type: '1', clerk: true },
    { title: '导出销售报表', perms: REPORT_PERMS.salesExport, type: '1' },
    { title: '重算报表', perms: REPORT_PERMS.rollUp, type: '1' },
  ],
  '/report/goodsReport': [
    { title: '查看商品报表', perms: REPORT_PERMS.goods, type: '1', clerk: true },
    { title: '导出商品报表', perms: REPORT_PERMS.goodsExport, type: '1' },
  ],
  '/report/orderReport': [
    { title: '查看订单报表', perms: REPORT_PERMS.order, type: '1', clerk: true },
    { title: '导出订单报表', perms: REPORT_PERMS.orderExport, type: '1' },
  ],
  '/report/withdrawReport': [
    { title: '查看提现报表', perms: REPORT_PERMS.withdraw, type: '1', clerk: true },
    { title: '导出提现报表', perms: REPORT_PERMS.withdrawExport, type: '1' },
  ],
};

const page = (title: string, path: string, component: string) => menuPage(title, path, component, { keepAlive: true, buttons: [...(REPORT_BUTTONS[path] ?? [])] });

/** 报表 (sortNo 8, after 分销管理). */
export const reportMenus: PluginMenuSeed[] = [
  {
    title: '报表',
    sortNo: 8,
    path: '/report',
    component: ROUTE_VIEW,
    icon: 'bar-chart',
    clerk: true,
    children: [
      page('销售报表', '/report/salesReport', 'report/SalesReport'),
      page('商品报表', '/report/goodsReport', 'report/GoodsReport'),
      page('订单报表', '/report/orderReport', 'report/OrderReport'),
      page('提现报表', '/report/withdrawReport', 'report/WithdrawReport'),
    ],
  },
];
