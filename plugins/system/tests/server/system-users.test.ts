/** 用户管理 (issue 4): the users API — engine reads, transactional writes, freezing, passwords, guards. */
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PageResult } from '../../../../src/contracts/entity';
import { call, login, probe, type RouteProbe, useDemoServer } from '../../../../tests/server/helpers';

const demo = useDemoServer();
let adminId: string;
let clerkRoleId: string;
let adminRoleId: string;
let southId: string;
let eastId: string;

type UserRow = Record<string, unknown> & { id: string; username: string };

beforeAll(async () => {
  adminId = (await demo.app.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
  const roles = await demo.app.db.selectFrom('roles').select(['id', 'role_code']).execute();
  clerkRoleId = roles.find((role) => role.role_code === 'clerk')?.id ?? '';
  adminRoleId = roles.find((role) => role.role_code === 'admin')?.id ?? '';
  const departs = await demo.app.db.selectFrom('departments').select(['id', 'org_code']).execute();
  southId = departs.find((depart) => depart.org_code === 'A01A02')?.id ?? '';
  eastId = departs.find((depart) => depart.org_code === 'A01A01')?.id ?? '';
});

async function addUser(body: Record<string, unknown>, token = demo.admin) {
  return call<UserRow | null>(demo.app, 'POST', '/api/sys/user/add', { token, body: { realname: '测试用户', password: 'secret123', ...body } });
}

async function listUsers(query: string, token = demo.admin) {
  return call<PageResult<UserRow>>(demo.app, 'GET', `/api/sys/user/list?${query}`, { token });
}

async function tryLogin(username: string, password: string) {
  return call<{ token: string }>(demo.app, 'POST', '/api/sys/login', { body: { username, password } });
}

function expectNoPassword(value: unknown): void {
  const text = JSON.stringify(value);
  expect(text).not.toContain('password');
  expect(text).not.toContain('scrypt$');
}

describe('add and edit', () => {
  it('creates a user with roles and departments in one go, never showing the password', async () => {
    const created = await addUser({
      username: 'u_alice',
      realname: '爱丽丝',
      phone: '13711112222',
      email: 'alice@example.com',
      sex: 2,
      birthday: '1990-05-06',
      workNo: 'W001',
      avatar: 'temp/alice.png',
      selectedroles: `${clerkRoleId},`,
      selecteddeparts: `${southId},${eastId}`,
    });
    expect(created.body).toMatchObject({ success: true, message: '添加成功！' });
    const id = created.body.result?.id ?? '';
    expect(created.body.result).toMatchObject({ username: 'u_alice', status: 1, status_dictText: '正常', sex: 2, sex_dictText: '女', birthday: '1990-05-06', workNo: 'W001', avatar: 'temp/alice.png' });
    expectNoPassword(created.body);

    const roles = await call<string[]>(demo.app, 'GET', `/api/sys/user/queryUserRole?userid=${id}`, { token: demo.admin });
    expect(roles.body.result).toEqual([clerkRoleId]);
    const departs = await call<Array<{ key: string; title: string }>>(demo.app, 'GET', `/api/sys/user/userDepartList?userId=${id}`, { token: demo.admin });
    expect(departs.body.result.map((d) => d.title).sort()).toEqual(['华东分公司', '华南分公司']);

    const byId = await call<UserRow>(demo.app, 'GET', `/api/sys/user/queryById?id=${id}`, { token: demo.admin });
    expect(byId.body.result.username).toBe('u_alice');
    expectNoPassword(byId.body);
    // The stored password is a scrypt hash, and it works.
    const stored = await demo.app.db.selectFrom('users').select('password').where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored.password).toMatch(/^scrypt\$/);
    expect((await tryLogin('u_alice', 'secret123')).body.success).toBe(true);
  });

  it('refuses taken identities, unknown roles or departments and bad passwords with their messages', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ username: 'admin' }, '用户账号已存在'],
      [{ username: 'u_bob', phone: '13800000000' }, '手机号已存在'],
      [{ username: 'u_bob', email: 'clerk@example.com' }, '邮箱已存在'],
      [{ username: 'u_bob', selectedroles: 'nope' }, '所选角色不存在'],
      [{ username: 'u_bob', selectedroles: `${clerkRoleId},x' or 1=1--` }, '所选角色不存在'],
      [{ username: 'u_bob', selecteddeparts: 'nope' }, '所选部门不存在'],
      [{ username: 'u_bob', password: '' }, '密码不能为空'],
      [{ username: 'u_bob', password: '123' }, '密码长度应为6到64位'],
      [{ username: 'u_bob', password: 'secret123', confirmpassword: 'secret124' }, '两次输入的密码不一样！'],
      [{ username: 'u_bob', realname: '' }, '用户姓名不能为空'],
      [{ username: 'u_bob', sex: 9 }, '性别的值不在字典中'],
      [{ username: 'u_bob', phone: '12345' }, '请输入正确的手机号'],
      [{ username: 'no spaces' }, '用户名须为 3-32 位字母、数字或下划线'],
    ];
    for (const [body, message] of cases) {
      const response = await addUser(body);
      expect(response.body, JSON.stringify(body)).toMatchObject({ success: false, message });
    }
    expect((await listUsers('username=u_bob')).body.result.total).toBe(0);
  });

  it('edits fields and replaces relations, but never the account name or the password', async () => {
    const created = await addUser({ username: 'u_carol', selectedroles: clerkRoleId, selecteddeparts: southId });
    const id = created.body.result?.id ?? '';
    const edited = await call<UserRow>(demo.app, 'PUT', '/api/sys/user/edit', {
      token: demo.admin,
      body: { id, username: 'u_carol2', password: 'hijacked1', realname: '卡罗尔', phone: '13722223333', selectedroles: '', selecteddeparts: eastId },
    });
    expect(edited.body).toMatchObject({ success: true, message: '编辑成功!' });
    expect(edited.body.result).toMatchObject({ username: 'u_carol', realname: '卡罗尔', phone: '13722223333' });
    expectNoPassword(edited.body);
    expect((await call<string[]>(demo.app, 'GET', `/api/sys/user/queryUserRole?userid=${id}`, { token: demo.admin })).body.result).toEqual([]);
    expect((await call<Array<{ key: string }>>(demo.app, 'GET', `/api/sys/user/userDepartList?userId=${id}`, { token: demo.admin })).body.result.map((d) => d.key)).toEqual([eastId]);
    expect((await tryLogin('u_carol', 'secret123')).body.success).toBe(true);
    expect((await tryLogin('u_carol', 'hijacked1')).body.success).toBe(false);

    // Leaving the relations out keeps them.
    await call(demo.app, 'PUT', '/api/sys/user/edit', { token: demo.admin, body: { id, workNo: 'W9' } });
    expect((await call<Array<{ key: string }>>(demo.app, 'GET', `/api/sys/user/userDepartList?userId=${id}`, { token: demo.admin })).body.result.map((d) => d.key)).toEqual([eastId]);

    const taken = await call(demo.app, 'PUT', '/api/sys/user/edit', { token: demo.admin, body: { id, phone: '13900000000' } });
    expect(taken.body).toMatchObject({ success: false, message: '手机号已存在' });
    const missing = await call(demo.app, 'PUT', '/api/sys/user/edit', { token: demo.admin, body: { id: 'nope', realname: 'x' } });
    expect(missing.body).toMatchObject({ success: false, message: '未找到对应数据' });

    // The form's version (issue 32): a save from a form read before another save is refused, roles included.
    const read = (await call<UserRow & { rowVersion: string }>(demo.app, 'GET', `/api/sys/user/queryById?id=${id}`, { token: demo.admin })).body.result.rowVersion;
    expect((await call(demo.app, 'PUT', '/api/sys/user/edit', { token: demo.admin, body: { id, realname: '新名字', rowVersion: read } })).body.success).toBe(true);
    const stale = await call(demo.app, 'PUT', '/api/sys/user/edit', { token: demo.admin, body: { id, realname: '旧表单', selectedroles: clerkRoleId, rowVersion: read } });
    expect(stale.body).toMatchObject({ success: false, code: 409, message: '数据已被他人修改，请刷新后重试' });
    expect((await call<UserRow>(demo.app, 'GET', `/api/sys/user/queryById?id=${id}`, { token: demo.admin })).body.result).toMatchObject({ realname: '新名字' });
    expect((await call<string[]>(demo.app, 'GET', `/api/sys/user/queryUserRole?userid=${id}`, { token: demo.admin })).body.result).toEqual([]);
  });
});

describe('list, export and import', () => {
  it('searches by account, name, phone and status, sorts by account, and ignores a hostile sort column', async () => {
    expect((await listUsers('username=*u_al*')).body.result.records.map((r) => r.username)).toEqual(['u_alice']);
    expect((await listUsers(`realname=${encodeURIComponent('*爱丽*')}`)).body.result.records.map((r) => r.username)).toEqual(['u_alice']);
    expect((await listUsers('phone=*1111222*')).body.result.records.map((r) => r.username)).toEqual(['u_alice']);
    const sorted = await listUsers('column=username&order=asc&pageSize=100');
    const names = sorted.body.result.records.map((r) => r.username);
    expect(names).toEqual([...names].sort());
    expect(names).toContain('admin');
    const byDefault = (await listUsers('pageSize=100')).body.result.records.map((r) => r.username);
    expect(byDefault).not.toEqual(names);
    for (const column of ['password', 'password desc', '1;drop table users', 'username;select 1']) {
      const hostile = await listUsers(`column=${encodeURIComponent(column)}&pageSize=100`);
      expect(hostile.status, column).toBe(200);
      // Not applied: the default order (createTime desc), not an order by name or by password.
      expect(hostile.body.result.records.map((r) => r.username), column).toEqual(byDefault);
    }
    expectNoPassword(sorted.body);
    const bad = await listUsers('status=abc');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, code: 400, message: '参数校验失败：status 必须是整数' });
    // A dictionary-coded int is a smallint column: beyond its range is refused, not a database error.
    expect((await listUsers('status=99999')).body).toMatchObject({ success: false, code: 400, message: '参数校验失败：status 超出允许的范围（-32768 至 32767）' });
  });

  it('exports without any password and imports users frozen with no usable password', async () => {
    const response = await demo.app.inject({ method: 'GET', url: '/api/sys/user/exportXls?username=*u_al*', headers: { 'x-access-token': demo.admin } });
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const header = (sheet?.getRow(3).values as unknown[]).filter((value) => value !== undefined);
    expect(header).toEqual(['用户账号', '用户姓名', '性别', '生日', '状态', '手机号码', '邮箱', '工号', '当前部门编码']);
    expect(sheet?.getRow(4).getCell(1).text).toBe('u_alice');
    const cells: string[] = [];
    sheet?.eachRow((row) => row.eachCell((cell) => cells.push(cell.text)));
    expect(cells.join('|')).not.toMatch(/scrypt|secret123/);

    const upload = new ExcelJS.Workbook();
    const data = upload.addWorksheet('data');
    data.addRow(['用户管理']);
    data.addRow(['导出人:admin']);
    data.addRow(['用户账号', '用户姓名', '性别', '状态', '手机号码']);
    data.addRow(['u_imported', '导入用户', '男', '正常', '13733334444']);
    data.addRow(['admin', '重复', '男', '正常', '']);
    const file = Buffer.from(await upload.xlsx.writeBuffer());
    const boundary = '----users-boundary';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="users.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const imported = await demo.app.inject({ method: 'POST', url: '/api/sys/user/importExcel', payload, headers: { 'x-access-token': demo.admin, 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(imported.json()).toMatchObject({ success: true, code: 201, message: '导入完成：成功 1 条，跳过 1 条' });
    const row = (await listUsers('username=u_imported')).body.result.records[0];
    // Pending approval like a self-registered account: listed under status 2.
    expect(row).toMatchObject({ username: 'u_imported', status: 2, status_dictText: '冻结', sex: 1 });
    expect((await listUsers('status=2')).body.result.records.map((r) => r.username)).toContain('u_imported');
    expect((await listUsers('status=1&pageSize=100')).body.result.records.map((r) => r.username)).not.toContain('u_imported');
    expect((await tryLogin('u_imported', '123456')).body.success).toBe(false);
  });
});

describe('checkOnlyUser', () => {
  it('answers false with the message when another user holds the value', async () => {
    const check = (query: string) => call(demo.app, 'GET', `/api/sys/user/checkOnlyUser?${query}`, { token: demo.admin });
    expect((await check('username=admin')).body).toMatchObject({ success: false, message: '用户账号已存在' });
    expect((await check(`username=admin&id=${adminId}`)).body).toMatchObject({ success: true });
    expect((await check('username=nobody_here')).body).toMatchObject({ success: true, message: '该值可用！' });
    expect((await check('phone=13900000000')).body).toMatchObject({ success: false, message: '手机号已存在' });
    expect((await check('phone=13000000009')).body.success).toBe(true);
    expect((await check('email=admin%40example.com')).body).toMatchObject({ success: false, message: '邮箱已存在' });
    expect((await check(`email=admin%40example.com&id=${adminId}`)).body.success).toBe(true);
    expect((await check('')).body).toMatchObject({ success: false, message: '校验参数不能为空' });
  });
});

describe('freezing', () => {
  it('freezes (ending the sessions), refuses the administrator and the caller, and unfreezes', async () => {
    const created = await addUser({ username: 'u_dave' });
    const id = created.body.result?.id ?? '';
    const token = (await login(demo.app, 'u_dave', 'secret123')).token;
    expect((await call(demo.app, 'GET', '/api/sys/permission/getUserPermissionByToken', { token })).status).toBe(200);

    const frozen = await call(demo.app, 'PUT', '/api/sys/user/frozenBatch', { token: demo.admin, body: { ids: `${id},`, status: '2' } });
    expect(frozen.body).toMatchObject({ success: true, message: '冻结成功!' });
    expect((await call(demo.app, 'GET', '/api/sys/permission/getUserPermissionByToken', { token })).status).toBe(401);
    expect((await tryLogin('u_dave', 'secret123')).body).toMatchObject({ success: false, message: '用户名或密码错误' });
    expect((await listUsers('status=2&username=u_dave')).body.result.total).toBe(1);

    expect((await call(demo.app, 'PUT', '/api/sys/user/frozenBatch', { token: demo.admin, body: { ids: `${id},${adminId}`, status: '2' } })).body).toMatchObject({ success: false, message: '不能冻结管理员账号！' });
    expect((await call(demo.app, 'PUT', '/api/sys/user/frozenBatch', { token: demo.admin, body: { ids: id, status: '3' } })).body).toMatchObject({ success: false, message: '状态参数不正确' });
    expect((await call(demo.app, 'PUT', '/api/sys/user/frozenBatch', { token: demo.admin, body: { ids: '', status: '1' } })).body).toMatchObject({ success: false, message: '未找到对应数据' });

    const thawed = await call(demo.app, 'PUT', '/api/sys/user/frozenBatch', { token: demo.admin, body: { ids: id, status: 1 } });
    expect(thawed.body).toMatchObject({ success: true, message: '解冻成功!' });
    // The old session stays ended; a new login works.
    expect((await call(demo.app, 'GET', '/api/sys/permission/getUserPermissionByToken', { token })).status).toBe(401);
    expect((await tryLogin('u_dave', 'secret123')).body.success).toBe(true);
  });
});

describe('changePassword', () => {
  it('sets another user’s password and ends that user’s sessions', async () => {
    await addUser({ username: 'u_erin' });
    const token = (await login(demo.app, 'u_erin', 'secret123')).token;
    const reset = (body: Record<string, unknown>) => call(demo.app, 'PUT', '/api/sys/user/changePassword', { token: demo.admin, body });
    expect((await reset({ username: 'u_erin', password: 'newpass1', confirmpassword: 'newpass2' })).body).toMatchObject({ success: false, message: '两次输入的密码不一样！' });
    expect((await reset({ username: 'u_erin', password: '12', confirmpassword: '12' })).body).toMatchObject({ success: false, message: '密码长度应为6到64位' });
    expect((await reset({ username: 'nobody_here', password: 'newpass1', confirmpassword: 'newpass1' })).body).toMatchObject({ success: false, message: '用户不存在' });
    expect((await call(demo.app, 'GET', '/api/sys/permission/getUserPermissionByToken', { token })).status).toBe(200);

    expect((await reset({ username: 'u_erin', password: 'newpass1', confirmpassword: 'newpass1' })).body).toMatchObject({ success: true, message: '密码修改成功！' });
    expect((await call(demo.app, 'GET', '/api/sys/permission/getUserPermissionByToken', { token })).status).toBe(401);
    expect((await tryLogin('u_erin', 'secret123')).body.success).toBe(false);
    expect((await tryLogin('u_erin', 'newpass1')).body.success).toBe(true);
  });
});

describe('delete', () => {
  it('soft-deletes (ending the sessions), never the administrator nor the caller', async () => {
    const first = (await addUser({ username: 'u_frank' })).body.result?.id ?? '';
    const second = (await addUser({ username: 'u_grace' })).body.result?.id ?? '';
    const third = (await addUser({ username: 'u_heidi' })).body.result?.id ?? '';
    const token = (await login(demo.app, 'u_frank', 'secret123')).token;

    expect((await call(demo.app, 'DELETE', `/api/sys/user/delete?id=${adminId}`, { token: demo.admin })).body).toMatchObject({ success: false, message: '不能删除管理员账号！' });
    expect((await call(demo.app, 'DELETE', `/api/sys/user/deleteBatch?ids=${second},${adminId},`, { token: demo.admin })).body).toMatchObject({ success: false, message: '不能删除管理员账号！' });
    expect((await call(demo.app, 'DELETE', `/api/sys/user/delete?id=${first}`, { token: demo.admin })).body).toMatchObject({ success: true, message: '删除成功!' });
    expect((await call(demo.app, 'GET', '/api/sys/permission/getUserPermissionByToken', { token })).status).toBe(401);
    expect((await call(demo.app, 'DELETE', `/api/sys/user/delete?id=${first}`, { token: demo.admin })).body).toMatchObject({ success: false, message: '未找到对应数据' });
    expect((await call(demo.app, 'DELETE', `/api/sys/user/deleteBatch?ids=${second},${third},`, { token: demo.admin })).body).toMatchObject({ success: true, message: '批量删除成功!' });
    const live = (await listUsers('pageSize=100')).body.result.records.map((r) => r.username);
    for (const name of ['u_frank', 'u_grace', 'u_heidi']) expect(live).not.toContain(name);
    // The account name stays taken after a delete (the column is unique over every row).
    expect((await addUser({ username: 'u_frank' })).body).toMatchObject({ success: false, message: '用户账号已存在' });
  });

  it('a second administrator cannot delete or freeze themselves', async () => {
    await addUser({ username: 'u_ivan', selectedroles: adminRoleId });
    const ivan = await login(demo.app, 'u_ivan', 'secret123');
    const ivanId = ivan.userInfo.id;
    expect((await call(demo.app, 'DELETE', `/api/sys/user/delete?id=${ivanId}`, { token: ivan.token })).body).toMatchObject({ success: false, message: '不能删除当前登录用户！' });
    expect((await call(demo.app, 'PUT', '/api/sys/user/frozenBatch', { token: ivan.token, body: { ids: ivanId, status: '2' } })).body).toMatchObject({ success: false, message: '不能冻结当前登录用户！' });
  });
});

describe('departments and guards', () => {
  it('lists the users of a department', async () => {
    const users = await call<UserRow[]>(demo.app, 'GET', `/api/sys/user/queryUserByDepId?id=${southId}`, { token: demo.admin });
    expect(users.body.result.map((u) => u.username)).toEqual(expect.arrayContaining(['clerk', 'u_alice']));
    expectNoPassword(users.body);
    expect((await call<UserRow[]>(demo.app, 'GET', `/api/sys/user/queryUserByDepId?id=${encodeURIComponent("x' or '1'='1")}`, { token: demo.admin })).body.result).toEqual([]);
  });

  it('a user manager who is not an administrator cannot take over or create administrators', async () => {
    // A role granted every user-management button, but not the admin role.
    await demo.app.db.insertInto('roles').values({ id: 'role-usermgr', role_code: 'usermgr', role_name: '用户管理员' }).execute();
    const codes = await demo.app.db.selectFrom('permissions').select(['id', 'perms']).where('perms', 'like', 'system:user:%').execute();
    await demo.app.db.insertInto('role_permission').values(codes.map((code, index) => ({ id: `rp-usermgr-${index}`, role_id: 'role-usermgr', permission_id: code.id }))).execute();
    await addUser({ username: 'u_judy', selectedroles: 'role-usermgr' });
    const judy = (await login(demo.app, 'u_judy', 'secret123')).token;

    expect((await listUsers('pageSize=5', judy)).body.success).toBe(true);
    const normal = await addUser({ username: 'u_kate', selectedroles: clerkRoleId }, judy);
    expect(normal.body.success).toBe(true);
    expect((await addUser({ username: 'u_mallory', selectedroles: adminRoleId }, judy)).body).toMatchObject({ success: false, message: '只有管理员可以管理管理员账号' });
    const takeOver = await call(demo.app, 'PUT', '/api/sys/user/changePassword', { token: judy, body: { username: 'admin', password: 'owned123', confirmpassword: 'owned123' } });
    expect(takeOver.body).toMatchObject({ success: false, message: '只有管理员可以管理管理员账号' });
    const ivanId = (await demo.app.db.selectFrom('users').select('id').where('username', '=', 'u_ivan').executeTakeFirstOrThrow()).id;
    expect((await call(demo.app, 'PUT', '/api/sys/user/edit', { token: judy, body: { id: ivanId, realname: 'x' } })).body).toMatchObject({ success: false, message: '只有管理员可以管理管理员账号' });
    const self = (await demo.app.db.selectFrom('users').select('id').where('username', '=', 'u_judy').executeTakeFirstOrThrow()).id;
    expect((await call(demo.app, 'PUT', '/api/sys/user/edit', { token: judy, body: { id: self, selectedroles: `role-usermgr,${adminRoleId}` } })).body).toMatchObject({ success: false, message: '只有管理员可以管理管理员账号' });
    expect((await tryLogin('admin', '123456')).body.success).toBe(true);
  });

  it('answers 403 to clerk on every users route', async () => {
    const routes: RouteProbe[] = [
      ['GET', '/api/sys/user/list'],
      ['GET', '/api/sys/user/queryById?id=x'],
      ['POST', '/api/sys/user/add'],
      ['PUT', '/api/sys/user/edit'],
      ['DELETE', '/api/sys/user/delete?id=x'],
      ['DELETE', '/api/sys/user/deleteBatch?ids=x'],
      ['GET', '/api/sys/user/exportXls'],
      ['POST', '/api/sys/user/importExcel'],
      ['PUT', '/api/sys/user/frozenBatch'],
      ['GET', '/api/sys/user/queryUserRole?userid=x'],
      ['GET', '/api/sys/user/userDepartList?userId=x'],
      ['GET', '/api/sys/user/checkOnlyUser?username=admin'],
      ['PUT', '/api/sys/user/changePassword'],
      ['GET', '/api/sys/user/queryUserByDepId?id=x'],
    ];
    for (const route of routes) {
      expect((await probe(demo.app, route, demo.clerk)).status, route.join(' ')).toBe(403);
      expect((await probe(demo.app, route)).status, `anonymous ${route.join(' ')}`).toBe(401);
    }
  });
});
