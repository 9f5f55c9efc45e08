/**
 * 数据日志: every add, edit and delete the CRUD engine makes leaves a version of the record — its values, and for an
 * edit each changed field before and after — readable as the record's history with the entity's list permission.
 */
import { describe, expect, it } from 'vitest';
import type { DataLogVersion } from '../../src/contracts/data-log';
import type { PageResult } from '../../src/contracts/entity';
import { call, useDemoServer } from './helpers';

const demo = useDemoServer();

async function history(dataTable: string, dataId: string, token = demo.admin) {
  return call<DataLogVersion[]>(demo.app, 'GET', `/api/sys/dataLog/history?dataTable=${dataTable}&dataId=${dataId}`, { token });
}

async function addDict(code: string): Promise<string> {
  const added = await call<{ id: string }>(demo.app, 'POST', '/api/sys/dict/add', { token: demo.admin, body: { dictName: '颜色', dictCode: code, description: '商品颜色' } });
  expect(added.body.success).toBe(true);
  return added.body.result.id;
}

describe('a record’s history', () => {
  it('keeps add, edit and delete as versions, newest first, with each changed field before and after', async () => {
    const code = `color_${Date.now()}`;
    const id = await addDict(code);
    const edited = await call(demo.app, 'PUT', '/api/sys/dict/edit', { token: demo.admin, body: { id, dictName: '商品颜色', dictCode: code, description: '' } });
    expect(edited.body.success).toBe(true);
    const deleted = await call(demo.app, 'DELETE', `/api/sys/dict/delete?id=${id}`, { token: demo.admin });
    expect(deleted.body.success).toBe(true);

    const answer = await history('dicts', id);
    expect(answer.status).toBe(200);
    const versions = answer.body.result;
    expect(versions.map((version) => [version.dataVersion, version.action, version.createBy])).toEqual([
      [3, 'delete', 'admin'],
      [2, 'edit', 'admin'],
      [1, 'add', 'admin'],
    ]);
    expect(versions[2]?.content).toEqual({ dictName: '颜色', dictCode: code, description: '商品颜色' });
    expect(versions[1]?.changes).toEqual([
      { field: 'dictName', label: '字典名称', before: '颜色', after: '商品颜色' },
      { field: 'description', label: '描述', before: '商品颜色', after: null },
    ]);
    // A delete keeps the last values.
    expect(versions[0]?.content).toMatchObject({ dictName: '商品颜色', dictCode: code });
    expect(versions[0]?.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('records an edit that changed nothing as a version without changes', async () => {
    const code = `size_${Date.now()}`;
    const id = await addDict(code);
    await call(demo.app, 'PUT', '/api/sys/dict/edit', { token: demo.admin, body: { id, dictName: '颜色', dictCode: code, description: '商品颜色' } });
    const versions = (await history('dicts', id)).body.result;
    expect(versions.map((version) => [version.dataVersion, version.action, version.changes])).toEqual([
      [2, 'edit', []],
      [1, 'add', []],
    ]);
  });

  it('is refused without the entity’s list permission (403) and for a table the engine does not serve', async () => {
    const id = await addDict(`perm_${Date.now()}`);
    const clerk = await history('dicts', id, demo.clerk);
    expect(clerk.status).toBe(403);
    const sessions = await history('sessions', id);
    expect(sessions.body).toMatchObject({ success: false, message: '该数据没有修改记录' });
    const hostile = await call(demo.app, 'GET', `/api/sys/dataLog/history?dataTable=dicts&dataId=${encodeURIComponent("x' or '1'='1")}`, { token: demo.admin });
    expect(hostile.status).toBe(400);
  });

  it('never keeps a password: the user’s versions carry no password value', async () => {
    const username = `dl_${Date.now()}`;
    const added = await call<{ id: string }>(demo.app, 'POST', '/api/sys/user/add', { token: demo.admin, body: { username, realname: '日志用户', password: 'secret-pass-987', selectedroles: '' } });
    expect(added.body.success).toBe(true);
    await demo.app.logWriter.flush();
    const rows = await call<PageResult<Record<string, unknown>>>(demo.app, 'GET', `/api/sys/dataLog/list?dataTable=users&dataId=${added.body.result.id}`, { token: demo.admin });
    expect(rows.body.result.total).toBe(1);
    expect(rows.body.result.records[0]).toMatchObject({ action: 'add', action_dictText: '新增', dataVersion: 1 });
    expect(JSON.stringify(rows.body.result.records)).not.toContain('secret-pass-987');
    expect(JSON.stringify(rows.body.result.records)).toContain(username);
  });
});

describe('数据日志 list', () => {
  it('lists the versions of a record by table and id, for the holder of system:dataLog:list only', async () => {
    const id = await addDict(`list_${Date.now()}`);
    await call(demo.app, 'DELETE', `/api/sys/dict/delete?id=${id}`, { token: demo.admin });
    const answer = await call<PageResult<Record<string, unknown>>>(demo.app, 'GET', `/api/sys/dataLog/list?dataTable=dicts&dataId=${id}&column=dataVersion&order=asc`, { token: demo.admin });
    expect(answer.body.result.records.map((row) => [row.dataVersion, row.action_dictText])).toEqual([
      [1, '新增'],
      [2, '删除'],
    ]);
    const clerk = await call(demo.app, 'GET', '/api/sys/dataLog/list', { token: demo.clerk });
    expect(clerk.status).toBe(403);
  });
});

describe('tenants', () => {
  it('keeps a tenant-scoped record’s history to its tenant', async () => {
    const adminRow = await demo.app.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    if ((await demo.app.db.selectFrom('tenants').select('id').where('id', '=', 2).executeTakeFirst()) === undefined) {
      await demo.app.db.insertInto('tenants').values({ id: 2, name: '第二租户' }).execute();
    }
    await demo.app.db.insertInto('user_tenant').values({ id: `dl-admin-t2-${Date.now()}`, user_id: adminRow.id, tenant_id: 2 }).execute();
    const T1 = { 'tenant-id': '1' };
    const T2 = { 'tenant-id': '2' };
    const code = `dl_tpl_${Date.now()}`;
    const added = await call<{ id: string }>(demo.app, 'POST', '/api/sys/message/sysMessageTemplate/add', {
      token: demo.admin,
      headers: T1,
      body: { templateCode: code, templateName: '日志模板', templateType: '1', templateContent: '你好 ${name}' },
    });
    expect(added.body.success, JSON.stringify(added.body)).toBe(true);
    const id = added.body.result.id;
    const own = await call<DataLogVersion[]>(demo.app, 'GET', `/api/sys/dataLog/history?dataTable=sys_message_template&dataId=${id}`, { token: demo.admin, headers: T1 });
    expect(own.body.result.map((version) => version.action)).toEqual(['add']);
    const other = await call<DataLogVersion[]>(demo.app, 'GET', `/api/sys/dataLog/history?dataTable=sys_message_template&dataId=${id}`, { token: demo.admin, headers: T2 });
    expect(other.body.result).toEqual([]);
    const listed = await call<PageResult<Record<string, unknown>>>(demo.app, 'GET', `/api/sys/dataLog/list?dataId=${id}`, { token: demo.admin, headers: T2 });
    expect(listed.body.result.total).toBe(0);
  });

  it('names what a version changed as the lists do: a dictionary code by its text, a member’s id by the member, in the history and in 数据日志', async () => {
    const T1 = { 'tenant-id': '1' };
    const stamp = String(Date.now()).slice(-7);
    const addMember = async (name: string, mobile: string) => {
      const added = await call<{ id: string }>(demo.app, 'POST', '/api/cust/custMember/add', { token: demo.admin, headers: T1, body: { memberNo: `DL${mobile.slice(-8)}`, memberName: name, mobile, status: '1' } });
      expect(added.body.success, JSON.stringify(added.body)).toBe(true);
      return added.body.result.id;
    };
    const first = await addMember('日志会员甲', `1390${stamp}`);
    const second = await addMember('日志会员乙', `1391${stamp}`);
    expect((await call(demo.app, 'PUT', '/api/cust/custMember/edit', { token: demo.admin, headers: T1, body: { id: first, status: '0' } })).body.success).toBe(true);
    const address = await call<{ id: string }>(demo.app, 'POST', '/api/cust/custAddress/add', {
      token: demo.admin,
      headers: T1,
      body: { memberId: first, name: '收件人', mobile: `1392${stamp}`, areaId: '110101', detailAddress: '长安街 1 号', defaultStatus: false },
    });
    expect(address.body.success, JSON.stringify(address.body)).toBe(true);
    const moved = await call(demo.app, 'PUT', '/api/cust/custAddress/edit', { token: demo.admin, headers: T1, body: { id: address.body.result.id, memberId: second } });
    expect(moved.body.success, JSON.stringify(moved.body)).toBe(true);

    // 修改记录 of the member: 状态 有效 → 无效, never 1 → 0.
    const memberHistory = await call<DataLogVersion[]>(demo.app, 'GET', `/api/sys/dataLog/history?dataTable=cust_member&dataId=${first}`, { token: demo.admin, headers: T1 });
    const statusChange = memberHistory.body.result[0]?.changes.find((change) => change.field === 'status');
    expect(statusChange).toMatchObject({ before: '1', after: '0', beforeText: '有效', afterText: '无效' });
    expect(memberHistory.body.result[0]?.contentText).toMatchObject({ status: '无效' });

    // The address moved from one member to the other: both by name, never the 32-character ids.
    const addressHistory = await call<DataLogVersion[]>(demo.app, 'GET', `/api/sys/dataLog/history?dataTable=cust_address&dataId=${address.body.result.id}`, { token: demo.admin, headers: T1 });
    const [edit, add] = addressHistory.body.result;
    expect(edit?.changes).toEqual([
      { field: 'memberId', label: '会员', before: first, after: second, beforeText: `日志会员甲 1390${stamp}`, afterText: `日志会员乙 1391${stamp}` },
    ]);
    expect(add?.contentText?.memberId).toBe(`日志会员甲 1390${stamp}`);
    expect(add?.contentText?.areaId).toEqual(expect.stringContaining('东城区'));

    // 数据日志's list names them the same way.
    const listed = await call<PageResult<Record<string, unknown>>>(demo.app, 'GET', `/api/sys/dataLog/list?dataTable=cust_member&dataId=${first}&pageSize=10`, { token: demo.admin, headers: T1 });
    expect(listed.body.success, JSON.stringify(listed.body)).toBe(true);
    const latest = listed.body.result.records.find((record) => record.dataVersion === 2);
    expect(latest?.dataChanges).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'status', beforeText: '有效', afterText: '无效' })]));
    expect(latest?.dataContentText).toMatchObject({ status: '无效' });
    // Each row says what it logged by kind and name (its version drawer's title), never by the record's id.
    expect(latest).toMatchObject({ dataEntityTitle: 'customers:member.title', dataRecordName: `DL${`1390${stamp}`.slice(-8)}` });
    const addressRows = await call<PageResult<Record<string, unknown>>>(demo.app, 'GET', `/api/sys/dataLog/list?dataTable=cust_address&dataId=${address.body.result.id}&pageSize=10`, { token: demo.admin, headers: T1 });
    expect(addressRows.body.result.records.map((record) => record.dataRecordName)).not.toContain(address.body.result.id);
    const one = await call<Record<string, unknown>>(demo.app, 'GET', `/api/sys/dataLog/queryById?id=${String(latest?.id)}`, { token: demo.admin, headers: T1 });
    expect(one.body.result.dataContentText).toMatchObject({ status: '无效' });
  });
});

