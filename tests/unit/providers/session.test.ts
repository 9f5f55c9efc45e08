import { afterEach, describe, expect, it, vi } from 'vitest';
import { storedJson } from './mock-adapter';
import { SEVEN_DAYS_MS } from '../../../src/contracts/constants';
import type { LoginResult } from '../../../src/contracts/session';
import { session } from '../../../src/providers/session';
import { expiringStorage } from '../../../src/providers/storage';

const loginResult: LoginResult = {
  token: 'tok-7',
  userInfo: { id: 'u1', username: 'admin', realname: '管理员' },
  sysAllDictItems: { sex: [{ value: '1', text: '男' }] },
  departs: [],
  multi_depart: 0,
  tenantList: [],
};

afterEach(() => session.clear());

describe('expiringStorage', () => {
  it('stores {value, expire} JSON under the pro__ namespace', () => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000);
    expiringStorage.set('Access-Token', 'x');
    expect(storedJson(window.localStorage, 'pro__Access-Token')).toEqual({ value: 'x', expire: 1_000 + SEVEN_DAYS_MS });
    expiringStorage.set('LANGUAGE', 'en-US', null);
    expect(storedJson(window.localStorage, 'pro__LANGUAGE')).toEqual({ value: 'en-US', expire: null });
  });

  it('expires after the ttl: the entry is removed and null returned', () => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
    expiringStorage.set('k', { a: 1 }, 1_000);
    vi.setSystemTime(999);
    expect(expiringStorage.get('k')).toEqual({ a: 1 });
    vi.setSystemTime(1_000);
    expect(expiringStorage.get('k')).toBeNull();
    expect(window.localStorage.getItem('pro__k')).toBeNull();
  });

  it('returns the same object for an unchanged entry, and null for garbage', () => {
    expiringStorage.set('obj', { a: 1 });
    expect(expiringStorage.get('obj')).toBe(expiringStorage.get('obj'));
    window.localStorage.setItem('pro__bad', '{not json');
    expect(expiringStorage.get('bad')).toBeNull();
    expiringStorage.remove('obj');
    expect(expiringStorage.get('obj')).toBeNull();
  });
});

describe('session', () => {
  it('keeps the login 7 days, then forgets it', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2024-01-01T00:00:00Z'));
    session.saveLogin(loginResult);
    expect(session.getToken()).toBe('tok-7');
    expect(session.getUsername()).toBe('admin');
    expect(session.getRealname()).toBe('管理员');
    vi.advanceTimersByTime(SEVEN_DAYS_MS - 1);
    expect(session.hasToken()).toBe(true);
    expect(session.getDictCache()).toEqual(loginResult.sysAllDictItems);
    vi.advanceTimersByTime(1);
    expect(session.hasToken()).toBe(false);
    expect(session.getUserInfo()).toBeNull();
    expect(session.getDictCache()).toBeNull();
  });

  it('tenant: 0 when none; exactly one tenant in the login is set; a foreign tenant is dropped', () => {
    expect(session.getTenantId()).toBe(0);
    session.saveLogin({ ...loginResult, tenantList: [{ id: 5, name: 'five' }] });
    expect(session.getTenantId()).toBe(5);
    session.saveLogin({ ...loginResult, tenantList: [{ id: 5, name: 'five' }, { id: 6, name: 'six' }] });
    expect(session.getTenantId()).toBe(5);
    session.saveLogin({ ...loginResult, tenantList: [{ id: 8, name: 'x' }, { id: 9, name: 'y' }] });
    expect(session.getTenantId()).toBe(0);
    session.setTenantId(9);
    expect(session.getTenantId()).toBe(9);
  });

  it('setUserInfo (department switch) stores the user for 7 days', () => {
    vi.useFakeTimers();
    vi.setSystemTime(0);
    session.setUserInfo({ id: 'u1', username: 'admin', realname: '管理员', orgCode: 'A02' });
    expect(storedJson(window.localStorage, 'pro__Login_Userinfo')).toHaveProperty('expire', SEVEN_DAYS_MS);
    expect(session.getUserInfo()?.orgCode).toBe('A02');
  });

  it('permissions: menu in memory, auth/allAuth also in sessionStorage', () => {
    const permissions = {
      menu: [],
      auth: [{ action: 'a:add', type: '1' as const }],
      allAuth: [{ action: 'a:add', type: '1' as const, status: '1' as const }],
    };
    session.setPermissions(permissions);
    expect(session.getPermissions()).toBe(permissions);
    expect(window.sessionStorage.getItem('LOGIN_USER_BUTTON_AUTH')).toBe(JSON.stringify(permissions.auth));
    expect(window.sessionStorage.getItem('SYS_BUTTON_AUTH')).toBe(JSON.stringify(permissions.allAuth));
  });

  it('notifies subscribers on every change until unsubscribed', () => {
    const listener = vi.fn();
    const unsubscribe = session.subscribe(listener);
    const before = session.getVersion();
    session.saveLogin(loginResult);
    session.setTenantId(2);
    session.setDictCache({});
    session.clear();
    expect(listener).toHaveBeenCalledTimes(4);
    expect(session.getVersion()).toBe(before + 4);
    unsubscribe();
    session.clear();
    expect(listener).toHaveBeenCalledTimes(4);
  });
});
