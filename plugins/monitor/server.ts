import { defineServerPlugin } from '../../server/kit';
import { monitorMenus } from './server/menus';
import { registerMonitorRoutes } from './server/routes';

/**
 * 系统监控: real figures of the running server and machine (disks, recent requests, the Node runtime,
 * the application's caches, the OS and database, the HTTP server), admin only.
 */
export default defineServerPlugin({
  name: 'monitor',
  menus: monitorMenus,
  register: (api, ctx) => registerMonitorRoutes(api, ctx),
});
