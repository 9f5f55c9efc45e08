/** 菜单管理 API: the permissions tree, its rules, branch deletes, lazy reads, access, and the session menu. */
import { describe, expect, it } from 'vitest';
import type { PermissionResult } from '../../../../src/contracts/session';
import { newId } from '../../../../server/db/ids';
import { call, login, probe, type RouteProbe, useDemoServer } from '../../../../tests/server/helpers';

interface Node {
  id: string;
  parentId: string | null;
  name: string;
  menuType: number;
  menuType_dictText: string;
  url: string | null;
  icon: string | null;
  perms: string | null;
  isLeaf: boolean;
  children?: Node[];
}

const demo = useDemoServer();

async function tree(query = ''): Promise<Node[]> {
  const response = await call<Node[]>(demo.app, 'GET', `/api/sys/permission/list${query}`, { token: demo.admin });
  expect(response.body.success).toBe(true);
  return response.body.result;
}

function find(nodes: Node[], name: string): Node | undefined {
  for (const node of nodes) {
    if (node.name === name) return node;
    const inner = find(node.children ?? [], name);
    if (inner !== undefined) return inner;
  }
  return undefined;
}

async function nodeNamed(name: string): Promise<Node> {
  const node = find(await tree(), name);
  if (node === undefined) throw new Error(`no menu ${name}`);
  return node;
}

async function add(body: Record<string, unknown>) {
  return call<Node>(demo.app, 'POST', '/api/sys/permission/add', { token: demo.admin, body });
}

function menuTitles(items: PermissionResult['menu']): string[] {
  return items.flatMap((item) => [item.meta.title ?? '', ...menuTitles(item.children ?? [])]);
}

describe('menu tree', () => {
  it('lists the whole tree with buttons under their page, and filters by name keeping the path', async () => {
    const roots = await tree();
    expect(roots.map((node) => node.name).slice(0, 3)).toEqual(['首页', '工作台', '统计图表']);
    const system = find(roots, '系统管理');
    expect(system).toMatchObject({ menuType: 0, menuType_dictText: '一级菜单', icon: 'setting', isLeaf: false });
    const page = find(system?.children ?? [], '菜单管理');
    expect(page).toMatchObject({ menuType: 1, menuType_dictText: '子菜单', url: '/system/permission', parentId: system?.id });
    expect(page?.children?.map((button) => [button.menuType, button.perms])).toEqual([
      [2, 'system:permission:list'],
      [2, 'system:permission:add'],
      [2, 'system:permission:edit'],
      [2, 'system:permission:delete'],
      [2, 'system:permission:deleteBatch'],
    ]);
    expect(find(roots, '首页')?.children).toBeUndefined();

    const filtered = await tree(`?name=${encodeURIComponent('积分明细')}`);
    expect(filtered.map((node) => node.name)).toEqual(['客户管理']);
    expect(filtered[0]?.children?.map((node) => node.name)).toEqual(['积分明细']);
    expect(await tree(`?name=${encodeURIComponent('没有这个菜单')}`)).toEqual([]);
  });

  it('serves the lazy reads: top-level menus, direct children, and children per parent', async () => {
    const top = await call<Node[]>(demo.app, 'GET', '/api/sys/permission/getSystemMenuList', { token: demo.admin });
    expect(top.body.result.every((node) => node.menuType === 0)).toBe(true);
    expect(top.body.result.map((node) => node.name)).toContain('客户管理');
    expect(top.body.result.find((node) => node.name === '客户管理')?.isLeaf).toBe(false);
    expect(top.body.result.find((node) => node.name === '首页')?.isLeaf).toBe(true);
    expect(top.body.result[0]?.children).toBeUndefined();

    const customers = await nodeNamed('客户管理');
    const goods = await nodeNamed('商品管理');
    const sub = await call<Node[]>(demo.app, 'GET', `/api/sys/permission/getSystemSubmenu?parentId=${customers.id}`, { token: demo.admin });
    expect(sub.body.result.map((node) => node.name)).toEqual(['客户列表', '会员列表', '客户分组', '会员等级', '余额明细', '积分明细', '会员优惠券', '收货地址']);
    expect(sub.body.result.find((node) => node.name === '会员列表')?.isLeaf).toBe(false);

    const batch = await call<Record<string, Node[]>>(demo.app, 'GET', `/api/sys/permission/getSystemSubmenuBatch?parentIds=${customers.id},${goods.id},nope`, { token: demo.admin });
    expect(Object.keys(batch.body.result).sort()).toEqual([customers.id, goods.id, 'nope'].sort());
    expect(batch.body.result[customers.id]?.map((node) => node.name)).toEqual(sub.body.result.map((node) => node.name));
    expect(batch.body.result[goods.id]?.[0]?.name).toBe('商品SPU');
    expect(batch.body.result.nope).toEqual([]);
  });
});

describe('menu writes', () => {
  it('refuses what a menu type needs, with the product messages', async () => {
    const system = await nodeNamed('系统管理');
    const page = await nodeNamed('菜单管理');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ menuType: 0, url: '/x', component: 'x/X' }, '菜单名称不能为空'],
      [{ name: '顶级', menuType: 0, component: 'layouts/RouteView' }, '菜单路径不能为空'],
      [{ name: '顶级', menuType: 0, url: '/top' }, '前端组件不能为空'],
      [{ name: '子', menuType: 1, url: '/a/b', component: 'a/B' }, '请选择上级菜单'],
      [{ name: '子', menuType: 1, parentId: system.id, component: 'a/B' }, '菜单路径不能为空'],
      [{ name: '子', menuType: 1, parentId: system.id, url: '/a/b' }, '前端组件不能为空'],
      [{ name: '按钮', menuType: 2, perms: 'a:b' }, '请选择上级菜单'],
      [{ name: '按钮', menuType: 2, parentId: page.id }, '授权标识不能为空'],
      [{ name: '按钮', menuType: 2, parentId: page.id, perms: 'a:b; drop' }, '授权标识只能包含字母、数字、下划线和冒号，多个用英文逗号分隔'],
      [{ name: '按钮', menuType: 2, parentId: page.id, perms: 'a:b,' }, '授权标识只能包含字母、数字、下划线和冒号，多个用英文逗号分隔'],
      [{ name: '子', menuType: 1, parentId: system.id, url: 'javascript:alert(1)', component: 'a/B' }, '菜单路径须以 / 开头，外部链接须以 http:// 或 https:// 开头'],
      [{ name: '子', menuType: 1, parentId: system.id, url: '/a', component: 'a/B', icon: '<svg>' }, '菜单图标名称不合法'],
      [{ name: '子', menuType: 1, parentId: 'nope', url: '/a', component: 'a/B' }, '上级菜单不存在'],
      [{ name: '子', menuType: 1, parentId: find(page.children ?? [], '新增菜单')?.id, url: '/a', component: 'a/B' }, '按钮权限不能作为上级菜单'],
      [{ name: '怪', menuType: 7, url: '/a', component: 'a/B' }, '菜单类型的值不在字典中'],
    ];
    for (const [body, message] of cases) {
      expect((await add(body)).body, JSON.stringify(body)).toMatchObject({ success: false, message });
    }
  });

  it('adds, reads and edits a menu and a button; a top-level menu drops its parent; external URLs are allowed', async () => {
    const system = await nodeNamed('系统管理');
    const created = await add({ name: '测试页面', menuType: 1, parentId: system.id, url: '/system/testPage', component: 'system/TestPage', icon: 'experiment', sortNo: 99, keepAlive: true });
    expect(created.body).toMatchObject({ success: true, message: '添加成功！', result: { name: '测试页面', icon: 'experiment', keepAlive: true, route: true, status: '1', permsType: '1' } });
    const id = created.body.result.id;
    const button = await add({ name: '测试按钮', menuType: 2, parentId: id, perms: 'test:page:add,test:page:edit', permsType: '2', status: '1' });
    expect(button.body).toMatchObject({ success: true, result: { perms: 'test:page:add,test:page:edit', permsType: '2' } });

    const edited = await call<Node>(demo.app, 'PUT', '/api/sys/permission/edit', { token: demo.admin, body: { id, name: '测试页面2', url: '/system/testPage2' } });
    expect(edited.body).toMatchObject({ success: true, message: '编辑成功!', result: { name: '测试页面2', url: '/system/testPage2', component: 'system/TestPage' } });
    const read = await call<Node>(demo.app, 'GET', `/api/sys/permission/queryById?id=${id}`, { token: demo.admin });
    expect(read.body.result).toMatchObject({ id, name: '测试页面2', parentId: system.id, menuType: 1 });

    // Edits are checked against the stored values they leave alone.
    const noUrl = await call(demo.app, 'PUT', '/api/sys/permission/edit', { token: demo.admin, body: { id, url: '' } });
    expect(noUrl.body).toMatchObject({ success: false, message: '菜单路径不能为空' });
    const toButton = await call(demo.app, 'PUT', '/api/sys/permission/edit', { token: demo.admin, body: { id, menuType: 2, perms: 'x:y' } });
    expect(toButton.body).toMatchObject({ success: false, message: '该菜单有下级，不能改为按钮权限' });

    const top = await add({ name: '外部链接', menuType: 0, parentId: system.id, url: 'https://example.com/docs', component: 'layouts/IframePageView', internalOrExternal: true });
    expect(top.body).toMatchObject({ success: true, result: { parentId: null, internalOrExternal: true } });
  });

  it('refuses a parent that is the node itself or one of its descendants', async () => {
    const system = await nodeNamed('系统管理');
    const outer = await add({ name: '外层', menuType: 1, parentId: system.id, url: '/system/outer', component: 'layouts/RouteView' });
    const inner = await add({ name: '内层', menuType: 1, parentId: outer.body.result.id, url: '/system/inner', component: 'system/Inner' });
    const deepest = await add({ name: '最内层', menuType: 1, parentId: inner.body.result.id, url: '/system/deepest', component: 'system/Deepest' });
    for (const parentId of [outer.body.result.id, inner.body.result.id, deepest.body.result.id]) {
      const moved = await call(demo.app, 'PUT', '/api/sys/permission/edit', { token: demo.admin, body: { id: outer.body.result.id, parentId } });
      expect(moved.body).toMatchObject({ success: false, message: '上级菜单不能是自己或自己的下级' });
    }
    const allowed = await call(demo.app, 'PUT', '/api/sys/permission/edit', { token: demo.admin, body: { id: deepest.body.result.id, parentId: outer.body.result.id } });
    expect(allowed.body.success).toBe(true);
  });

  it('deletes a menu with its whole branch and its role grants; batch delete too', async () => {
    const system = await nodeNamed('系统管理');
    const branch = await add({ name: '待删分支', menuType: 1, parentId: system.id, url: '/system/gone', component: 'layouts/RouteView' });
    const leaf = await add({ name: '待删页面', menuType: 1, parentId: branch.body.result.id, url: '/system/gone/page', component: 'system/Gone' });
    const button = await add({ name: '待删按钮', menuType: 2, parentId: leaf.body.result.id, perms: 'gone:add' });
    const ids = [branch.body.result.id, leaf.body.result.id, button.body.result.id];
    const clerkRole = await demo.app.db.selectFrom('roles').select('id').where('role_code', '=', 'clerk').executeTakeFirstOrThrow();
    await demo.app.db.insertInto('role_permission').values(ids.map((permissionId) => ({ id: newId(), role_id: clerkRole.id, permission_id: permissionId }))).execute();

    const removed = await call(demo.app, 'DELETE', `/api/sys/permission/delete?id=${branch.body.result.id}`, { token: demo.admin });
    expect(removed.body).toMatchObject({ success: true, message: '删除成功!' });
    expect(await demo.app.db.selectFrom('permissions').select('id').where('id', 'in', ids).execute()).toEqual([]);
    expect(await demo.app.db.selectFrom('role_permission').select('id').where('permission_id', 'in', ids).execute()).toEqual([]);
    expect((await call(demo.app, 'DELETE', `/api/sys/permission/delete?id=${branch.body.result.id}`, { token: demo.admin })).body).toMatchObject({ success: false, message: '未找到对应数据' });

    const one = await add({ name: '批删一', menuType: 1, parentId: system.id, url: '/system/b1', component: 'system/B1' });
    const two = await add({ name: '批删二', menuType: 1, parentId: system.id, url: '/system/b2', component: 'system/B2' });
    const child = await add({ name: '批删二的按钮', menuType: 2, parentId: two.body.result.id, perms: 'b2:add' });
    const batch = await call(demo.app, 'DELETE', `/api/sys/permission/deleteBatch?ids=${one.body.result.id},${two.body.result.id},`, { token: demo.admin });
    expect(batch.body).toMatchObject({ success: true, message: '批量删除成功!' });
    expect(await demo.app.db.selectFrom('permissions').select('id').where('id', 'in', [one.body.result.id, two.body.result.id, child.body.result.id]).execute()).toEqual([]);
  });
});

describe('access and the session menu', () => {
  it('answers 403 to clerk on every menu management route', async () => {
    const routes: RouteProbe[] = [
      ['GET', '/api/sys/permission/list'],
      ['GET', '/api/sys/permission/queryById?id=x'],
      ['POST', '/api/sys/permission/add'],
      ['PUT', '/api/sys/permission/edit'],
      ['POST', '/api/sys/permission/edit'],
      ['DELETE', '/api/sys/permission/delete?id=x'],
      ['DELETE', '/api/sys/permission/deleteBatch?ids=x'],
      ['GET', '/api/sys/permission/getSystemMenuList'],
      ['GET', '/api/sys/permission/getSystemSubmenu?parentId=x'],
      ['GET', '/api/sys/permission/getSystemSubmenuBatch?parentIds=x'],
    ];
    for (const route of routes) {
      expect((await probe(demo.app, route, demo.clerk)).status, route.join(' ')).toBe(403);
    }
  });

  it('shows a new child menu of 客户管理 granted to the clerk role in the clerk menu after the next login', async () => {
    const customers = await nodeNamed('客户管理');
    const created = await add({ name: '会员画像', menuType: 1, parentId: customers.id, url: '/cust/custPortrait', component: 'cust/CustPortrait', icon: 'radar-chart', sortNo: 2.5 });
    const id = created.body.result.id;
    const before = await call<PermissionResult>(demo.app, 'GET', '/api/sys/permission/getUserPermissionByToken', { token: demo.clerk });
    expect(menuTitles(before.body.result.menu)).not.toContain('会员画像');

    const clerkRole = await demo.app.db.selectFrom('roles').select('id').where('role_code', '=', 'clerk').executeTakeFirstOrThrow();
    await demo.app.db.insertInto('role_permission').values({ id: newId(), role_id: clerkRole.id, permission_id: id }).execute();
    const session = (await login(demo.app, 'clerk')).token;
    const after = await call<PermissionResult>(demo.app, 'GET', '/api/sys/permission/getUserPermissionByToken', { token: session });
    const branch = after.body.result.menu.find((item) => item.meta.title === '客户管理');
    // 客户列表 is in the branch but not offered: the clerk may not read customers.
    expect(branch?.children?.map((item) => item.meta.title).slice(0, 2)).toEqual(['会员列表', '会员画像']);
    expect(branch?.children?.find((item) => item.id === id)).toMatchObject({ path: '/cust/custPortrait', component: 'cust/CustPortrait', meta: { icon: 'radar-chart' } });

    await call(demo.app, 'PUT', '/api/sys/permission/edit', { token: demo.admin, body: { id, name: '会员画像分析' } });
    const renamed = await call<PermissionResult>(demo.app, 'GET', '/api/sys/permission/getUserPermissionByToken', { token: (await login(demo.app, 'clerk')).token });
    expect(menuTitles(renamed.body.result.menu)).toContain('会员画像分析');

    await call(demo.app, 'DELETE', `/api/sys/permission/delete?id=${id}`, { token: demo.admin });
    const gone = await call<PermissionResult>(demo.app, 'GET', '/api/sys/permission/getUserPermissionByToken', { token: (await login(demo.app, 'clerk')).token });
    expect(menuTitles(gone.body.result.menu)).not.toContain('会员画像分析');
  });
});
