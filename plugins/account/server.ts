import { defineServerPlugin } from '../../server/kit';
import { registerAccountRoutes } from './server/account-routes';
import { accountMenus } from './server/menus';
import { accountMigrations } from './server/migrations';

/** 个人页: the user's profile, avatar, password, phone, sessions and notification preferences. */
export default defineServerPlugin({
  name: 'account',
  menus: accountMenus,
  migrations: accountMigrations,
  register: (api, ctx) => {
    registerAccountRoutes(api, ctx);
  },
});
