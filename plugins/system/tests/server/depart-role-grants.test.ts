/** Department roles reach their users: the menu/auth answer and the server's check follow one rule (issue #4). */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PermissionResult } from '../../../../src/contracts/session';
import type { PermissionTreeNode, PermissionTreeResult } from '../../roles/contracts';
import { buildApp } from '../../../../server/app';
import { loadConfig } from '../../../../server/config';
import { call, login, startTestServer, tempDir, type TestServer } from '../../../../tests/server/helpers';

let server: TestServer;
let app: FastifyInstance;
let admin: string;
let southId: string;
let eastId: string;
let tree: PermissionTreeNode[];

function flatten(nodes: readonly PermissionTreeNode[]): PermissionTreeNode[] {
  return nodes.flatMap((node) => [node, ...flatten(node.children ?? [])]);
}

function parentOf(title: string): string {
  const parent = flatten(tree).find((candidate) => (candidate.children ?? []).some((child) => child.title === title));
  if (parent === undefined) throw new Error(`no parent of ${title}`);
  return parent.key;
}

function idTitled(title: string): string {
  const node = flatten(tree).find((candidate) => candidate.title === title);
  if (node === undefined) throw new Error(`no permission titled ${title}`);
  return node.key;
}

beforeAll(async () => {
  server = await startTestServer();
  app = server.app;
  admin = (await login(app, 'admin')).token;
  tree = (await call<PermissionTreeResult>(app, 'GET', '/api/sys/permission/queryTreeList', { token: admin })).body.result.treeList;
  const departs = await app.db.selectFrom('departments').select(['id', 'org_code']).execute();
  southId = departs.find((depart) => depart.org_code === 'A01A02')?.id ?? '';
  eastId = departs.find((depart) => depart.org_code === 'A01A01')?.id ?? '';
});
afterAll(async () => server.close());

async function ok<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown): Promise<T> {
  const answer = await call<T>(app, method, url, { token: admin, ...(body === undefined ? {} : { body }) });
  expect(answer.body.success, answer.body.message).toBe(true);
  return answer.body.result;
}

async function addUser(username: string, departIds: string[]): Promise<string> {
  const added = await ok<{ id: string }>('POST', '/api/sys/user/add', { username, realname: '部门角色用户', password: 'secret123', selecteddeparts: departIds.join(','), selectedroles: '' });
  return added.id;
}

async function addDepartRole(departId: string, roleCode: string, permissionIds: string[]): Promise<string> {
  const role = await ok<{ id: string }>('POST', '/api/sys/sysDepartRole/add', { departId, roleName: `店长${roleCode}`, roleCode });
  const held = await ok<string[]>('GET', `/api/sys/permission/queryDepartPermission?departId=${departId}`);
  await ok('POST', '/api/sys/permission/saveDepartPermission', { departId, permissionIds: [...new Set([...held, ...permissionIds])].join(','), lastpermissionIds: held.join(',') });
  await ok('POST', '/api/sys/sysDepartPermission/saveDeptRolePermission', { roleId: role.id, permissionIds: permissionIds.join(','), lastpermissionIds: '' });
  return role.id;
}

async function authOf(token: string): Promise<PermissionResult> {
  const answer = await call<PermissionResult>(app, 'GET', '/api/sys/permission/getUserPermissionByToken', { token });
  expect(answer.status).toBe(200);
  return answer.body.result;
}

const menuTitles = (items: PermissionResult['menu']): string[] => items.flatMap((item) => [item.meta.title, ...menuTitles(item.children ?? [])]);

let memberNo = 0;
async function addMember(token: string) {
  memberNo += 1;
  return call(app, 'POST', '/api/cust/custMember/add', { token, body: { memberNo: `DR${String(memberNo).padStart(5, '0')}`, memberName: '部门角色会员', status: '1' } });
}

describe('department-role grants', () => {
  it('grants a role-less user what their department role holds, in auth and on the server, until they leave the department', async () => {
    // The menu shows a page only under a granted parent, as for role grants, and only with the lists it opens with.
    const [folder, page, add] = [parentOf('会员列表'), idTitled('会员列表'), idTitled('新增会员')];
    const reads = ['查看会员', '查询成长值明细', '查询等级变动记录'].map(idTitled);
    const userId = await addUser('droleuser1', [southId]);
    const roleId = await addDepartRole(southId, 'shopManager1', [folder, page, add, ...reads]);

    let token = (await login(app, 'droleuser1', 'secret123')).token;
    expect((await authOf(token)).auth.map((entry) => entry.action)).not.toContain('cust:member:add');
    expect((await addMember(token)).status).toBe(403);

    const assigned = await call(app, 'POST', '/api/sys/sysDepartRole/deptRoleUserAdd', { token: admin, body: { userId, newRoleId: roleId, oldRoleId: '' } });
    expect(assigned.body).toMatchObject({ success: true, message: '添加成功！' });

    token = (await login(app, 'droleuser1', 'secret123')).token;
    const granted = await authOf(token);
    expect(granted.auth.map((entry) => entry.action)).toContain('cust:member:add');
    expect(menuTitles(granted.menu)).toContain('会员列表');
    const added = await addMember(token);
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ success: true, message: '添加成功！' });

    // Moved to another department: the link stays but no longer counts.
    await ok('PUT', '/api/sys/user/edit', { id: userId, selecteddeparts: eastId });
    expect((await authOf(token)).auth.map((entry) => entry.action)).not.toContain('cust:member:add');
    expect(menuTitles((await authOf(token)).menu)).not.toContain('会员列表');
    const refused = await addMember(token);
    expect(refused.status).toBe(403);
    expect(refused.body.success).toBe(false);

    // Back in the department, the same link counts again.
    await ok('PUT', '/api/sys/user/edit', { id: userId, selecteddeparts: southId });
    expect((await addMember(token)).status).toBe(200);
  });

  it('takes the grant back when the role is taken from the user, and only counts the roles linked to that user', async () => {
    const add = idTitled('新增会员');
    const userId = await addUser('droleuser2', [southId]);
    await addUser('droleuser3', [southId]);
    const roleId = await addDepartRole(southId, 'shopManager2', [add]);
    await ok('POST', '/api/sys/sysDepartRole/deptRoleUserAdd', { userId, newRoleId: roleId, oldRoleId: '' });

    const holder = (await login(app, 'droleuser2', 'secret123')).token;
    const colleague = (await login(app, 'droleuser3', 'secret123')).token;
    expect((await authOf(holder)).auth.map((entry) => entry.action)).toContain('cust:member:add');
    expect((await authOf(colleague)).auth.map((entry) => entry.action)).not.toContain('cust:member:add');
    expect((await addMember(colleague)).status).toBe(403);
    expect((await addMember(holder)).status).toBe(200);

    await ok('POST', '/api/sys/sysDepartRole/deptRoleUserAdd', { userId, newRoleId: '', oldRoleId: roleId });
    expect(await ok<unknown[]>('GET', `/api/sys/sysDepartRole/getDeptRoleByUserId?userId=${userId}&departId=${southId}`)).toEqual([]);
    expect((await authOf(holder)).auth.map((entry) => entry.action)).not.toContain('cust:member:add');
    expect((await addMember(holder)).status).toBe(403);
  });

  it('does not count the roles of a deleted department', async () => {
    // The screen refuses to delete a department with users; the rule must hold for a deleted one anyway.
    const add = idTitled('新增会员');
    const departId = (await ok<{ id: string }>('POST', '/api/sys/sysDepart/add', { departName: '临时门店', parentId: southId })).id;
    const userId = await addUser('droleuser4', [departId]);
    const roleId = await addDepartRole(departId, 'tempManager', [add]);
    await ok('POST', '/api/sys/sysDepartRole/deptRoleUserAdd', { userId, newRoleId: roleId, oldRoleId: '' });
    const token = (await login(app, 'droleuser4', 'secret123')).token;
    expect((await addMember(token)).status).toBe(200);

    await app.db.updateTable('departments').set({ del_flag: 1 }).where('id', '=', departId).execute();
    expect((await authOf(token)).auth.map((entry) => entry.action)).not.toContain('cust:member:add');
    expect((await addMember(token)).status).toBe(403);
  });
});

describe('a build without the departments area', () => {
  it('still answers permission checks from roles alone', async () => {
    const dataDir = tempDir('no-departs');
    const bare = await buildApp({ config: loadConfig({ DATA_DIR: dataDir, CLIENT_DIR: `${dataDir}/none` }), logger: false, plugins: [] });
    try {
      const clerk = await login(bare, 'clerk');
      const answer = await call<PermissionResult>(bare, 'GET', '/api/sys/permission/getUserPermissionByToken', { token: clerk.token });
      expect(answer.status).toBe(200);
      expect(answer.body.success).toBe(true);
    } finally {
      await bare.close();
    }
  });
});
