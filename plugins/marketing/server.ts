import { sql, type Migration } from 'kysely';
import { defineServerPlugin, tableReference } from '../../server/kit';
import { campaignDicts, campaignMigrations, registerCampaignRoutes, seedCampaigns } from './server/campaigns';
import { couponDicts, couponJobKinds, couponMigrations, registerCouponRoutes, seedCoupons } from './server/coupons';
import { issueNewMemberCoupons } from './server/coupons/issue';
import { marketingMenus } from './server/menus';

/** Coupons migrate first: campaigns and packets name coupon templates. Names sort in this order. */
const migrations: Record<string, Migration> = {
  ...Object.fromEntries(Object.entries(couponMigrations).map(([name, migration]) => [`1${name}`, migration])),
  ...Object.fromEntries(Object.entries(campaignMigrations).map(([name, migration]) => [`2${name}`, migration])),
};

/** The server side of marketing (营销管理): coupons, coupon packets and gift campaigns, priced into orders. */
export default defineServerPlugin({
  name: 'marketing',
  migrations,
  dicts: [...couponDicts, ...campaignDicts],
  menus: marketingMenus,
  jobs: couponJobKinds,
  requires: ['orderHooks', 'members', 'memberCoupons', 'stock'],
  register: async (api, ctx) => {
    // A coupon template and a packet by name, a packet's issue record by its 流水号, wherever another list names them.
    api.references.register('couponTemplate', tableReference('mkt_coupon_template', sql`name`, { tenantScoped: true }));
    api.references.register('couponPackage', tableReference('mkt_coupon_package', sql`name`, { tenantScoped: true }));
    api.references.register('couponPacketRecord', tableReference('mkt_coupon_package_record', sql`no`, { tenantScoped: true }));
    // Coupons register the promotion provider (which asks the campaigns for their part) and the coupon hooks.
    await registerCouponRoutes(api, ctx);
    // 新人券 at a member's registration.
    ctx.services.get('members').onRegistered(async (trx, event) => {
      await issueNewMemberCoupons(trx, ctx, event);
    });
    await registerCampaignRoutes(api, ctx);
  },
  seedThroughServices: async (trx, ctx) => {
    await seedCoupons(trx, ctx);
    await seedCampaigns(trx, ctx);
  },
});
