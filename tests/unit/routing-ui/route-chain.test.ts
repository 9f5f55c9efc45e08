import { describe, expect, it } from 'vitest';
import type { MenuItem } from '../../../src/contracts/session';
import { buildRoutes, flattenRoutes } from '../../../src/routing/menu-routes';
import { findRouteChain } from '../../../src/routing/route-chain';
import { redirectTargetOf } from '../../../src/routing/route-elements';
import { breadcrumbItems } from '../../../src/shell/breadcrumb/breadcrumb-items';

const item = (path: string, title: string, component: string, children: MenuItem[] = [], extra: Partial<MenuItem> = {}): MenuItem => ({
  id: path,
  path,
  name: path.replaceAll('/', '-'),
  component,
  route: '1',
  meta: { title },
  children,
  ...extra,
});

const menu: MenuItem[] = [
  item('/dashboard', '仪表盘', 'layouts/RouteView', [item('/dashboard/analysis', '首页', 'dashboard/Analysis')], { redirect: '/dashboard/analysis' }),
  item('/isystem', '系统管理', 'layouts/RouteView', [
    item('/isystem/user', '用户管理', 'system/UserList'),
    item('/isystem/role', '角色管理', 'system/RoleUserList'),
    item('/online/cgformList/:code', '在线表单', 'modules/online/cgform/auto/OnlCgformAutoList', [], { hidden: true }),
  ]),
];

const routes = buildRoutes(menu, { urlContext: { apiBase: '/api', token: null, tenantId: 0 } });
const flat = flattenRoutes(routes);

describe('route chain and breadcrumb', () => {
  it('finds the chain of a nested route', () => {
    expect(findRouteChain(flat, '/isystem/role')).toEqual([
      { title: '系统管理', path: '/isystem' },
      { title: '角色管理', path: '/isystem/role' },
    ]);
  });

  it('matches routes with parameters', () => {
    expect(findRouteChain(flat, '/online/cgformList/abc123')?.at(-1)?.title).toBe('在线表单');
  });

  it('returns null for a path no route serves', () => {
    expect(findRouteChain(flat, '/nowhere')).toBeNull();
  });

  it('starts with home, links every ancestor and leaves the current route as text', () => {
    const chain = findRouteChain(flat, '/isystem/user') ?? [];
    expect(breadcrumbItems('首页', chain, '/isystem/user')).toEqual([
      { title: '首页', path: '/dashboard/analysis' },
      { title: '系统管理', path: '/isystem' },
      { title: '用户管理' },
    ]);
  });

  it('shows only the home entry, as text, on the home page', () => {
    const chain = findRouteChain(flat, '/dashboard/analysis') ?? [];
    expect(breadcrumbItems('首页', chain, '/dashboard/analysis')).toEqual([{ title: '首页' }]);
  });

  it('redirects menu levels to their redirect or first visible child, never to themselves', () => {
    const [dashboard, system] = routes;
    expect(dashboard && redirectTargetOf(dashboard)).toBe('/dashboard/analysis');
    expect(system && redirectTargetOf(system)).toBe('/isystem/user');
    const leaf = system?.children[0];
    expect(leaf && redirectTargetOf({ ...leaf, redirect: leaf.path })).toBeUndefined();
  });
});
