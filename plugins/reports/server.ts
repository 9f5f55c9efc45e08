import { defineServerPlugin } from '../../server/kit';
import { registerGoodsReportRoutes } from './server/goods/routes';
import { reportMenus } from './server/menus';
import { registerOrderReportRoutes } from './server/orders/routes';
import { registerSalesReportRoutes } from './server/sales/routes';
import { registerWithdrawReportRoutes } from './server/withdraw/routes';

/**
 * 报表: the sales, goods, order and withdrawal reports. They read the core's daily facts by metric name
 * (`ctx.facts`, server/contracts/report-facts.ts), never a domain's tables: each domain plugin declares
 * the facts it fills, and a metric whose plugin is absent reads as nothing.
 */
export default defineServerPlugin({
  name: 'reports',
  menus: reportMenus,
  // The withdrawal report names its top distributors (members), the goods ranking its SPUs (stock).
  requires: ['members', 'stock'],
  register: (api, ctx) => {
    registerSalesReportRoutes(api, ctx);
    registerOrderReportRoutes(api, ctx);
    registerGoodsReportRoutes(api, ctx);
    registerWithdrawReportRoutes(api, ctx);
  },
});
