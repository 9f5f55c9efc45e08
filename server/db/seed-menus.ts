/**
 * The core's menu tree: the dashboard. A plugin seeds its own menus (`defineServerPlugin({ menus })`) and places them
 * with `sortNo` in this one order (系统管理 is the system plugin's, at 10; 系统监控 the monitor's, at 11).
 */
import type { TopMenuSeed } from './seed-menu-model';

export const MENU_SEED: TopMenuSeed[] = [
  { title: '首页', sortNo: 1, path: '/dashboard/analysis', component: 'dashboard/Analysis', icon: 'home', clerk: true },
  { title: '工作台', sortNo: 2, path: '/dashboard/workplace', component: 'dashboard/Workplace', icon: 'desktop', clerk: true },
];
