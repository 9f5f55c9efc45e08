import { menuPage, ROUTE_VIEW, type PluginMenuSeed } from '../../../server/kit';

/** 个人页: the signed-in user's own center and settings, hidden from the side menu, reached from the user dropdown. */
export const accountMenus: PluginMenuSeed[] = [
  {
    title: '个人页',
    sortNo: 13,
    path: '/account',
    component: ROUTE_VIEW,
    icon: 'user',
    clerk: true,
    children: [
      menuPage('个人中心', '/account/center', 'account/center/Index', { hidden: true }),
      menuPage('个人设置', '/account/settings/base', 'account/settings/Index', { hidden: true }),
    ],
  },
];
