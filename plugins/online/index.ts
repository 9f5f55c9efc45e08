import { definePlugin } from '../../src/app/plugin-registry';

/** 在线开发: the form builder, the report builder and the screens they generate. */
export default definePlugin({
  name: 'online',
  pages: {
    'modules/online/cgreport/OnlCgreportHeadList': () => import('./pages/cgreport-head-list'),
    'modules/online/cgreport/auto/OnlCgreportAutoList': () => import('./pages/cgreport-auto-list'),
  },
  // A report opened from 报表配置 (预览) or a link: the menu's report items use their own paths.
  staticRoutes: [{ path: '/online/cgreportList/:code', name: 'onlCgreportList', component: 'modules/online/cgreport/auto/OnlCgreportAutoList', titleKey: 'online:route.cgreportList' }],
});
