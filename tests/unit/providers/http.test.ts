import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API } from '../../../src/contracts/api-paths';
import { REQUEST_TIMEOUT_MS, UPLOAD_TIMEOUT_MS } from '../../../src/contracts/constants';
import type { LoginResult } from '../../../src/contracts/session';
import { configureHttp, getApiBase, http, setHttpPresenter } from '../../../src/providers/http';
import { httpClient } from '../../../src/providers/http/client';
import { resetHttpErrorState } from '../../../src/providers/http/error-handler';
import { pageControl } from '../../../src/providers/http/page';
import { session } from '../../../src/providers/session';
import { fail, firstArg, headerOf, mockServer, ok, spyPresenter } from './mock-adapter';

const loginResult: LoginResult = {
  token: 'tok-1',
  userInfo: { id: 'u1', username: 'admin', realname: '管理员' },
  sysAllDictItems: {},
  departs: [],
  multi_depart: 0,
  tenantList: [],
};

let reload: ReturnType<typeof vi.fn<() => void>>;

beforeEach(() => {
  resetHttpErrorState();
  configureHttp({});
  reload = vi.fn<() => void>();
  pageControl.reload = reload;
});

afterEach(() => {
  setHttpPresenter(null);
  session.clear();
});

async function settle(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe('request defaults', () => {
  it('sends X-Access-Token when a token exists and tenant-id 0 without a tenant', async () => {
    const server = mockServer();
    await http.get('/a');
    expect(headerOf(server.call(0), 'X-Access-Token')).toBeUndefined();
    expect(headerOf(server.call(0), 'tenant-id')).toBe('0');

    session.saveLogin(loginResult);
    session.setTenantId(7);
    await http.post('/b', { x: 1 });
    expect(headerOf(server.call(1), 'X-Access-Token')).toBe('tok-1');
    expect(headerOf(server.call(1), 'tenant-id')).toBe('7');
  });

  it('adds _t (epoch seconds) to every GET, but not to dictionary item fetches nor to POST', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2024-05-01T00:00:00Z'));
    const server = mockServer();
    await http.get('/sys/user/list', { pageNo: 1 });
    await http.get(`${API.dictItems}/sex`);
    await http.post('/sys/user/add', { a: 1 });
    await http.put('/sys/user/edit', { a: 1 });
    await http.delete('/sys/user/delete', { id: '1' });
    await http.download('/sys/user/exportXls');
    expect(server.call(0).params).toEqual({ _t: 1714521600, pageNo: 1 });
    expect(server.call(1).params ?? {}).not.toHaveProperty('_t');
    expect(server.call(2).params ?? {}).not.toHaveProperty('_t');
    expect(server.call(3).params ?? {}).not.toHaveProperty('_t');
    expect(server.call(4).params).toEqual({ id: '1' });
    expect(server.call(5).params).toHaveProperty('_t', 1714521600);
  });

  it('uses /api by default, the runtime config, then configureHttp', async () => {
    const server = mockServer();
    expect(getApiBase()).toBe('/api');
    await http.get('/x');
    expect(server.call(0).baseURL).toBe('/api');

    Reflect.set(window, '__APP_CONFIG__', { apiBase: '/runtime' });
    expect(getApiBase()).toBe('/runtime');
    configureHttp({ baseURL: 'https://api.example.com/base' });
    await http.get('/x');
    expect(server.call(1).baseURL).toBe('https://api.example.com/base');
    Reflect.deleteProperty(window, '__APP_CONFIG__');
  });

  it('times out after 90000 ms, uploads after 15000 ms', async () => {
    const server = mockServer();
    expect(httpClient.defaults.timeout).toBe(REQUEST_TIMEOUT_MS);
    expect(REQUEST_TIMEOUT_MS).toBe(90_000);
    await http.get('/a');
    const form = new FormData();
    form.append('file', new Blob(['x']), 'x.txt');
    await http.upload('/sys/common/upload', form);
    expect(server.call(0).timeout).toBe(90_000);
    expect(server.call(1).timeout).toBe(UPLOAD_TIMEOUT_MS);
    expect(UPLOAD_TIMEOUT_MS).toBe(15_000);
    expect(headerOf(server.call(1), 'Content-Type')).toMatch(/multipart\/form-data/);
  });

  it('resolves to the envelope; request() uses the caller-chosen method and download gives a Blob', async () => {
    const server = mockServer((config) =>
      config.responseType === 'blob'
        ? { status: 200, data: new Blob(['file']) }
        : { status: 200, data: ok({ method: config.method }) },
    );
    await expect(http.request({ method: 'patch', url: '/p', data: { a: 1 }, params: { q: 1 } })).resolves.toMatchObject({
      success: true,
      result: { method: 'patch' },
    });
    expect(server.call(0).data).toBe(JSON.stringify({ a: 1 }));
    const blob = await http.download('/f');
    expect(blob).toBeInstanceOf(Blob);
  });
});

describe('error catalogue (docs/spec.md §8)', () => {
  it("403 → 系统提示 / the server's message (拒绝访问 when it gives none), and the promise still rejects", async () => {
    const presenter = spyPresenter();
    mockServer(() => ({ status: 403, data: fail('没有权限，请联系管理员授权', 403) }));
    const error = await settle(http.get('/a'));
    expect(error).toBeInstanceOf(Error);
    expect(presenter.notifyError).toHaveBeenCalledWith('系统提示', '没有权限，请联系管理员授权');
    mockServer(() => ({ status: 403, data: {} }));
    await settle(http.get('/b'));
    expect(presenter.notifyError).toHaveBeenLastCalledWith('系统提示', '拒绝访问');
  });

  it('404 → 很抱歉，资源未找到!', async () => {
    const presenter = spyPresenter();
    mockServer(() => ({ status: 404, data: {} }));
    await settle(http.get('/a'));
    expect(presenter.notifyError).toHaveBeenCalledWith('系统提示', '很抱歉，资源未找到!');
  });

  it('504 → 网络超时', async () => {
    const presenter = spyPresenter();
    mockServer(() => ({ status: 504, data: '' }));
    await settle(http.get('/a'));
    expect(presenter.notifyError).toHaveBeenCalledWith('系统提示', '网络超时');
  });

  it('500 with Token失效 while a token exists → login-expired modal; relogin logs out and reloads', async () => {
    const presenter = spyPresenter();
    session.saveLogin(loginResult);
    const server = mockServer((config) =>
      config.url === API.logout ? { status: 200, data: ok(null) } : { status: 500, data: { message: 'Token失效，请重新登录' } },
    );
    await settle(http.get('/a'));
    expect(presenter.showLoginExpired).toHaveBeenCalledTimes(1);
    expect(presenter.notifyError).not.toHaveBeenCalled();
    const relogin = firstArg(presenter.showLoginExpired.mock.calls);
    relogin();
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(session.getToken()).toBeNull();
    const logoutCall = server.calls.find((call) => call.url === API.logout);
    expect(logoutCall).toBeDefined();
    expect(logoutCall && headerOf(logoutCall, 'X-Access-Token')).toBe('tok-1');
  });

  it('500 with Token失效 but no token → the server message, no modal', async () => {
    const presenter = spyPresenter();
    mockServer(() => ({ status: 500, data: { message: 'Token失效，请重新登录' } }));
    await settle(http.get('/a'));
    expect(presenter.showLoginExpired).not.toHaveBeenCalled();
    expect(presenter.notifyError).toHaveBeenCalledWith('系统提示', 'Token失效，请重新登录');
  });

  it('a blob request with a 500 Token失效 body is read as text first → login-expired modal', async () => {
    const presenter = spyPresenter();
    session.saveLogin(loginResult);
    mockServer(() => ({
      status: 500,
      data: new Blob([JSON.stringify({ success: false, code: 500, message: 'Token失效，请重新登录!' })], {
        type: 'application/json',
      }),
    }));
    await settle(http.download('/sys/user/exportXls'));
    expect(presenter.showLoginExpired).toHaveBeenCalledTimes(1);
  });

  it('other 500 → the server message', async () => {
    const presenter = spyPresenter();
    mockServer(() => ({ status: 500, data: fail('数据库异常') }));
    await settle(http.get('/a'));
    expect(presenter.notifyError).toHaveBeenCalledWith('系统提示', '数据库异常');
  });

  it('401 → 未授权，请重新登录, logout at once and reload after exactly 1.5 s, only once', async () => {
    vi.useFakeTimers();
    const presenter = spyPresenter();
    session.saveLogin(loginResult);
    const server = mockServer((config) =>
      config.url === API.logout ? { status: 200, data: ok(null) } : { status: 401, data: { code: 401, message: 'Token失效' } },
    );
    await Promise.all([settle(http.get('/a')), settle(http.get('/b')), settle(http.post('/c'))]);
    expect(presenter.notifyError).toHaveBeenCalledWith('系统提示', '未授权，请重新登录');
    expect(presenter.notifyError).toHaveBeenCalledTimes(1);
    expect(session.getToken()).toBeNull();
    await vi.advanceTimersByTimeAsync(1_499);
    expect(reload).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(reload).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(server.calls.filter((call) => call.url === API.logout)).toHaveLength(1);
  });

  it('401 without a token → the notice only, no reload', async () => {
    vi.useFakeTimers();
    const presenter = spyPresenter();
    mockServer(() => ({ status: 401, data: {} }));
    await settle(http.get('/a'));
    expect(presenter.notifyError).toHaveBeenCalledWith('系统提示', '未授权，请重新登录');
    await vi.advanceTimersByTimeAsync(3_000);
    expect(reload).not.toHaveBeenCalled();
  });

  it('other statuses → the response message', async () => {
    const presenter = spyPresenter();
    mockServer(() => ({ status: 429, data: fail('请求过于频繁', 429) }));
    await settle(http.get('/a'));
    expect(presenter.notifyError).toHaveBeenCalledWith('系统提示', '请求过于频繁');
  });

  it('no response: 网络超时 on a timeout, else the error message', async () => {
    const presenter = spyPresenter();
    const server = mockServer(() => ({ fail: 'timeout' }));
    await settle(http.get('/a'));
    expect(presenter.notifyError).toHaveBeenLastCalledWith('系统提示', '网络超时');
    server.reply(() => ({ fail: 'network' }));
    await settle(http.get('/a'));
    expect(presenter.notifyError).toHaveBeenLastCalledWith('系统提示', 'Network Error');
  });

  it('a business error (HTTP 200, success:false) resolves for the caller to test', async () => {
    const presenter = spyPresenter();
    mockServer(() => ({ status: 200, data: fail('用户名或密码错误') }));
    await expect(http.post('/sys/login')).resolves.toMatchObject({ success: false, message: '用户名或密码错误' });
    expect(presenter.notifyError).not.toHaveBeenCalled();
  });

  it('the default presenter logs to the console', async () => {
    setHttpPresenter(null);
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockServer(() => ({ status: 404, data: {} }));
    await settle(http.get('/a'));
    expect(log).toHaveBeenCalledWith(expect.stringContaining('很抱歉，资源未找到!'));
    log.mockRestore();
  });
});
