/**
 * A plugin carries its own menus, buttons and dictionaries: they are seeded once per database, never
 * twice, and a build without the plugin has none of them while the rest works as before.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
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
    expect(markers.rows.map((row) => row.key)).toEqual(['catalog:account', 'catalog:announcements', 'catalog:customers', 'catalog:dashboard', 'catalog:distribution', 'catalog:goods', 'catalog:help', 'catalog:marketing', 'catalog:monitor', 'catalog:online', 'catalog:operations', 'catalog:orders', 'catalog:oss', 'catalog:reports', 'catalog:system']);
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
