import { definePlugin } from '../../src/app/plugin-registry';

/** 报表: sales, goods, order and withdrawal reports over the daily facts, with charts and Excel export. */
export default definePlugin({
  name: 'reports',
  namespaces: ['reportsGoods', 'reportsWithdraw'],
  pages: {
    'report/SalesReport': () => import('./pages/sales-report'),
    'report/OrderReport': () => import('./pages/order-report'),
    'report/GoodsReport': () => import('./pages/goods-report'),
    'report/WithdrawReport': () => import('./pages/withdraw-report'),
  },
});
