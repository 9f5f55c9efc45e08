import { describe, expect, it } from 'vitest';
import type { CurrentDepartsResult, DictItem, DictMap, MenuItem, PermissionResult, SelectDepartResult } from '../../src/contracts/session';
import { call, useDemoServer } from './helpers';

const demo = useDemoServer();

function flatten(items: MenuItem[]): MenuItem[] {
  return items.flatMap((item) => [item, ...flatten(item.children ?? [])]);
}

describe('GET /api/sys/permission/getUserPermissionByToken', () => {
  const fetchFor = async (token: string) => {
    const response = await call<PermissionResult>(demo.app, 'GET', '/api/sys/permission/getUserPermissionByToken', { token });
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
    return response.body.result;
  };

  it('gives the admin every menu and every button', async () => {
    const result = await fetchFor(demo.admin);
    const top = result.menu.map((item) => item.meta.title);
    expect(top).toEqual(expect.arrayContaining(['首页', '客户管理', '商品管理', '销售订单', '营销管理', '分销管理', '报表', '采购订单', '系统管理', '系统监控', '在线开发', '个人页']));
    const all = flatten(result.menu);
    const users = all.find((item) => item.component === 'system/UserList');
    expect(users).toMatchObject({ path: '/system/user', name: 'system-user', route: '1', meta: { title: '用户管理', componentName: 'UserList' } });
    const system = result.menu.find((item) => item.path === '/system');
    expect(system).toMatchObject({ component: 'layouts/RouteView', redirect: '/system/user' });
    expect(result.auth.map((entry) => entry.action)).toEqual(expect.arrayContaining(['system:user:add', 'cust:member:add', 'cust:member:delete', 'system:sso:issue']));
    expect(result.allAuth).toContainEqual({ action: 'cust:member:delete', status: '1', type: '2', describe: '删除会员' });
  });

  it('marks a top item hidden when all its children are hidden', async () => {
    const result = await fetchFor(demo.admin);
    const account = result.menu.find((item) => item.path === '/account');
    expect(account?.hidden).toBe(true);
    expect(account?.children?.map((child) => child.component)).toEqual(['account/center/Index', 'account/settings/Index']);
    const dashboard = result.menu.find((item) => item.path === '/dashboard/analysis');
    expect(dashboard).toMatchObject({ component: 'dashboard/Analysis', name: 'dashboard-analysis' });
    expect(dashboard?.hidden).toBeUndefined();
  });

  it('describes the help page, an external link and the route-less entry', async () => {
    const help = flatten((await fetchFor(demo.admin)).menu).find((item) => item.meta.title === '帮助文档');
    expect(help).toMatchObject({ path: '/help', component: 'help/HelpCenter', meta: { internalOrExternal: false } });
    const added = await call<{ id: string }>(demo.app, 'POST', '/api/sys/permission/add', {
      token: demo.admin,
      body: { name: '外部帮助', menuType: 0, url: 'https://example.com/help', component: 'layouts/IframePageView', internalOrExternal: true, sortNo: 99 },
    });
    expect(added.body.success).toBe(true);
    // A menu entry that only opens with a parameter: no client route, hidden from the side menu.
    const routeLess = await call<{ id: string }>(demo.app, 'POST', '/api/sys/permission/add', {
      token: demo.admin,
      body: { name: '参数入口', menuType: 0, url: '/help/withParam/:id', component: 'help/HelpCenter', route: false, hidden: true, sortNo: 98 },
    });
    expect(routeLess.body.success).toBe(true);
    try {
      const all = flatten((await fetchFor(demo.admin)).menu);
      const external = all.find((item) => item.meta.title === '外部帮助');
      expect(external).toMatchObject({ component: 'layouts/IframePageView', meta: { url: 'https://example.com/help', internalOrExternal: true } });
      expect(external?.path).toMatch(/^\/[0-9a-f]{32}$/);
      const detail = all.find((item) => item.meta.title === '参数入口');
      expect(detail).toMatchObject({ route: '0', hidden: true });
    } finally {
      await call(demo.app, 'DELETE', `/api/sys/permission/delete?id=${added.body.result.id}`, { token: demo.admin });
      await call(demo.app, 'DELETE', `/api/sys/permission/delete?id=${routeLess.body.result.id}`, { token: demo.admin });
    }
  });

  it('gives the clerk neither the system, monitor nor online branches nor cust:member:add', async () => {
    const result = await fetchFor(demo.clerk);
    const paths = result.menu.map((item) => item.path);
    expect(paths).toEqual(expect.arrayContaining(['/cust', '/goods', '/saleorder', '/marketing', '/marketingDrp', '/report', '/zcy']));
    expect(paths).not.toContain('/system');
    expect(paths).not.toContain('/monitor');
    expect(paths).not.toContain('/online');
    const actions = result.auth.map((entry) => entry.action);
    expect(actions).toContain('cust:member:edit');
    expect(actions).not.toContain('cust:member:add');
    expect(actions).not.toContain('cust:member:delete');
    // allAuth lists every definition for everybody: the client disables type '2' codes the user lacks.
    expect(result.allAuth).toContainEqual({ action: 'cust:member:delete', status: '1', type: '2', describe: '删除会员' });
    expect(result.allAuth).toContainEqual({ action: 'cust:member:add', status: '1', type: '1', describe: '新增会员' });
    expect(result.allAuth).toContainEqual({ action: 'cust:member:exportXls', status: '0', type: '1', describe: '导出会员' });
  });

  it("offers the clerk only pages it may open: every list a page's read buttons guard answers the clerk, none 403", async () => {
    const pages = flatten((await fetchFor(demo.clerk)).menu).filter((item) => (item.children ?? []).length === 0 && item.hidden !== true);
    const buttons = await demo.app.db.selectFrom('permissions').select(['parent_id', 'perms']).where('menu_type', '=', 2).where('del_flag', '=', 0).execute();
    const readCodesOf = (pageId: string) => buttons.filter((button) => button.parent_id === pageId && /:(list|view)$/.test(button.perms ?? '')).map((button) => button.perms ?? '');
    const routesOf = (code: string) =>
      demo.app.routeAccess.filter((route) => route.method === 'GET' && !/[:*]/.test(route.url) && typeof route.access === 'object' && route.access.permission === code);
    const refused: string[] = [];
    let calls = 0;
    for (const page of pages) {
      for (const code of readCodesOf(page.id)) {
        for (const route of routesOf(code)) {
          const answer = await call(demo.app, 'GET', route.url, { token: demo.clerk, headers: { 'tenant-id': '1' } });
          calls += 1;
          if (answer.status === 403) refused.push(`${page.meta.title} ${route.url}: ${answer.body.message}`);
        }
      }
    }
    expect(refused).toEqual([]);
    expect(pages.length).toBeGreaterThanOrEqual(25);
    expect(calls).toBeGreaterThanOrEqual(25);
    // The shop assistant's work is there: orders (发货), after-sales, members.
    expect(pages.map((page) => page.meta.title)).toEqual(expect.arrayContaining(['订单列表', '售后单', '会员列表', '退款单']));
    const actions = new Set((await fetchFor(demo.clerk)).auth.map((entry) => entry.action));
    for (const code of ['saleorder:order:deliver', 'saleorder:afterSale:agree', 'saleorder:afterSale:disagree', 'saleorder:afterSale:receive', 'saleorder:afterSale:refund', 'cust:member:list']) {
      expect(actions.has(code), code).toBe(true);
    }
  });

  it("leaves out a page the role's menu grants when the list it opens with is not granted (it would answer 403), and an emptied group", async () => {
    const titles = flatten((await fetchFor(demo.clerk)).menu).map((item) => item.meta.title);
    // 商品SPU and 客户列表 are in the clerk role's branches, their 查询 buttons are not granted.
    expect(titles).not.toContain('商品SPU');
    expect(titles).not.toContain('客户列表');
    expect((await call(demo.app, 'GET', '/api/goods/goodsSpu/list', { token: demo.clerk, headers: { 'tenant-id': '1' } })).status).toBe(403);
    expect((await call(demo.app, 'GET', '/api/cust/customer/list', { token: demo.clerk, headers: { 'tenant-id': '1' } })).status).toBe(403);
    // Granting the read button brings the page back (the grants cache follows the write).
    const clerkRole = await demo.app.db.selectFrom('roles').select('id').where('role_code', '=', 'clerk').executeTakeFirstOrThrow();
    const spuList = await demo.app.db.selectFrom('permissions').select('id').where('perms', '=', 'goods:spu:list').executeTakeFirstOrThrow();
    await demo.app.db.insertInto('role_permission').values({ id: 'staff-slice-spu-list', role_id: clerkRole.id, permission_id: spuList.id }).execute();
    try {
      expect(flatten((await fetchFor(demo.clerk)).menu).map((item) => item.meta.title)).toContain('商品SPU');
    } finally {
      await demo.app.db.deleteFrom('role_permission').where('id', '=', 'staff-slice-spu-list').execute();
    }
    expect(flatten((await fetchFor(demo.clerk)).menu).map((item) => item.meta.title)).not.toContain('商品SPU');
  });

  it('needs a token', async () => {
    expect((await call(demo.app, 'GET', '/api/sys/permission/getUserPermissionByToken')).status).toBe(401);
  });
});

describe('departments', () => {
  it('lists the current user departments and the current one', async () => {
    const response = await call<CurrentDepartsResult>(demo.app, 'GET', '/api/sys/user/getCurrentUserDeparts', { token: demo.admin });
    expect(response.body.success).toBe(true);
    expect(response.body.result.orgCode).toBe('A01');
    expect(response.body.result.list.map((d) => [d.orgCode, d.departName])).toEqual([
      ['A01', '总部'],
      ['A01A01', '华东分公司'],
    ]);
  });

  it('switches to a department the user belongs to', async () => {
    const response = await call<SelectDepartResult>(demo.app, 'POST', '/api/sys/selectDepart', { token: demo.admin, body: { orgCode: 'A01A01', username: 'admin' } });
    expect(response.body.success).toBe(true);
    expect(response.body.result.userInfo).toMatchObject({ username: 'admin', orgCode: 'A01A01' });
    expect(JSON.stringify(response.body.result)).not.toContain('scrypt');
    const after = await call<CurrentDepartsResult>(demo.app, 'GET', '/api/sys/user/getCurrentUserDeparts', { token: demo.admin });
    expect(after.body.result.orgCode).toBe('A01A01');
    const viaPut = await call<SelectDepartResult>(demo.app, 'PUT', '/api/sys/selectDepart', { token: demo.admin, body: { orgCode: 'A01' } });
    expect(viaPut.body.result.userInfo.orgCode).toBe('A01');
  });

  it('refuses a department the user does not belong to', async () => {
    const response = await call(demo.app, 'POST', '/api/sys/selectDepart', { token: demo.clerk, body: { orgCode: 'A01', username: 'clerk' } });
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(false);
    const current = await call<CurrentDepartsResult>(demo.app, 'GET', '/api/sys/user/getCurrentUserDeparts', { token: demo.clerk });
    expect(current.body.result.orgCode).toBe('A01A02');
  });

  it('refuses switching on behalf of another user', async () => {
    const response = await call(demo.app, 'POST', '/api/sys/selectDepart', { token: demo.clerk, body: { orgCode: 'A01A02', username: 'admin' } });
    expect(response.status).toBe(403);
  });
});

describe('dictionaries', () => {
  const items = (code: string) => call<DictItem[]>(demo.app, 'GET', `/api/sys/dict/getDictItems/${code}`, { token: demo.clerk });

  it('returns a system dictionary', async () => {
    const response = await items('valid_status');
    expect(response.body.success).toBe(true);
    expect(response.body.result.map((i) => [i.value, i.text])).toEqual([
      ['0', '无效'],
      ['1', '有效'],
    ]);
    expect(response.body.result[1]).toEqual({ value: '1', text: '有效', title: '有效', label: '有效', color: 'green' });
  });

  it('returns a registered table dictionary', async () => {
    const users = await items('sys_user_realname');
    expect(users.body.result).toEqual(
      expect.arrayContaining([expect.objectContaining({ value: 'admin', text: '管理员' }), expect.objectContaining({ value: 'clerk', text: '店员' })]),
    );
    const departs = await items('sys_depart');
    expect(departs.body.result.map((i) => i.text)).toEqual(['总部', '华东分公司', '华南分公司']);
  });

  it('says so for an empty or unknown code', async () => {
    expect((await items('')).body).toMatchObject({ success: false, message: '字典Code不能为空!' });
    expect((await items('no_such_dict')).body).toMatchObject({ success: false, message: '字典不存在' });
  });

  it('never treats a code as table,text,code or SQL', async () => {
    for (const hostile of ['sys_user,password,username', 'users,password,username', "' or 1=1--", 'sex;drop table users', 'sex%27%20or%201%3D1--']) {
      const response = await items(encodeURIComponent(hostile));
      expect(response.body).toMatchObject({ success: false, message: '字典不存在' });
      expect(JSON.stringify(response.body)).not.toContain('scrypt');
    }
  });

  it('serves all system dictionaries and refreshes the cache', async () => {
    const all = await call<DictMap>(demo.app, 'GET', '/api/sys/dict/queryAllDictItems', { token: demo.clerk });
    expect(Object.keys(all.body.result)).toEqual(expect.arrayContaining(['sex', 'user_status', 'valid_status', 'yn', 'priority', 'msg_category', 'send_status', 'sale_order_status', 'sale_pay_status', 'purchase_status', 'menu_type', 'perms_type']));
    // A domain's dictionaries are its plugin's (sale_order_status …): the core keeps no second copy of them.
    for (const stale of ['order_status', 'pay_status', 'pay_type', 'refund_status', 'aftersale_status', 'goods_status', 'coupon_type', 'drp_level', 'withdraw_status']) expect(all.body.result[stale]).toBeUndefined();
    expect(all.body.result.sys_user_realname).toBeUndefined();

    // A write through the server's database ends the cached dictionaries at once (server/cache/table-versions.ts);
    // 刷新缓存 still answers for clients that call it.
    await demo.app.db.updateTable('dict_items').set({ item_text: '男士' }).where('item_text', '=', '男').execute();
    expect((await items('sex')).body.result[0]?.text).toBe('男士');
    const refreshed = await call(demo.app, 'GET', '/api/sys/dict/refleshCache', { token: demo.clerk });
    expect(refreshed.body).toMatchObject({ success: true });
    expect((await items('sex')).body.result[0]?.text).toBe('男士');
  });

  it('needs a token', async () => {
    expect((await call(demo.app, 'GET', '/api/sys/dict/getDictItems/sex')).status).toBe(401);
  });
});
