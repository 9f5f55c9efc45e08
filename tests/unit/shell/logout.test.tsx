import { Refine } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntdApp, ConfigProvider } from 'antd';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BUTTON_CONFIG } from '../../../src/app/theme';
import { dataProvider } from '../../../src/providers/data-provider';
import { performLogout } from '../../../src/shell/header/logout-flow';
import { UserMenu } from '../../../src/shell/header/user-menu';
import { useLocales } from '../use-locales';

const auth = vi.hoisted(() => ({ logout: vi.fn() }));
vi.mock('../../../src/providers/auth-provider', () => auth);

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

useLocales();

beforeEach(() => {
  auth.logout.mockReset();
});

describe('performLogout', () => {
  it('goes to the login page after a clean logout', async () => {
    const showError = vi.fn();
    const goToLogin = vi.fn();
    await performLogout({ logout: async () => ({}), showError, goToLogin });
    expect(showError).not.toHaveBeenCalled();
    expect(goToLogin).toHaveBeenCalledOnce();
  });

  it('shows the server error and still goes to the login page', async () => {
    const showError = vi.fn();
    const goToLogin = vi.fn();
    await performLogout({ logout: async () => ({ error: '退出失败' }), showError, goToLogin });
    expect(showError).toHaveBeenCalledWith('退出失败');
    expect(goToLogin).toHaveBeenCalledOnce();
  });

  it('survives a logout that throws', async () => {
    const showError = vi.fn();
    const goToLogin = vi.fn();
    await performLogout({ logout: () => Promise.reject(new Error('boom')), showError, goToLogin });
    expect(showError).toHaveBeenCalledWith('boom');
    expect(goToLogin).toHaveBeenCalledOnce();
  });
});

describe('user menu logout', () => {
  function renderMenu() {
    // Under Refine, as in the product: the menu's avatar and dialogs read through its data provider.
    return render(
      <ConfigProvider button={BUTTON_CONFIG}>
        <AntdApp>
          <MemoryRouter initialEntries={['/dashboard/analysis']}>
            <Refine dataProvider={dataProvider} routerProvider={routerProvider} options={{ disableTelemetry: true, syncWithLocation: false }}>
              <Routes>
                <Route path="/dashboard/analysis" element={<UserMenu />} />
                <Route path="*" element={<Where />} />
              </Routes>
            </Refine>
          </MemoryRouter>
        </AntdApp>
      </ConfigProvider>,
    );
  }

  it('asks 真的要注销登录吗 ? and logs out on 确定', async () => {
    auth.logout.mockResolvedValue({});
    renderMenu();
    fireEvent.click(screen.getByRole('button', { name: '用户菜单' }));
    fireEvent.click(await screen.findByText('退出登录'));
    expect((await screen.findAllByText('提示')).length).toBeGreaterThan(0);
    expect(screen.getByText('真的要注销登录吗 ?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(auth.logout).toHaveBeenCalledOnce());
    expect((await screen.findByTestId('where')).textContent).toBe('/user/login');
  });

  it('stays when the confirmation is cancelled', async () => {
    renderMenu();
    fireEvent.click(screen.getByRole('button', { name: '用户菜单' }));
    fireEvent.click(await screen.findByText('退出登录'));
    fireEvent.click(await screen.findByRole('button', { name: '取消' }));
    expect(auth.logout).not.toHaveBeenCalled();
    expect(screen.queryByTestId('where')).toBeNull();
  });
});
