import { defineServerPlugin } from '../../server/plugin-api';
import { registerOrderAdminRoutes } from './server/admin-routes';
import { registerAfterSaleRoutes } from './server/after-sale-routes';
import { registerOrderAppRoutes } from './server/app-routes';
import { registerOrderCatalogueRoutes } from './server/catalogue-routes';
import { orderDicts } from './server/dicts';
import { orderJobKinds } from './server/jobs';
import { orderMenus } from './server/menus';
import { orderMigrations } from './server/migrations';
import { seedDemoOrders } from './server/demo-orders';
import { seedOrders } from './server/seed';

/** The server side of the sales-order domain (销售订单): orders from the mini-program to delivery, after-sales, refunds. */
export default defineServerPlugin({
  name: 'orders',
  migrations: orderMigrations,
  dicts: orderDicts,
  menus: orderMenus,
  jobs: orderJobKinds,
  requires: ['stock', 'members'],
  register: async (api, ctx) => {
    await registerOrderCatalogueRoutes(api);
    await registerOrderAdminRoutes(api, ctx);
    registerOrderAppRoutes(api, ctx);
    await registerAfterSaleRoutes(api, ctx);
  },
  seed: seedOrders,
  seedThroughServices: seedDemoOrders,
});
