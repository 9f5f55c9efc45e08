import { defineServerPlugin } from '../../server/kit';
import { dashboardMenus } from './server/menus';
import { registerDashboardRoutes } from './server/routes';

/** 首页, 工作台 and the dashboard's chart and task pages: figures from the daily facts and every plugin's counters. */
export default defineServerPlugin({
  name: 'dashboard',
  menus: dashboardMenus,
  requires: ['members'],
  register: (api, ctx) => registerDashboardRoutes(api, ctx),
});
