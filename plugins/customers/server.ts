import { customerFacts } from './server/report-facts';
import zhCustomers from '../../locales/zh-CN/customers.json';
import { defineServerPlugin, localeLabels } from '../../server/kit';
import { registerAppRoutes } from './server/app-routes';
import { registerCatalogueRoutes } from './server/catalogue-routes';
import { customerMenus } from './server/menus';
import { createMemberCouponService } from './server/members/coupons';
import { registerMemberRoutes } from './server/members/routes';
import { createMemberService } from './server/members/service';
import { customerMigrations } from './server/migrations';
import { seedCustomers } from './server/seed';
import { registerWeixinLoginRoutes } from './server/login/weixin-routes';

/** The server side of the customers domain (客户管理) and the mini-program's member session. */
export default defineServerPlugin({
  name: 'customers',
  facts: [customerFacts],
  migrations: customerMigrations,
  menus: customerMenus,
  // The member ledgers as other domains post to them (server/contracts/members.ts); the members' coupons (members/coupons.ts).
  provides: ['members', 'memberCoupons'],
  register: async (api, ctx) => {
    const members = createMemberService();
    ctx.services.provide('members', members);
    ctx.services.provide('memberCoupons', createMemberCouponService());
    const labels = localeLabels({ customers: zhCustomers });
    await registerMemberRoutes(api, labels);
    await registerCatalogueRoutes(api, labels);
    registerAppRoutes(api, ctx, members.registered);
    registerWeixinLoginRoutes(api, ctx, members.registered);
  },
  seed: seedCustomers,
});
