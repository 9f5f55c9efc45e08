/** 角色管理's API: role CRUD and pickers, the three permission-assignment kinds, data rules, legacy listings. */
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PageResult } from '../../../../src/contracts/entity';
import type { PermissionResult } from '../../../../src/contracts/session';
import type { LegacyPermission, LegacyRole, LegacyService, PermissionDataRule, PermissionTreeNode, PermissionTreeResult, RoleDataRuleResult, RoleTreeNode } from '../../roles/contracts';
import { call, login, probe, type RouteProbe, useDemoServer } from '../../../../tests/server/helpers';

const demo = useDemoServer();
let tree: PermissionTreeResult;

function flatten(nodes: readonly PermissionTreeNode[]): PermissionTreeNode[] {
  return nodes.flatMap((node) => [node, ...flatten(node.children ?? [])]);
}

function nodeTitled(title: string): PermissionTreeNode {
  const node = flatten(tree.treeList).find((candidate) => candidate.title === title);
  if (node === undefined) throw new Error(`no permission titled ${title}`);
  return node;
}

async function roleIdOf(code: string): Promise<string> {
  const row = await sql<{ id: string }>`select id from roles where role_code = ${code}`.execute(demo.app.db);
  const id = row.rows[0]?.id;
  if (id === undefined) throw new Error(`no role ${code}`);
  return id;
}

async function addRole(roleCode: string, roleName = `角色${roleCode}`): Promise<string> {
  const added = await call<{ id: string }>(demo.app, 'POST', '/api/sys/role/add', { token: demo.admin, body: { roleName, roleCode, description: '测试' } });
  expect(added.body.success, added.body.message).toBe(true);
  return added.body.result.id;
}

async function granted(url: string): Promise<string[]> {
  const response = await call<string[]>(demo.app, 'GET', url, { token: demo.admin });
  expect(response.body.success, response.body.message).toBe(true);
  return [...response.body.result].sort();
}

const sorted = (ids: string[]) => [...ids].sort();

beforeAll(async () => {
  tree = (await call<PermissionTreeResult>(demo.app, 'GET', '/api/sys/permission/queryTreeList', { token: demo.admin })).body.result;
});

describe('role CRUD', () => {
  it('adds, finds, edits, exports and deletes roles with the conventions messages', async () => {
    const added = await call<{ id: string; roleCode: string }>(demo.app, 'POST', '/api/sys/role/add', { token: demo.admin, body: { roleName: '仓库管理员', roleCode: 'storekeeper', description: '管理库存' } });
    expect(added.body).toMatchObject({ success: true, message: '添加成功！', result: { roleCode: 'storekeeper' } });
    const id = added.body.result.id;

    const duplicate = await call(demo.app, 'POST', '/api/sys/role/add', { token: demo.admin, body: { roleName: '另一个', roleCode: 'storekeeper' } });
    expect(duplicate.body).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
    const badCode = await call(demo.app, 'POST', '/api/sys/role/add', { token: demo.admin, body: { roleName: '坏编码', roleCode: "x' or 1=1" } });
    expect(badCode.body).toMatchObject({ success: false, message: '角色编码只能包含字母、数字、下划线和中划线！' });
    const missing = await call(demo.app, 'POST', '/api/sys/role/add', { token: demo.admin, body: { roleCode: 'noname' } });
    expect(missing.body.success).toBe(false);

    const page = await call<PageResult<{ id: string; roleName: string }>>(demo.app, 'GET', `/api/sys/role/list?roleName=${encodeURIComponent('*仓库*')}`, { token: demo.admin });
    expect(page.body.result.records.map((r) => r.roleName)).toEqual(['仓库管理员']);
    const byCode = await call<PageResult<{ roleCode: string }>>(demo.app, 'GET', '/api/sys/role/list?roleCode=*clerk*', { token: demo.admin });
    expect(byCode.body.result.records.map((r) => r.roleCode)).toEqual(['clerk']);

    const edited = await call(demo.app, 'PUT', '/api/sys/role/edit', { token: demo.admin, body: { id, roleName: '库管', roleCode: 'storekeeper' } });
    expect(edited.body).toMatchObject({ success: true, message: '编辑成功!' });
    expect((await call<{ roleName: string }>(demo.app, 'GET', `/api/sys/role/queryById?id=${id}`, { token: demo.admin })).body.result.roleName).toBe('库管');

    const exported = await demo.app.inject({ method: 'GET', url: '/api/sys/role/exportXls', headers: { 'x-access-token': demo.admin } });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');

    expect((await call(demo.app, 'DELETE', `/api/sys/role/delete?id=${id}`, { token: demo.admin })).body).toMatchObject({ success: true, message: '删除成功!' });
    expect((await call(demo.app, 'GET', `/api/sys/role/queryById?id=${id}`, { token: demo.admin })).body).toMatchObject({ success: false, message: '未找到对应数据' });
    expect((await call(demo.app, 'DELETE', `/api/sys/role/delete?id=${id}`, { token: demo.admin })).body).toMatchObject({ success: false, message: '未找到对应数据' });
  });

  it('refuses to delete the admin role or change its code, alone or in a batch', async () => {
    const adminRole = await roleIdOf('admin');
    expect((await call(demo.app, 'DELETE', `/api/sys/role/delete?id=${adminRole}`, { token: demo.admin })).body).toMatchObject({ success: false, message: '管理员角色不能删除！' });
    const other = await addRole('batch_one');
    const batch = await call(demo.app, 'DELETE', `/api/sys/role/deleteBatch?ids=${other},${adminRole},`, { token: demo.admin });
    expect(batch.body).toMatchObject({ success: false, message: '管理员角色不能删除！' });
    expect((await call(demo.app, 'GET', `/api/sys/role/queryById?id=${other}`, { token: demo.admin })).body.success).toBe(true);
    const renamed = await call(demo.app, 'PUT', '/api/sys/role/edit', { token: demo.admin, body: { id: adminRole, roleName: '管理员', roleCode: 'boss' } });
    expect(renamed.body).toMatchObject({ success: false, message: '管理员角色的编码不能修改！' });
    expect((await call(demo.app, 'PUT', '/api/sys/role/edit', { token: demo.admin, body: { id: adminRole, roleName: '超级管理员', roleCode: 'admin' } })).body.success).toBe(true);

    const second = await addRole('batch_two');
    expect((await call(demo.app, 'DELETE', `/api/sys/role/deleteBatch?ids=${other},${second},`, { token: demo.admin })).body).toMatchObject({ success: true, message: '批量删除成功!' });
    expect((await sql<{ n: number }>`select count(*)::int as n from roles where id in (${other}, ${second})`.execute(demo.app.db)).rows[0]?.n).toBe(0);
  });

  it('lists every role for pickers: queryall records and queryTreeList nodes', async () => {
    const all = await call<Array<{ id: string; roleCode: string; roleName: string }>>(demo.app, 'GET', '/api/sys/role/queryall', { token: demo.admin });
    expect(all.body.success).toBe(true);
    expect(all.body.result.map((role) => role.roleCode)).toEqual(expect.arrayContaining(['admin', 'clerk']));
    const clerkRole = all.body.result.find((role) => role.roleCode === 'clerk');
    expect(clerkRole).toMatchObject({ roleName: '店员', id: await roleIdOf('clerk') });

    const nodes = await call<RoleTreeNode[]>(demo.app, 'GET', '/api/sys/role/queryTreeList', { token: demo.admin });
    expect(nodes.body.result.find((node) => node.title === '店员')).toEqual({ key: clerkRole?.id, title: '店员', value: clerkRole?.id, isLeaf: true });
    expect(nodes.body.result).toHaveLength(all.body.result.length);
  });
});

describe('permission tree', () => {
  it('answers {treeList, ids} over live menus and buttons in sort order', async () => {
    const count = await sql<{ n: number }>`select count(*)::int as n from permissions where del_flag = 0`.execute(demo.app.db);
    expect(tree.ids).toHaveLength(count.rows[0]?.n ?? -1);
    expect(flatten(tree.treeList)).toHaveLength(tree.ids.length);
    expect(tree.treeList.slice(0, 3).map((node) => node.title)).toEqual(['首页', '工作台', '统计图表']);
    const members = nodeTitled('会员列表');
    expect(members).toMatchObject({ key: members.value, slotTitle: '会员列表', isLeaf: false, menuType: 1, ruleFlag: 0 });
    const buttons = await sql<{ name: string }>`select name from permissions where parent_id = ${members.key} and del_flag = 0 order by sort_no, name`.execute(demo.app.db);
    expect(members.children?.map((child) => child.title)).toEqual(buttons.rows.map((row) => row.name));
    expect(members.children?.map((child) => child.title)).toEqual(expect.arrayContaining(['新增会员', '编辑会员', '删除会员']));
    expect(nodeTitled('新增会员')).toMatchObject({ isLeaf: true, menuType: 2, parentId: members.key });
    expect(nodeTitled('新增会员').children).toBeUndefined();
  });
});

describe('role permissions', () => {
  it('diff-applies a save (adds and removes in one call) and is idempotent', async () => {
    const roleId = await addRole('diff_role');
    const [a, b, c] = [nodeTitled('客户管理').key, nodeTitled('会员列表').key, nodeTitled('新增会员').key];
    const url = `/api/sys/permission/queryRolePermission?roleId=${roleId}`;
    expect(await granted(url)).toEqual([]);

    const first = await call(demo.app, 'POST', '/api/sys/permission/saveRolePermission', { token: demo.admin, body: { roleId, permissionIds: `${a},${b}`, lastpermissionIds: '' } });
    expect(first.body).toMatchObject({ success: true, message: '保存成功！' });
    expect(await granted(url)).toEqual(sorted([a, b]));

    const body = { roleId, permissionIds: `${b},${c},not-a-permission`, lastpermissionIds: `${a},${b}` };
    expect((await call(demo.app, 'POST', '/api/sys/permission/saveRolePermission', { token: demo.admin, body })).body.message).toBe('保存成功！');
    expect(await granted(url)).toEqual(sorted([b, c]));
    expect((await call(demo.app, 'POST', '/api/sys/permission/saveRolePermission', { token: demo.admin, body })).body.success).toBe(true);
    expect(await granted(url)).toEqual(sorted([b, c]));

    // Lists may also come as arrays.
    await call(demo.app, 'POST', '/api/sys/permission/saveRolePermission', { token: demo.admin, body: { roleId, permissionIds: [a, b], lastpermissionIds: [b, c] } });
    expect(await granted(url)).toEqual(sorted([a, b]));

    const unknown = await call(demo.app, 'POST', '/api/sys/permission/saveRolePermission', { token: demo.admin, body: { roleId: 'nope', permissionIds: a, lastpermissionIds: '' } });
    expect(unknown.body).toMatchObject({ success: false, message: '未找到对应数据' });
  });

  it('a button granted to the clerk role shows in clerk auth after re-login', async () => {
    const clerkRole = await roleIdOf('clerk');
    const addMember = nodeTitled('新增会员').key;
    const authOf = async (token: string) => (await call<PermissionResult>(demo.app, 'GET', '/api/sys/permission/getUserPermissionByToken', { token })).body.result.auth.map((entry) => entry.action);
    expect(await authOf(demo.clerk)).not.toContain('cust:member:add');

    const before = await granted(`/api/sys/permission/queryRolePermission?roleId=${clerkRole}`);
    expect(before).not.toContain(addMember);
    const saved = await call(demo.app, 'POST', '/api/sys/permission/saveRolePermission', { token: demo.admin, body: { roleId: clerkRole, permissionIds: [...before, addMember].join(','), lastpermissionIds: before.join(',') } });
    expect(saved.body.message).toBe('保存成功！');

    const again = (await login(demo.app, 'clerk')).token;
    expect(await authOf(again)).toContain('cust:member:add');
    expect(await authOf(again)).toContain('cust:member:edit');
  });
});

describe('department and department-role permissions', () => {
  it('saves a department, limits its roles to what it holds, and takes back what it loses', async () => {
    const departId = (await sql<{ id: string }>`select id from departments where org_code = 'A01A02'`.execute(demo.app.db)).rows[0]?.id ?? '';
    const [page, add, edit, other] = [nodeTitled('会员列表').key, nodeTitled('新增会员').key, nodeTitled('编辑会员').key, nodeTitled('数据字典').key];
    const departUrl = `/api/sys/permission/queryDepartPermission?departId=${departId}`;
    expect(await granted(departUrl)).toEqual([]);
    const saved = await call(demo.app, 'POST', '/api/sys/permission/saveDepartPermission', { token: demo.admin, body: { departId, permissionIds: `${page},${add},${edit}`, lastpermissionIds: '' } });
    expect(saved.body).toMatchObject({ success: true, message: '保存成功！' });
    expect(await granted(departUrl)).toEqual(sorted([page, add, edit]));

    const limited = await call<PermissionTreeResult>(demo.app, 'GET', `/api/sys/sysDepartPermission/queryTreeListForDeptRole?departId=${departId}`, { token: demo.admin });
    expect(sorted(limited.body.result.ids)).toEqual(sorted([page, add, edit]));
    expect(limited.body.result.treeList.map((node) => node.title)).toEqual(['会员列表']);
    expect(limited.body.result.treeList[0]?.children?.map((node) => node.title)).toEqual(['新增会员', '编辑会员']);

    const roleId = 'deptroletest00000000000000000001';
    await sql`insert into depart_roles (id, depart_id, role_name, role_code) values (${roleId}, ${departId}, '店长', 'manager')`.execute(demo.app.db);
    const roleUrl = `/api/sys/sysDepartPermission/queryDeptRolePermission?roleId=${roleId}`;
    // A permission the department does not hold is not granted to its role.
    const deptRoleSave = await call(demo.app, 'POST', '/api/sys/sysDepartPermission/saveDeptRolePermission', { token: demo.admin, body: { roleId, permissionIds: `${add},${edit},${other}`, lastpermissionIds: '' } });
    expect(deptRoleSave.body).toMatchObject({ success: true, message: '保存成功！' });
    expect(await granted(roleUrl)).toEqual(sorted([add, edit]));
    await call(demo.app, 'POST', '/api/sys/sysDepartPermission/saveDeptRolePermission', { token: demo.admin, body: { roleId, permissionIds: `${add}`, lastpermissionIds: `${add},${edit}` } });
    expect(await granted(roleUrl)).toEqual([add]);

    await call(demo.app, 'POST', '/api/sys/permission/saveDepartPermission', { token: demo.admin, body: { departId, permissionIds: `${page},${edit}`, lastpermissionIds: `${page},${add},${edit}` } });
    expect(await granted(departUrl)).toEqual(sorted([page, edit]));
    expect(await granted(roleUrl)).toEqual([]);

    expect((await call(demo.app, 'GET', '/api/sys/sysDepartPermission/queryDeptRolePermission?roleId=missing', { token: demo.admin })).body).toMatchObject({ success: false, message: '未找到对应数据' });
    expect((await call(demo.app, 'POST', '/api/sys/permission/saveDepartPermission', { token: demo.admin, body: { departId: 'missing', permissionIds: page, lastpermissionIds: '' } })).body).toMatchObject({ success: false, message: '未找到对应数据' });
  });
});

describe('data rules', () => {
  it('validates, stores and lists the rules of a permission, and lets a role choose among them', async () => {
    const permissionId = nodeTitled('会员列表').key;
    const rule = { permissionId, ruleName: '本部门', ruleColumn: 'sys_org_code', ruleConditions: '=', ruleValue: '#{sys_org_code}', status: '1' };
    for (const [patch, message] of [
      [{ ruleColumn: 'a; drop table users' }, '规则字段只能包含字母、数字和下划线，且不能以数字开头!'],
      [{ ruleColumn: '1abc' }, '规则字段只能包含字母、数字和下划线，且不能以数字开头!'],
      [{ ruleConditions: 'USE_SQL_RULES' }, '请选择正确的条件规则!'],
      [{ ruleName: '' }, '请输入规则名称!'],
      [{ ruleValue: '' }, '请输入规则值!'],
      [{ status: '5' }, '状态只能是有效或无效!'],
      [{ permissionId: 'missing' }, '菜单权限不存在!'],
    ] as const) {
      const response = await call(demo.app, 'POST', '/api/sys/permission/addPermissionRule', { token: demo.admin, body: { ...rule, ...patch } });
      expect(response.body, JSON.stringify(patch)).toMatchObject({ success: false, message });
    }
    const added = await call<PermissionDataRule>(demo.app, 'POST', '/api/sys/permission/addPermissionRule', { token: demo.admin, body: rule });
    expect(added.body).toMatchObject({ success: true, message: '添加成功！', result: { ruleName: '本部门', ruleColumn: 'sys_org_code', status: '1' } });
    const ruleId = added.body.result.id;
    const second = (await call<PermissionDataRule>(demo.app, 'POST', '/api/sys/permission/addPermissionRule', { token: demo.admin, body: { ...rule, ruleName: '自己创建', ruleColumn: 'create_by', ruleValue: '#{sys_user_code}' } })).body.result.id;

    const listed = await call<PermissionDataRule[]>(demo.app, 'GET', `/api/sys/permission/getPermRuleListByPermId?permissionId=${permissionId}`, { token: demo.admin });
    expect(listed.body.result.map((r) => r.ruleName)).toEqual(['本部门', '自己创建']);
    const queried = await call<PermissionDataRule[]>(demo.app, 'GET', `/api/sys/permission/queryPermissionRule?permissionId=${permissionId}&ruleName=${encodeURIComponent('自己')}`, { token: demo.admin });
    expect(queried.body.result.map((r) => r.id)).toEqual([second]);
    const read = listed.body.result[0]?.rowVersion;
    expect(read).toBe('0');
    const edited = await call<PermissionDataRule>(demo.app, 'PUT', '/api/sys/permission/editPermissionRule', { token: demo.admin, body: { ...rule, id: ruleId, ruleName: '本部门及下级', ruleConditions: 'RIGHT_LIKE', rowVersion: read } });
    expect(edited.body).toMatchObject({ success: true, message: '编辑成功!', result: { ruleName: '本部门及下级', ruleConditions: 'RIGHT_LIKE' } });
    expect(edited.body.result.rowVersion).not.toBe(read);
    // A dialog opened before that save is refused (issue 32), and the rule keeps the saved name.
    const stale = await call(demo.app, 'PUT', '/api/sys/permission/editPermissionRule', { token: demo.admin, body: { ...rule, id: ruleId, ruleName: '旧对话框', rowVersion: read } });
    expect(stale.body).toMatchObject({ success: false, code: 409, message: '数据已被他人修改，请刷新后重试' });
    const refreshed = await call<PermissionTreeResult>(demo.app, 'GET', '/api/sys/permission/queryTreeList', { token: demo.admin });
    expect(flatten(refreshed.body.result.treeList).find((node) => node.key === permissionId)?.ruleFlag).toBe(1);

    const roleId = await addRole('rule_role');
    const notGranted = await call(demo.app, 'POST', '/api/sys/role/datarule', { token: demo.admin, body: { permissionId, roleId, dataRuleIds: ruleId } });
    expect(notGranted.body).toMatchObject({ success: false, message: '请先保存角色菜单权限!' });
    await call(demo.app, 'POST', '/api/sys/permission/saveRolePermission', { token: demo.admin, body: { roleId, permissionIds: permissionId, lastpermissionIds: '' } });
    const unchosen = await call<RoleDataRuleResult>(demo.app, 'GET', `/api/sys/role/datarule/${permissionId}/${roleId}`, { token: demo.admin });
    expect(unchosen.body.result.datarule.map((r) => r.id)).toEqual([ruleId, second]);
    expect(unchosen.body.result.drChecked).toBeUndefined();
    // A rule of another permission is not accepted.
    const foreign = (await call<PermissionDataRule>(demo.app, 'POST', '/api/sys/permission/addPermissionRule', { token: demo.admin, body: { ...rule, permissionId: nodeTitled('数据字典').key } })).body.result.id;
    const chosen = await call(demo.app, 'POST', '/api/sys/role/datarule', { token: demo.admin, body: { permissionId, roleId, dataRuleIds: `${ruleId},${second},${foreign}` } });
    expect(chosen.body).toMatchObject({ success: true, message: '保存成功！' });
    expect((await call<RoleDataRuleResult>(demo.app, 'GET', `/api/sys/role/datarule/${permissionId}/${roleId}`, { token: demo.admin })).body.result.drChecked).toBe(`${ruleId},${second}`);

    expect((await call(demo.app, 'DELETE', `/api/sys/permission/deletePermissionRule?id=${second}`, { token: demo.admin })).body).toMatchObject({ success: true, message: '删除成功!' });
    expect((await call<RoleDataRuleResult>(demo.app, 'GET', `/api/sys/role/datarule/${permissionId}/${roleId}`, { token: demo.admin })).body.result.drChecked).toBe(ruleId);
    await call(demo.app, 'DELETE', `/api/sys/permission/deletePermissionRule?id=${ruleId}`, { token: demo.admin });
    expect((await call(demo.app, 'GET', `/api/sys/role/datarule/${permissionId}/${roleId}`, { token: demo.admin })).body).toMatchObject({ success: false, message: '未找到权限配置信息' });
    // The column is stored as given and never becomes SQL: the table is still there.
    expect((await sql<{ n: number }>`select count(*)::int as n from users`.execute(demo.app.db)).rows[0]?.n).toBeGreaterThan(0);
  });
});

describe('legacy listings under /api/api', () => {
  it('answer with pages of roles (with codes), permissions, the service catalogue and the caller', async () => {
    const roles = await call<PageResult<LegacyRole>>(demo.app, 'GET', '/api/api/role?pageNo=1&pageSize=30', { token: demo.admin });
    expect(roles.body.success).toBe(true);
    const adminRole = roles.body.result.records.find((role) => role.roleCode === 'admin');
    expect(adminRole?.permissionCodes).toEqual(expect.arrayContaining(['system:role:list', 'cust:member:add']));
    expect(roles.body.result.total).toBeGreaterThanOrEqual(2);

    const permissions = await call<PageResult<LegacyPermission>>(demo.app, 'GET', '/api/api/permission?pageNo=1&pageSize=5', { token: demo.admin });
    expect(permissions.body.result.records).toHaveLength(5);
    expect(permissions.body.result.total).toBe(tree.ids.length);
    expect(Object.keys(permissions.body.result.records[0] ?? {}).sort()).toEqual(['component', 'hidden', 'icon', 'id', 'menuType', 'name', 'parentId', 'perms', 'permsType', 'sortNo', 'status', 'url']);
    const second = await call<PageResult<LegacyPermission>>(demo.app, 'GET', '/api/api/permission?pageNo=2&pageSize=5', { token: demo.admin });
    expect(second.body.result.records.map((p) => p.id).filter((id) => permissions.body.result.records.some((p) => p.id === id))).toEqual([]);
    const all = await call<LegacyPermission[]>(demo.app, 'GET', '/api/api/permission/no-pager', { token: demo.admin });
    expect(all.body.result).toHaveLength(tree.ids.length);
    expect(all.body.result.find((p) => p.perms === 'cust:member:add')).toMatchObject({ name: '新增会员', menuType: 2, permsType: '1' });

    const services = await call<PageResult<LegacyService>>(demo.app, 'GET', `/api/api/service?pageSize=100&url=${encodeURIComponent('/api/sys/role/')}`, { token: demo.admin });
    expect(services.body.result.records).toContainEqual({ method: 'GET', url: '/api/sys/role/list', access: { permission: 'system:role:list' } });
    expect(services.body.result.records).toContainEqual({ method: 'POST', url: '/api/sys/role/datarule', access: { permission: 'system:role:authorize' } });
    expect(services.body.result.records.some((entry) => entry.method === 'HEAD')).toBe(false);
    const login = await call<PageResult<LegacyService>>(demo.app, 'GET', `/api/api/service?url=${encodeURIComponent('/api/sys/login')}`, { token: demo.admin });
    expect(login.body.result.records).toContainEqual({ method: 'POST', url: '/api/sys/login', access: 'public' });

    const me = await call<{ username: string; roleCodes: string[]; password?: string }>(demo.app, 'GET', '/api/api/user', { token: demo.clerk });
    expect(me.body.result).toMatchObject({ username: 'clerk', roleCodes: ['clerk'] });
    expect(me.body.result.password).toBeUndefined();
    expect((await call(demo.app, 'GET', '/api/api/user')).status).toBe(401);
  });
});

describe('access', () => {
  it('answers 403 to clerk on every role, assignment, data-rule and legacy listing route', async () => {
    const routes: RouteProbe[] = [
      ['GET', '/api/sys/role/list'], ['GET', '/api/sys/role/queryById?id=x'], ['POST', '/api/sys/role/add'], ['PUT', '/api/sys/role/edit'],
      ['DELETE', '/api/sys/role/delete?id=x'], ['DELETE', '/api/sys/role/deleteBatch?ids=x'], ['GET', '/api/sys/role/exportXls'], ['POST', '/api/sys/role/importExcel'],
      ['GET', '/api/sys/role/queryall'], ['GET', '/api/sys/role/queryTreeList'],
      ['GET', '/api/sys/role/datarule/x/y'], ['POST', '/api/sys/role/datarule'],
      ['GET', '/api/sys/permission/queryTreeList'], ['GET', '/api/sys/permission/queryRolePermission?roleId=x'], ['POST', '/api/sys/permission/saveRolePermission'],
      ['GET', '/api/sys/permission/queryDepartPermission?departId=x'], ['POST', '/api/sys/permission/saveDepartPermission'],
      ['GET', '/api/sys/sysDepartPermission/queryTreeListForDeptRole?departId=x'], ['GET', '/api/sys/sysDepartPermission/queryDeptRolePermission?roleId=x'], ['POST', '/api/sys/sysDepartPermission/saveDeptRolePermission'],
      ['GET', '/api/sys/permission/getPermRuleListByPermId?permissionId=x'], ['GET', '/api/sys/permission/queryPermissionRule?permissionId=x'],
      ['POST', '/api/sys/permission/addPermissionRule'], ['PUT', '/api/sys/permission/editPermissionRule'], ['DELETE', '/api/sys/permission/deletePermissionRule?id=x'],
      ['GET', '/api/api/role'], ['GET', '/api/api/permission'], ['GET', '/api/api/permission/no-pager'], ['GET', '/api/api/service'],
    ];
    for (const route of routes) {
      const response = await probe(demo.app, route, demo.clerk);
      expect(response.status, route.join(' ')).toBe(403);
      expect(response.body).toMatchObject({ success: false, code: 403 });
    }
    expect((await call(demo.app, 'GET', '/api/api/user', { token: demo.clerk })).status).toBe(200);
  });
});
