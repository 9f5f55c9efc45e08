import { definePlugin } from '../../src/app/plugin-registry';

/** 在线开发: the form builder, the report builder and the screens they generate. */
export default definePlugin({
  name: 'online',
  pages: {
    'modules/online/cgform/OnlCgformHeadList': () => import('./pages/cgform-head-list'),
    'modules/online/cgform/auto/OnlCgformAutoList': () => import('./pages/cgform-auto-list'),
    'modules/online/cgform/auto/OnlCgformTreeList': () => import('./pages/cgform-tree-list'),
    'modules/online/cgform/auto/erp/OnlCgformErpList': () => import('./pages/cgform-erp-list'),
    'modules/online/cgform/auto/tab/OnlCgformTabList': () => import('./pages/cgform-tab-list'),
    'modules/online/cgform/auto/innerTable/OnlCgformInnerTableList': () => import('./pages/cgform-inner-table-list'),
    'modules/online/cgreport/OnlCgreportHeadList': () => import('./pages/cgreport-head-list'),
    'modules/online/cgreport/auto/OnlCgreportAutoList': () => import('./pages/cgreport-auto-list'),
  },
  // A form or report opened from its builder (功能测试 / 预览) or a link: the menu's items use their own paths.
  staticRoutes: [
    { path: '/online/cgformList/:code', name: 'onlCgformList', component: 'modules/online/cgform/auto/OnlCgformAutoList', titleKey: 'online:route.cgformList' },
    { path: '/online/cgreportList/:code', name: 'onlCgreportList', component: 'modules/online/cgreport/auto/OnlCgreportAutoList', titleKey: 'online:route.cgreportList' },
  ],
});
