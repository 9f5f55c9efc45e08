import { describe, expect, it } from 'vitest';
import { call, login, useDemoServer } from '../../../../tests/server/helpers';
import { ACCOUNT_API, type AccountBinding, type AccountProfile, type AccountSession, type LoginPage, type NotificationPrefs } from '../../contracts';
import { lastCode, newUser, PASSWORD } from './account-helpers';

const demo = useDemoServer();
const api = (path: string) => `/api${path}`;
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');

async function uploadPng(token: string): Promise<string> {
  const boundary = '----account-test';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="biz"\r\n\r\navatar\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`),
    PNG,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await demo.app.inject({
    method: 'POST',
    url: '/api/sys/common/upload',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-access-token': token },
  });
  const answer = response.json<{ success: boolean; message: string }>();
  expect(answer.success, JSON.stringify(answer)).toBe(true);
  return answer.message;
}

describe('个人中心: the profile', () => {
  it('shows the signed-in user with roles and the login that opened the session', async () => {
    const { username, session } = await newUser(demo, '卡片用户');
    const { body } = await call<AccountProfile>(demo.app, 'GET', api(ACCOUNT_API.profile), { token: session.token });
    expect(body.success).toBe(true);
    expect(body.result).toMatchObject({ username, realname: '卡片用户', phone: null, email: null, departs: [] });
    expect(body.result.roles.length).toBeGreaterThan(0);
    expect(body.result.lastLogin?.time).toEqual(expect.any(String));
  });

  it('refuses a bad email with its message and an empty name', async () => {
    const { session } = await newUser(demo);
    const bad = await call(demo.app, 'PUT', api(ACCOUNT_API.profile), { token: session.token, body: { realname: '张三', email: 'not-an-email' } });
    expect(bad.body).toMatchObject({ success: false, message: '请输入正确的邮箱地址' });
    const blank = await call(demo.app, 'PUT', api(ACCOUNT_API.profile), { token: session.token, body: { realname: '   ' } });
    expect(blank.body).toMatchObject({ success: false, message: '姓名不能为空' });
    const future = await call(demo.app, 'PUT', api(ACCOUNT_API.profile), { token: session.token, body: { realname: '张三', birthday: '2999-01-01' } });
    expect(future.body).toMatchObject({ success: false, message: '生日不能晚于今天' });
    const avatar = await call(demo.app, 'PUT', api(ACCOUNT_API.profile), { token: session.token, body: { realname: '张三', avatar: '../secret.png' } });
    expect(avatar.body).toMatchObject({ success: false, message: '头像须为已上传的图片' });
  });

  it('changes only the caller, whatever id or username the body names', async () => {
    const { username, session } = await newUser(demo);
    const adminBefore = await call<AccountProfile>(demo.app, 'GET', api(ACCOUNT_API.profile), { token: demo.admin });
    const avatar = await uploadPng(session.token);
    const saved = await call<AccountProfile>(demo.app, 'PUT', api(ACCOUNT_API.profile), {
      token: session.token,
      body: { id: adminBefore.body.result.id, username: 'admin', realname: '新名字', email: `${username}@example.com`, sex: 2, birthday: '1990-05-06', avatar },
    });
    expect(saved.body.success, JSON.stringify(saved.body)).toBe(true);
    expect(saved.body.message).toBe('基本信息已更新');
    expect(saved.body.result).toMatchObject({ username, realname: '新名字', email: `${username}@example.com`, sex: 2, birthday: '1990-05-06', avatar });
    const adminAfter = await call<AccountProfile>(demo.app, 'GET', api(ACCOUNT_API.profile), { token: demo.admin });
    expect(adminAfter.body.result).toMatchObject({ username: 'admin', realname: adminBefore.body.result.realname, email: adminBefore.body.result.email, avatar: adminBefore.body.result.avatar });

    // Another user's email is refused.
    const other = await newUser(demo);
    const taken = await call(demo.app, 'PUT', api(ACCOUNT_API.profile), { token: other.session.token, body: { realname: '别人', email: `${username}@example.com` } });
    expect(taken.body).toMatchObject({ success: false, message: '该邮箱已被其他用户使用' });
  });

  it('refuses a save made from an older read of the profile, as every edit form does (数据已被他人修改，请刷新后重试)', async () => {
    const { session } = await newUser(demo, '版本用户');
    const read = await call<AccountProfile>(demo.app, 'GET', api(ACCOUNT_API.profile), { token: session.token });
    const version = read.body.result.rowVersion;
    expect(version).toMatch(/^[0-9]+$/);
    // Another tab (or an administrator) saves first, from the same read.
    const first = await call<AccountProfile>(demo.app, 'PUT', api(ACCOUNT_API.profile), { token: session.token, body: { realname: '先保存', rowVersion: version } });
    expect(first.body.success, JSON.stringify(first.body)).toBe(true);
    expect(first.body.result.rowVersion).not.toBe(version);
    const stale = await call<AccountProfile>(demo.app, 'PUT', api(ACCOUNT_API.profile), { token: session.token, body: { realname: '后保存', rowVersion: version } });
    expect(stale.status).toBe(200);
    expect(stale.body).toMatchObject({ success: false, code: 409, message: '数据已被他人修改，请刷新后重试' });
    const after = await call<AccountProfile>(demo.app, 'GET', api(ACCOUNT_API.profile), { token: session.token });
    expect(after.body.result).toMatchObject({ realname: '先保存', rowVersion: first.body.result.rowVersion });
    // From the newer read the save goes through; a malformed version is bad input, never taken for none.
    const fresh = await call<AccountProfile>(demo.app, 'PUT', api(ACCOUNT_API.profile), { token: session.token, body: { realname: '后保存', rowVersion: after.body.result.rowVersion } });
    expect(fresh.body).toMatchObject({ success: true, result: { realname: '后保存' } });
    const malformed = await call(demo.app, 'PUT', api(ACCOUNT_API.profile), { token: session.token, body: { realname: '后保存', rowVersion: 'abc' } });
    expect(malformed.status).toBe(400);
  });

  it('lists the caller’s own logins from the login log', async () => {
    const { username, session } = await newUser(demo);
    await call(demo.app, 'POST', '/api/sys/login', { body: { username, password: 'wrong-password' } });
    const { body } = await call<LoginPage>(demo.app, 'GET', `${api(ACCOUNT_API.logins)}?pageSize=10`, { token: session.token });
    expect(body.result.total).toBe(2);
    expect(body.result.records.map((row) => row.success)).toEqual([false, true]);
    expect(body.result.records[1]?.content).toBe(`用户名: ${username},登录成功！`);
    const admins = await call<LoginPage>(demo.app, 'GET', api(ACCOUNT_API.logins), { token: demo.admin });
    expect(admins.body.result.records.every((row) => !row.content?.includes(username))).toBe(true);
  });
});

describe('安全设置: sessions', () => {
  it('lists the caller’s sessions and signs another one out; the revoked token gets 401', async () => {
    const { username, session: first } = await newUser(demo);
    const second = await login(demo.app, username, PASSWORD);
    const listed = await call<AccountSession[]>(demo.app, 'GET', api(ACCOUNT_API.sessions), { token: first.token });
    expect(listed.body.result).toHaveLength(2);
    const current = listed.body.result.find((row) => row.current);
    const other = listed.body.result.find((row) => !row.current);
    expect(current).toBeDefined();
    expect(other?.ip).toEqual(expect.any(String));

    const self = await call(demo.app, 'DELETE', `${api(ACCOUNT_API.sessions)}/${current?.id ?? ''}`, { token: first.token });
    expect(self.body).toMatchObject({ success: false, message: '不能下线当前会话，请使用退出登录' });
    // Someone else's session is not the caller's to end.
    const adminSessions = await call<AccountSession[]>(demo.app, 'GET', api(ACCOUNT_API.sessions), { token: demo.admin });
    const adminCurrent = adminSessions.body.result.find((row) => row.current)?.id ?? '';
    const foreign = await call(demo.app, 'DELETE', `${api(ACCOUNT_API.sessions)}/${adminCurrent}`, { token: first.token });
    expect(foreign.body).toMatchObject({ success: false, message: '会话不存在或已下线' });
    expect((await call(demo.app, 'GET', api(ACCOUNT_API.profile), { token: demo.admin })).status).toBe(200);

    const revoked = await call(demo.app, 'DELETE', `${api(ACCOUNT_API.sessions)}/${other?.id ?? ''}`, { token: first.token });
    expect(revoked.body).toMatchObject({ success: true, message: '该会话已下线' });
    expect((await call(demo.app, 'GET', api(ACCOUNT_API.profile), { token: second.token })).status).toBe(401);
    expect((await call(demo.app, 'GET', api(ACCOUNT_API.profile), { token: first.token })).status).toBe(200);
    const after = await call<AccountSession[]>(demo.app, 'GET', api(ACCOUNT_API.sessions), { token: first.token });
    expect(after.body.result.map((row) => row.id)).toEqual([current?.id]);
  });
});

describe('安全设置: 密保手机', () => {
  it('refuses a wrong code, then changes the phone with the code sent to the new number', async () => {
    const { session } = await newUser(demo);
    const phone = `139${String(Date.now()).slice(-8)}`;
    const sent = await call(demo.app, 'POST', '/api/account/sms', { body: { mobile: phone, smsmode: '1' } });
    expect(sent.body.success).toBe(true);
    const code = lastCode(demo, phone);
    const wrong = await call(demo.app, 'PUT', api(ACCOUNT_API.phone), { token: session.token, body: { phone, smscode: code === '000000' ? '111111' : '000000' } });
    expect(wrong.body).toMatchObject({ success: false, message: '手机号或验证码错误' });
    const invalid = await call(demo.app, 'PUT', api(ACCOUNT_API.phone), { token: session.token, body: { phone: '12345', smscode: code } });
    expect(invalid.body).toMatchObject({ success: false, message: '请输入正确的手机号' });
    const changed = await call(demo.app, 'PUT', api(ACCOUNT_API.phone), { token: session.token, body: { phone, smscode: code } });
    expect(changed.body).toMatchObject({ success: true, message: '密保手机已更换' });
    const profile = await call<AccountProfile>(demo.app, 'GET', api(ACCOUNT_API.profile), { token: session.token });
    expect(profile.body.result.phone).toBe(phone);
    // A code is used once.
    const again = await call(demo.app, 'PUT', api(ACCOUNT_API.phone), { token: session.token, body: { phone: `137${phone.slice(3)}`, smscode: code } });
    expect(again.body).toMatchObject({ success: false, message: '手机号或验证码错误' });

    const bindings = await call<AccountBinding[]>(demo.app, 'GET', api(ACCOUNT_API.bindings), { token: session.token });
    expect(bindings.body.result).toEqual([
      { provider: 'phone', bound: true, account: `${phone.slice(0, 3)}****${phone.slice(-4)}` },
      { provider: 'email', bound: false, account: null },
    ]);
    const noEmail = await call(demo.app, 'DELETE', `${api(ACCOUNT_API.bindings)}/email`, { token: session.token });
    expect(noEmail.body).toMatchObject({ success: false, message: '该账号未绑定' });
    const unbound = await call<AccountBinding[]>(demo.app, 'DELETE', `${api(ACCOUNT_API.bindings)}/phone`, { token: session.token });
    expect(unbound.body).toMatchObject({ success: true, message: '已解绑' });
    expect(unbound.body.result[0]).toEqual({ provider: 'phone', bound: false, account: null });
  });
});

describe('新消息通知', () => {
  it('stores each user’s switches on the server', async () => {
    const { session } = await newUser(demo);
    const other = await newUser(demo);
    const initial = await call<NotificationPrefs>(demo.app, 'GET', api(ACCOUNT_API.notification), { token: session.token });
    expect(initial.body.result).toEqual({ system: true, notice: true });
    const saved = await call(demo.app, 'PUT', api(ACCOUNT_API.notification), { token: session.token, body: { system: false, notice: true } });
    expect(saved.body).toMatchObject({ success: true, message: '通知设置已保存' });
    expect((await call<NotificationPrefs>(demo.app, 'GET', api(ACCOUNT_API.notification), { token: session.token })).body.result).toEqual({ system: false, notice: true });
    expect((await call<NotificationPrefs>(demo.app, 'GET', api(ACCOUNT_API.notification), { token: other.session.token })).body.result).toEqual({ system: true, notice: true });
    const malformed = await call(demo.app, 'PUT', api(ACCOUNT_API.notification), { token: session.token, body: { system: 'off', notice: true } });
    expect(malformed.status).toBe(400);
    expect((await call(demo.app, 'GET', api(ACCOUNT_API.notification))).status).toBe(401);
  });
});
