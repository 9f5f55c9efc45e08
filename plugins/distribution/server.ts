import { distributionCounters } from './server/counters';
import { distributionFacts } from './server/report-facts';
import { upgradeAfterPayment } from './server/level-upgrade';
import { sql } from 'kysely';
import { defineServerPlugin, tableReference } from '../../server/kit';
import { distributionMigrations } from './server/migrations';
import { distributionDicts } from './server/dicts';
import { distributionMenus } from './server/menus';
import { distributionJobKinds } from './server/jobs';
import { registerDistributionAdminRoutes } from './server/admin-routes';
import { registerDistributionAppRoutes } from './server/app-routes';
import { cancelItemCommission, recordOrderCommission } from './server/distribution-service';
import { seedDemoDistribution, seedDistribution } from './server/seed';

/** The server side of distribution (分销管理): distributors, levels, recruitment, commission, withdrawals, performance. */
export default defineServerPlugin({
  name: 'distribution',
  facts: [distributionFacts],
  counters: distributionCounters,
  migrations: distributionMigrations,
  dicts: distributionDicts,
  menus: distributionMenus,
  jobs: distributionJobKinds,
  requires: ['orderHooks', 'members', 'stock'],
  register: async (api, ctx) => {
    // A distributor (an upline, a withdrawal's) by its member's name and mobile; a withdrawal by who asked for how much.
    api.references.register('distributor', tableReference('drp_distributor', sql`concat_ws(' ', member_name, mobile)`, { tenantScoped: true }));
    api.references.register('withdraw', tableReference('drp_withdraw', sql`concat(member_name, ' 提现 ', price::text)`, { tenantScoped: true }));
    const hooks = ctx.services.get('orderHooks');
    hooks.onPaid(async (trx, event) => {
      await recordOrderCommission(trx, { members: ctx.services.get('members'), stock: ctx.services.get('stock') }, event);
      await upgradeAfterPayment(trx, ctx.services.get('members'), event);
    });
    hooks.onRefunded(async (trx, event) => {
      await cancelItemCommission(trx, event);
    });
    await registerDistributionAdminRoutes(api, ctx);
    registerDistributionAppRoutes(api, ctx);
  },
  seed: seedDistribution,
  seedThroughServices: seedDemoDistribution,
});
