import zhCustomers from '../../locales/zh-CN/customers.json';
import { localeLabels } from '../../server/crud/labels';
import { defineServerPlugin } from '../../server/plugin-api';
import { registerMemberRoutes } from './server/member-routes';
import { customerMigrations } from './server/migrations';
import { seedCustomers } from './server/seed';

/** The server side of the customers domain (客户管理): members so far. */
export default defineServerPlugin({
  name: 'customers',
  migrations: customerMigrations,
  register: async (api) => {
    await registerMemberRoutes(api, localeLabels({ customers: zhCustomers }));
  },
  seed: seedCustomers,
});
