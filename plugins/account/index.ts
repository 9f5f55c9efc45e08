import { definePlugin } from '../../src/app/plugin-registry';

const settingsPage = () => import('./pages/account-settings');

/**
 * 个人中心 and 个人设置 of the signed-in user. The menu opens 个人设置 at 基本设置 (`/account/settings/base`);
 * the other four sections are routes of the same page. The JeecgBoot family's per-section component
 * paths open the same page too.
 */
export default definePlugin({
  name: 'account',
  pages: {
    'account/center/Index': () => import('./pages/account-center'),
    'account/settings/Index': settingsPage,
    'account/settings/BaseSetting': settingsPage,
    'account/settings/Security': settingsPage,
    'account/settings/Custom': settingsPage,
    'account/settings/Binding': settingsPage,
    'account/settings/Notification': settingsPage,
  },
  // The sections besides 基本设置 (components/sections.ts lists all five; kept apart so this file stays light).
  staticRoutes: ['security', 'custom', 'binding', 'notification'].map((section) => ({
    path: `/account/settings/${section}`,
    name: `account-settings-${section}`,
    component: 'account/settings/Index',
    // The tab and the breadcrumb read 个人设置 for every section, as the menu entry does.
    titleKey: 'header.accountSettings',
    keepAlive: true,
  })),
});
