/** Menu titles in English mode: known items translated by `menu.<route name>`, renamed or new ones as the server says. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuItem } from '../../../src/contracts/session';
import { i18n, initI18n } from '../../../src/providers/i18n';
import { localizeMenuTitles, menuTitleKey, menuTitlesOf } from '../../../src/routing/menu-titles';

const item = (name: string, title: string, children?: MenuItem[]): MenuItem => ({
  id: name,
  path: `/${name.replaceAll('-', '/')}`,
  name,
  component: 'layouts/RouteView',
  route: '1',
  meta: { title },
  ...(children ? { children } : {}),
});

const menu: MenuItem[] = [
  item('dashboard-analysis', '首页'),
  item('system', '系统管理', [item('system-user', '用户管理'), item('system-role', '角色与权限'), item('system-audit', '审计')]),
];
const titlesOf = (items: readonly MenuItem[]): unknown[] => items.map((entry) => (entry.children ? [entry.meta.title, titlesOf(entry.children)] : entry.meta.title));

beforeAll(async () => {
  await initI18n('en-US');
});
afterAll(async () => {
  await i18n.changeLanguage('zh-CN');
});

describe('menu titles', () => {
  it('keys an item by its route name', () => {
    expect(menuTitleKey('system-user')).toBe('menu.system-user');
    expect(menuTitleKey('a.b')).toBe('menu.a_b');
  });

  it('in English: translates the items the locale knows; a renamed (角色与权限) or unknown (审计) item keeps the server title', async () => {
    await i18n.changeLanguage('en-US');
    expect(titlesOf(localizeMenuTitles(menu, menuTitlesOf(i18n)))).toEqual(['Home', ['System', ['Users', '角色与权限', '审计']]]);
  });

  it('in Chinese: the server titles', async () => {
    await i18n.changeLanguage('zh-CN');
    expect(titlesOf(localizeMenuTitles(menu, menuTitlesOf(i18n)))).toEqual(['首页', ['系统管理', ['用户管理', '角色与权限', '审计']]]);
  });
});
