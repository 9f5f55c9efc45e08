import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API } from '../../../src/contracts/api-paths';
import { CODE_NO_TENANT } from '../../../src/contracts/envelope';
import { i18n } from '../../../src/providers/i18n';
import type { LoginResult, PermissionResult } from '../../../src/contracts/session';
import { authProvider, loadPermissions, login, logout, sendSmsCode } from '../../../src/providers/auth-provider';
import { setHttpPresenter } from '../../../src/providers/http';
import { resetHttpErrorState } from '../../../src/providers/http/error-handler';
import { session } from '../../../src/providers/session';
import { fail, headerOf, mockServer, ok, spyPresenter, storedJson } from './mock-adapter';

const loginResult: LoginResult = {
  token: 'tok-9',
  userInfo: { id: 'u1', username: 'admin', realname: '管理员' },
  sysAllDictItems: { sex: [{ value: '1', text: '男' }] },
  departs: [{ id: 'd1', orgCode: 'A01', departName: '总部' }],
  multi_depart: 1,
  tenantList: [{ id: 3, name: 't3' }],
};

const permissions: PermissionResult = {
  menu: [{ id: 'm', path: '/dashboard/analysis', name: 'dashboard-analysis', component: 'dashboard/Analysis', route: '1', meta: { title: '首页' } }],
  auth: [{ action: 'user:add', type: '1' }],
  allAuth: [{ action: 'user:add', type: '1', status: '1' }],
};

beforeEach(() => {
  resetHttpErrorState();
  spyPresenter();
});
afterEach(() => {
  setHttpPresenter(null);
  session.clear();
});

describe('login variants', () => {
  it.each([
    [{ type: 'password', username: 'admin', password: '123456' } as const, 'post', API.login],
    [{ type: 'phone', mobile: '13800000000', captcha: '1234' } as const, 'post', API.phoneLogin],
    [{ type: 'third', token: 'abc' } as const, 'get', `${API.thirdLogin}/abc`],
    [{ type: 'cas', ticket: 'ST-1', service: 'http://x/' } as const, 'get', API.casValidate],
  ])('%j → %s %s and the session is saved', async (params, method, url) => {
    const server = mockServer(() => ({ status: 200, data: ok(loginResult, '登录成功') }));
    await login(params);
    expect(server.call(0).method).toBe(method);
    expect(server.call(0).url).toBe(url);
    expect(session.getToken()).toBe('tok-9');
    expect(session.getUserInfo()).toEqual(loginResult.userInfo);
    expect(session.getDictCache()).toEqual(loginResult.sysAllDictItems);
    expect(session.getTenantId()).toBe(3);
  });

  it('sends the password body and the cas params', async () => {
    const server = mockServer(() => ({ status: 200, data: ok(loginResult) }));
    await login({ type: 'password', username: 'admin', password: '123456' });
    expect(JSON.parse(String(server.call(0).data))).toMatchObject({ username: 'admin', password: '123456' });
    await login({ type: 'cas', ticket: 'ST-1', service: 'http://x/' });
    expect(server.call(1).params).toMatchObject({ ticket: 'ST-1', service: 'http://x/' });
  });

  it('a code other than 200 is rejected with the server message and nothing is stored', async () => {
    mockServer(() => ({ status: 200, data: { ...fail('验证码错误', 412) } }));
    await expect(login({ type: 'password', username: 'a', password: 'b' })).rejects.toThrow('验证码错误');
    mockServer(() => ({ status: 200, data: { success: true, code: 500, message: '用户名或密码错误', result: null, timestamp: 0 } }));
    await expect(login({ type: 'password', username: 'a', password: 'b' })).rejects.toThrow('用户名或密码错误');
    expect(session.hasToken()).toBe(false);
  });

  it('a user of no tenant is told so in the language of the page (the server refuses with CODE_NO_TENANT)', async () => {
    mockServer(() => ({ status: 200, data: fail('该用户尚未加入任何租户，无法登录！请联系管理员', CODE_NO_TENANT) }));
    await expect(login({ type: 'password', username: 'a', password: 'b' })).rejects.toThrow('您的账号尚未加入任何店铺（租户），暂时无法登录。请联系管理员在「租户管理」中把您加入店铺后再登录。');
    await i18n.changeLanguage('en-US');
    try {
      await expect(login({ type: 'phone', mobile: '13800000000', captcha: '1234' })).rejects.toThrow('Your account does not belong to any shop (tenant) yet');
    } finally {
      await i18n.changeLanguage('zh-CN');
    }
    expect(session.hasToken()).toBe(false);
  });

  it('sendSmsCode posts the mobile', async () => {
    const server = mockServer(() => ({ status: 200, data: ok(null) }));
    await sendSmsCode('13800000000');
    expect(server.call(0).url).toBe(API.sms);
    expect(JSON.parse(String(server.call(0).data))).toEqual({ mobile: '13800000000' });
  });
});

describe('logout', () => {
  async function loggedIn() {
    mockServer(() => ({ status: 200, data: ok(loginResult) }));
    await login({ type: 'password', username: 'admin', password: '123456' });
    session.setPermissions(permissions);
  }

  function expectCleared() {
    expect(session.getToken()).toBeNull();
    expect(session.getUserInfo()).toBeNull();
    expect(session.getPermissions()).toBeNull();
    expect(session.getButtonAuth()).toEqual({ auth: [], allAuth: [] });
    expect(session.getDictCache()).toBeNull();
    expect(session.getLoginDeparts()).toBeNull();
    expect(window.sessionStorage.getItem('LOGIN_USER_BUTTON_AUTH')).toBeNull();
  }

  it('POSTs /sys/logout with the token and clears everything', async () => {
    await loggedIn();
    const server = mockServer(() => ({ status: 200, data: ok(null, '退出登录成功！') }));
    await expect(logout()).resolves.toEqual({});
    expect(server.call(0).url).toBe(API.logout);
    expect(server.call(0).method).toBe('post');
    expect(headerOf(server.call(0), 'X-Access-Token')).toBe('tok-9');
    expectCleared();
  });

  it('still clears everything when the server call fails, returning the message', async () => {
    await loggedIn();
    mockServer(() => ({ status: 502, data: fail('网关错误', 502) }));
    await expect(logout()).resolves.toEqual({ error: expect.any(String) as unknown });
    expectCleared();
    await loggedIn();
    mockServer(() => ({ status: 200, data: fail('退出失败了') }));
    await expect(logout()).resolves.toEqual({ error: '退出失败了' });
    expectCleared();
  });
});

describe('loadPermissions', () => {
  it('GETs getUserPermissionByToken with the token and stores the lists', async () => {
    session.saveLogin(loginResult);
    const server = mockServer(() => ({ status: 200, data: ok(permissions) }));
    await expect(loadPermissions()).resolves.toEqual(permissions);
    expect(server.call(0).url).toBe(API.userPermissions);
    expect(server.call(0).params).toMatchObject({ token: 'tok-9' });
    expect(session.getPermissions()).toEqual(permissions);
    expect(storedJson(window.sessionStorage, 'LOGIN_USER_BUTTON_AUTH')).toEqual(permissions.auth);
    expect(storedJson(window.sessionStorage, 'SYS_BUTTON_AUTH')).toEqual(permissions.allAuth);
  });

  it.each([[[]], [null]])('rejects when the menu is %j', async (menu) => {
    mockServer(() => ({ status: 200, data: ok({ ...permissions, menu }) }));
    await expect(loadPermissions()).rejects.toThrow();
    expect(session.getPermissions()).toBeNull();
  });
});

describe('authProvider (Refine)', () => {
  it('login redirects to params.redirect or the home path; failure carries the message', async () => {
    mockServer(() => ({ status: 200, data: ok(loginResult) }));
    await expect(authProvider.login({ type: 'password', username: 'a', password: 'b', redirect: '/system/user' })).resolves.toEqual({
      success: true,
      redirectTo: '/system/user',
    });
    await expect(authProvider.login({ type: 'password', username: 'a', password: 'b' })).resolves.toMatchObject({
      redirectTo: '/dashboard/analysis',
    });
    mockServer(() => ({ status: 200, data: fail('该用户已冻结') }));
    await expect(authProvider.login({ type: 'password', username: 'a', password: 'b' })).resolves.toMatchObject({
      success: false,
      error: { message: '该用户已冻结' },
    });
  });

  it('check: authenticated with a token, else logout + redirect to /user/login', async () => {
    mockServer(() => ({ status: 200, data: ok(loginResult) }));
    await login({ type: 'password', username: 'a', password: 'b' });
    await expect(authProvider.check()).resolves.toEqual({ authenticated: true });
    session.clear();
    await expect(authProvider.check()).resolves.toMatchObject({ authenticated: false, logout: true, redirectTo: '/user/login' });
  });

  it('logout redirects to /user/login; onError logs out on 401 only', async () => {
    mockServer(() => ({ status: 200, data: ok(null) }));
    await expect(authProvider.logout({})).resolves.toMatchObject({ success: true, redirectTo: '/user/login' });
    await expect(authProvider.onError({ statusCode: 401, message: 'x' })).resolves.toMatchObject({ logout: true });
    await expect(authProvider.onError({ response: { status: 401 } })).resolves.toMatchObject({ logout: true });
    await expect(authProvider.onError({ statusCode: 500, message: 'x' })).resolves.toEqual({});
  });

  it('getIdentity and getPermissions read the session', async () => {
    mockServer(() => ({ status: 200, data: ok(loginResult) }));
    await login({ type: 'password', username: 'a', password: 'b' });
    session.setPermissions(permissions);
    await expect(authProvider.getIdentity?.()).resolves.toEqual(loginResult.userInfo);
    await expect(authProvider.getPermissions?.()).resolves.toEqual({ auth: permissions.auth, allAuth: permissions.allAuth });
  });
});
