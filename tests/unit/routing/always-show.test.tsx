/** JeecgBoot's alwaysShow ("aggregate child routes"): a menu leaf that opens its own path and shows its children as tabs. */
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createRegistry, definePlugin } from '../../../src/app/plugin-registry';
import { RegistryContext } from '../../../src/app/registry-context';
import type { MenuItem } from '../../../src/contracts/session';
import { showsChildrenAsTabs } from '../../../src/routing/aggregate-route-page';
import { buildMenuTree, buildRoutes, flattenRoutes } from '../../../src/routing/menu-routes';
import { menuRouteElements, redirectTargetOf } from '../../../src/routing/route-elements';
import { useLocales } from '../use-locales';

const urlContext = { apiBase: '/api', token: 'tok', tenantId: 1 };

function item(path: string, title: string, extra: Partial<MenuItem> = {}): MenuItem {
  return { id: path, path, name: path.slice(1).replace(/\//g, '-'), component: 'demo/Report', route: '1', meta: { title }, ...extra };
}

const menu: MenuItem[] = [
  item('/report', '报表中心', {
    component: 'layouts/RouteView',
    alwaysShow: true,
    children: [
      item('/report/sales', '销售报表', { component: 'demo/Report' }),
      item('/report/stock', '库存报表', { component: 'jeecg/StockReportNobodyRegisters' }),
      item('/report/secret', '隐藏报表', { hidden: true }),
    ],
  }),
  item('/tools', '工具', { component: 'jeecg/ToolsHomeNobodyRegisters', alwaysShow: true, children: [item('/tools/a', '工具A')] }),
  item('/plain', '普通目录', { component: 'layouts/RouteView', children: [item('/plain/first', '第一页')] }),
];

const registry = createRegistry([definePlugin({ name: 'demo', pages: { 'demo/Report': () => Promise.resolve({ default: () => <p>sales report body</p> }) } })], {
  loadNamespace: async () => {},
});

function renderAt(path: string) {
  const routes = buildRoutes(menu, { urlContext });
  return render(
    <RegistryContext.Provider value={registry}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>{menuRouteElements(routes)}</Routes>
      </MemoryRouter>
    </RegistryContext.Provider>,
  );
}

useLocales();

describe('alwaysShow menu items', () => {
  const routes = buildRoutes(menu, { urlContext });
  const report = routes.find((route) => route.path === '/report');
  const plain = routes.find((route) => route.path === '/plain');

  it('are leaves of the side menu: their children are not listed', () => {
    const tree = buildMenuTree(menu);
    expect(tree.map((entry) => [entry.path, entry.children?.length])).toEqual([
      ['/report', 0],
      ['/tools', 0],
      ['/plain', 1],
    ]);
  });

  it('render at their own path instead of redirecting; an ordinary directory still redirects to its first child', () => {
    expect(report && redirectTargetOf(report)).toBeUndefined();
    expect(plain && redirectTargetOf(plain)).toBe('/plain/first');
  });

  it('are routes of their own for titles and breadcrumbs; their children stay reachable but out of the menu search', () => {
    const flat = new Map(flattenRoutes(routes).map((entry) => [entry.path, entry]));
    expect(flat.get('/report')).toMatchObject({ title: '报表中心', hidden: false });
    expect(flat.get('/report/sales')).toMatchObject({ hidden: true, breadcrumb: [{ title: '报表中心', path: '/report' }, { title: '销售报表', path: '/report/sales' }] });
    expect(flat.has('/plain')).toBe(false);
  });

  it('show a nesting item’s visible children as tabs, each tab the child’s page, MODULE_NOT_FOUND for an unregistered one', async () => {
    expect(report && showsChildrenAsTabs(report)).toBe(true);
    renderAt('/report');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['销售报表', '库存报表']);
    expect(await screen.findByText('sales report body')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '库存报表' }));
    expect(await screen.findByText('MODULE_NOT_FOUND')).toBeTruthy();
    expect(screen.getByText('jeecg/StockReportNobodyRegisters')).toBeTruthy();
  });

  it('show an item’s own page component, and MODULE_NOT_FOUND there when nobody registers it (no redirect)', async () => {
    renderAt('/tools');
    expect(await screen.findByText('MODULE_NOT_FOUND')).toBeTruthy();
    expect(screen.getByText('jeecg/ToolsHomeNobodyRegisters')).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
  });

  it('leave their children openable by their own paths', async () => {
    renderAt('/report/sales');
    expect(await screen.findByText('sales report body')).toBeTruthy();
    expect(screen.queryByRole('tab')).toBeNull();
  });
});
