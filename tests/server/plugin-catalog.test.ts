/**
 * A plugin carries its own menus, buttons and dictionaries: they are seeded once per database, never
 * twice, and a build without the plugin has none of them while the rest works as before.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { MenuItem, PermissionResult } from '../../src/contracts/session';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { Database } from '../../server/db/schema';
import { runPluginSeeds } from '../../server/db/seed';
import { serverPlugins } from '../../server/plugins';
import { call, login, tempDir, useDemoServer } from './helpers';

const demo = useDemoServer();

const ANNOUNCEMENT_MENUS = ['通告管理', '我的消息', '消息模板', '消息记录'];
const ANNOUNCEMENT_DICTS = ['msg_category', 'priority', 'send_status'];
const SYSTEM_CHILDREN = ['用户管理', '角色管理', '部门管理', '菜单管理', '数据字典', '定时任务', '日志管理', '数据日志', '通告管理', '我的消息', '消息模板', '消息记录', '租户管理', '文件管理', '店铺信息'];

async function counts(db: Kysely<Database>) {
  const result = await sql<{ permissions: number; grants: number; dicts: number; items: number }>`
    select (select count(*)::int from permissions) as permissions, (select count(*)::int from role_permission) as grants,
           (select count(*)::int from dicts) as dicts, (select count(*)::int from dict_items) as items`.execute(db);
  return result.rows[0];
}

async function menuOf(app: Awaited<ReturnType<typeof buildApp>>, token: string): Promise<MenuItem[]> {
  const response = await call<PermissionResult>(app, 'GET', '/api/sys/permission/getUserPermissionByToken', { token });
  expect(response.status).toBe(200);
  return response.body.result.menu;
}

describe('plugin menus, buttons and dictionaries', () => {
  it('places the plugins’ menus in the one order: 系统管理 (system) with 通告管理 and 我的消息 (announcements) inside', async () => {
    const menu = await menuOf(demo.app, demo.admin);
    expect(menu.map((item) => item.meta.title)).toEqual(['首页', '工作台', '统计图表', '待办任务', '客户管理', '商品管理', '销售订单', '营销管理', '分销管理', '报表', '采购订单', '系统管理', '系统监控', '在线开发', '个人页', '帮助文档']);
    expect(menu.find((item) => item.path === '/system')?.children?.map((child) => child.meta.title)).toEqual(SYSTEM_CHILDREN);
    const auth = (await call<PermissionResult>(demo.app, 'GET', '/api/sys/permission/getUserPermissionByToken', { token: demo.admin })).body.result.auth;
    expect(auth.map((entry) => entry.action)).toEqual(expect.arrayContaining(['system:announcement:release', 'system:user:add']));
    // The clerk is granted no branch of either plugin.
    expect((await menuOf(demo.app, demo.clerk)).some((item) => item.path === '/system')).toBe(false);
  });

  it('seeds once: a database that already has the rows (seeded by the core before) gets no duplicates', async () => {
    const db = demo.app.db;
    const before = await counts(db);
    // Forget that the plugins seeded their catalogue, as on a database the core seeded them into.
    await sql`delete from app_meta where key like 'catalog:%'`.execute(db);
    await runPluginSeeds(db, serverPlugins);
    expect(await counts(db)).toEqual(before);
    const markers = await sql<{ key: string }>`select key from app_meta where key like 'catalog:%' order by key`.execute(db);
    expect(markers.rows.map((row) => row.key)).toEqual(['catalog:account', 'catalog:announcements', 'catalog:customers', 'catalog:dashboard', 'catalog:distribution', 'catalog:goods', 'catalog:help', 'catalog:marketing', 'catalog:monitor', 'catalog:online', 'catalog:operations', 'catalog:orders', 'catalog:oss', 'catalog:reports', 'catalog:reviews', 'catalog:system']);
  });
});

describe('a build without the announcements plugin', () => {
  const dataDir = tempDir('no-announcements');
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  // A whole first start (migrations, seeds; not the demo trade, which has nothing to do with it) inside the test.
  it('has none of its menus, buttons, dictionaries or routes, and the rest works', async () => {
    const app = await buildApp({
      config: loadConfig({ DATA_DIR: dataDir, CLIENT_DIR: path.join(dataDir, 'none'), DEMO_TRADE: 'off' }),
      logger: false,
      plugins: serverPlugins.filter((plugin) => plugin.name !== 'announcements'),
    });
    try {
      const admin = await login(app, 'admin');
      const menu = await menuOf(app, admin.token);
      const system = menu.find((item) => item.path === '/system');
      expect(system?.children?.map((child) => child.meta.title)).toEqual(SYSTEM_CHILDREN.filter((title) => !ANNOUNCEMENT_MENUS.includes(title)));
      const names = await sql<{ name: string }>`select name from permissions where perms like 'system:announcement:%' or perms like 'system:msgTemplate:%' or name in ('通告管理', '我的消息', '消息模板', '消息记录')`.execute(app.db);
      expect(names.rows).toEqual([]);
      expect(Object.keys(admin.sysAllDictItems).filter((code) => ANNOUNCEMENT_DICTS.includes(code))).toEqual([]);
      expect(Object.keys(admin.sysAllDictItems)).toEqual(expect.arrayContaining(['sex', 'user_status', 'menu_type']));
      expect((await call(app, 'GET', '/api/sys/annountCement/listByUser', { token: admin.token })).status).toBe(404);
      // The system screens it leaves behind still answer.
      const users = await call<{ total: number }>(app, 'GET', '/api/sys/user/list', { token: admin.token });
      expect(users.status).toBe(200);
      expect(users.body.result.total).toBe(2);
    } finally {
      await app.close();
    }
  }, 120_000);
});

describe('a database seeded by an earlier version, started by this one', () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));
  /** A copy of the run's seeded database, which each start of `start` opens anew. */
  function database(): () => ReturnType<typeof buildApp> {
    const dataDir = tempDir('upgrade');
    dirs.push(dataDir);
    fs.cpSync(inject('serverTemplateDir'), dataDir, { recursive: true });
    return () => buildApp({ config: loadConfig({ DATA_DIR: dataDir, CLIENT_DIR: path.join(dataDir, 'none'), DEMO_TRADE: 'off' }), logger: false });
  }

  /** Deletes a page, its buttons and their grants (hard, as a database that never had them). */
  async function dropPage(db: Kysely<Database>, url: string): Promise<void> {
    const page = await sql<{ id: string }>`select id from permissions where url = ${url}`.execute(db);
    const ids = page.rows.map((row) => row.id);
    expect(ids).toHaveLength(1);
    await sql`delete from role_permission where permission_id in (select id from permissions where id in (${sql.join(ids)}) or parent_id in (${sql.join(ids)}))`.execute(db);
    await sql`delete from permissions where parent_id in (${sql.join(ids)})`.execute(db);
    await sql`delete from permissions where id in (${sql.join(ids)})`.execute(db);
  }

  async function adminGrants(db: Kysely<Database>, like: string): Promise<string[]> {
    const rows = await sql<{ code: string }>`select coalesce(p.perms, p.url) as code from role_permission rp join roles r on r.id = rp.role_id join permissions p on p.id = rp.permission_id
      where r.role_code = 'admin' and (p.perms like ${like} or p.url like ${like}) order by 1`.execute(db);
    return rows.rows.map((row) => row.code);
  }

  it('gets the pages and buttons its seed gained since, granted to the admin role, and never what an administrator removed', async () => {
    const start = database();
    let newlyGiven: string | undefined;
    let takenAway: string | undefined;
    const first = await start();
    try {
      // As an earlier version left it: no 店铺信息 (added since), the seed record without it.
      await dropPage(first.db, '/system/shopProfile');
      const record = await sql<{ value: string }>`select value from app_meta where key = 'menu-seed:system'`.execute(first.db);
      const applied = JSON.parse(record.rows[0]?.value ?? '[]') as string[];
      expect(applied).toContain('menu:/system/shopProfile');
      const older = applied.filter((entry) => !entry.includes('/system/shopProfile'));
      await sql`update app_meta set value = ${JSON.stringify(older)} where key = 'menu-seed:system'`.execute(first.db);
      // A button the seed has newly given the clerk, and one whose grant an administrator took from the clerk.
      const orders = await sql<{ value: string }>`select value from app_meta where key = 'menu-seed:orders'`.execute(first.db);
      const ordersApplied = JSON.parse(orders.rows[0]?.value ?? '[]') as string[];
      const clerkButtons = ordersApplied.filter((entry) => entry.startsWith('clerk:button:')).map((entry) => entry.slice(entry.indexOf('#') + 1));
      [newlyGiven, takenAway] = clerkButtons;
      expect(takenAway).toBeDefined();
      for (const perms of [newlyGiven, takenAway]) {
        await sql`delete from role_permission where permission_id in (select id from permissions where perms = ${perms})
          and role_id = (select id from roles where role_code = 'clerk')`.execute(first.db);
      }
      const ordersOlder = ordersApplied.filter((entry) => !(entry.startsWith('clerk:') && entry.endsWith(`#${newlyGiven}`)));
      await sql`update app_meta set value = ${JSON.stringify(ordersOlder)} where key = 'menu-seed:orders'`.execute(first.db);
      // What an administrator removed meanwhile: the 文件管理 page, and the admin role's grant of 新增用户.
      await dropPage(first.db, '/system/ossFile');
      await sql`delete from role_permission where permission_id in (select id from permissions where perms = 'system:user:add')
        and role_id = (select id from roles where role_code = 'admin')`.execute(first.db);
    } finally {
      await first.close();
    }

    const second = await start();
    try {
      const admin = await login(second, 'admin');
      const system = (await menuOf(second, admin.token)).find((item) => item.path === '/system');
      expect(system?.children?.map((child) => child.meta.title)).toEqual(SYSTEM_CHILDREN.filter((title) => title !== '文件管理'));
      expect(await adminGrants(second.db, '%shopProfile%')).toEqual(['/system/shopProfile', 'system:shopProfile:edit', 'system:shopProfile:list']);
      const profile = await call(second, 'GET', '/api/sys/shopProfile/current', { token: admin.token, headers: { 'tenant-id': '1' } });
      expect(profile.body.success, JSON.stringify(profile.body)).toBe(true);
      // Once, whatever the number of starts; what the administrator removed stays removed.
      expect((await sql<{ n: number }>`select count(*)::int as n from permissions where url = '/system/shopProfile' or perms like 'system:shopProfile:%'`.execute(second.db)).rows[0]?.n).toBe(3);
      expect((await sql<{ n: number }>`select count(*)::int as n from permissions where url = '/system/ossFile'`.execute(second.db)).rows[0]?.n).toBe(0);
      expect(await adminGrants(second.db, 'system:user:add')).toEqual([]);
      const clerkHas = async (perms: string | undefined) =>
        (await sql<{ n: number }>`select count(*)::int as n from role_permission rp join roles r on r.id = rp.role_id join permissions p on p.id = rp.permission_id
          where r.role_code = 'clerk' and p.perms = ${perms ?? ''}`.execute(second.db)).rows[0]?.n;
      expect(await clerkHas(newlyGiven)).toBe(1);
      expect(await clerkHas(takenAway)).toBe(0);
    } finally {
      await second.close();
    }
  }, 120_000);

  it('from before the seed record: a missing page is new and granted, a row it holds is left with its grants', async () => {
    const start = database();
    const first = await start();
    let before: Awaited<ReturnType<typeof counts>>;
    try {
      await sql`delete from app_meta where key like 'menu-seed:%'`.execute(first.db);
      await dropPage(first.db, '/system/shopProfile');
      before = await counts(first.db);
    } finally {
      await first.close();
    }
    const second = await start();
    try {
      expect(await adminGrants(second.db, '%shopProfile%')).toEqual(['/system/shopProfile', 'system:shopProfile:edit', 'system:shopProfile:list']);
      // The page and its two buttons, each granted to the admin role once: nothing else written, nothing granted twice.
      if (before === undefined) throw new Error('no counts before the start');
      expect(await counts(second.db)).toEqual({ ...before, permissions: before.permissions + 3, grants: before.grants + 3 });
      const records = await sql<{ key: string }>`select key from app_meta where key like 'menu-seed:%'`.execute(second.db);
      expect(records.rows.length).toBeGreaterThan(0);
    } finally {
      await second.close();
    }
  }, 120_000);
});

