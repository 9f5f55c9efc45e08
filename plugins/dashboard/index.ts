import { definePlugin } from '../../src/app/plugin-registry';

export default definePlugin({
  name: 'dashboard',
  pages: {
    'dashboard/Analysis': () => import('./pages/analysis'),
  },
});
