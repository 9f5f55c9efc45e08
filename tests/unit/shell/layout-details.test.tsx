/**
 * docs/spec.md §2 Layouts: the footer credit, the wide user layout of registerStore, menu items opening by path
 * or in a new window (external / iframe items), and the iframe page view.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MenuItem } from '../../../src/contracts/session';
import { CurrentRouteContext } from '../../../src/routing/current-route';
import type { AppRoute, FlatRoute } from '../../../src/routing/menu-routes';
import { WIDE_USER_ROUTE_NAME } from '../../../src/routing/public-routes';
import IframePageView from '../../../src/shell/layouts/iframe-page-view';
import { GlobalFooter } from '../../../src/shell/layouts/global-footer';
import { UserLayout } from '../../../src/shell/layouts/user-layout';
import { FlatRoutesContext } from '../../../src/shell/menu/flat-routes-context';
import { SideMenu } from '../../../src/shell/menu/side-menu';
import { joinMenuPath, menuTarget } from '../../../src/shell/menu/menu-target';
import { useLocales } from '../use-locales';

useLocales();

afterEach(() => {
  vi.restoreAllMocks();
});

const item = (path: string, title: string, meta: Partial<MenuItem['meta']> = {}, children?: MenuItem[]): MenuItem => ({
  id: path,
  path,
  name: title,
  component: 'layouts/RouteView',
  route: '1',
  meta: { title, ...meta },
  ...(children ? { children } : {}),
});

const identity = (url: string) => url;

describe('footer', () => {
  it('credits 商城管理团队出品', () => {
    render(<GlobalFooter />);
    expect(screen.getByRole('contentinfo').textContent).toBe('商城管理团队出品');
  });
});

describe('user layout', () => {
  it('uses the wide variant only for the route named registerStore', () => {
    expect(WIDE_USER_ROUTE_NAME).toBe('registerStore');
    const { container, rerender } = render(<UserLayout>form</UserLayout>);
    expect(container.firstElementChild?.className).toBe('user-layout');
    rerender(<UserLayout wide>form</UserLayout>);
    expect(container.firstElementChild?.className).toBe('user-layout user-layout-wide');
    expect(screen.getByRole('main').textContent).toBe('form');
    expect(screen.getByRole('contentinfo').textContent).toBe('商城管理团队出品');
  });
});

describe('menu targets', () => {
  it('opens an ordinary item by its full path (children relative to their parent)', () => {
    expect(joinMenuPath('/goods', 'goodsBrandList')).toBe('/goods/goodsBrandList');
    expect(joinMenuPath('/goods/', '/cust/custMemberList')).toBe('/cust/custMemberList');
    expect(menuTarget(item('/goods/goodsBrandList', '品牌'), '/goods/goodsBrandList', identity)).toEqual({ kind: 'route', path: '/goods/goodsBrandList' });
  });

  it('opens an http(s) path in a new window, rendering its url', () => {
    const render = (url: string) => `${url}?token=t`;
    expect(menuTarget(item('https://example.com/doc', '文档'), 'https://example.com/doc', render)).toEqual({ kind: 'window', url: 'https://example.com/doc?token=t' });
  });

  it('opens an external (internalOrExternal) item at its meta url in a new window', () => {
    const external = item('/ext/report', '外部报表', { internalOrExternal: true, url: 'https://report.example.com/r' });
    expect(menuTarget(external, '/ext/report', identity)).toEqual({ kind: 'window', url: 'https://report.example.com/r' });
    const internal = item('/ext/frame', '内嵌页', { internalOrExternal: false, url: 'https://report.example.com/r' });
    expect(menuTarget(internal, '/ext/frame', identity)).toEqual({ kind: 'route', path: '/ext/frame' });
  });

  it('opens a routed item by its route name, a menu-only item or an unknown name by path', () => {
    const routes = new Map([['goods-brand', '/goods/brand']]);
    const named = (name: string) => routes.get(name);
    const brand = { ...item('/goods/goodsBrandList', '品牌'), name: 'goods-brand' };
    expect(menuTarget(brand, '/goods/goodsBrandList', identity, named)).toEqual({ kind: 'route', path: '/goods/brand' });
    expect(menuTarget({ ...brand, route: '0' }, '/goods/goodsBrandList', identity, named)).toEqual({ kind: 'route', path: '/goods/goodsBrandList' });
    expect(menuTarget({ ...brand, name: 'unknown' }, '/goods/goodsBrandList', identity, named)).toEqual({ kind: 'route', path: '/goods/goodsBrandList' });
  });
});

function LocationProbe() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

describe('side menu', () => {
  const menu = [
    item('/goods', '商品管理', {}, [item('goodsBrandList', '品牌'), item('/ext/report', '外部报表', { internalOrExternal: true, url: 'https://report.example.com/r' })]),
  ];

  function renderMenu() {
    return render(
      <MemoryRouter initialEntries={['/goods/goodsBrandList']}>
        <SideMenu items={menu} activeChain={['/goods', '/goods/goodsBrandList']} collapsed={false} renderUrl={identity} ariaLabel="主菜单" />
        <Routes>
          <Route path="*" element={<LocationProbe />} />
        </Routes>
      </MemoryRouter>,
    );
  }

  it('is an inline menu that opens external items in a new window and stays on the page', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderMenu();
    const nav = screen.getByRole('menu', { name: '主菜单' });
    expect(nav.classList.contains('ant-menu-inline')).toBe(true);
    fireEvent.click(screen.getByText('外部报表'));
    expect(open).toHaveBeenCalledWith('https://report.example.com/r', '_blank', 'noopener,noreferrer');
    expect(screen.getByTestId('location').textContent).toBe('/goods/goodsBrandList');
  });

  it('is dark when given no theme (docs/spec.md §2 Layouts), and follows a theme it is given', () => {
    const { unmount } = renderMenu();
    expect(screen.getByRole('menu', { name: '主菜单' }).classList.contains('ant-menu-dark')).toBe(true);
    unmount();
    render(
      <MemoryRouter>
        <SideMenu items={menu} activeChain={[]} collapsed={false} theme="light" renderUrl={identity} ariaLabel="主菜单" />
      </MemoryRouter>,
    );
    const nav = screen.getByRole('menu', { name: '主菜单' });
    expect([nav.classList.contains('ant-menu-light'), nav.classList.contains('ant-menu-dark')]).toEqual([true, false]);
  });

  it('navigates by route name when the user has exactly one route of that name', async () => {
    const flat = (name: string, path: string) => ({ name, path }) as FlatRoute;
    const renderNamed = (routes: FlatRoute[]) =>
      render(
        <MemoryRouter initialEntries={['/']}>
          <FlatRoutesContext.Provider value={routes}>
            <SideMenu items={[{ ...item('/goods/goodsTagList', '标签'), name: 'goods-tag' }]} activeChain={[]} collapsed={false} renderUrl={identity} ariaLabel="主菜单" />
          </FlatRoutesContext.Provider>
          <Routes>
            <Route path="*" element={<LocationProbe />} />
          </Routes>
        </MemoryRouter>,
      );
    const first = renderNamed([flat('goods-tag', '/goods/tags')]);
    fireEvent.click(screen.getByText('标签'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/goods/tags'));
    first.unmount();
    // Two routes share the name: the item opens by its own path.
    renderNamed([flat('goods-tag', '/goods/tags'), flat('goods-tag', '/other/tags')]);
    fireEvent.click(screen.getByText('标签'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/goods/goodsTagList'));
  });

  it('navigates to the clicked item by its path, without a window', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    render(
      <MemoryRouter initialEntries={['/']}>
        <SideMenu items={[item('/goods/goodsTagList', '标签')]} activeChain={[]} collapsed={false} renderUrl={identity} ariaLabel="主菜单" />
        <Routes>
          <Route path="*" element={<LocationProbe />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByTestId('location').textContent).toBe('/');
    fireEvent.click(screen.getByText('标签'));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/goods/goodsTagList'));
    expect(open).not.toHaveBeenCalled();
  });
});

function appRoute(meta: AppRoute['meta']): AppRoute {
  return { path: '/iframe/doc', name: 'doc', component: 'layouts/IframePageView', hidden: false, alwaysShow: false, isLayout: true, external: meta.internalOrExternal === true, meta, children: [] };
}

function renderIframePage(route: AppRoute) {
  return render(
    <AntdApp>
      <CurrentRouteContext.Provider value={route}>
        <IframePageView />
      </CurrentRouteContext.Provider>
    </AntdApp>,
  );
}

describe('iframe page view', () => {
  it('renders the route url in a sandboxed iframe titled with the page title', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { container } = renderIframePage(appRoute({ title: '接口文档', url: 'https://docs.example.com/api' }));
    const frame = container.querySelector('iframe');
    expect(frame?.getAttribute('src')).toBe('https://docs.example.com/api');
    expect(frame?.getAttribute('title')).toBe('接口文档');
    expect(frame?.getAttribute('sandbox')).toContain('allow-scripts');
    expect(open).not.toHaveBeenCalled();
  });

  it('opens an external url in a new window instead of framing it', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { container } = renderIframePage(appRoute({ title: '外部', url: 'https://report.example.com/r', internalOrExternal: true }));
    expect(container.querySelector('iframe')).toBeNull();
    expect(open).toHaveBeenCalledWith('https://report.example.com/r', '_blank', 'noopener,noreferrer');
  });
});
