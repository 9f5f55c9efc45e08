import { describe, expect, it } from 'vitest';
import type { AppRoute, FlatRoute } from '../../../src/routing/menu-routes';
import { matchEntries, searchableEntries } from '../../../src/shell/header/menu-search-match';

function flat(path: string, title: string, parent: string, hidden = false): FlatRoute {
  const route: AppRoute = { path, name: path, component: 'x', hidden, alwaysShow: false, isLayout: false, external: false, meta: { title }, children: [] };
  return { path, name: path, title, hidden, route, breadcrumb: [{ title: parent, path: '/p' }, { title, path }] };
}

const routes = [flat('/system/user', '用户管理', '系统管理'), flat('/system/role', '角色管理', '系统管理'), flat('/cust/detail', '会员详情', '客户管理', true), flat('/system/user', '用户管理', '系统管理')];

describe('menu search', () => {
  it('offers the visible menu items once each', () => {
    expect(searchableEntries(routes).map((entry) => entry.path)).toEqual(['/system/user', '/system/role']);
  });

  it('matches Chinese titles, parent titles and paths', () => {
    const entries = searchableEntries(routes);
    expect(matchEntries(entries, '角色').map((entry) => entry.path)).toEqual(['/system/role']);
    expect(matchEntries(entries, '系统').length).toBe(2);
    expect(matchEntries(entries, 'SYSTEM/USER').map((entry) => entry.path)).toEqual(['/system/user']);
    expect(matchEntries(entries, '会员')).toEqual([]);
  });
});
