/** The mini-program's member session: SMS login registers, member and staff tokens are separate worlds (issue #11). */
import { describe, expect, it } from 'vitest';
import type { PageResult } from '../../../../src/contracts/entity';
import { checkRouteDeclaration } from '../../../../server/http/access';
import { call, useDemoServer } from '../../../../tests/server/helpers';
import type { AddressRecord, CouponRecord, MemberRecord } from '../../entities';

const demo = useDemoServer();
const T1 = { 'tenant-id': '1' };

interface LoginAnswer {
  token: string;
  member: { id: string; memberNo: string; mobile: string; point: number; balance: number; levelName: string | null; referrerId: string | null };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

function lastCode(mobile: string): string {
  const line = [...demo.server.logs].reverse().find((message) => message.startsWith(`SMS code for ${mobile}: `));
  if (line === undefined) throw new Error(`no SMS code logged for ${mobile}`);
  return line.slice(`SMS code for ${mobile}: `.length);
}

async function signIn(mobile: string, extra: Record<string, string> = {}): Promise<LoginAnswer> {
  const sent = await call(demo.app, 'POST', '/api/app/auth/sms', { body: { mobile }, headers: T1 });
  expect(sent.body).toMatchObject({ success: true, message: '验证码已发送' });
  const login = await call<LoginAnswer>(demo.app, 'POST', '/api/app/auth/smsLogin', { body: { mobile, code: lastCode(mobile), ...extra }, headers: T1 });
  expect(login.body.success, JSON.stringify(login.body)).toBe(true);
  return login.body.result;
}

describe('SMS login', () => {
  it('registers the member on the first login, binds the referrer by invite code, and finds it again on the next', async () => {
    const first = await signIn('13811112222', { inviteCode: 'M100001' });
    expect(first.member).toMatchObject({ memberNo: 'A13811112222', mobile: '13811112222', point: 0, balance: 0, levelName: '普通会员' });
    expect(first.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const referrer = await call<PageResult<MemberRecord>>(demo.app, 'GET', '/api/cust/custMember/list?memberNo=M100001', { token: demo.admin, headers: T1 });
    expect(first.member.referrerId).toBe(referrer.body.result.records[0]?.id);
    const listed = await call<PageResult<MemberRecord>>(demo.app, 'GET', '/api/cust/custMember/list?mobile=13811112222', { token: demo.admin, headers: T1 });
    expect(listed.body.result.records[0]).toMatchObject({ registerTerminal_dictText: '微信小程序', nickname: '用户2222' });
    expect(listed.body.result.records[0]?.loginDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // The cooldown is per number: a new code for the same number waits a minute.
    expect((await call(demo.app, 'POST', '/api/app/auth/sms', { body: { mobile: '13811112222' }, headers: T1 })).status).toBe(429);
    const again = await call<LoginAnswer>(demo.app, 'POST', '/api/app/auth/smsLogin', { body: { mobile: '13811112222', code: lastCode('13811112222') }, headers: T1 });
    // The code was used up by the first login.
    expect(again.body).toMatchObject({ success: false, message: '手机号或验证码错误' });
  });

  it('refuses a wrong code, a bad number, an unknown invite code, and a staff login code', async () => {
    await call(demo.app, 'POST', '/api/app/auth/sms', { body: { mobile: '13833334444' }, headers: T1 });
    expect((await call(demo.app, 'POST', '/api/app/auth/smsLogin', { body: { mobile: '13833334444', code: '000000x' }, headers: T1 })).body).toMatchObject({ success: false, message: '手机号或验证码错误' });
    expect((await call(demo.app, 'POST', '/api/app/auth/sms', { body: { mobile: '12345' }, headers: T1 })).body).toMatchObject({ success: false, message: '手机号码格式不正确' });
    expect((await call(demo.app, 'POST', '/api/app/auth/smsLogin', { body: { mobile: '13833334444', code: lastCode('13833334444'), inviteCode: 'NOPE' }, headers: T1 })).body).toMatchObject({ success: false, message: '邀请码无效' });
    // A member code is never a staff phone-login code.
    expect((await call(demo.app, 'POST', '/api/sys/phoneLogin', { body: { mobile: '13833334444', captcha: lastCode('13833334444') } })).body.success).toBe(false);
  });
});

describe('two token worlds', () => {
  it('refuses a member token on the staff API and a staff token on the member API with 401', async () => {
    const { token } = await signIn('13855556666');
    expect((await call(demo.app, 'GET', '/api/app/address/list', { headers: bearer(token) })).status).toBe(200);
    // Member token as a staff token, or as a bearer on a staff route.
    expect((await call(demo.app, 'GET', '/api/cust/custMember/list', { token, headers: T1 })).status).toBe(401);
    expect((await call(demo.app, 'GET', '/api/cust/custMember/list', { headers: { ...T1, ...bearer(token) } })).status).toBe(401);
    expect((await call(demo.app, 'GET', '/api/sys/permission/getUserPermissionByToken', { token })).status).toBe(401);
    // Staff token as a bearer, or in its own header, on a member route.
    expect((await call(demo.app, 'GET', '/api/app/address/list', { headers: bearer(demo.admin) })).status).toBe(401);
    expect((await call(demo.app, 'GET', '/api/app/address/list', { token: demo.admin })).status).toBe(401);
    expect((await call(demo.app, 'GET', '/api/app/address/list')).status).toBe(401);
    expect((await call(demo.app, 'GET', '/api/app/address/list', { headers: bearer(`${token}x`) })).status).toBe(401);
  });

  it('lets member access only on /app/ routes, and lists them in the route table', () => {
    expect(() => checkRouteDeclaration({ method: 'GET', url: '/api/cust/custMember/list', config: { access: 'member' } }, '/api')).toThrow(/outside \/api\/app\//);
    expect(checkRouteDeclaration({ method: 'GET', url: '/api/app/address/list', config: { access: 'member' } }, '/api')).toBe('member');
    expect(demo.app.routeAccess).toContainEqual({ method: 'POST', url: '/api/app/address/add', access: 'member' });
    expect(demo.app.routeAccess).toContainEqual({ method: 'POST', url: '/api/app/auth/smsLogin', access: 'public' });
  });

  it('ends the sessions of a disabled member', async () => {
    const { token, member } = await signIn('13877778888');
    expect((await call(demo.app, 'PUT', '/api/cust/custMember/edit', { token: demo.admin, headers: T1, body: { id: member.id, status: '0' } })).body.success).toBe(true);
    expect((await call(demo.app, 'GET', '/api/app/member/get', { headers: bearer(token) })).status).toBe(401);
  });
});

describe('the shop a mini-program call names (tenant-id)', () => {
  const MSG_TENANT_CHANGED = '用户租户信息变更,请重新登陆!';

  async function signInTo(mobile: string, headers: Record<string, string>) {
    const sent = await call(demo.app, 'POST', '/api/app/auth/sms', { body: { mobile }, headers });
    if (!sent.body.success) return sent;
    return call<LoginAnswer>(demo.app, 'POST', '/api/app/auth/smsLogin', { body: { mobile, code: lastCode(mobile) }, headers });
  }

  async function tenantOfMember(id: string): Promise<number> {
    const row = await demo.app.db.withTables<{ cust_member: { id: string; tenant_id: number } }>().selectFrom('cust_member').select('tenant_id').where('id', '=', id).executeTakeFirstOrThrow();
    return row.tenant_id;
  }

  it("goes to the install's default shop (the demo shop, tenant 1) when no header names one — never to tenant 0", async () => {
    const login = await signInTo('13866660001', {});
    expect(login.body.success, JSON.stringify(login.body)).toBe(true);
    const member = (login.body.result as LoginAnswer).member;
    expect(await tenantOfMember(member.id)).toBe(1);
    const headers = bearer((login.body.result as LoginAnswer).token);
    // The demo shop's goods are there: a detail of one of them answers, not 商品不存在或已下架.
    const page = await call<PageResult<{ id: string }>>(demo.app, 'GET', '/api/app/goods/spu/page?pageSize=1', { headers });
    expect(page.body.result.total).toBeGreaterThan(100);
    const detail = await call<{ id: string }>(demo.app, 'GET', `/api/app/goods/spu/detail?id=${page.body.result.records[0]?.id ?? ''}`, { headers });
    expect(detail.body).toMatchObject({ success: true, result: { id: page.body.result.records[0]?.id } });
    // Naming the default shop is the same shop; the same token then works with or without the header.
    expect((await call(demo.app, 'GET', '/api/app/member/get', { headers: { ...headers, ...T1 } })).body.result).toMatchObject({ id: member.id });
    expect((await call(demo.app, 'GET', '/api/app/member/get', { headers: { ...headers, 'tenant-id': '0' } })).body.result).toMatchObject({ id: member.id });
  });

  it('registers the member in the shop the header names, and the token then carries that shop only', async () => {
    await demo.app.db.insertInto('tenants').values({ id: 7, name: '七号店' }).onConflict((conflict) => conflict.column('id').doNothing()).execute();
    const login = await signInTo('13866660002', { 'tenant-id': '7' });
    expect(login.body.success, JSON.stringify(login.body)).toBe(true);
    const answer = login.body.result as LoginAnswer;
    expect(await tenantOfMember(answer.member.id)).toBe(7);
    const mine = { ...bearer(answer.token), 'tenant-id': '7' };
    expect((await call(demo.app, 'GET', '/api/app/member/get', { headers: mine })).body.result).toMatchObject({ id: answer.member.id });
    // Shop 7 has no goods: its page is empty, not the demo shop's.
    expect((await call<PageResult<unknown>>(demo.app, 'GET', '/api/app/goods/spu/page', { headers: mine })).body.result.total).toBe(0);
    // A call naming another shop, or none (the default shop), is refused for this token.
    for (const other of [{ 'tenant-id': '1' }, {}] as Array<Record<string, string>>) {
      const refused = await call(demo.app, 'GET', '/api/app/member/get', { headers: { ...bearer(answer.token), ...other } });
      expect([refused.status, refused.body.message]).toEqual([403, MSG_TENANT_CHANGED]);
    }
  });

  it('refuses an unknown, a malformed and a frozen shop with a message, before any code is sent', async () => {
    for (const [tenant, message] of [
      ['424242', '租户不存在'],
      ['abc', '租户不存在'],
      ['-1', '租户不存在'],
    ] as const) {
      const sent = await call(demo.app, 'POST', '/api/app/auth/sms', { body: { mobile: '13866660003' }, headers: { 'tenant-id': tenant } });
      expect([tenant, sent.body.success, sent.body.message]).toEqual([tenant, false, message]);
      const login = await call(demo.app, 'POST', '/api/app/auth/smsLogin', { body: { mobile: '13866660003', code: '123456' }, headers: { 'tenant-id': tenant } });
      expect([tenant, login.body.success, login.body.message]).toEqual([tenant, false, message]);
    }
    expect(demo.server.logs.some((line) => line.startsWith('SMS code for 13866660003: '))).toBe(false);

    await demo.app.db.insertInto('tenants').values({ id: 8, name: '八号店' }).execute();
    const login = (await signInTo('13866660004', { 'tenant-id': '8' })).body.result as LoginAnswer;
    const headers = { ...bearer(login.token), 'tenant-id': '8' };
    expect((await call(demo.app, 'GET', '/api/app/member/get', { headers })).status).toBe(200);
    await call(demo.app, 'PUT', '/api/sys/tenant/edit', { token: demo.admin, body: { id: 8, status: 0 } });
    const closed = '该租户已冻结或不在有效期内';
    expect((await call(demo.app, 'GET', '/api/app/member/get', { headers })).body).toMatchObject({ success: false, message: closed });
    expect((await signInTo('13866660005', { 'tenant-id': '8' })).body).toMatchObject({ success: false, message: closed });
  });
});

describe('member addresses', () => {
  const address = (name: string, defaultStatus: boolean) => ({ name, mobile: '13912340000', areaId: '310104', detailAddress: `${name}的地址`, defaultStatus });

  it('keeps one default per member, only ever the member’s own', async () => {
    const { token } = await signIn('13899990000');
    const add = async (body: unknown) => (await call<string>(demo.app, 'POST', '/api/app/address/add', { headers: bearer(token), body })).body.result;
    const firstId = await add(address('甲', false));
    const secondId = await add(address('乙', true));
    const list = async () => (await call<Array<{ id: string; defaultStatus: boolean }>>(demo.app, 'GET', '/api/app/address/list', { headers: bearer(token) })).body.result;
    // The first address was the default; the second, added as default, replaced it.
    expect((await list()).filter((row) => row.defaultStatus).map((row) => row.id)).toEqual([secondId]);
    expect((await call(demo.app, 'PUT', '/api/app/address/edit', { headers: bearer(token), body: { id: firstId, ...address('甲改', true) } })).body.success).toBe(true);
    expect((await list()).filter((row) => row.defaultStatus).map((row) => row.id)).toEqual([firstId]);
    expect((await call(demo.app, 'POST', '/api/app/address/add', { headers: bearer(token), body: { ...address('丙', false), mobile: '123' } })).body).toMatchObject({ success: false, message: '手机号码格式不正确' });
    // Another member cannot touch it.
    const other = await signIn('13899990001');
    expect((await call(demo.app, 'DELETE', `/api/app/address/delete?id=${firstId}`, { headers: bearer(other.token) })).body).toMatchObject({ success: false, message: '收货地址不存在' });
    expect((await call(demo.app, 'DELETE', `/api/app/address/delete?id=${firstId}`, { headers: bearer(token) })).body.success).toBe(true);
    expect((await list()).map((row) => row.id)).toEqual([secondId]);
  });

  it('keeps one default per member on the back-office screen too', async () => {
    const { member } = await signIn('13899990002');
    const add = async (name: string, defaultStatus: boolean) =>
      (await call<AddressRecord>(demo.app, 'POST', '/api/cust/custAddress/add', { token: demo.admin, headers: T1, body: { memberId: member.id, ...address(name, defaultStatus) } })).body.result.id;
    await add('一', true);
    const second = await add('二', true);
    const rows = await call<PageResult<AddressRecord>>(demo.app, 'GET', `/api/cust/custAddress/list?memberId=${member.id}`, { token: demo.admin, headers: T1 });
    expect(rows.body.result.records.filter((row) => row.defaultStatus === true).map((row) => row.id)).toEqual([second]);
    expect((await call(demo.app, 'POST', '/api/cust/custAddress/add', { token: demo.admin, headers: T1, body: { memberId: 'nobody', ...address('三', false) } })).body).toMatchObject({ success: false, message: '会员不存在' });
  });
});

describe('member coupons', () => {
  it('recycles an unused coupon and refuses a used one', async () => {
    const { member } = await signIn('13899990003');
    const coupon = { memberId: member.id, templateId: 'T001', name: '满100减10', validStartTime: '2026-01-01 00:00:00', validEndTime: '2027-01-01 00:00:00' };
    const created = await call<CouponRecord>(demo.app, 'POST', '/api/cust/custCoupon/add', { token: demo.admin, headers: T1, body: coupon });
    expect(created.body.result).toMatchObject({ status: '1', status_dictText: '未使用' });
    const used = await call<CouponRecord>(demo.app, 'POST', '/api/cust/custCoupon/add', { token: demo.admin, headers: T1, body: coupon });
    await demo.app.db.withTables<{ cust_coupon: { id: string; status: string } }>().updateTable('cust_coupon').set({ status: '2' }).where('id', '=', used.body.result.id).execute();
    expect((await call(demo.app, 'POST', '/api/cust/custCoupon/recycle', { token: demo.admin, headers: T1, body: { id: used.body.result.id } })).body).toMatchObject({ success: false, message: '只能回收未使用的优惠券' });
    expect((await call(demo.app, 'POST', '/api/cust/custCoupon/recycle', { token: demo.admin, headers: T1, body: { id: created.body.result.id } })).body).toMatchObject({ success: true, message: '回收成功' });
    // Only this test's coupons (a member registering also gets the shop's 新人券).
    const left = await call<PageResult<CouponRecord>>(demo.app, 'GET', `/api/cust/custCoupon/list?memberId=${member.id}&templateId=T001`, { token: demo.admin, headers: T1 });
    expect(left.body.result.records.map((row) => row.id)).toEqual([used.body.result.id]);
  });
});
