/**
 * The core's menu tree: the dashboard, online development and
 * the personal pages. A plugin seeds its own menus (`defineServerPlugin({ menus })`) and places them
 * with `sortNo` in this one order (系统管理 is the system plugin's, at 10; 系统监控 the monitor's, at 11).
 */
import { menuPage, ROUTE_VIEW, type TopMenuSeed } from './seed-menu-model';

const page = menuPage;

export const MENU_SEED: TopMenuSeed[] = [
  { title: '首页', sortNo: 1, path: '/dashboard/analysis', component: 'dashboard/Analysis', icon: 'home', clerk: true },
  { title: '工作台', sortNo: 2, path: '/dashboard/workplace', component: 'dashboard/Workplace', icon: 'desktop', clerk: true },
  {
    title: '在线开发',
    sortNo: 12,
    path: '/online',
    component: ROUTE_VIEW,
    icon: 'cloud',
    clerk: false,
    children: [
      page('表单开发', '/online/cgform', 'modules/online/cgform/OnlCgformHeadList'),
      page('报表配置', '/online/cgreport', 'modules/online/cgreport/OnlCgreportHeadList'),
    ],
  },
  {
    title: '个人页',
    sortNo: 13,
    path: '/account',
    component: ROUTE_VIEW,
    icon: 'user',
    clerk: true,
    children: [
      page('个人中心', '/account/center', 'account/center/Index', { hidden: true }),
      page('个人设置', '/account/settings/base', 'account/settings/Index', { hidden: true }),
    ],
  },
];
