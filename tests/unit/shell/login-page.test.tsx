import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BUTTON_CONFIG } from '../../../src/app/theme';
import LoginPage from '../../../src/shell/user/login-page';
import { useLocales } from '../use-locales';

const actions = vi.hoisted(() => ({ login: vi.fn(), sendSmsCode: vi.fn(), warmAuth: vi.fn() }));
vi.mock('../../../src/shell/user/auth-actions', () => actions);

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{`${pathname}${search}`}</p>;
}

function renderLogin(url: string) {
  return render(
    <ConfigProvider button={BUTTON_CONFIG}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/user/login" element={<LoginPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </ConfigProvider>,
  );
}

function typeInto(id: string, value: string) {
  const input = document.getElementById(id);
  if (!input) throw new Error(`no #${id}`);
  fireEvent.change(input, { target: { value } });
  return input as HTMLInputElement;
}

useLocales();

beforeEach(() => {
  actions.login.mockReset();
  actions.sendSmsCode.mockReset();
});

describe('login page', () => {
  it('asks for the user name and password', async () => {
    renderLogin('/user/login');
    fireEvent.click(screen.getAllByRole('button', { name: '登录' })[0] as HTMLElement);
    expect(await screen.findByText('请输入用户名')).toBeTruthy();
    expect(screen.getByText('请输入密码')).toBeTruthy();
    expect(actions.login).not.toHaveBeenCalled();
  });

  it('shows the server message and keeps the typed input', async () => {
    actions.login.mockRejectedValue(new Error('用户名或密码错误'));
    renderLogin('/user/login');
    typeInto('username', 'admin');
    typeInto('password', 'wrong');
    fireEvent.click(screen.getAllByRole('button', { name: '登录' })[0] as HTMLElement);
    expect(await screen.findByText('用户名或密码错误')).toBeTruthy();
    expect((document.getElementById('username') as HTMLInputElement).value).toBe('admin');
    expect(actions.login).toHaveBeenCalledWith({ type: 'password', username: 'admin', password: 'wrong' });
  });

  it('goes to the redirect target after login', async () => {
    actions.login.mockResolvedValue(undefined);
    renderLogin('/user/login?redirect=%2Fsystem%2Fuser%3Fa%3D1');
    typeInto('username', 'admin');
    typeInto('password', '123456');
    fireEvent.click(screen.getAllByRole('button', { name: '登录' })[0] as HTMLElement);
    expect((await screen.findByTestId('where')).textContent).toBe('/system/user?a=1');
  });

  it('never follows an absolute or protocol-relative redirect', async () => {
    actions.login.mockResolvedValue(undefined);
    renderLogin('/user/login?redirect=%2F%2Fevil.example');
    typeInto('username', 'admin');
    typeInto('password', '123456');
    fireEvent.click(screen.getAllByRole('button', { name: '登录' })[0] as HTMLElement);
    expect((await screen.findByTestId('where')).textContent).toBe('/dashboard/analysis');
  });

  it('validates the mobile number before sending an SMS code', async () => {
    actions.sendSmsCode.mockResolvedValue(undefined);
    renderLogin('/user/login');
    fireEvent.click(screen.getByRole('tab', { name: '手机号登录' }));
    typeInto('mobile', '12345678901');
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('请输入正确的手机号')).toBeTruthy();
    expect(actions.sendSmsCode).not.toHaveBeenCalled();
    typeInto('mobile', '13800138000');
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    await waitFor(() => expect(actions.sendSmsCode).toHaveBeenCalledWith('13800138000'));
    await waitFor(() => expect(document.body.textContent).toContain('60 秒后重新获取'));
    // jsdom never finishes antd's loading-icon leave motion, so the button is found by its text.
    expect(screen.getByText('60 秒后重新获取').closest('button')?.disabled).toBe(true);
  });

  it('logs in with a third-party token from the query', async () => {
    actions.login.mockResolvedValue(undefined);
    renderLogin('/user/login?thirdToken=t-1');
    await waitFor(() => expect(actions.login).toHaveBeenCalledWith({ type: 'third', token: 't-1' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/dashboard/analysis');
  });

  it('validates a single-sign-on ticket for this page as the service', async () => {
    actions.login.mockResolvedValue(undefined);
    renderLogin('/user/login?ticket=ST-1');
    await waitFor(() =>
      expect(actions.login).toHaveBeenCalledWith({ type: 'cas', ticket: 'ST-1', service: `${window.location.origin}/user/login` }),
    );
    expect(actions.login).toHaveBeenCalledTimes(1);
  });
});
