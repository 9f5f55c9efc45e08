/**
 * 租户管理 (issue 16): tenants CRUD with its validation, the default tenant's protection, deletion refused
 * while users or data remain, membership, and frozen / expired tenants left out of the login answer and
 * refused in the tenant header.
 */
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../../../server/auth/password';
import { newId } from '../../../../server/db/ids';
import type { PageResult } from '../../../../src/contracts/entity';
import { CODE_NO_TENANT } from '../../../../src/contracts/envelope';
import type { LoginResult } from '../../../../src/contracts/session';
import { call, useDemoServer } from '../../../../tests/server/helpers';

const demo = useDemoServer();
const MSG_TENANT_CHANGED = '用户租户信息变更,请重新登陆!';
const MSG_NOT_FOUND = '未找到对应数据';
const stamp = Date.now().toString(36);

type Tenant = { id: number; name: string; status: number; status_dictText: string | null; beginDate: string | null; endDate: string | null; createTime: string };
type TenantUser = { id: string; username: string; realname: string; phone: string | null };

let adminId: string;
let today: string;

async function day(offset: number): Promise<string> {
  const rows = await sql<{ day: string }>`select cast(current_date + ${offset}::int as text) as day`.execute(demo.app.db);
  return rows.rows[0]?.day ?? '';
}

async function addTenant(body: Record<string, unknown>, token = demo.admin) {
  return call<Tenant | null>(demo.app, 'POST', '/api/sys/tenant/add', { token, body });
}

async function newTenant(name: string, extra: Record<string, unknown> = {}): Promise<Tenant> {
  const answer = await addTenant({ name: `${name}-${stamp}`, ...extra });
  expect(answer.body.message).toBe('添加成功！');
  if (answer.body.result === null) throw new Error('no tenant');
  return answer.body.result;
}

async function editTenant(body: Record<string, unknown>) {
  return call<Tenant | null>(demo.app, 'PUT', '/api/sys/tenant/edit', { token: demo.admin, body });
}

async function deleteTenant(id: number) {
  return call(demo.app, 'DELETE', `/api/sys/tenant/delete?id=${id}`, { token: demo.admin });
}

async function addUsers(tenantId: number, userIds: string[], token = demo.admin) {
  return call(demo.app, 'POST', '/api/sys/tenant/addUsers', { token, body: { tenantId, userIds } });
}

async function removeUsers(tenantId: number, userIds: string[]) {
  return call(demo.app, 'POST', '/api/sys/tenant/removeUsers', { token: demo.admin, body: { tenantId, userIds } });
}

async function tenantUsers(tenantId: number) {
  return call<PageResult<TenantUser>>(demo.app, 'GET', `/api/sys/tenant/userList?tenantId=${tenantId}&pageNo=1&pageSize=50`, { token: demo.admin });
}

/** A user with no role and no tenant, password 123456. */
async function newUser(name: string): Promise<{ id: string; username: string }> {
  const id = newId();
  const username = `${name}_${stamp}`;
  await demo.app.db.insertInto('users').values({ id, username, realname: name, password: await hashPassword('123456') }).execute();
  return { id, username };
}

async function tryLogin(username: string) {
  return call<LoginResult>(demo.app, 'POST', '/api/sys/login', { body: { username, password: '123456' } });
}

beforeAll(async () => {
  adminId = (await demo.app.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
  today = await day(0);
});

describe('tenants CRUD', () => {
  it('adds a tenant with a new integer id, default status 正常, and validates the body', async () => {
    const created = await newTenant('三号店', { beginDate: today, endDate: await day(30) });
    expect(created.id).toBeGreaterThan(1000);
    expect(created).toMatchObject({ status: 1, status_dictText: '正常', beginDate: today, endDate: await day(30) });
    expect(created.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

    expect((await addTenant({ name: '  ' })).body).toMatchObject({ success: false, message: '租户名称不能为空' });
    expect((await addTenant({ name: created.name })).body).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
    expect((await addTenant({ name: `坏日期-${stamp}`, beginDate: await day(5), endDate: await day(4) })).body).toMatchObject({
      success: false,
      message: '结束时间不能早于开始时间！',
    });
    expect((await addTenant({ name: `坏状态-${stamp}`, status: 7 })).body).toMatchObject({ success: false, message: '状态的值不在字典中' });
    expect((await addTenant({ name: `坏格式-${stamp}`, endDate: '2026-02-30' })).body).toMatchObject({ success: false, message: '结束时间的日期格式不正确' });
    const names = (await call<Tenant[]>(demo.app, 'GET', '/api/sys/tenant/queryList', { token: demo.admin })).body.result.map((tenant) => tenant.name);
    expect(names).toContain(created.name);
    expect(names.some((name) => name.startsWith('坏'))).toBe(false);
  });

  it('lists with the name and status filters, reads one, edits', async () => {
    const tenant = await newTenant('筛选店');
    const byName = await call<PageResult<Tenant>>(demo.app, 'GET', `/api/sys/tenant/list?name=*筛选店-${stamp}*&pageNo=1&pageSize=10`, { token: demo.admin });
    expect(byName.body.result.records.map((record) => record.id)).toEqual([tenant.id]);

    const edited = await editTenant({ id: tenant.id, name: `筛选店改-${stamp}`, status: 0, endDate: await day(10) });
    expect(edited.body).toMatchObject({ success: true, message: '编辑成功!' });
    expect(edited.body.result).toMatchObject({ id: tenant.id, name: `筛选店改-${stamp}`, status: 0, status_dictText: '冻结', endDate: await day(10) });

    const frozen = await call<PageResult<Tenant>>(demo.app, 'GET', `/api/sys/tenant/list?status=0&name=*${stamp}*&pageSize=100`, { token: demo.admin });
    expect(frozen.body.result.records.map((record) => record.id)).toEqual([tenant.id]);
    const read = await call<Tenant>(demo.app, 'GET', `/api/sys/tenant/queryById?id=${tenant.id}`, { token: demo.admin });
    expect(read.body.result).toMatchObject({ name: `筛选店改-${stamp}`, status: 0 });
    expect((await call(demo.app, 'GET', '/api/sys/tenant/queryById?id=99999', { token: demo.admin })).body.message).toBe(MSG_NOT_FOUND);
    expect((await call(demo.app, 'GET', '/api/sys/tenant/queryById?id=abc', { token: demo.admin })).body.message).toBe(MSG_NOT_FOUND);
    // The stored begin date joins the check: an end before it is refused.
    await editTenant({ id: tenant.id, beginDate: await day(3) });
    expect((await editTenant({ id: tenant.id, endDate: await day(2) })).body.message).toBe('结束时间不能早于开始时间！');
    expect((await editTenant({ id: 99999, name: 'x' })).body.message).toBe(MSG_NOT_FOUND);

    // Issue 32: a save from a form read before another save is refused.
    const version = (await call<Tenant & { rowVersion: string }>(demo.app, 'GET', `/api/sys/tenant/queryById?id=${tenant.id}`, { token: demo.admin })).body.result.rowVersion;
    expect((await editTenant({ id: tenant.id, name: `筛选店三改-${stamp}`, rowVersion: version })).body.success).toBe(true);
    expect((await editTenant({ id: tenant.id, name: `旧表单-${stamp}`, rowVersion: version })).body).toMatchObject({ success: false, code: 409, message: '数据已被他人修改，请刷新后重试' });
  });

  it('never deletes or freezes the default tenant, nor lets it expire', async () => {
    expect((await deleteTenant(1)).body).toMatchObject({ success: false, message: '默认租户不能删除！' });
    expect((await editTenant({ id: 1, status: 0 })).body).toMatchObject({ success: false, message: '默认租户不能冻结！' });
    expect((await editTenant({ id: 1, endDate: await day(-1) })).body).toMatchObject({ success: false, message: '默认租户的有效期必须包含今天！' });
    const other = await newTenant('批删店');
    const batch = await call(demo.app, 'DELETE', `/api/sys/tenant/deleteBatch?ids=${other.id},1,`, { token: demo.admin });
    expect(batch.body).toMatchObject({ success: false, message: '租户“默认租户”：默认租户不能删除！' });
    // Nothing of the batch was deleted.
    expect((await call<Tenant>(demo.app, 'GET', `/api/sys/tenant/queryById?id=${other.id}`, { token: demo.admin })).body.result.id).toBe(other.id);
    const tenant1 = await demo.app.db.selectFrom('tenants').select(['status', 'end_date']).where('id', '=', 1).executeTakeFirstOrThrow();
    expect(tenant1).toEqual({ status: 1, end_date: null });
  });

  it('refuses deleting a tenant that still has users or data, then deletes it once empty', async () => {
    const tenant = await newTenant('待删店');
    const user = await newUser('del_member');
    expect((await addUsers(tenant.id, [user.id])).body.message).toBe('添加成功！');
    expect((await deleteTenant(tenant.id)).body).toMatchObject({ success: false, message: '该租户下仍有 1 个用户，不能删除！请先移除用户' });

    // The admin works in the tenant for a moment and leaves a customer (tenant-scoped) behind.
    await addUsers(tenant.id, [adminId]);
    const customer = await call(demo.app, 'POST', '/api/cust/customer/add', { token: demo.admin, headers: { 'tenant-id': String(tenant.id) }, body: { name: `客户-${stamp}` } });
    expect(customer.body.success).toBe(true);
    expect((await removeUsers(tenant.id, [adminId, user.id])).body.message).toBe('移除成功！');
    expect((await deleteTenant(tenant.id)).body).toMatchObject({ success: false, message: '该租户下仍有业务数据，不能删除！' });

    await demo.app.db.withTables<{ cust_customer: { tenant_id: number } }>().deleteFrom('cust_customer').where('tenant_id', '=', tenant.id).execute();
    expect((await deleteTenant(tenant.id)).body).toMatchObject({ success: true, message: '删除成功!' });
    expect((await deleteTenant(tenant.id)).body.message).toBe(MSG_NOT_FOUND);

    const a = await newTenant('批量甲');
    const b = await newTenant('批量乙');
    expect((await call(demo.app, 'DELETE', `/api/sys/tenant/deleteBatch?ids=${a.id},${b.id},`, { token: demo.admin })).body).toMatchObject({ success: true, message: '批量删除成功!' });
    expect(await demo.app.db.selectFrom('tenants').select('id').where('id', 'in', [a.id, b.id]).execute()).toEqual([]);
  });
});

describe('membership', () => {
  it('lists, adds and removes users; a user removed from the last tenant is told at login that it belongs to none', async () => {
    const tenant = await newTenant('成员店');
    const user = await newUser('member_one');
    expect((await tenantUsers(tenant.id)).body.result).toMatchObject({ total: 0, records: [] });
    expect((await addUsers(tenant.id, [user.id, user.id])).body.success).toBe(true);
    // Adding again changes nothing.
    expect((await addUsers(tenant.id, [user.id])).body.success).toBe(true);
    const listed = (await tenantUsers(tenant.id)).body.result;
    expect(listed.total).toBe(1);
    expect(listed.records).toEqual([{ id: user.id, username: user.username, realname: 'member_one', phone: null }]);
    const searched = await call<PageResult<TenantUser>>(demo.app, 'GET', `/api/sys/tenant/userList?tenantId=${tenant.id}&username=nobody`, { token: demo.admin });
    expect(searched.body.result.total).toBe(0);
    expect((await tryLogin(user.username)).body.result.tenantList).toEqual([{ id: tenant.id, name: tenant.name }]);

    expect((await addUsers(tenant.id, ['nosuchuser'])).body).toMatchObject({ success: false, message: '所选用户不存在或已删除' });
    expect((await addUsers(99999, [user.id])).body.message).toBe(MSG_NOT_FOUND);

    expect((await removeUsers(tenant.id, [user.id])).body).toMatchObject({ success: true, message: '移除成功！' });
    expect((await removeUsers(tenant.id, [user.id])).body.message).toBe(MSG_NOT_FOUND);
    const after = await tryLogin(user.username);
    expect(after.body).toMatchObject({ success: false, code: CODE_NO_TENANT, message: '该用户尚未加入任何租户，无法登录！请联系管理员' });
  });
});

describe('membership calls with numbers that are not numbers', () => {
  it('answers 400 for a tenant id of Infinity or 1e309, as text or as a JSON number, and changes nothing', async () => {
    const user = await newUser('infinite');
    for (const path of ['addUsers', 'removeUsers']) {
      for (const tenantId of ['Infinity', '1e309', '-Infinity', '-1e309']) {
        const answer = await call(demo.app, 'POST', `/api/sys/tenant/${path}`, { token: demo.admin, body: { tenantId, userIds: [user.id] } });
        expect([path, tenantId, answer.status, answer.body.success, answer.body.message]).toEqual([path, tenantId, 400, false, '参数校验失败：tenantId 类型不正确，应为整数']);
      }
      // JSON.parse reads 1e309 as Infinity.
      const raw = await demo.app.inject({
        method: 'POST',
        url: `/api/sys/tenant/${path}`,
        headers: { 'x-access-token': demo.admin, 'content-type': 'application/json' },
        payload: `{"tenantId": 1e309, "userIds": ["${user.id}"]}`,
      });
      expect([path, raw.statusCode]).toEqual([path, 400]);
    }
    const memberships = await demo.app.db.selectFrom('user_tenant').select('tenant_id').where('user_id', '=', user.id).execute();
    expect(memberships).toEqual([]);
  });
});

describe('frozen and expired tenants', () => {
  it('are left out of the login answer and refused in the tenant header', async () => {
    const open = await newTenant('营业店');
    const frozen = await newTenant('冻结店');
    const expired = await newTenant('过期店', { beginDate: await day(-30), endDate: await day(-1) });
    const early = await newTenant('未开店', { beginDate: await day(1) });
    const user = await newUser('multi');
    await addUsers(open.id, [user.id]);
    await addUsers(frozen.id, [user.id]);
    await addUsers(expired.id, [user.id]);
    await addUsers(early.id, [user.id]);
    // The user may list customers in every tenant (the admin role).
    const adminRole = await demo.app.db.selectFrom('roles').select('id').where('role_code', '=', 'admin').executeTakeFirstOrThrow();
    await demo.app.db.insertInto('user_role').values({ id: newId(), user_id: user.id, role_id: adminRole.id }).execute();

    const before = await tryLogin(user.username);
    expect(before.body.result.tenantList).toEqual([
      { id: open.id, name: open.name },
      { id: frozen.id, name: frozen.name },
    ]);
    const token = before.body.result.token;
    const customers = (tenantId: number) => call(demo.app, 'GET', '/api/cust/customer/list', { token, headers: { 'tenant-id': String(tenantId) } });
    expect((await customers(frozen.id)).status).toBe(200);

    await editTenant({ id: frozen.id, status: 0 });
    const after = await tryLogin(user.username);
    expect(after.body.result.tenantList).toEqual([{ id: open.id, name: open.name }]);

    expect((await customers(open.id)).status).toBe(200);
    for (const closed of [frozen.id, expired.id, early.id]) {
      const refused = await customers(closed);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(MSG_TENANT_CHANGED);
    }
    // Core routes too, and the alias header.
    const users = await call(demo.app, 'GET', '/api/sys/user/list', { token, headers: { 'X-Tenant-Id': String(expired.id) } });
    expect([users.status, users.body.message]).toEqual([403, MSG_TENANT_CHANGED]);

    // Thawed and extended, both work again.
    await editTenant({ id: frozen.id, status: 1 });
    await editTenant({ id: expired.id, endDate: today });
    expect((await customers(frozen.id)).status).toBe(200);
    expect((await customers(expired.id)).status).toBe(200);
  });

  it('refuses the login of a user whose tenants are all frozen or expired', async () => {
    const frozen = await newTenant('全冻店');
    const user = await newUser('all_frozen');
    await addUsers(frozen.id, [user.id]);
    await editTenant({ id: frozen.id, status: 0 });
    expect((await tryLogin(user.username)).body).toMatchObject({ success: false, message: '与该用户关联的租户均已被冻结，无法登录！' });
  });
});

describe('permissions', () => {
  it('lets only holders of the tenant codes in', async () => {
    const tenant = await newTenant('权限店');
    const add = await addTenant({ name: `店员加-${stamp}` }, demo.clerk);
    expect(add.status).toBe(403);
    for (const [method, url] of [
      ['GET', '/api/sys/tenant/list'],
      ['GET', '/api/sys/tenant/queryList'],
      ['GET', `/api/sys/tenant/userList?tenantId=${tenant.id}`],
      ['DELETE', `/api/sys/tenant/delete?id=${tenant.id}`],
    ] as const) {
      expect((await call(demo.app, method, url, { token: demo.clerk })).status).toBe(403);
    }
    expect((await addUsers(tenant.id, [adminId], demo.clerk)).status).toBe(403);
    const codes = await demo.app.db.selectFrom('permissions').select('perms').where('perms', 'like', 'system:tenant:%').orderBy('perms').execute();
    expect(codes.map((row) => row.perms)).toEqual(['system:tenant:add', 'system:tenant:delete', 'system:tenant:deleteBatch', 'system:tenant:edit', 'system:tenant:list', 'system:tenant:user']);
  });
});
