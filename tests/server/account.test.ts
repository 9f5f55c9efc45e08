import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../server/auth/password';
import { newId } from '../../server/db/ids';
import { DEFAULT_TENANT_ID, joinTenant } from '../../server/services/tenants';
import { CODE_NO_TENANT } from '../../src/contracts/envelope';
import { SMS_MODE } from '../../src/contracts/account';
import type { LoginResult } from '../../src/contracts/session';
import { call, login, useTestServer } from './helpers';

const backend = useTestServer();

const SMS = '/api/account/sms';
const REGISTER = '/api/auth/register';
const CHECK = '/api/auth/forge-password/check';
const RESET = '/api/auth/forge-password';
const ME = '/api/sys/user/getCurrentUserDeparts';
const PASSWORD = 'Secret2024';

// Every test uses its own client address: the register and check limits count per address.
let nextAddress = 10;
const newAddress = () => `10.0.0.${nextAddress++}`;

function codeFor(mobile: string): string | undefined {
  const line = [...backend.server.logs].reverse().find((msg) => msg.startsWith(`SMS code for ${mobile}: `));
  return line?.slice(-6);
}

function codesLoggedFor(mobile: string): number {
  return backend.server.logs.filter((msg) => msg.startsWith(`SMS code for ${mobile}: `)).length;
}

async function sendCode(mobile: string, smsmode: string) {
  return call(backend.app, 'POST', SMS, { body: { mobile, smsmode } });
}

async function registerCode(phone: string): Promise<string> {
  expect((await sendCode(phone, SMS_MODE.register)).body.success).toBe(true);
  const code = codeFor(phone);
  if (code === undefined) throw new Error(`no register code for ${phone}`);
  return code;
}

/** A live user inserted straight into the database, for the recovery tests. */
/** A staff user of the demo shop (a user of no tenant may not sign in). */
async function insertUser(username: string, phone: string, status = 1): Promise<string> {
  const id = newId();
  await backend.app.db
    .insertInto('users')
    .values({ id, username, realname: username, password: await hashPassword(PASSWORD), phone, status, create_by: null })
    .execute();
  await joinTenant(backend.app.db, DEFAULT_TENANT_ID, [id]);
  return id;
}

async function forgetTicket(phone: string, remoteAddress = newAddress()): Promise<string> {
  expect((await sendCode(phone, SMS_MODE.forget)).body.success).toBe(true);
  const smscode = codeFor(phone);
  const checked = await call<{ ticket: string }>(backend.app, 'POST', CHECK, { body: { phone, smscode }, remoteAddress });
  expect(checked.body).toMatchObject({ success: true, message: '验证成功' });
  return checked.body.result.ticket;
}

const withoutTimestamp = (body: object) => ({ ...body, timestamp: 0 });

describe('POST /api/account/sms with smsmode', () => {
  it('sends a register code only to a number no account holds, answering alike', async () => {
    const free = await sendCode('13700000001', SMS_MODE.register);
    const taken = await sendCode('13900000000', SMS_MODE.register);
    expect(free.status).toBe(200);
    expect(taken.status).toBe(200);
    expect(withoutTimestamp(taken.body)).toEqual(withoutTimestamp(free.body));
    expect(free.body).toMatchObject({ success: true, message: '验证码已发送', result: null });
    expect(codeFor('13700000001')).toMatch(/^\d{6}$/);
    expect(codesLoggedFor('13900000000')).toBe(0);
  });

  it('sends a forget code only to a number an account holds, answering alike', async () => {
    await insertUser('forget_known', '13700000002');
    const known = await sendCode('13700000002', SMS_MODE.forget);
    const unknown = await sendCode('13700000003', SMS_MODE.forget);
    expect(withoutTimestamp(unknown.body)).toEqual(withoutTimestamp(known.body));
    expect(unknown.status).toBe(known.status);
    expect(codeFor('13700000002')).toMatch(/^\d{6}$/);
    expect(codesLoggedFor('13700000003')).toBe(0);

    // A guess for the unknown number fails exactly like a wrong code for the known one.
    const guess = await call(backend.app, 'POST', CHECK, { body: { phone: '13700000003', smscode: '123456' }, remoteAddress: newAddress() });
    const real = codeFor('13700000002') ?? '';
    const wrong = await call(backend.app, 'POST', CHECK, {
      body: { phone: '13700000002', smscode: real === '000000' ? '111111' : '000000' },
      remoteAddress: newAddress(),
    });
    expect(withoutTimestamp(guess.body)).toEqual(withoutTimestamp(wrong.body));
    expect(guess.body).toMatchObject({ success: false, message: '手机号或验证码错误' });
  });

  it('keeps one cooldown per number and purpose', async () => {
    expect((await sendCode('13700000004', SMS_MODE.register)).body.success).toBe(true);
    const again = await sendCode('13700000004', SMS_MODE.register);
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({ success: false, message: '验证码发送过于频繁，请稍后再试' });
  });

  it('refuses an unknown smsmode', async () => {
    expect((await sendCode('13700000005', '9')).status).toBe(400);
  });

  it('stores every code hashed and bound to its purpose', async () => {
    const rows = await backend.app.db.selectFrom('sms_codes').select(['code_hash', 'purpose']).execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(['login', 'register', 'forget']).toContain(row.purpose);
    }
  });
});

describe('POST /api/auth/register', () => {
  it('creates a frozen account without roles that cannot log in until approved', async () => {
    const smscode = await registerCode('13700000010');
    const response = await call<{ username: string }>(backend.app, 'POST', REGISTER, {
      body: { username: 'new_user1', password: PASSWORD, phone: '13700000010', smscode },
      remoteAddress: newAddress(),
    });
    expect(response.body).toMatchObject({ success: true, code: 200, message: '注册成功', result: { username: 'new_user1' } });

    const row = await backend.app.db.selectFrom('users').selectAll().where('username', '=', 'new_user1').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 2, phone: '13700000010', del_flag: 0 });
    expect(row.password).not.toContain(PASSWORD);
    expect(await verifyPassword(PASSWORD, row.password)).toBe(true);
    const roles = await backend.app.db.selectFrom('user_role').select('id').where('user_id', '=', row.id).execute();
    expect(roles).toEqual([]);

    const refused = await call(backend.app, 'POST', '/api/sys/login', { body: { username: 'new_user1', password: PASSWORD }, remoteAddress: newAddress() });
    expect(refused.body).toMatchObject({ success: false, message: '用户名或密码错误' });

    await backend.app.db.updateTable('users').set({ status: 1 }).where('id', '=', row.id).execute();
    // Approved, the account still belongs to no shop: it is told so until an administrator adds it to one.
    const noShop = await call(backend.app, 'POST', '/api/sys/login', { body: { username: 'new_user1', password: PASSWORD }, remoteAddress: newAddress() });
    expect(noShop.body).toMatchObject({ success: false, code: CODE_NO_TENANT });
    await joinTenant(backend.app.db, DEFAULT_TENANT_ID, [row.id]);
    const allowed = await call<LoginResult>(backend.app, 'POST', '/api/sys/login', { body: { username: 'new_user1', password: PASSWORD }, remoteAddress: newAddress() });
    expect(allowed.body).toMatchObject({ success: true, message: '登录成功' });
  });

  it('refuses a bad user name, a weak password and a bad phone before touching the code', async () => {
    const remoteAddress = newAddress();
    const attempt = (body: Record<string, string>) =>
      call(backend.app, 'POST', REGISTER, { body: { username: 'valid_name', password: PASSWORD, phone: '13700000011', smscode: '000000', ...body }, remoteAddress });
    expect((await attempt({ username: 'ab' })).body).toMatchObject({ success: false, message: '用户名须为 3-32 位字母、数字或下划线' });
    expect((await attempt({ username: 'has space' })).body.message).toBe('用户名须为 3-32 位字母、数字或下划线');
    expect((await attempt({ username: 'x'.repeat(33) })).body.message).toBe('用户名须为 3-32 位字母、数字或下划线');
    for (const password of ['abcdefgh', '12345678', 'abc123', `a1${'x'.repeat(63)}`]) {
      expect((await attempt({ password })).body).toMatchObject({ success: false, message: '密码须为 8-64 位，且同时包含字母和数字' });
    }
    expect((await attempt({ phone: '12700000011' })).body).toMatchObject({ success: false, message: '请输入正确的手机号' });
  });

  it('refuses a taken user name without using up the code, and a wrong or reused code', async () => {
    const smscode = await registerCode('13700000012');
    const base = { password: PASSWORD, phone: '13700000012', smscode };
    const taken = await call(backend.app, 'POST', REGISTER, { body: { ...base, username: 'admin' }, remoteAddress: newAddress() });
    expect(taken.body).toMatchObject({ success: false, message: '用户名已存在' });

    const wrong = await call(backend.app, 'POST', REGISTER, {
      body: { ...base, username: 'new_user2', smscode: smscode === '000000' ? '111111' : '000000' },
      remoteAddress: newAddress(),
    });
    expect(wrong.body).toMatchObject({ success: false, message: '手机号或验证码错误' });

    const created = await call(backend.app, 'POST', REGISTER, { body: { ...base, username: 'new_user2' }, remoteAddress: newAddress() });
    expect(created.body.success).toBe(true);
    const reused = await call(backend.app, 'POST', REGISTER, { body: { ...base, username: 'new_user3' }, remoteAddress: newAddress() });
    expect(reused.body).toMatchObject({ success: false, message: '手机号或验证码错误' });
  });

  it('refuses a phone taken after the code was sent', async () => {
    const smscode = await registerCode('13700000013');
    await insertUser('phone_holder', '13700000013');
    const response = await call(backend.app, 'POST', REGISTER, {
      body: { username: 'new_user4', password: PASSWORD, phone: '13700000013', smscode },
      remoteAddress: newAddress(),
    });
    expect(response.body).toMatchObject({ success: false, message: '该手机号已注册' });
  });

  it('does not take a code of another purpose or an expired one', async () => {
    await insertUser('purpose_user', '13700000014');
    expect((await sendCode('13700000014', SMS_MODE.login)).body.success).toBe(true);
    const loginCode = codeFor('13700000014');
    // The number's holder is removed, so a register attempt reaches the code check.
    await backend.app.db.updateTable('users').set({ del_flag: 1, phone: null }).where('username', '=', 'purpose_user').execute();
    const mismatch = await call(backend.app, 'POST', REGISTER, {
      body: { username: 'new_user5', password: PASSWORD, phone: '13700000014', smscode: loginCode },
      remoteAddress: newAddress(),
    });
    expect(mismatch.body).toMatchObject({ success: false, message: '手机号或验证码错误' });

    const smscode = await registerCode('13700000015');
    await backend.app.db.updateTable('sms_codes').set({ expires_at: new Date(Date.now() - 1000) }).where('mobile', '=', '13700000015').execute();
    const expired = await call(backend.app, 'POST', REGISTER, {
      body: { username: 'new_user6', password: PASSWORD, phone: '13700000015', smscode },
      remoteAddress: newAddress(),
    });
    expect(expired.body).toMatchObject({ success: false, message: '手机号或验证码错误' });
  });

  it('limits registrations per address', async () => {
    const remoteAddress = newAddress();
    const attempt = () =>
      call(backend.app, 'POST', REGISTER, { body: { username: 'limit_user', password: PASSWORD, phone: '13700000016', smscode: '000000' }, remoteAddress });
    for (let i = 0; i < 5; i += 1) expect((await attempt()).status).toBe(200);
    const blocked = await attempt();
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({ success: false, code: 429 });
  });
});

describe('password recovery', () => {
  it('resets the password with a one-time ticket and revokes every session', async () => {
    await insertUser('reset_user', '13700000020');
    const before = await login(backend.app, 'reset_user', PASSWORD);
    expect((await call(backend.app, 'GET', ME, { token: before.token })).status).toBe(200);

    const ticket = await forgetTicket('13700000020');
    expect(ticket).toMatch(/^[0-9a-f]{32}$/);
    const stored = await backend.app.db.selectFrom('password_reset_tickets').select('ticket_hash').execute();
    for (const row of stored) expect(row.ticket_hash).not.toBe(ticket);

    const reset = await call(backend.app, 'POST', RESET, { body: { ticket, password: 'NewSecret99', confirmpassword: 'NewSecret99' } });
    expect(reset.body).toMatchObject({ success: true, message: '密码重置成功' });

    expect((await call(backend.app, 'GET', ME, { token: before.token })).status).toBe(401);
    const oldPassword = await call(backend.app, 'POST', '/api/sys/login', { body: { username: 'reset_user', password: PASSWORD }, remoteAddress: newAddress() });
    expect(oldPassword.body.success).toBe(false);
    await login(backend.app, 'reset_user', 'NewSecret99');

    const again = await call(backend.app, 'POST', RESET, { body: { ticket, password: 'Another123', confirmpassword: 'Another123' } });
    expect(again.body).toMatchObject({ success: false, message: '重置凭证无效或已过期，请重新验证手机号' });
  });

  it('lets a frozen account awaiting approval recover its password', async () => {
    await insertUser('frozen_reset', '13700000021', 2);
    const ticket = await forgetTicket('13700000021');
    const reset = await call(backend.app, 'POST', RESET, { body: { ticket, password: 'NewSecret99', confirmpassword: 'NewSecret99' } });
    expect(reset.body.success).toBe(true);
    const row = await backend.app.db.selectFrom('users').select(['status', 'password']).where('username', '=', 'frozen_reset').executeTakeFirstOrThrow();
    expect(row.status).toBe(2);
    expect(await verifyPassword('NewSecret99', row.password)).toBe(true);
  });

  it('refuses a weak or mismatched new password and keeps the ticket', async () => {
    await insertUser('weak_reset', '13700000022');
    const ticket = await forgetTicket('13700000022');
    const weak = await call(backend.app, 'POST', RESET, { body: { ticket, password: 'password', confirmpassword: 'password' } });
    expect(weak.body).toMatchObject({ success: false, message: '密码须为 8-64 位，且同时包含字母和数字' });
    const mismatch = await call(backend.app, 'POST', RESET, { body: { ticket, password: 'NewSecret99', confirmpassword: 'NewSecret98' } });
    expect(mismatch.body).toMatchObject({ success: false, message: '两次输入的密码不一样！' });
    const reset = await call(backend.app, 'POST', RESET, { body: { ticket, password: 'NewSecret99', confirmpassword: 'NewSecret99' } });
    expect(reset.body.success).toBe(true);
  });

  it('refuses an expired, unknown or malformed ticket alike', async () => {
    await insertUser('expired_reset', '13700000023');
    const ticket = await forgetTicket('13700000023');
    await backend.app.db.updateTable('password_reset_tickets').set({ expires_at: new Date(Date.now() - 1000) }).execute();
    const body = (value: string) => ({ ticket: value, password: 'NewSecret99', confirmpassword: 'NewSecret99' });
    const answers = await Promise.all(
      [ticket, 'f'.repeat(32), 'not-a-ticket'].map(async (value) => (await call(backend.app, 'POST', RESET, { body: body(value) })).body),
    );
    for (const answer of answers) expect(answer).toMatchObject({ success: false, message: '重置凭证无效或已过期，请重新验证手机号' });
  });

  it('uses a forget code once, and refuses codes of another purpose or past their time', async () => {
    await insertUser('code_rules', '13700000024');
    expect((await sendCode('13700000024', SMS_MODE.forget)).body.success).toBe(true);
    const smscode = codeFor('13700000024');
    const first = await call(backend.app, 'POST', CHECK, { body: { phone: '13700000024', smscode }, remoteAddress: newAddress() });
    expect(first.body.success).toBe(true);
    const reused = await call(backend.app, 'POST', CHECK, { body: { phone: '13700000024', smscode }, remoteAddress: newAddress() });
    expect(reused.body).toMatchObject({ success: false, message: '手机号或验证码错误' });

    // A login code does not open recovery, and stays good for login.
    expect((await sendCode('13700000024', SMS_MODE.login)).body.success).toBe(true);
    const loginCode = codeFor('13700000024');
    const mismatch = await call(backend.app, 'POST', CHECK, { body: { phone: '13700000024', smscode: loginCode }, remoteAddress: newAddress() });
    expect(mismatch.body).toMatchObject({ success: false, message: '手机号或验证码错误' });
    const phoneLogin = await call(backend.app, 'POST', '/api/sys/phoneLogin', { body: { mobile: '13700000024', captcha: loginCode }, remoteAddress: newAddress() });
    expect(phoneLogin.body).toMatchObject({ success: true, message: '登录成功' });

    await insertUser('code_expiry', '13700000025');
    expect((await sendCode('13700000025', SMS_MODE.forget)).body.success).toBe(true);
    await backend.app.db.updateTable('sms_codes').set({ expires_at: new Date(Date.now() - 1000) }).where('mobile', '=', '13700000025').execute();
    const expired = await call(backend.app, 'POST', CHECK, { body: { phone: '13700000025', smscode: codeFor('13700000025') }, remoteAddress: newAddress() });
    expect(expired.body).toMatchObject({ success: false, message: '手机号或验证码错误' });
  });

  it('declares the account routes public and nothing more', () => {
    const publicOnes = backend.app.routeAccess.filter((entry) => entry.access === 'public').map((entry) => entry.url);
    expect(publicOnes).toEqual(expect.arrayContaining(['/api/account/sms', '/api/auth/register', '/api/auth/forge-password/check', '/api/auth/forge-password']));
  });
});
