/** A user whose menu is empty (no role yet) is sent back to the login page with a word of why. */
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import LoginPage from '../../../src/shell/user/login-page';
import { usePermissionBootstrap } from '../../../src/routing/use-permission-bootstrap';
import { useLocales } from '../use-locales';

const auth = vi.hoisted(() => ({ loadPermissions: vi.fn(), logout: vi.fn() }));
vi.mock('../../../src/providers/auth-provider', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/providers/auth-provider')>()),
  ...auth,
}));
vi.mock('../../../src/shell/user/auth-actions', () => ({ login: vi.fn(), sendSmsCode: vi.fn(), warmAuth: vi.fn() }));

function AppShell() {
  usePermissionBootstrap();
  return <p>app</p>;
}

function renderAt(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/user/login" element={<LoginPage />} />
        <Route path="*" element={<AppShell />} />
      </Routes>
    </MemoryRouter>,
  );
}

useLocales();

beforeEach(() => {
  window.sessionStorage.clear();
  auth.logout.mockReset().mockResolvedValue({});
});

describe('sent back to the login page', () => {
  it('an empty menu (no role yet): logs out and says so on the login page, once', async () => {
    const { EmptyMenuError } = await import('../../../src/providers/auth-provider');
    auth.loadPermissions.mockReset().mockRejectedValue(new EmptyMenuError('未获取到用户菜单，请联系管理员'));
    const first = renderAt('/dashboard/analysis');
    expect((await screen.findByTestId('login-notice')).textContent).toBe('您的账户还没有角色或可用的菜单，请联系管理员分配角色后再登录');
    expect(auth.logout).toHaveBeenCalledTimes(1);
    first.unmount();
    // Said once: coming back to the login page later shows no stale notice.
    renderAt('/user/login');
    expect(document.getElementById('username')).not.toBeNull();
    expect(screen.queryByTestId('login-notice')).toBeNull();
  });

  it('another failure: its own message', async () => {
    auth.loadPermissions.mockReset().mockRejectedValue(new Error('服务器开小差了'));
    renderAt('/system/user');
    expect((await screen.findByTestId('login-notice')).textContent).toBe('服务器开小差了');
  });
});
