/**
 * Tenant isolation on real member data: a user of one tenant cannot list, read, edit, delete or export
 * another tenant's members, and a tenant header for a tenant the user is not in is refused.
 */
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/auth/password';
import { newId } from '../../server/db/ids';
import { seedMembers } from '../../plugins/customers/server/seed';
import type { PageResult } from '../../src/contracts/entity';
import type { MemberRecord } from '../../plugins/customers/entities';
import { call, login, useDemoServer } from './helpers';

const demo = useDemoServer();
/** An administrator of tenant 2 only. */
let boss2: string;
let tenant1Ids: string[];
let tenant2Ids: string[];
const BASE = '/api/cust/custMember';
const T1 = { 'tenant-id': '1' };
const T2 = { 'tenant-id': '2' };
const MSG_TENANT = '用户租户信息变更,请重新登陆!';
const NOT_FOUND = '未找到对应数据';

async function memberIds(tenantId: number): Promise<string[]> {
  const rows = await demo.app.db
    .withTables<{ cust_member: { id: string; tenant_id: number } }>()
    .selectFrom('cust_member')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

async function nicknameOf(id: string): Promise<string | null> {
  const row = await demo.app.db
    .withTables<{ cust_member: { id: string; nickname: string | null } }>()
    .selectFrom('cust_member')
    .select('nickname')
    .where('id', '=', id)
    .executeTakeFirst();
  return row === undefined ? null : row.nickname;
}

beforeAll(async () => {
  const db = demo.app.db;
  await db.insertInto('tenants').values({ id: 2, name: '第二租户' }).execute();
  await seedMembers(db, { tenantId: 2, count: 5, prefix: 'M2' });
  const adminRole = await db.selectFrom('roles').select('id').where('role_code', '=', 'admin').executeTakeFirstOrThrow();
  const bossId = newId();
  await db.insertInto('users').values({ id: bossId, username: 'boss2', realname: '二店店长', password: await hashPassword('123456') }).execute();
  await db.insertInto('user_role').values({ id: newId(), user_id: bossId, role_id: adminRole.id }).execute();
  await db.insertInto('user_tenant').values({ id: newId(), user_id: bossId, tenant_id: 2 }).execute();
  boss2 = (await login(demo.app, 'boss2')).token;
  tenant1Ids = await memberIds(1);
  tenant2Ids = await memberIds(2);
  expect(tenant1Ids).toHaveLength(300);
  expect(tenant2Ids).toHaveLength(5);
});

async function list(token: string, headers: Record<string, string>, query = 'pageSize=1000') {
  const response = await call<PageResult<MemberRecord>>(demo.app, 'GET', `${BASE}/list?${query}`, { token, headers });
  return response;
}

describe('each tenant sees only its own members', () => {
  it('lists per tenant: 300 for tenant 1, 5 for tenant 2, 60 for users without a tenant', async () => {
    const one = await list(demo.admin, T1);
    expect(one.body.result.total).toBe(300);
    expect(one.body.result.records.every((record) => record.tenantId === 1)).toBe(true);
    const two = await list(boss2, T2);
    expect(two.body.result.total).toBe(5);
    expect(two.body.result.records.map((record) => record.id).sort()).toEqual(tenant2Ids);
    const none = await list(demo.clerk, {});
    expect(none.body.result.records.every((record) => record.tenantId === 0)).toBe(true);
    // Searching by another tenant's member number finds nothing.
    expect((await list(demo.admin, T1, 'memberNo=M200001')).body.result.total).toBe(0);
    expect((await list(boss2, T2, 'memberNo=M100001')).body.result.total).toBe(0);
  });
});

describe("another tenant's member, addressed by id", () => {
  it('cannot be read, edited, deleted or batch-deleted by tenant 1', async () => {
    const [victim, second] = tenant2Ids;
    const before = await nicknameOf(String(victim));
    expect((await call(demo.app, 'GET', `${BASE}/queryById?id=${victim}`, { token: demo.admin, headers: T1 })).body).toMatchObject({ success: false, message: NOT_FOUND });
    expect((await call(demo.app, 'PUT', `${BASE}/edit`, { token: demo.admin, headers: T1, body: { id: victim, nickname: '越权改名' } })).body).toMatchObject({ success: false, message: NOT_FOUND });
    expect((await call(demo.app, 'POST', `${BASE}/edit`, { token: demo.admin, headers: T1, body: { id: victim, nickname: '越权改名' } })).body).toMatchObject({ success: false, message: NOT_FOUND });
    expect((await call(demo.app, 'DELETE', `${BASE}/delete?id=${victim}`, { token: demo.admin, headers: T1 })).body).toMatchObject({ success: false, message: NOT_FOUND });
    expect((await call(demo.app, 'DELETE', `${BASE}/deleteBatch?ids=${victim},${second},`, { token: demo.admin, headers: T1 })).body.success).toBe(false);
    expect(await nicknameOf(String(victim))).toBe(before);
    expect(await memberIds(2)).toEqual(tenant2Ids);
  });

  it('cannot be reached the other way round either (tenant 2 against tenant 1)', async () => {
    const victim = String(tenant1Ids[0]);
    expect((await call(demo.app, 'GET', `${BASE}/queryById?id=${victim}`, { token: boss2, headers: T2 })).body.message).toBe(NOT_FOUND);
    expect((await call(demo.app, 'PUT', `${BASE}/edit`, { token: boss2, headers: T2, body: { id: victim, memberName: '改名' } })).body.message).toBe(NOT_FOUND);
    expect((await call(demo.app, 'DELETE', `${BASE}/delete?id=${victim}`, { token: boss2, headers: T2 })).body.message).toBe(NOT_FOUND);
    // A batch mixing both tenants touches only the caller's own rows.
    const own = String(tenant2Ids[4]);
    const mixed = await call(demo.app, 'DELETE', `${BASE}/deleteBatch?ids=${victim},${own}`, { token: boss2, headers: T2 });
    expect(mixed.body.success).toBe(true);
    expect(await memberIds(1)).toEqual(tenant1Ids);
    expect(await memberIds(2)).toEqual(tenant2Ids.filter((id) => id !== own));
  });

  it('is not exported even when its id is sent as a selection', async () => {
    const exportedNumbers = async (ids: string[]) => {
      const response = await demo.app.inject({ method: 'GET', url: `${BASE}/exportXls?selections=${ids.join(',')}`, headers: { 'x-access-token': demo.admin, ...T1 } });
      expect(response.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      const texts: string[] = [];
      workbook.worksheets[0]?.eachRow((row) => texts.push(row.getCell(1).text));
      return texts.filter((text) => /^M\d{6}$/.test(text));
    };
    expect(await exportedNumbers(tenant2Ids)).toEqual([]);
    const mixed = await exportedNumbers([...tenant2Ids, ...tenant1Ids.slice(0, 2)]);
    expect(mixed).toHaveLength(2);
    expect(mixed.every((text) => text.startsWith('M1'))).toBe(true);
  });

  it('is not created into another tenant: an add lands in the caller tenant', async () => {
    const created = await call<MemberRecord>(demo.app, 'POST', `${BASE}/add`, { token: demo.admin, headers: T1, body: { memberNo: 'X0001', memberName: '越权', tenantId: 2, tenant_id: 2 } });
    expect(created.body.result.tenantId).toBe(1);
    expect((await list(boss2, T2, 'memberNo=X0001')).body.result.total).toBe(0);
  });
});

describe('a forged tenant header', () => {
  it("is refused with 403 when the user is not in that tenant, under every header name and on every member route", async () => {
    const victim = String(tenant2Ids[0]);
    const attempts: Array<[string, 'GET' | 'PUT' | 'DELETE', string, unknown]> = [
      [demo.admin, 'GET', `${BASE}/list`, undefined],
      [demo.admin, 'GET', `${BASE}/queryById?id=${victim}`, undefined],
      [demo.admin, 'PUT', `${BASE}/edit`, { id: victim, nickname: '越权' }],
      [demo.admin, 'DELETE', `${BASE}/delete?id=${victim}`, undefined],
      [demo.admin, 'DELETE', `${BASE}/deleteBatch?ids=${victim}`, undefined],
      [demo.admin, 'GET', `${BASE}/exportXls`, undefined],
      [demo.clerk, 'GET', `${BASE}/list`, undefined],
      [boss2, 'GET', `${BASE}/list`, undefined],
    ];
    for (const [token, method, url, body] of attempts) {
      const forged = token === boss2 ? '1' : '2';
      for (const name of ['tenant-id', 'tenant_id', 'x-tenant-id']) {
        const response = await call(demo.app, method, url, { token, headers: { [name]: forged }, ...(body !== undefined ? { body } : {}) });
        expect(response.status, `${method} ${url} ${name}`).toBe(403);
        expect(response.body).toMatchObject({ success: false, code: 403, message: MSG_TENANT });
      }
    }
    for (const malformed of ['2 or 1=1', '-1', '1,2', '0x2']) {
      expect((await call(demo.app, 'GET', `${BASE}/list`, { token: demo.admin, headers: { 'tenant-id': malformed } })).status, malformed).toBe(403);
    }
    expect(await memberIds(2)).toHaveLength(4);
  });

  it('is refused once the tenant is frozen, even for its own users', async () => {
    await demo.app.db.updateTable('tenants').set({ status: 0 }).where('id', '=', 2).execute();
    const response = await list(boss2, T2);
    expect(response.status).toBe(403);
    expect(response.body.message).toBe(MSG_TENANT);
    await demo.app.db.updateTable('tenants').set({ status: 1 }).where('id', '=', 2).execute();
    expect((await list(boss2, T2)).status).toBe(200);
  });
});

describe('table dictionaries over tenant-scoped tables', () => {
  it("name only the caller tenant's rows (express companies), and the list shows that tenant's names", async () => {
    const db = demo.app.db;
    const other = `二店快递${Date.now().toString(36)}`;
    await db
      .withTables<{ sale_express: { id: string; code: string; name: string; sort: number; status: string; tenant_id: number } }>()
      .insertInto('sale_express')
      .values({ id: newId(), code: 'T2EXP', name: other, sort: 1, status: '1', tenant_id: 2 })
      .execute();
    const texts = async (token: string, headers: Record<string, string>) => {
      const answer = await call<Array<{ text: string }>>(demo.app, 'GET', '/api/sys/dict/getDictItems/sale_express', { token, headers });
      return answer.body.result.map((item) => item.text);
    };
    const ofTenant2 = await texts(boss2, T2);
    expect(ofTenant2).toEqual([other]);
    const ofTenant1 = await texts(demo.admin, T1);
    expect(ofTenant1.length).toBeGreaterThan(0);
    expect(ofTenant1).not.toContain(other);
  });
});
