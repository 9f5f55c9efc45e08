import zhOperations from '../../locales/zh-CN/operations.json';
import { sql } from 'kysely';
import { defineServerPlugin, localeLabels, tableReference } from '../../server/kit';
import { registerLogRoutes } from './server/log-routes';
import { operationsDicts, operationsMenus } from './server/menus';
import { registerQuartzRoutes } from './server/quartz-routes';
import { seedOperations } from './server/seed';

/** The server side of operations: scheduled jobs and the login/operation logs so far (tenants, monitoring, files follow). */
export default defineServerPlugin({
  name: 'operations',
  menus: operationsMenus,
  dicts: operationsDicts,
  register: async (api, ctx) => {
    const labels = localeLabels({ operations: zhOperations });
    // A job (a run log's 任务) by its description, else its class.
    api.references.register('quartzJob', tableReference('sys_quartz_job', sql`coalesce(nullif(description, ''), job_class_name)`, { tenantScoped: false }));
    await registerQuartzRoutes(api, ctx, labels);
    await registerLogRoutes(api, ctx, labels);
  },
  seed: seedOperations,
});
