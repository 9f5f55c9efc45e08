import zhOperations from '../../locales/zh-CN/operations.json';
import { localeLabels } from '../../server/crud/labels';
import { defineServerPlugin } from '../../server/plugin-api';
import { registerLogRoutes } from './server/log-routes';
import { registerQuartzRoutes } from './server/quartz-routes';
import { seedOperations } from './server/seed';

/** The server side of operations: scheduled jobs and the login/operation logs so far (tenants, monitoring, files follow). */
export default defineServerPlugin({
  name: 'operations',
  register: async (api, ctx) => {
    const labels = localeLabels({ operations: zhOperations });
    await registerQuartzRoutes(api, ctx, labels);
    await registerLogRoutes(api, ctx, labels);
  },
  seed: seedOperations,
});
