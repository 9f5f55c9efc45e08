import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { LoginResult, PermissionResult } from '../../../src/contracts/session';
import { createApp } from '../../../src/app/create-app';
import { definePlugin } from '../../../src/app/plugin-registry';
import { session } from '../../../src/providers/session';
import { useLocales } from '../use-locales';

const permissions: PermissionResult = {
  menu: [
    {
      id: 'dashboard',
      path: '/dashboard',
      name: 'dashboard',
      component: 'layouts/RouteView',
      route: '1',
      redirect: '/dashboard/analysis',
      meta: { title: '仪表盘', icon: 'dashboard' },
      children: [{ id: 'analysis', path: '/dashboard/analysis', name: 'analysis', component: 'dashboard/Analysis', route: '1', meta: { title: '首页' } }],
    },
    {
      id: 'system',
      path: '/isystem',
      name: 'isystem',
      component: 'layouts/RouteView',
      route: '1',
      meta: { title: '系统管理', icon: 'setting' },
      children: [{ id: 'user', path: '/isystem/user', name: 'user', component: 'system/UserList', route: '1', meta: { title: '用户管理' } }],
    },
  ],
  auth: [],
  allAuth: [],
};

const auth = vi.hoisted(() => ({ loadPermissions: vi.fn() }));
vi.mock('../../../src/providers/auth-provider', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/providers/auth-provider')>();
  return { ...original, loadPermissions: auth.loadPermissions };
});

function Welcome() {
  return <p>welcome page body</p>;
}

const App = createApp([definePlugin({ name: 'dashboard', pages: { 'dashboard/Analysis': async () => ({ default: Welcome }) } })]);

function signIn() {
  const login: LoginResult = {
    token: 'token-1',
    userInfo: { id: '1', username: 'admin', realname: '管理员' },
    sysAllDictItems: {},
    departs: [],
    multi_depart: 0,
    tenantList: [],
  };
  session.saveLogin(login);
}

useLocales();

describe('app shell end to end in jsdom', () => {
  it('sends a visitor without a token to the login page with the redirect', async () => {
    window.history.replaceState(null, '', '/isystem/user?x=1');
    render(<App />);
    await waitFor(() => expect(window.location.pathname).toBe('/user/login'));
    expect(window.location.search).toBe(`?redirect=${encodeURIComponent('/isystem/user?x=1')}`);
    expect(await screen.findByRole('tab', { name: '账号密码登录' })).toBeTruthy();
  });

  it('loads the permissions, then renders the layout, menu, breadcrumb and page', async () => {
    signIn();
    auth.loadPermissions.mockImplementation(async () => {
      session.setPermissions(permissions);
      return permissions;
    });
    window.history.replaceState(null, '', '/');
    render(<App />);
    expect(await screen.findByText('welcome page body', {}, { timeout: 15_000 })).toBeTruthy();
    expect(window.location.pathname).toBe('/dashboard/analysis');
    expect(screen.getByRole('button', { name: /用户菜单/ }).textContent).toContain('管理员');
    expect(screen.getByText('系统管理')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('首页 - 商户小程序管理平台'));
  });

  it('shows MODULE_NOT_FOUND for a menu page no plugin registered', async () => {
    signIn();
    session.setPermissions(permissions);
    window.history.replaceState(null, '', '/isystem/user');
    render(<App />);
    expect(await screen.findByText('MODULE_NOT_FOUND', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('system/UserList')).toBeTruthy();
  });

  it('redirects an unknown path to /404', async () => {
    signIn();
    session.setPermissions(permissions);
    window.history.replaceState(null, '', '/no/such/page');
    render(<App />);
    await waitFor(() => expect(window.location.pathname).toBe('/404'), { timeout: 15_000 });
    expect(await screen.findByText('404')).toBeTruthy();
  });

  it('logs out and returns to the login page when the permissions fail', async () => {
    signIn();
    auth.loadPermissions.mockRejectedValue(new Error('no menu'));
    window.history.replaceState(null, '', '/isystem/user');
    render(<App />);
    await waitFor(() => expect(window.location.pathname).toBe('/user/login'), { timeout: 15_000 });
    expect(window.location.search).toBe('?redirect=%2Fisystem%2Fuser');
    expect(session.hasToken()).toBe(false);
  });
});
