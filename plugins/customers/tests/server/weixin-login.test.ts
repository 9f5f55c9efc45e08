/**
 * `POST /app/auth/weixinLogin` through the product, with WECHAT_* pointing at the local fake of api.weixin.qq.com
 * (tests/support/fakes/wechat-api-fake.ts): a new WeChat user registers, the same one logs in again, a phone
 * authorised in the mini-program reaches the member an SMS login with it reaches, refusals say why, and a shop
 * without WeChat login says so.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, startTestServer, type TestServer } from '../../../../tests/server/helpers';
import { startWechatApiFake, wechatApiTestEnv, type WechatApiFake } from '../../../../tests/support/fakes/wechat-api-fake';

const APP = { appId: 'wx00112233445566ff', appSecret: 'a1b2c3d4e5f60718293a4b5c6d7e8f90' };
const T1 = { 'tenant-id': '1' };
const URL_LOGIN = '/api/app/auth/weixinLogin';

interface LoginAnswer {
  token: string;
  member: { id: string; memberNo: string; nickname: string | null; mobile: string | null; point: number; balance: number; levelName: string | null; referrerId: string | null };
}

let fake: WechatApiFake;
let server: TestServer;
let admin: string;

beforeAll(async () => {
  fake = await startWechatApiFake(APP);
  server = await startTestServer(wechatApiTestEnv(fake, APP));
  admin = (await login(server.app, 'admin')).token;
});

afterAll(async () => {
  await server?.close();
  await fake?.close();
});

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

function weixinLogin(body: Record<string, unknown>, remoteAddress?: string) {
  return call<LoginAnswer>(server.app, 'POST', URL_LOGIN, { body, headers: T1, ...(remoteAddress !== undefined ? { remoteAddress } : {}) });
}

async function loggedIn(body: Record<string, unknown>): Promise<LoginAnswer> {
  const answer = await weixinLogin(body);
  expect(answer.body.success, JSON.stringify(answer.body)).toBe(true);
  expect(answer.body.message).toBe('登录成功');
  return answer.body.result;
}

async function wechatIdentity(memberId: string): Promise<{ openid: string | null; unionid: string | null; mobile: string | null }> {
  const found = await sql<{ openid: string | null; unionid: string | null; mobile: string | null }>`select openid, unionid, mobile from cust_member where id = ${memberId}`.execute(server.app.db);
  const row = found.rows[0];
  if (row === undefined) throw new Error(`no member ${memberId}`);
  return row;
}

async function smsLogin(mobile: string): Promise<LoginAnswer> {
  const sent = await call(server.app, 'POST', '/api/app/auth/sms', { body: { mobile }, headers: T1 });
  expect(sent.body.success, JSON.stringify(sent.body)).toBe(true);
  const line = [...server.logs].reverse().find((message) => message.startsWith(`SMS code for ${mobile}: `));
  if (line === undefined) throw new Error(`no SMS code logged for ${mobile}`);
  const answer = await call<LoginAnswer>(server.app, 'POST', '/api/app/auth/smsLogin', { body: { mobile, code: line.slice(`SMS code for ${mobile}: `.length) }, headers: T1 });
  expect(answer.body.success, JSON.stringify(answer.body)).toBe(true);
  return answer.body.result;
}

describe('a WeChat user', () => {
  it('registers on the first login (without a phone), and other plugins hear of it', async () => {
    // A 新人券 template: marketing gives one to each member registering, through the registration event.
    const template = await call<{ id: string }>(server.app, 'POST', '/api/marketing/coupon/add', {
      token: admin,
      headers: T1,
      body: { name: '微信新人券', status: '1', discountType: '1', usePrice: 0, discountPrice: 5, totalCount: 10, takeLimitCount: 1, takeType: '3', validityType: '2', fixedStartTerm: 0, fixedEndTerm: 30, productScope: '1' },
    });
    expect(template.body.success, JSON.stringify(template.body)).toBe(true);

    const first = await loggedIn({ code: fake.controls.issueLoginCode({ openid: 'o-new-user', unionid: 'u-new-user' }) });
    expect(first.member).toMatchObject({ nickname: '微信用户', mobile: null, point: 0, balance: 0, levelName: '普通会员', referrerId: null });
    expect(first.member.memberNo).toMatch(/^W\d{12}$/);
    expect(Object.keys(first.member)).not.toContain('openid');
    expect(await wechatIdentity(first.member.id)).toEqual({ openid: 'o-new-user', unionid: 'u-new-user', mobile: null });
    const coupons = await sql<{ template_id: string }>`select template_id from cust_coupon where member_id = ${first.member.id}`.execute(server.app.db);
    expect(coupons.rows.map((row) => row.template_id)).toContain(template.body.result.id);

    // The token is a member token like the SMS login's: it works on the /app/ routes.
    const me = await call<{ id: string }>(server.app, 'GET', '/api/app/member/get', { headers: bearer(first.token) });
    expect(me.body.result.id).toBe(first.member.id);
    const listed = await call<{ records: Array<Record<string, unknown>> }>(server.app, 'GET', `/api/cust/custMember/list?memberNo=${first.member.memberNo}`, { token: admin, headers: T1 });
    expect(listed.body.result.records[0]).toMatchObject({ registerTerminal_dictText: '微信小程序', nickname: '微信用户' });
    // Staff never see the WeChat identity as a column.
    expect(Object.keys(listed.body.result.records[0] ?? {})).not.toContain('openid');

    // The same WeChat user logs the same member in again, with a new session.
    const again = await loggedIn({ code: fake.controls.issueLoginCode({ openid: 'o-new-user', unionid: 'u-new-user' }) });
    expect(again.member.id).toBe(first.member.id);
    expect(again.token).not.toBe(first.token);
  });

  it('with a phone reaches the member an SMS login with that phone reaches, and binds the openid to it', async () => {
    const bySms = await smsLogin('13866660001');
    const byWeixin = await loggedIn({ code: fake.controls.issueLoginCode({ openid: 'o-sms-user' }), phoneCode: fake.controls.issuePhoneCode('13866660001') });
    expect(byWeixin.member.id).toBe(bySms.member.id);
    expect(byWeixin.member).toMatchObject({ memberNo: 'A13866660001', mobile: '13866660001' });
    expect(await wechatIdentity(bySms.member.id)).toMatchObject({ openid: 'o-sms-user', mobile: '13866660001' });
    // From now on the login code alone is enough.
    expect((await loggedIn({ code: fake.controls.issueLoginCode({ openid: 'o-sms-user' }) })).member.id).toBe(bySms.member.id);
  });

  it('with a phone nobody holds registers the member with it; a member found by openid gets a phone bound', async () => {
    const fresh = await loggedIn({ code: fake.controls.issueLoginCode({ openid: 'o-phone-new' }), phoneCode: fake.controls.issuePhoneCode('13866660002') });
    expect(fresh.member).toMatchObject({ memberNo: 'A13866660002', mobile: '13866660002', nickname: '用户0002' });

    const phoneless = await loggedIn({ code: fake.controls.issueLoginCode({ openid: 'o-phone-later' }) });
    expect(phoneless.member.mobile).toBeNull();
    const bound = await loggedIn({ code: fake.controls.issueLoginCode({ openid: 'o-phone-later' }), phoneCode: fake.controls.issuePhoneCode('13866660003') });
    expect(bound.member).toMatchObject({ id: phoneless.member.id, mobile: '13866660003' });
    // The SMS login with that phone now reaches the same member.
    expect((await smsLogin('13866660003')).member.id).toBe(phoneless.member.id);
  });

  it('refuses a phone another member or another WeChat user holds, and a number outside mainland China', async () => {
    await loggedIn({ code: fake.controls.issueLoginCode({ openid: 'o-holder' }), phoneCode: fake.controls.issuePhoneCode('13866660004') });
    // Another WeChat user authorising the same phone: it is bound to o-holder already.
    const otherWeixin = await weixinLogin({ code: fake.controls.issueLoginCode({ openid: 'o-intruder' }), phoneCode: fake.controls.issuePhoneCode('13866660004') });
    expect(otherWeixin.body).toMatchObject({ success: false, message: '该手机号已绑定其他微信账号' });
    // A member found by openid asking for a phone another member holds.
    const mine = await loggedIn({ code: fake.controls.issueLoginCode({ openid: 'o-wants-phone' }) });
    const taken = await weixinLogin({ code: fake.controls.issueLoginCode({ openid: 'o-wants-phone' }), phoneCode: fake.controls.issuePhoneCode('13866660004') });
    expect(taken.body).toMatchObject({ success: false, message: '该手机号已绑定其他会员' });
    expect((await wechatIdentity(mine.member.id)).mobile).toBeNull();
    const abroad = await weixinLogin({ code: fake.controls.issueLoginCode({ openid: 'o-abroad' }), phoneCode: fake.controls.issuePhoneCode('2025550123', { countryCode: '1' }) });
    expect(abroad.body).toMatchObject({ success: false, message: '仅支持中国大陆手机号' });
  });

  it('binds the referrer of an invite code at registration, and refuses an unknown one before spending the code', async () => {
    const code = fake.controls.issueLoginCode({ openid: 'o-invited' });
    expect((await weixinLogin({ code, inviteCode: 'NOPE' })).body).toMatchObject({ success: false, message: '邀请码无效' });
    const invited = await loggedIn({ code, inviteCode: 'M100001' });
    const referrer = await call<{ records: Array<{ id: string }> }>(server.app, 'GET', '/api/cust/custMember/list?memberNo=M100001', { token: admin, headers: T1 });
    expect(invited.member.referrerId).toBe(referrer.body.result.records[0]?.id);
  });
});

describe('refusals', () => {
  it('refuses a disabled member, found by openid or by phone, without binding anything to it', async () => {
    const member = await loggedIn({ code: fake.controls.issueLoginCode({ openid: 'o-disabled' }) });
    const bySms = await smsLogin('13866660005');
    for (const id of [member.member.id, bySms.member.id]) {
      expect((await call(server.app, 'PUT', '/api/cust/custMember/edit', { token: admin, headers: T1, body: { id, status: '0' } })).body.success).toBe(true);
    }
    expect((await weixinLogin({ code: fake.controls.issueLoginCode({ openid: 'o-disabled' }) })).body).toMatchObject({ success: false, message: '账号已被停用' });
    const byPhone = await weixinLogin({ code: fake.controls.issueLoginCode({ openid: 'o-to-disabled' }), phoneCode: fake.controls.issuePhoneCode('13866660005') });
    expect(byPhone.body).toMatchObject({ success: false, message: '账号已被停用' });
    expect((await wechatIdentity(bySms.member.id)).openid).toBeNull();
  });

  it('answers a bad or used login code and a bad phone code with a message, and counts them as failed logins', async () => {
    const address = '10.9.8.7';
    expect((await weixinLogin({ code: 'not-a-code' }, address)).body).toMatchObject({ success: false, message: '微信登录凭证无效或已使用，请重新登录' });
    const code = fake.controls.issueLoginCode({ openid: 'o-once' });
    await loggedIn({ code });
    expect((await weixinLogin({ code }, address)).body).toMatchObject({ success: false, message: '微信登录凭证无效或已使用，请重新登录' });
    const badPhone = await weixinLogin({ code: fake.controls.issueLoginCode({ openid: 'o-once' }), phoneCode: 'not-a-phone-code' }, address);
    expect(badPhone.body).toMatchObject({ success: false, message: '手机号授权已失效，请重新授权' });
    // Five bad codes from one address: the sixth attempt is refused before WeChat is asked.
    for (let i = 0; i < 2; i += 1) await weixinLogin({ code: `bad-${i}` }, address);
    const before = fake.controls.requests.length;
    const blocked = await weixinLogin({ code: fake.controls.issueLoginCode({ openid: 'o-once' }) }, address);
    expect(blocked.status).toBe(429);
    expect(fake.controls.requests.length).toBe(before);
  });

  it('refuses a malformed body (400) and lists the route as public', async () => {
    expect((await call(server.app, 'POST', URL_LOGIN, { body: {}, headers: T1 })).status).toBe(400);
    expect((await call(server.app, 'POST', URL_LOGIN, { body: { code: '' }, headers: T1 })).status).toBe(400);
    expect(server.app.routeAccess).toContainEqual({ method: 'POST', url: URL_LOGIN, access: 'public' });
  });

  it('answers 微信登录未配置 when WECHAT_APP_ID / WECHAT_APP_SECRET are not set', async () => {
    const plain = await startTestServer();
    try {
      const answer = await call(plain.app, 'POST', URL_LOGIN, { body: { code: 'any' }, headers: T1 });
      // A business refusal like any "cannot do that" (never a 5xx: the route walk holds every route to that).
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ success: false, code: 500, message: '微信登录未配置' });
    } finally {
      await plain.close();
    }
  });
});
