/** 会员列表 on the server: seeded data per tenant, the list/CRUD contract, and the codes clerk holds. */
import { describe, expect, it } from 'vitest';
import type { PageResult } from '../../../../src/contracts/entity';
import type { DictItem, PermissionResult } from '../../../../src/contracts/session';
import { call, useDemoServer } from '../../../../tests/server/helpers';
import type { MemberRecord } from '../../entities';

const demo = useDemoServer();
const T1 = { 'tenant-id': '1' };
const BASE = '/api/cust/custMember';

async function list(token: string, query = '', headers: Record<string, string> = {}) {
  const response = await call<PageResult<MemberRecord>>(demo.app, 'GET', `${BASE}/list${query === '' ? '' : `?${query}`}`, { token, headers });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.result;
}

async function levelIdOf(name: string): Promise<string> {
  const items = await call<DictItem[]>(demo.app, 'GET', '/api/sys/dict/getDictItems/cust_level', { token: demo.admin });
  const found = items.body.result.find((item) => item.text === name);
  if (found === undefined) throw new Error(`no level ${name}`);
  return found.value;
}

const validMember = (memberNo: string) => ({ memberNo, memberName: '测试会员', mobile: '13912345678', sex: '1', status: '1' });

describe('seeded members', () => {
  it('gives tenant 1 (admin) 300 members and users without a tenant (clerk) 60, paged by 10', async () => {
    const mine = await list(demo.admin, '', T1);
    expect(mine).toMatchObject({ total: 300, size: 10, current: 1, pages: 30 });
    expect(mine.records).toHaveLength(10);
    expect(mine.records.every((record) => record.tenantId === 1 && /^M1\d{5}$/.test(String(record.memberNo)))).toBe(true);
    const clerks = await list(demo.clerk);
    expect(clerks.total).toBe(60);
    expect(clerks.records.every((record) => record.tenantId === 0 && /^M0\d{5}$/.test(String(record.memberNo)))).toBe(true);
    const first = mine.records[0];
    expect(first).toMatchObject({ sex_dictText: expect.stringMatching(/^[男女]$/), status_dictText: expect.stringMatching(/^(有效|无效)$/) });
    expect(first?.levelId_dictText).toMatch(/^(普通|银卡|金卡|钻石)会员$/);
    expect(String(first?.registerTime)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(String(first?.mobile)).toMatch(/^1[3-9]\d{9}$/);
  });

  it('spreads members over every level and group, each level matching its growth', async () => {
    const levels = await call<PageResult<Record<string, unknown>>>(demo.app, 'GET', '/api/cust/custLevel/list?column=level&order=asc', { token: demo.admin });
    const thresholds = levels.body.result.records.map((level) => ({ id: String(level.id), experience: Number(level.experience) }));
    expect(levels.body.result.records.map((level) => level.name)).toEqual(['普通会员', '银卡会员', '金卡会员', '钻石会员']);
    const all = await list(demo.admin, 'pageSize=300', T1);
    for (const level of thresholds) expect(all.records.some((record) => record.levelId === level.id)).toBe(true);
    for (const record of all.records) {
      const reached = thresholds.filter((level) => level.experience <= Number(record.experience)).at(-1);
      expect(record.levelId).toBe(reached?.id);
    }
    const groups = await call<PageResult<Record<string, unknown>>>(demo.app, 'GET', '/api/cust/custGroup/list', { token: demo.admin });
    expect(groups.body.result.total).toBe(4);
    for (const group of groups.body.result.records) expect(all.records.some((record) => record.groupId === group.id)).toBe(true);
  });
});

describe('list contract', () => {
  it('searches, filters by level and range, and sorts on the server', async () => {
    const byName = await list(demo.admin, `memberName=${encodeURIComponent('*张*')}&pageSize=100`, T1);
    expect(byName.total).toBeGreaterThan(0);
    expect(byName.records.every((record) => String(record.memberName).includes('张'))).toBe(true);
    const gold = await list(demo.admin, `levelId=${await levelIdOf('金卡会员')}&pageSize=100`, T1);
    expect(gold.total).toBeGreaterThan(0);
    expect(gold.records.every((record) => record.levelId_dictText === '金卡会员')).toBe(true);
    const ranged = await list(demo.admin, 'point_begin=1000&point_end=2000&pageSize=100', T1);
    expect(ranged.total).toBeGreaterThan(0);
    expect(ranged.records.every((record) => Number(record.point) >= 1000 && Number(record.point) <= 2000)).toBe(true);
    const ascending = await list(demo.admin, 'column=point&order=asc&pageSize=100', T1);
    const points = ascending.records.map((record) => Number(record.point));
    expect(points).toEqual([...points].sort((a, b) => a - b));
    const descending = await list(demo.admin, 'column=memberNo&order=desc', T1);
    expect(descending.records[0]?.memberNo).toBe('M100300');
  });
});

describe('writes', () => {
  it('adds a member at the entry level with zero totals, edits and deletes it with the conventions messages', async () => {
    const created = await call<MemberRecord>(demo.app, 'POST', `${BASE}/add`, { token: demo.admin, headers: T1, body: validMember('T0001') });
    expect(created.body).toMatchObject({ success: true, message: '添加成功！' });
    const id = created.body.result.id;
    expect(created.body.result).toMatchObject({ memberNo: 'T0001', levelId_dictText: '普通会员', point: 0, balance: 0, experience: 0, tenantId: 1, registerTerminal_dictText: '后台录入' });
    expect(String(created.body.result.registerTime)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const edited = await call<MemberRecord>(demo.app, 'PUT', `${BASE}/edit`, { token: demo.admin, headers: T1, body: { id, nickname: '小测' } });
    expect(edited.body).toMatchObject({ success: true, message: '编辑成功!', result: { nickname: '小测', memberName: '测试会员' } });
    const removed = await call(demo.app, 'DELETE', `${BASE}/delete?id=${id}`, { token: demo.admin, headers: T1 });
    expect(removed.body).toMatchObject({ success: true, message: '删除成功!' });
    expect((await list(demo.admin, 'memberNo=T0001', T1)).total).toBe(0);
  });

  it('refuses a taken member number, a taken or bad mobile, an unknown group and a missing name', async () => {
    const add = (body: Record<string, unknown>) => call(demo.app, 'POST', `${BASE}/add`, { token: demo.admin, headers: T1, body });
    expect((await add(validMember('M100001'))).body).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
    const taken = (await list(demo.admin, 'memberNo=M100002', T1)).records[0]?.mobile;
    expect((await add({ ...validMember('T0005'), mobile: taken })).body).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
    expect((await add({ ...validMember('T0002'), mobile: '12345' })).body).toMatchObject({ success: false, message: '手机号码格式不正确' });
    expect((await add({ ...validMember('T0003'), groupId: 'nope' })).body).toMatchObject({ success: false, message: '分组的值不在字典中' });
    expect((await add({ memberNo: 'T0004' })).body).toMatchObject({ success: false, message: '会员姓名不能为空' });
    expect((await call(demo.app, 'GET', `/api/sys/duplicate/check?tableName=cust_member&fieldName=memberNo&fieldVal=M100001`, { token: demo.admin, headers: T1 })).body.success).toBe(false);
    expect((await call(demo.app, 'GET', `/api/sys/duplicate/check?tableName=cust_member&fieldName=memberNo&fieldVal=M100001`, { token: demo.clerk })).body.success).toBe(true);
  });

  it('batch-deletes the selected members', async () => {
    const ids: string[] = [];
    for (const [memberNo, mobile] of [['B0001', '13900000001'], ['B0002', '13900000002']] as const) {
      ids.push((await call<MemberRecord>(demo.app, 'POST', `${BASE}/add`, { token: demo.admin, headers: T1, body: { ...validMember(memberNo), mobile } })).body.result.id);
    }
    const response = await call(demo.app, 'DELETE', `${BASE}/deleteBatch?ids=${ids.join(',')},`, { token: demo.admin, headers: T1 });
    expect(response.body).toMatchObject({ success: true, message: '批量删除成功!' });
    expect((await list(demo.admin, 'memberNo=B*', T1)).total).toBe(0);
  });
});

describe('clerk', () => {
  it('holds list and edit, not add, delete, batch delete, import or the ledger changes; export is granted to everybody', async () => {
    const permissions = await call<PermissionResult>(demo.app, 'GET', '/api/sys/permission/getUserPermissionByToken', { token: demo.clerk });
    const actions = permissions.body.result.auth.map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['cust:member:list', 'cust:member:edit']));
    for (const code of ['cust:member:add', 'cust:member:delete', 'cust:member:deleteBatch', 'cust:member:importExcel', 'cust:member:adjustPoints', 'cust:member:adjustBalance']) {
      expect(actions).not.toContain(code);
    }
    const allAuth = permissions.body.result.allAuth;
    expect(allAuth).toContainEqual({ action: 'cust:member:add', type: '1', status: '1', describe: '新增会员' });
    expect(allAuth).toContainEqual({ action: 'cust:member:delete', type: '2', status: '1', describe: '删除会员' });
    expect(allAuth).toContainEqual({ action: 'cust:member:exportXls', type: '1', status: '0', describe: '导出会员' });
    expect(allAuth).toContainEqual({ action: 'cust:member:adjustPoints', type: '1', status: '1', describe: '修改积分' });
  });

  it('is answered 403 on add, delete, batch delete, import and adjustPoints, and may list, edit and export', async () => {
    const target = (await list(demo.clerk)).records[0];
    const id = String(target?.id);
    const forbidden: Array<['POST' | 'DELETE', string, unknown]> = [
      ['POST', `${BASE}/add`, validMember('C0001')],
      ['DELETE', `${BASE}/delete?id=${id}`, undefined],
      ['DELETE', `${BASE}/deleteBatch?ids=${id},`, undefined],
      ['POST', `${BASE}/importExcel`, {}],
      ['POST', `${BASE}/adjustPoints`, { memberId: id, point: 5, reason: '越权' }],
    ];
    for (const [method, url, body] of forbidden) {
      const response = await call(demo.app, method, url, { token: demo.clerk, ...(body !== undefined ? { body } : {}) });
      expect(response.status, url).toBe(403);
      expect(response.body).toMatchObject({ success: false, code: 403 });
    }
    const edited = await call<MemberRecord>(demo.app, 'PUT', `${BASE}/edit`, { token: demo.clerk, body: { id, nickname: '店员改' } });
    expect(edited.body).toMatchObject({ success: true, result: { nickname: '店员改', tenantId: 0 } });
    const exported = await demo.app.inject({ method: 'GET', url: `${BASE}/exportXls`, headers: { 'x-access-token': demo.clerk } });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    expect((await list(demo.clerk)).total).toBe(60);
  });
});
