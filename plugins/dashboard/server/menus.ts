import type { PluginMenuSeed } from '../../../server/kit';

/**
 * 统计图表 and 待办任务 (docs/spec.md §2's dashboard area), right after the core's 首页 and 工作台 (sortNo 2). Every user may open
 * them; each figure on them is shown only to users holding the permission of the list it derives from.
 */
export const dashboardMenus: PluginMenuSeed[] = [
  { title: '统计图表', sortNo: 2.1, path: '/dashboard/chart', component: 'dashboard/Chart', icon: 'pie-chart', clerk: true },
  { title: '待办任务', sortNo: 2.2, path: '/dashboard/task', component: 'dashboard/Task', icon: 'calendar', clerk: true },
];
