import { definePlugin } from '../../src/app/plugin-registry';

/** 首页, 工作台, 统计图表 and 待办任务; the charts (recharts) load only with the pages that chart. */
export default definePlugin({
  name: 'dashboard',
  pages: {
    'dashboard/Analysis': () => import('./pages/analysis'),
    'dashboard/Workplace': () => import('./pages/workplace'),
    'dashboard/Chart': () => import('./pages/chart'),
    'dashboard/Task': () => import('./pages/task'),
  },
});
