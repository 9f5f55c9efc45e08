/** 部门管理 API: the department tree, its maintenance and department roles (issue #4). */
import { describe, expect, it } from 'vitest';
import type { PageResult } from '../../../../src/contracts/entity';
import type { DepartIdNode, DepartRoleUser, DepartTreeNode } from '../../departs/entities';
import { newId } from '../../../../server/db/ids';
import { call, probe, type RouteProbe, useDemoServer } from '../../../../tests/server/helpers';

const demo = useDemoServer();

const tree = async (token = demo.admin) => (await call<DepartTreeNode[]>(demo.app, 'GET', '/api/sys/sysDepart/queryTreeList', { token })).body.result;

function find(nodes: DepartTreeNode[], name: string): DepartTreeNode | undefined {
  for (const node of nodes) {
    if (node.departName === name) return node;
    const inner = find(node.children, name);
    if (inner !== undefined) return inner;
  }
  return undefined;
}

function names(nodes: Array<{ title: string; children: unknown[] }>): unknown[] {
  return nodes.map((node) => (node.children.length > 0 ? { [node.title]: names(node.children as Array<{ title: string; children: unknown[] }>) } : node.title));
}

async function add(body: Record<string, unknown>): Promise<{ id: string; orgCode: string }> {
  const response = await call<{ id: string; orgCode: string }>(demo.app, 'POST', '/api/sys/sysDepart/add', { token: demo.admin, body });
  expect(response.body, JSON.stringify(response.body)).toMatchObject({ success: true, message: '添加成功！' });
  return response.body.result;
}

describe('department tree', () => {
  it('serves the seeded tree sorted by sort, the id tree and search results', async () => {
    const nodes = await tree();
    expect(names(nodes)).toEqual([{ 总部: ['华东分公司', '华南分公司'] }]);
    const [hq] = nodes;
    expect(hq).toMatchObject({ title: '总部', departName: '总部', orgCode: 'A01', parentId: null, isLeaf: false });
    expect(hq?.key).toBe(hq?.id);
    expect(hq?.value).toBe(hq?.id);
    expect(hq?.children[0]).toMatchObject({ departName: '华东分公司', orgCode: 'A01A01', parentId: hq?.id, isLeaf: true, children: [] });

    const ids = (await call<DepartIdNode[]>(demo.app, 'GET', '/api/sys/sysDepart/queryIdTree', { token: demo.admin })).body.result;
    expect(ids).toEqual([
      {
        key: hq?.id,
        value: hq?.id,
        title: '总部',
        children: [
          { key: hq?.children[0]?.id, value: hq?.children[0]?.id, title: '华东分公司', children: [] },
          { key: hq?.children[1]?.id, value: hq?.children[1]?.id, title: '华南分公司', children: [] },
        ],
      },
    ]);

    const found = await call<DepartTreeNode[]>(demo.app, 'GET', `/api/sys/sysDepart/searchBy?keyWord=${encodeURIComponent('分公司')}`, { token: demo.admin });
    expect(found.body.result.map((node) => [node.departName, node.isLeaf, node.children.length])).toEqual([
      ['华东分公司', true, 0],
      ['华南分公司', true, 0],
    ]);
  });

  it('treats a hostile keyword as plain text', async () => {
    for (const keyWord of ["' or 1=1--", '%', '_', '\\']) {
      const response = await call<DepartTreeNode[]>(demo.app, 'GET', `/api/sys/sysDepart/searchBy?keyWord=${encodeURIComponent(keyWord)}`, { token: demo.admin });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ success: false, message: '未查询匹配数据！', result: [] });
    }
  });

  it("answers the caller's own departments with their subtrees", async () => {
    // admin belongs to 总部 and 华东分公司: 华东 is inside 总部's subtree, so it is not a second root.
    const mine = await call<DepartTreeNode[]>(demo.app, 'GET', '/api/sys/sysDepart/queryMyDeptTreeList', { token: demo.admin });
    expect(names(mine.body.result.filter((node) => ['总部'].includes(node.departName)))).toEqual([{ 总部: ['华东分公司', '华南分公司'] }]);
    expect(mine.body.result).toHaveLength(1);
    const clerks = await call<DepartTreeNode[]>(demo.app, 'GET', '/api/sys/sysDepart/queryMyDeptTreeList', { token: demo.clerk });
    expect(names(clerks.body.result)).toEqual(['华南分公司']);
  });

  it('generates unique codes, also after a move and a delete', async () => {
    const top = await add({ departName: '研发中心', sort: 5 });
    expect(top.orgCode).toBe('A02');
    const first = await add({ departName: '前端组', parentId: top.id });
    const second = await add({ departName: '后端组', parentId: top.id });
    expect([first.orgCode, second.orgCode]).toEqual(['A02A01', 'A02A02']);
    const byId = await call<Record<string, unknown>>(demo.app, 'GET', `/api/sys/sysDepart/queryById?id=${first.id}`, { token: demo.admin });
    expect(byId.body.result).toMatchObject({ departName: '前端组', parentId: top.id, orgCode: 'A02A01', orgCategory: '2' });
    expect((await call<Record<string, unknown>>(demo.app, 'GET', `/api/sys/sysDepart/queryById?id=${top.id}`, { token: demo.admin })).body.result).toMatchObject({ orgCategory: '1' });

    // A code sent by the client is ignored.
    const forged = await add({ departName: '伪造编码', parentId: top.id, orgCode: 'A01' });
    expect(forged.orgCode).toBe('A02A03');

    // Move 后端组 away: its code stays, and the next child of 研发中心 still gets a fresh code.
    const hq = find(await tree(), '总部');
    expect((await call(demo.app, 'PUT', '/api/sys/sysDepart/edit', { token: demo.admin, body: { id: second.id, parentId: hq?.id } })).body).toMatchObject({ success: true, message: '编辑成功!' });
    expect(find(await tree(), '后端组')).toMatchObject({ parentId: hq?.id, orgCode: 'A02A02' });
    expect((await add({ departName: '测试组', parentId: top.id })).orgCode).toBe('A02A04');

    expect((await call(demo.app, 'DELETE', `/api/sys/sysDepart/delete?id=${forged.id}`, { token: demo.admin })).body.success).toBe(true);
    expect((await add({ departName: '运维组', parentId: top.id })).orgCode).toBe('A02A05');

    const codes: string[] = [];
    const collect = (nodes: DepartTreeNode[]) => nodes.forEach((node) => (codes.push(node.orgCode), collect(node.children)));
    collect(await tree());
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('validates names, parents and categories', async () => {
    expect((await call(demo.app, 'POST', '/api/sys/sysDepart/add', { token: demo.admin, body: { departName: '' } })).body).toMatchObject({ success: false, message: '部门名称不能为空' });
    expect((await call(demo.app, 'POST', '/api/sys/sysDepart/add', { token: demo.admin, body: { departName: '孤儿', parentId: 'nope' } })).body).toMatchObject({ success: false, message: '上级部门不存在' });
    expect((await call(demo.app, 'POST', '/api/sys/sysDepart/add', { token: demo.admin, body: { departName: '怪类', orgCategory: '9' } })).body).toMatchObject({ success: false, message: '机构类别不正确' });
  });

  it('moves a department, but never under itself or its descendants', async () => {
    const a = await add({ departName: '移动甲' });
    const b = await add({ departName: '移动乙', parentId: a.id });
    const c = await add({ departName: '移动丙', parentId: b.id });
    const other = await add({ departName: '移动丁' });
    for (const parentId of [a.id, b.id, c.id]) {
      const refused = await call(demo.app, 'PUT', '/api/sys/sysDepart/edit', { token: demo.admin, body: { id: a.id, parentId } });
      expect(refused.body).toMatchObject({ success: false, message: '不能将部门移动到其自身或其下级部门之下' });
    }
    expect(find(await tree(), '移动甲')?.parentId).toBeNull();

    expect((await call(demo.app, 'PUT', '/api/sys/sysDepart/edit', { token: demo.admin, body: { id: b.id, parentId: other.id } })).body.success).toBe(true);
    expect(names([find(await tree(), '移动丁') as DepartTreeNode])).toEqual([{ 移动丁: [{ 移动乙: ['移动丙'] }] }]);
    // Back to the top level, and a rename on its own keeps the parent.
    expect((await call(demo.app, 'PUT', '/api/sys/sysDepart/edit', { token: demo.admin, body: { id: b.id, parentId: null } })).body.success).toBe(true);
    expect((await call(demo.app, 'PUT', '/api/sys/sysDepart/edit', { token: demo.admin, body: { id: c.id, departName: '移动丙2' } })).body.success).toBe(true);
    expect(find(await tree(), '移动乙')).toMatchObject({ parentId: null, children: [expect.objectContaining({ departName: '移动丙2', parentId: b.id })] });
  });

  it('deletes a department with its subtree, unless a user belongs to it', async () => {
    const parent = await add({ departName: '删除父' });
    const child = await add({ departName: '删除子', parentId: parent.id });
    const role = await call<{ id: string }>(demo.app, 'POST', '/api/sys/sysDepartRole/add', { token: demo.admin, body: { departId: child.id, roleName: '组长', roleCode: 'leader' } });
    expect(role.body.success).toBe(true);
    // 数据日志 names the role's department and the child's parent, never their ids (issue 32, names).
    const logged = async (table: string, id: string) =>
      (await call<{ records: Array<Record<string, unknown>> }>(demo.app, 'GET', `/api/sys/dataLog/list?dataTable=${table}&dataId=${id}&pageSize=1`, { token: demo.admin })).body.result.records[0];
    expect(await logged('depart_roles', role.body.result.id)).toMatchObject({ dataContentText: { departId: '删除子' }, dataRecordName: '组长' });
    expect(await logged('departments', child.id)).toMatchObject({ dataContentText: { parentId: '删除父' } });

    // Someone still works in the child: refused, nothing removed.
    const user = await demo.app.db.selectFrom('users').select('id').where('username', '=', 'clerk').executeTakeFirstOrThrow();
    const link = newId();
    await demo.app.db.insertInto('user_depart').values({ id: link, user_id: user.id, dep_id: child.id }).execute();
    const refused = await call(demo.app, 'DELETE', `/api/sys/sysDepart/delete?id=${parent.id}`, { token: demo.admin });
    expect(refused.body).toMatchObject({ success: false, message: '该部门或其下级部门中还有用户，请先移除用户再删除' });
    expect(find(await tree(), '删除子')).toBeDefined();
    await demo.app.db.deleteFrom('user_depart').where('id', '=', link).execute();

    const removed = await call(demo.app, 'DELETE', `/api/sys/sysDepart/delete?id=${parent.id}`, { token: demo.admin });
    expect(removed.body).toMatchObject({ success: true, message: '删除成功!' });
    expect(find(await tree(), '删除父')).toBeUndefined();
    expect(find(await tree(), '删除子')).toBeUndefined();
    expect((await call(demo.app, 'GET', `/api/sys/sysDepart/queryById?id=${child.id}`, { token: demo.admin })).body.success).toBe(false);
    expect((await call(demo.app, 'GET', `/api/sys/sysDepartRole/queryById?id=${role.body.result.id}`, { token: demo.admin })).body.success).toBe(false);
    expect((await call(demo.app, 'DELETE', `/api/sys/sysDepart/delete?id=${parent.id}`, { token: demo.admin })).body).toMatchObject({ success: false, message: '未找到对应数据' });

    const x = await add({ departName: '批删甲' });
    const y = await add({ departName: '批删乙' });
    const batch = await call(demo.app, 'DELETE', `/api/sys/sysDepart/deleteBatch?ids=${x.id},${y.id},`, { token: demo.admin });
    expect(batch.body).toMatchObject({ success: true, message: '批量删除成功!' });
    expect(find(await tree(), '批删甲')).toBeUndefined();
    expect(find(await tree(), '批删乙')).toBeUndefined();
    // The seeded departments have members.
    const hq = find(await tree(), '总部');
    expect((await call(demo.app, 'DELETE', `/api/sys/sysDepart/deleteBatch?ids=${hq?.id}`, { token: demo.admin })).body.success).toBe(false);
  });
});

describe('department roles', () => {
  it('lists per department, keeps codes unique per department, and deletes', async () => {
    const d1 = await add({ departName: '角色部门一' });
    const d2 = await add({ departName: '角色部门二' });
    const r1 = await call<{ id: string }>(demo.app, 'POST', '/api/sys/sysDepartRole/add', { token: demo.admin, body: { departId: d1.id, roleName: '经理', roleCode: 'manager', description: '管人' } });
    expect(r1.body).toMatchObject({ success: true, message: '添加成功！' });
    const dup = await call(demo.app, 'POST', '/api/sys/sysDepartRole/add', { token: demo.admin, body: { departId: d1.id, roleName: '经理2', roleCode: 'manager' } });
    expect(dup.body.success).toBe(false);
    expect((await call(demo.app, 'POST', '/api/sys/sysDepartRole/add', { token: demo.admin, body: { departId: d2.id, roleName: '经理', roleCode: 'manager' } })).body.success).toBe(true);
    expect((await call(demo.app, 'POST', '/api/sys/sysDepartRole/add', { token: demo.admin, body: { departId: 'nope', roleName: 'x', roleCode: 'x' } })).body).toMatchObject({ success: false, message: '部门不存在' });
    const r2 = await call<{ id: string }>(demo.app, 'POST', '/api/sys/sysDepartRole/add', { token: demo.admin, body: { departId: d1.id, roleName: '员工', roleCode: 'staff' } });

    for (const param of ['deptId', 'departId']) {
      const page = await call<PageResult<{ roleCode: string; departId: string }>>(demo.app, 'GET', `/api/sys/sysDepartRole/list?${param}=${d1.id}&column=roleCode&order=asc`, { token: demo.admin });
      expect(page.body.result.records.map((r) => r.roleCode)).toEqual(['manager', 'staff']);
    }
    const edited = await call(demo.app, 'PUT', '/api/sys/sysDepartRole/edit', { token: demo.admin, body: { id: r1.body.result.id, roleName: '总经理' } });
    expect(edited.body).toMatchObject({ success: true, message: '编辑成功!' });
    expect((await call<{ roleName: string }>(demo.app, 'GET', `/api/sys/sysDepartRole/queryById?id=${r1.body.result.id}`, { token: demo.admin })).body.result.roleName).toBe('总经理');

    expect((await call(demo.app, 'DELETE', `/api/sys/sysDepartRole/delete?id=${r2.body.result.id}`, { token: demo.admin })).body).toMatchObject({ success: true, message: '删除成功!' });
    expect((await call(demo.app, 'DELETE', `/api/sys/sysDepartRole/deleteBatch?ids=${r1.body.result.id},`, { token: demo.admin })).body).toMatchObject({ success: true, message: '批量删除成功!' });
    const left = await call<PageResult<unknown>>(demo.app, 'GET', `/api/sys/sysDepartRole/list?deptId=${d1.id}`, { token: demo.admin });
    expect(left.body.result.total).toBe(0);
  });

  it('assigns department roles to members only, by diff', async () => {
    const hq = find(await tree(), '华南分公司');
    const clerkUser = await demo.app.db.selectFrom('users').select('id').where('username', '=', 'clerk').executeTakeFirstOrThrow();
    const roleIds: string[] = [];
    for (const code of ['cashier', 'stocker']) {
      const role = await call<{ id: string }>(demo.app, 'POST', '/api/sys/sysDepartRole/add', { token: demo.admin, body: { departId: hq?.id, roleName: code, roleCode: code } });
      roleIds.push(role.body.result.id);
    }
    const [cashier, stocker] = roleIds;
    const held = async () =>
      (await call<DepartRoleUser[]>(demo.app, 'GET', `/api/sys/sysDepartRole/getDeptRoleByUserId?userId=${clerkUser.id}&departId=${hq?.id}`, { token: demo.admin })).body.result.map((row) => row.droleId).sort();

    const assign = (newRoleId: string, oldRoleId: string) => call(demo.app, 'POST', '/api/sys/sysDepartRole/deptRoleUserAdd', { token: demo.admin, body: { userId: clerkUser.id, newRoleId, oldRoleId } });
    expect((await assign(`${cashier},${stocker}`, '')).body).toMatchObject({ success: true, message: '添加成功！' });
    expect(await held()).toEqual([cashier, stocker].sort());
    expect((await assign(`${cashier},${stocker}`, '')).body.success).toBe(true);
    expect(await held()).toHaveLength(2);
    expect((await assign(`${stocker}`, `${cashier},${stocker}`)).body.success).toBe(true);
    expect(await held()).toEqual([stocker]);

    // A role of a department the user does not belong to is refused.
    const elsewhere = await add({ departName: '别的部门' });
    const foreign = await call<{ id: string }>(demo.app, 'POST', '/api/sys/sysDepartRole/add', { token: demo.admin, body: { departId: elsewhere.id, roleName: '外', roleCode: 'outsider' } });
    expect((await assign(`${foreign.body.result.id}`, '')).body).toMatchObject({ success: false, message: '该用户不属于角色所在的部门' });
    expect((await assign('nope', '')).body).toMatchObject({ success: false, message: '部门角色不存在' });
    expect((await call(demo.app, 'POST', '/api/sys/sysDepartRole/deptRoleUserAdd', { token: demo.admin, body: { userId: 'nope', newRoleId: '', oldRoleId: '' } })).body).toMatchObject({ success: false, message: '用户不存在' });
  });
});

describe('access', () => {
  it('answers 403 to clerk on every management route', async () => {
    const routes: RouteProbe[] = [
      ['GET', '/api/sys/sysDepart/queryTreeList'],
      ['GET', '/api/sys/sysDepart/queryIdTree'],
      ['GET', '/api/sys/sysDepart/searchBy?keyWord=a'],
      ['GET', '/api/sys/sysDepart/queryById?id=x'],
      ['POST', '/api/sys/sysDepart/add'],
      ['PUT', '/api/sys/sysDepart/edit'],
      ['DELETE', '/api/sys/sysDepart/delete?id=x'],
      ['DELETE', '/api/sys/sysDepart/deleteBatch?ids=x'],
      ['GET', '/api/sys/sysDepartRole/list?deptId=x'],
      ['GET', '/api/sys/sysDepartRole/queryById?id=x'],
      ['POST', '/api/sys/sysDepartRole/add'],
      ['PUT', '/api/sys/sysDepartRole/edit'],
      ['DELETE', '/api/sys/sysDepartRole/delete?id=x'],
      ['DELETE', '/api/sys/sysDepartRole/deleteBatch?ids=x'],
      ['GET', '/api/sys/sysDepartRole/getDeptRoleByUserId?userId=x&departId=x'],
      ['POST', '/api/sys/sysDepartRole/deptRoleUserAdd'],
    ];
    for (const route of routes) {
      const response = await probe(demo.app, route, demo.clerk);
      expect(response.status, route.join(' ')).toBe(403);
      expect(response.body).toMatchObject({ success: false, code: 403 });
    }
    // Without a token nothing answers at all, the self-service tree included.
    expect((await call(demo.app, 'GET', '/api/sys/sysDepart/queryMyDeptTreeList')).status).toBe(401);
  });
});
