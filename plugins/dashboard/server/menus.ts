import type { PluginMenuSeed } from '../../../server/plugin-api';

/** TO BE WRITTEN by the helper that owns this file (统计图表, 待办任务). */
export const dashboardMenus: PluginMenuSeed[] = [];
