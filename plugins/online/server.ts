import { defineServerPlugin } from '../../server/plugin-api';
import { cgreportMigrations } from './server/cgreport-migrations';
import { registerCgreportRoutes } from './server/cgreport-routes';
import { seedCgreports } from './server/cgreport-seed';
import { onlineMenus } from './server/menus';

/** 在线开发: tables and reports defined at run time, served by the same engine as the plugins. */
export default defineServerPlugin({
  name: 'online',
  menus: onlineMenus,
  migrations: cgreportMigrations,
  register: (api, ctx) => {
    registerCgreportRoutes(api, ctx);
  },
  seed: seedCgreports,
});
