import { orderCounters } from './server/counters';
import { orderFacts } from './server/report-facts';
import { defineServerPlugin } from '../../server/kit';
import { registerOrderAdminRoutes } from './server/sales/admin-routes';
import { registerAfterSaleRoutes } from './server/after-sales/routes';
import { registerOrderAppRoutes } from './server/sales/app-routes';
import { registerOrderCatalogueRoutes } from './server/catalogue-routes';
import { registerPurchaseRoutes } from './server/purchases/routes';
import { registerExpressTracking } from './server/express-tracking';
import { orderDicts } from './server/dicts';
import { orderJobKinds } from './server/jobs';
import { orderMenus } from './server/menus';
import { OrderHookRegistry } from './server/sales/hook-registry';
import { createOrderItemService } from './server/sales/order-items';
import { PaymentChannels } from './server/payments/channel-set';
import { registerPaymentRoutes } from './server/payments/routes';
import { registerPayNotifyRoutes } from './server/payments/notify-routes';
import { orderMigrations } from './server/migrations';
import { registerPickup } from './server/pickup';
import { pickupDicts } from './server/pickup/dicts';
import { isPublicPickupLogo } from './server/pickup/public-media';
import { backfillDemoOrders, seedDemoOrders } from './server/demo-orders';
import { seedOrders } from './server/seed';

/** The server side of the sales-order domain (销售订单): orders from the mini-program to delivery, after-sales, refunds, and procurement orders (采购订单). */
export default defineServerPlugin({
  name: 'orders',
  facts: [orderFacts],
  counters: orderCounters,
  migrations: orderMigrations,
  dicts: [...orderDicts, ...pickupDicts],
  menus: orderMenus,
  jobs: orderJobKinds,
  // shopProfile: the seller its contracts and delivery notes print (the system plugin's 店铺信息).
  requires: ['stock', 'members', 'memberCoupons', 'shopProfile'],
  // orderItems: its lines as the reviews plugin reads them (server/contracts/order-items.ts).
  provides: ['orderHooks', 'orderItems'],
  // An open pickup store's logo loads in the mini-program without a token.
  publicMedia: isPublicPickupLogo,
  register: async (api, ctx) => {
    ctx.services.provide('orderHooks', new OrderHookRegistry(PaymentChannels.fromConfig(ctx.config), ctx.wechat));
    ctx.services.provide('orderItems', createOrderItemService());
    await registerOrderCatalogueRoutes(api);
    await registerOrderAdminRoutes(api, ctx);
    registerOrderAppRoutes(api, ctx);
    await registerAfterSaleRoutes(api, ctx);
    await registerPurchaseRoutes(api, ctx);
    // 物流跟踪: the track read, 刷新 and kuaidi100's push; the pass runs as the job orders.expressTrack.
    await registerExpressTracking(api, ctx);
    await registerPaymentRoutes(api, ctx);
    await registerPayNotifyRoutes(api, ctx);
    // 到店自提: the stores and their verifiers, 门店核销 by code, the mini-program's store list (server/pickup/).
    await registerPickup(api, ctx);
    // DEMO_ORDERS above the first start's 120: the rest are placed once the server answers.
    if (ctx.config.demoTrade && ctx.config.demoOrders > 0) {
      let fill: ReturnType<typeof backfillDemoOrders> | null = null;
      api.addHook('onReady', async () => {
        fill = backfillDemoOrders(ctx, { info: (message) => api.log.info(message), error: (message) => api.log.error(message) });
      });
      api.addHook('onClose', async () => {
        fill?.stop();
        await fill?.done;
      });
    }
  },
  seed: seedOrders,
  seedThroughServices: seedDemoOrders,
});
