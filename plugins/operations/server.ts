import zhOperations from '../../locales/zh-CN/operations.json';
import { localeLabels } from '../../server/crud/labels';
import { defineServerPlugin } from '../../server/plugin-api';
import { registerQuartzRoutes } from './server/quartz-routes';
import { seedOperations } from './server/seed';

/** The server side of operations: scheduled jobs so far (logs, tenants, monitoring, files follow). */
export default defineServerPlugin({
  name: 'operations',
  register: async (api, ctx) => {
    await registerQuartzRoutes(api, ctx, localeLabels({ operations: zhOperations }));
  },
  seed: seedOperations,
});
