import { SignJWT, decodeJwt } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { hashPassword } from '../../server/auth/password';
import { loadTokenSecret } from '../../server/auth/token-secret';
import { newId } from '../../server/db/ids';
import { CODE_NO_TENANT } from '../../src/contracts/envelope';
import type { LoginResult } from '../../src/contracts/session';
import { call, login, useTestServer } from './helpers';

const backend = useTestServer();

const ME = '/api/sys/user/getCurrentUserDeparts';

describe('POST /api/sys/login', () => {
  it('returns the login result with a token and no password material', async () => {
    const response = await call<LoginResult>(backend.app, 'POST', '/api/sys/login', { body: { username: 'admin', password: '123456' } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, code: 200, message: '登录成功' });
    expect(typeof response.body.timestamp).toBe('number');
    const result = response.body.result;
    expect(result.token.split('.')).toHaveLength(3);
    expect(result.userInfo).toMatchObject({ username: 'admin', realname: '管理员', phone: '13800000000' });
    expect(result.userInfo.id).toMatch(/^[0-9a-f]{32}$/);
    expect(Object.keys(result.userInfo)).not.toContain('password');
    expect(JSON.stringify(response.body)).not.toMatch(/scrypt|salt/);
    expect(result.multi_depart).toBe(2);
    expect(result.departs.map((d) => d.orgCode).sort()).toEqual(['A01', 'A01A01']);
    expect(result.tenantList).toEqual([{ id: 1, name: '默认租户' }]);
    expect(result.sysAllDictItems.sex).toEqual([
      { value: '1', text: '男', title: '男', label: '男' },
      { value: '2', text: '女', title: '女', label: '女' },
    ]);
    const claims = decodeJwt(result.token);
    expect(claims).toMatchObject({ sub: result.userInfo.id, username: 'admin' });
    expect(typeof claims.sid).toBe('string');
  });

  it('sets the only department as current for a one-department user', async () => {
    const result = await login(backend.app, 'clerk');
    expect(result.multi_depart).toBe(1);
    expect(result.userInfo.orgCode).toBe('A01A02');
    // The clerk is the demo shop's assistant.
    expect(result.tenantList).toEqual([{ id: 1, name: '默认租户' }]);
  });

  it('refuses a user of no tenant with the no-tenant code and message (the page says it in its language); once in a shop, signs in', async () => {
    const db = backend.app.db;
    const id = newId();
    await db.insertInto('users').values({ id, username: 'no_shop', realname: '无店', password: await hashPassword('123456'), phone: '13700000001' }).execute();
    const refused = await call<LoginResult>(backend.app, 'POST', '/api/sys/login', { body: { username: 'no_shop', password: '123456' } });
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject({ success: false, code: CODE_NO_TENANT, message: '该用户尚未加入任何租户，无法登录！请联系管理员', result: null });
    // The wrong password still answers as for anybody: the refusal says nothing before the password is right.
    expect((await call(backend.app, 'POST', '/api/sys/login', { body: { username: 'no_shop', password: 'nope' } })).body.message).toBe('用户名或密码错误');
    await db.insertInto('user_tenant').values({ id: newId(), user_id: id, tenant_id: 1 }).execute();
    const allowed = await call<LoginResult>(backend.app, 'POST', '/api/sys/login', { body: { username: 'no_shop', password: '123456' } });
    expect(allowed.body.success).toBe(true);
    expect(allowed.body.result.tenantList).toEqual([{ id: 1, name: '默认租户' }]);
  });

  it('answers a wrong password and an unknown user identically', async () => {
    const wrong = await call(backend.app, 'POST', '/api/sys/login', { body: { username: 'clerk', password: 'nope' } });
    const unknown = await call(backend.app, 'POST', '/api/sys/login', { body: { username: 'ghost', password: 'nope' } });
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ success: false, code: 500, message: '用户名或密码错误', result: null });
    }
  });

  it('rejects a malformed body with a 400 envelope', async () => {
    const response = await call(backend.app, 'POST', '/api/sys/login', { body: { username: 'admin' } });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ success: false, code: 400 });
  });

  it('refuses a NUL byte in the credentials with a 400, before authentication and the limiter', async () => {
    const remoteAddress = '10.0.0.8';
    for (let i = 0; i < 8; i += 1) {
      const response = await call(backend.app, 'POST', '/api/sys/login', { body: { username: 'ad\u0000min', password: '123456' }, remoteAddress });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ success: false, code: 400, message: '参数校验失败：username 含有不允许的控制字符', result: null });
    }
    const inPassword = await call(backend.app, 'POST', '/api/sys/login', { body: { username: 'admin', password: '12\u00003456' }, remoteAddress });
    expect(inPassword.body).toMatchObject({ success: false, code: 400, message: '参数校验失败：password 含有不允许的控制字符' });
    // Not counted as failures: the account still logs in from that address.
    expect((await call(backend.app, 'POST', '/api/sys/login', { body: { username: 'admin', password: '123456' }, remoteAddress })).body.success).toBe(true);
    const recovery = await call(backend.app, 'POST', '/api/auth/forge-password/check', { body: { phone: '1380000\u00000000', smscode: '1234' } });
    expect(recovery.status).toBe(400);
    expect(recovery.body).toMatchObject({ success: false, code: 400, message: '参数校验失败：phone 含有不允许的控制字符' });
    const huge = await call(backend.app, 'POST', '/api/sys/login', { body: { username: 'x'.repeat(100_000), password: 'x' } });
    expect(huge.body).toMatchObject({ success: false, code: 400, message: '参数校验失败：username 长度不能超过100个字符' });
  });

  it('blocks after 5 failures for the same user from one address; success resets the count', async () => {
    const remoteAddress = '10.0.0.9';
    const attempt = (password: string) => call(backend.app, 'POST', '/api/sys/login', { body: { username: 'admin', password }, remoteAddress });
    for (let i = 0; i < 4; i += 1) expect((await attempt('bad')).body.message).toBe('用户名或密码错误');
    expect((await attempt('123456')).body.success).toBe(true);
    for (let i = 0; i < 5; i += 1) expect((await attempt('bad')).status).toBe(200);
    const blocked = await attempt('123456');
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ success: false, code: 429, message: '登录失败次数过多，请稍后再试' });
    // Another account from the same address is not blocked by this one's failures.
    expect((await call(backend.app, 'POST', '/api/sys/login', { body: { username: 'clerk', password: '123456' }, remoteAddress })).body.success).toBe(true);
    // Nor is the same account from another address.
    expect((await call(backend.app, 'POST', '/api/sys/login', { body: { username: 'admin', password: '123456' } })).body.success).toBe(true);
  });

  it('blocks an address after 30 failures whatever the user names', async () => {
    const remoteAddress = '10.0.0.10';
    for (let i = 0; i < 30; i += 1) {
      const response = await call(backend.app, 'POST', '/api/sys/login', { body: { username: `nobody${i}`, password: 'x' }, remoteAddress });
      expect(response.status).toBe(200);
    }
    const blocked = await call(backend.app, 'POST', '/api/sys/login', { body: { username: 'clerk', password: '123456' }, remoteAddress });
    expect(blocked.status).toBe(429);
  });
});

describe('GET /api/user/info', () => {
  it('answers the signed-in user as the login gave it, and 401 without a session', async () => {
    const session = await login(backend.app, 'clerk');
    const info = await call(backend.app, 'GET', '/api/user/info', { token: session.token });
    expect(info.status).toBe(200);
    expect(info.body).toMatchObject({ success: true, result: session.userInfo });
    expect(info.body.result).toEqual(session.userInfo);
    expect(JSON.stringify(info.body)).not.toMatch(/password|scrypt/);
    expect((await call(backend.app, 'GET', '/api/user/info')).status).toBe(401);
    await call(backend.app, 'POST', '/api/sys/logout', { token: session.token });
    expect((await call(backend.app, 'GET', '/api/user/info', { token: session.token })).status).toBe(401);
  });
});

describe('tokens', () => {
  it('401 envelope without a token', async () => {
    const response = await call(backend.app, 'GET', ME);
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ success: false, code: 401, message: 'Token失效，请重新登录!' });
  });

  it('401 for a garbage token and for a token signed with another key', async () => {
    expect((await call(backend.app, 'GET', ME, { token: 'not-a-jwt' })).status).toBe(401);
    const { token } = await login(backend.app, 'clerk');
    const claims = decodeJwt(token);
    const forged = await new SignJWT({ username: 'clerk', sid: String(claims.sid) })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.sub))
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('x'.repeat(64)));
    expect((await call(backend.app, 'GET', ME, { token: forged })).status).toBe(401);
    expect((await call(backend.app, 'GET', ME, { token })).status).toBe(200);
  });

  it('401 for a token past its expiry, even with a live session', async () => {
    const { token } = await login(backend.app, 'clerk');
    const claims = decodeJwt(token);
    const secret = loadTokenSecret(backend.server.dataDir);
    const expired = await new SignJWT({ username: 'clerk', sid: String(claims.sid) })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.sub))
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(secret);
    const response = await call(backend.app, 'GET', ME, { token: expired });
    expect(response.status).toBe(401);
    expect(response.body.message).toBe('Token失效，请重新登录!');
  });

  it('401 for a token accepted before, once its expiry has passed', async () => {
    const { token } = await login(backend.app, 'clerk');
    const claims = decodeJwt(token);
    const shortLived = await new SignJWT({ username: 'clerk', sid: String(claims.sid) })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.sub))
      .setExpirationTime(Math.floor(Date.now() / 1000) + 60)
      .sign(loadTokenSecret(backend.server.dataDir));
    expect((await call(backend.app, 'GET', ME, { token: shortLived })).status).toBe(200);
    // The signature is not checked again for a known token; its expiry still is.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 61_000);
      expect((await call(backend.app, 'GET', ME, { token: shortLived })).status).toBe(401);
      expect((await call(backend.app, 'GET', ME, { token })).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('401 once the session has been idle longer than TOKEN_IDLE_MINUTES', async () => {
    const { token } = await login(backend.app, 'clerk');
    expect((await call(backend.app, 'GET', ME, { token })).status).toBe(200);
    const sid = String(decodeJwt(token).sid);
    await backend.app.db.updateTable('sessions').set({ last_seen_at: new Date(Date.now() - 121 * 60_000) }).where('id', '=', sid).execute();
    expect((await call(backend.app, 'GET', ME, { token })).status).toBe(401);
  });

  it('a recent request slides the idle window', async () => {
    const { token } = await login(backend.app, 'clerk');
    const sid = String(decodeJwt(token).sid);
    await backend.app.db.updateTable('sessions').set({ last_seen_at: new Date(Date.now() - 119 * 60_000) }).where('id', '=', sid).execute();
    expect((await call(backend.app, 'GET', ME, { token })).status).toBe(200);
    const row = await backend.app.db.selectFrom('sessions').select('last_seen_at').where('id', '=', sid).executeTakeFirstOrThrow();
    expect(Date.now() - row.last_seen_at.getTime()).toBeLessThan(10_000);
  });

  it('logout revokes the session and always succeeds', async () => {
    const { token } = await login(backend.app, 'admin');
    expect((await call(backend.app, 'GET', ME, { token })).status).toBe(200);
    const out = await call(backend.app, 'POST', '/api/sys/logout', { token });
    expect(out.body).toMatchObject({ success: true, message: '退出登录成功' });
    expect((await call(backend.app, 'GET', ME, { token })).status).toBe(401);
    expect((await call(backend.app, 'POST', '/api/sys/logout')).body.success).toBe(true);
    expect((await call(backend.app, 'POST', '/api/sys/logout', { token: 'garbage' })).body.success).toBe(true);
  });

  it('a frozen user loses open sessions and cannot log in', async () => {
    const { token } = await login(backend.app, 'clerk');
    await backend.app.db.updateTable('users').set({ status: 2 }).where('username', '=', 'clerk').execute();
    try {
      expect((await call(backend.app, 'GET', ME, { token })).status).toBe(401);
      const again = await call(backend.app, 'POST', '/api/sys/login', { body: { username: 'clerk', password: '123456' } });
      expect(again.body).toMatchObject({ success: false, message: '用户名或密码错误' });
    } finally {
      await backend.app.db.updateTable('users').set({ status: 1 }).where('username', '=', 'clerk').execute();
    }
  });
});

describe('SMS code and phone login', () => {
  const codeFor = (mobile: string): string | undefined => {
    const line = [...backend.server.logs].reverse().find((msg) => msg.startsWith(`SMS code for ${mobile}: `));
    return line?.slice(-6);
  };

  it('sends a code for a known phone and logs in with it once', async () => {
    const sent = await call(backend.app, 'POST', '/api/account/sms', { body: { mobile: '13900000000' } });
    expect(sent.body).toMatchObject({ success: true, message: '验证码已发送' });
    const code = codeFor('13900000000');
    expect(code).toMatch(/^\d{6}$/);

    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await call(backend.app, 'POST', '/api/sys/phoneLogin', { body: { mobile: '13900000000', captcha: wrongCode } });
    expect(wrong.body).toMatchObject({ success: false, message: '手机号或验证码错误' });

    const ok = await call<LoginResult>(backend.app, 'POST', '/api/sys/phoneLogin', { body: { mobile: '13900000000', captcha: code } });
    expect(ok.body).toMatchObject({ success: true, code: 200, message: '登录成功' });
    expect(ok.body.result.userInfo.username).toBe('clerk');
    expect((await call(backend.app, 'GET', ME, { token: ok.body.result.token })).status).toBe(200);

    const reused = await call(backend.app, 'POST', '/api/sys/phoneLogin', { body: { mobile: '13900000000', captcha: code } });
    expect(reused.body).toMatchObject({ success: false, message: '手机号或验证码错误' });
  });

  it('answers the same for an unknown phone and logs no code', async () => {
    const sent = await call(backend.app, 'POST', '/api/account/sms', { body: { mobile: '13711112222' } });
    expect(sent.body).toMatchObject({ success: true, message: '验证码已发送' });
    expect(codeFor('13711112222')).toBeUndefined();
    const attempt = await call(backend.app, 'POST', '/api/sys/phoneLogin', { body: { mobile: '13711112222', captcha: '123456' } });
    expect(attempt.body).toMatchObject({ success: false, message: '手机号或验证码错误' });
  });

  it('allows one code per mobile per minute', async () => {
    expect((await call(backend.app, 'POST', '/api/account/sms', { body: { mobile: '13800000000' } })).body.success).toBe(true);
    const again = await call(backend.app, 'POST', '/api/account/sms', { body: { mobile: '13800000000' } });
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({ success: false, code: 429 });
  });

  it('stores codes hashed', async () => {
    const rows = await backend.app.db.selectFrom('sms_codes').select('code_hash').execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
  });
});
