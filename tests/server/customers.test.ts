/** 会员列表 on the server: seeded data per tenant, the list/CRUD contract, and the codes clerk holds. */
import { describe, expect, it } from 'vitest';
import type { PageResult } from '../../src/contracts/entity';
import type { DictItem, PermissionResult } from '../../src/contracts/session';
import type { MemberRecord } from '../../plugins/customers/entities';
import { call, useDemoServer } from './helpers';

const demo = useDemoServer();
const T1 = { 'tenant-id': '1' };
const BASE = '/api/cust/custMember';

async function list(token: string, query = '', headers: Record<string, string> = {}) {
  const response = await call<PageResult<MemberRecord>>(demo.app, 'GET', `${BASE}/list${query === '' ? '' : `?${query}`}`, { token, headers });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.result;
}

const validMember = (memberNo: string) => ({ memberNo, memberName: '测试会员', phone: '13912345678', sex: '1', level: '2', points: 10, balance: 12.5, status: '1' });

describe('seeded members', () => {
  it('gives tenant 1 (admin) and users without a tenant (clerk) 60 members each, paged by 10', async () => {
    const mine = await list(demo.admin, '', T1);
    expect(mine).toMatchObject({ total: 60, size: 10, current: 1, pages: 6 });
    expect(mine.records).toHaveLength(10);
    expect(mine.records.every((record) => record.tenantId === 1 && /^M1\d{5}$/.test(String(record.memberNo)))).toBe(true);
    const clerks = await list(demo.clerk);
    expect(clerks.total).toBe(60);
    expect(clerks.records.every((record) => record.tenantId === 0 && /^M0\d{5}$/.test(String(record.memberNo)))).toBe(true);
    const first = mine.records[0];
    expect(first).toMatchObject({ sex_dictText: expect.stringMatching(/^[男女]$/), status_dictText: expect.stringMatching(/^(有效|无效)$/) });
    expect(first?.level_dictText).toMatch(/^(普通|银卡|金卡|钻石)会员$/);
    expect(String(first?.registerTime)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(String(first?.phone)).toMatch(/^1[3-9]\d{9}$/);
  });

  it('seeds the member_level dictionary, served to the form selects', async () => {
    const response = await call<DictItem[]>(demo.app, 'GET', '/api/sys/dict/getDictItems/member_level', { token: demo.clerk });
    expect(response.body.result.map((item) => item.text)).toEqual(['普通会员', '银卡会员', '金卡会员', '钻石会员']);
  });
});

describe('list contract', () => {
  it('searches, filters by dictionary value and range, and sorts on the server', async () => {
    const byName = await list(demo.admin, `memberName=${encodeURIComponent('*张*')}&pageSize=100`, T1);
    expect(byName.total).toBeGreaterThan(0);
    expect(byName.records.every((record) => String(record.memberName).includes('张'))).toBe(true);
    const gold = await list(demo.admin, 'level=3&pageSize=100', T1);
    expect(gold.total).toBeGreaterThan(0);
    expect(gold.records.every((record) => record.level_dictText === '金卡会员')).toBe(true);
    const ranged = await list(demo.admin, 'points_begin=1000&points_end=2000&pageSize=100', T1);
    expect(ranged.records.every((record) => Number(record.points) >= 1000 && Number(record.points) <= 2000)).toBe(true);
    const ascending = await list(demo.admin, 'column=points&order=asc&pageSize=100', T1);
    const points = ascending.records.map((record) => Number(record.points));
    expect(points).toEqual([...points].sort((a, b) => a - b));
    const descending = await list(demo.admin, 'column=memberNo&order=desc', T1);
    expect(descending.records[0]?.memberNo).toBe('M100060');
  });
});

describe('writes', () => {
  it('adds, reads, edits and deletes a member with the conventions messages', async () => {
    const created = await call<MemberRecord>(demo.app, 'POST', `${BASE}/add`, { token: demo.admin, headers: T1, body: validMember('T0001') });
    expect(created.body).toMatchObject({ success: true, message: '添加成功！' });
    const id = created.body.result.id;
    expect(created.body.result).toMatchObject({ memberNo: 'T0001', level_dictText: '银卡会员', balance: 12.5, tenantId: 1 });
    // Registered now when not given.
    expect(String(created.body.result.registerTime)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const edited = await call<MemberRecord>(demo.app, 'PUT', `${BASE}/edit`, { token: demo.admin, headers: T1, body: { id, points: 99, level: '4' } });
    expect(edited.body).toMatchObject({ success: true, message: '编辑成功!', result: { points: 99, level_dictText: '钻石会员', memberName: '测试会员' } });
    const read = await call<MemberRecord>(demo.app, 'GET', `${BASE}/queryById?id=${id}`, { token: demo.admin, headers: T1 });
    expect(read.body.result.points).toBe(99);
    const removed = await call(demo.app, 'DELETE', `${BASE}/delete?id=${id}`, { token: demo.admin, headers: T1 });
    expect(removed.body).toMatchObject({ success: true, message: '删除成功!' });
    expect((await list(demo.admin, 'memberNo=T0001', T1)).total).toBe(0);
  });

  it('refuses a taken member number, a bad phone, an unknown level and a missing name', async () => {
    const add = (body: Record<string, unknown>) => call(demo.app, 'POST', `${BASE}/add`, { token: demo.admin, headers: T1, body });
    expect((await add(validMember('M100001'))).body).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
    expect((await add({ ...validMember('T0002'), phone: '12345' })).body).toMatchObject({ success: false, message: '手机号码格式不正确' });
    expect((await add({ ...validMember('T0003'), level: '9' })).body).toMatchObject({ success: false, message: '会员等级的值不在字典中' });
    expect((await add({ memberNo: 'T0004' })).body).toMatchObject({ success: false, message: '会员姓名不能为空' });
    // The number is unique within a tenant only: clerk's tenant (none) may use it.
    expect((await call(demo.app, 'GET', `/api/sys/duplicate/check?tableName=cust_member&fieldName=memberNo&fieldVal=M100001`, { token: demo.admin, headers: T1 })).body.success).toBe(false);
    expect((await call(demo.app, 'GET', `/api/sys/duplicate/check?tableName=cust_member&fieldName=memberNo&fieldVal=M100001`, { token: demo.clerk })).body.success).toBe(true);
  });

  it('batch-deletes the selected members', async () => {
    const ids: string[] = [];
    for (const memberNo of ['B0001', 'B0002']) {
      ids.push((await call<MemberRecord>(demo.app, 'POST', `${BASE}/add`, { token: demo.admin, headers: T1, body: validMember(memberNo) })).body.result.id);
    }
    const response = await call(demo.app, 'DELETE', `${BASE}/deleteBatch?ids=${ids.join(',')},`, { token: demo.admin, headers: T1 });
    expect(response.body).toMatchObject({ success: true, message: '批量删除成功!' });
    expect((await list(demo.admin, 'memberNo=B*', T1)).total).toBe(0);
  });
});

describe('clerk', () => {
  it('holds list and edit, not add, delete, batch delete or import; export is granted to everybody', async () => {
    const permissions = await call<PermissionResult>(demo.app, 'GET', '/api/sys/permission/getUserPermissionByToken', { token: demo.clerk });
    const actions = permissions.body.result.auth.map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['cust:member:list', 'cust:member:edit']));
    for (const code of ['cust:member:add', 'cust:member:delete', 'cust:member:deleteBatch', 'cust:member:importExcel']) expect(actions).not.toContain(code);
    const allAuth = permissions.body.result.allAuth;
    expect(allAuth).toContainEqual({ action: 'cust:member:add', type: '1', status: '1', describe: '新增会员' });
    expect(allAuth).toContainEqual({ action: 'cust:member:delete', type: '2', status: '1', describe: '删除会员' });
    expect(allAuth).toContainEqual({ action: 'cust:member:exportXls', type: '1', status: '0', describe: '导出会员' });
  });

  it('is answered 403 on add, delete, batch delete and import, and may list, edit and export', async () => {
    const target = (await list(demo.clerk)).records[0];
    const id = String(target?.id);
    const forbidden: Array<['POST' | 'DELETE', string, unknown]> = [
      ['POST', `${BASE}/add`, validMember('C0001')],
      ['DELETE', `${BASE}/delete?id=${id}`, undefined],
      ['DELETE', `${BASE}/deleteBatch?ids=${id},`, undefined],
      ['POST', `${BASE}/importExcel`, {}],
    ];
    for (const [method, url, body] of forbidden) {
      const response = await call(demo.app, method, url, { token: demo.clerk, ...(body !== undefined ? { body } : {}) });
      expect(response.status, url).toBe(403);
      expect(response.body).toMatchObject({ success: false, code: 403 });
    }
    const edited = await call<MemberRecord>(demo.app, 'PUT', `${BASE}/edit`, { token: demo.clerk, body: { id, points: 7 } });
    expect(edited.body).toMatchObject({ success: true, result: { points: 7, tenantId: 0 } });
    const exported = await demo.app.inject({ method: 'GET', url: `${BASE}/exportXls`, headers: { 'x-access-token': demo.clerk } });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    expect((await list(demo.clerk)).total).toBe(60);
  });
});
