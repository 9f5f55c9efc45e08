import { menuPage, ROUTE_VIEW, type PluginMenuSeed } from '../../../server/plugin-api';

/** 在线开发: the online form builder and the online report builder. */
export const onlineMenus: PluginMenuSeed[] = [
  {
    title: '在线开发',
    sortNo: 12,
    path: '/online',
    component: ROUTE_VIEW,
    icon: 'cloud',
    clerk: false,
    children: [
      menuPage('表单开发', '/online/cgform', 'modules/online/cgform/OnlCgformHeadList'),
      menuPage('报表配置', '/online/cgreport', 'modules/online/cgreport/OnlCgreportHeadList'),
    ],
  },
];
