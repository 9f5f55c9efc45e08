import { sql, type Kysely, type Transaction } from 'kysely';
import { hashPassword } from '../auth/password';
import { DEFAULT_TENANT_ID, joinTenant } from '../services/tenants';
import { newId } from './ids';
import type { ServerPlugin } from '../plugin-api';
import type { AppContext } from '../context';
import type { Database } from './schema';
import { insertDict, insertMenu, seedKeys, seedPluginCatalog, type Grants } from './seed-catalog';
import { DICT_SEED } from './seed-dicts';
import { MENU_SEED } from './seed-menus';

const SEED_KEY = 'demo_seed';
const SEED_VERSION = '1';
const SEEDER = 'system';

async function seedInTransaction(trx: Transaction<Database>): Promise<void> {
  await trx.insertInto('tenants').values({ id: DEFAULT_TENANT_ID, name: '默认租户', create_by: SEEDER }).execute();

  const hq = newId();
  const east = newId();
  const south = newId();
  await trx
    .insertInto('departments')
    .values([
      { id: hq, parent_id: null, org_code: 'A01', depart_name: '总部', sort: 0, create_by: SEEDER },
      { id: east, parent_id: hq, org_code: 'A01A01', depart_name: '华东分公司', sort: 1, create_by: SEEDER },
      { id: south, parent_id: hq, org_code: 'A01A02', depart_name: '华南分公司', sort: 2, create_by: SEEDER },
    ])
    .execute();

  const adminRole = newId();
  const clerkRole = newId();
  await trx
    .insertInto('roles')
    .values([
      { id: adminRole, role_code: 'admin', role_name: '管理员', description: '拥有全部权限', create_by: SEEDER },
      { id: clerkRole, role_code: 'clerk', role_name: '店员', description: '门店日常操作', create_by: SEEDER },
    ])
    .execute();

  const demoPassword = '123456';
  const admin = newId();
  const clerk = newId();
  await trx
    .insertInto('users')
    .values([
      {
        id: admin,
        username: 'admin',
        realname: '管理员',
        password: await hashPassword(demoPassword),
        phone: '13800000000',
        email: 'admin@example.com',
        org_code: 'A01',
        create_by: SEEDER,
      },
      {
        id: clerk,
        username: 'clerk',
        realname: '店员',
        password: await hashPassword(demoPassword),
        phone: '13900000000',
        email: 'clerk@example.com',
        org_code: 'A01A02',
        create_by: SEEDER,
      },
    ])
    .execute();
  await trx
    .insertInto('user_role')
    .values([
      { id: newId(), user_id: admin, role_id: adminRole },
      { id: newId(), user_id: clerk, role_id: clerkRole },
    ])
    .execute();
  await trx
    .insertInto('user_depart')
    .values([
      { id: newId(), user_id: admin, dep_id: hq },
      { id: newId(), user_id: admin, dep_id: east },
      { id: newId(), user_id: clerk, dep_id: south },
    ])
    .execute();
  // Both work in the demo shop: the clerk is its shop assistant (orders, 发货, after-sales, members).
  await joinTenant(trx, DEFAULT_TENANT_ID, [admin, clerk]);

  const grants: Grants = { all: [], clerk: [] };
  for (const menu of MENU_SEED) {
    await insertMenu(trx, menu, null, menu.sortNo, grants, menu.clerk);
  }
  await trx
    .insertInto('role_permission')
    .values([
      ...grants.all.map((permissionId) => ({ id: newId(), role_id: adminRole, permission_id: permissionId })),
      ...grants.clerk.map((permissionId) => ({ id: newId(), role_id: clerkRole, permission_id: permissionId })),
    ])
    .execute();

  for (const dict of DICT_SEED) await insertDict(trx, dict);

  await trx.insertInto('app_meta').values({ key: SEED_KEY, value: SEED_VERSION }).execute();
}

/**
 * Seeds the demo data on first start only: a marker row in app_meta records that it ran, so data an
 * administrator later deletes does not come back. Returns whether it seeded.
 */
export async function seedDemoData(db: Kysely<Database>): Promise<boolean> {
  const marker = await db.selectFrom('app_meta').select('value').where('key', '=', SEED_KEY).executeTakeFirst();
  if (marker !== undefined) return false;
  await db.transaction().execute(seedInTransaction);
  // Fresh tables have no statistics; without them the planner guesses badly on the first queries.
  await sql`ANALYZE`.execute(db);
  return true;
}

/** The seed entries of a plugin's menus already applied to the database (`seedKeys`), as a JSON list. */
const appliedKey = (plugin: string) => `menu-seed:${plugin}`;

/**
 * Seeds each plugin's menus, buttons and dictionaries once per database (marker `catalog:<plugin>` in app_meta), in a
 * transaction with its marker, after the core's demo data so the demo roles exist to be granted them. Like demo data,
 * what an administrator later deletes does not come back.
 *
 * Every later start brings a database up to the plugins' menus of this version: a page, group or button the seed has
 * gained since (a new page such as 店铺信息, a new button) is inserted and granted to the admin role (and a clerk
 * branch's to the clerk role), and a grant the clerk has newly been given in the seed is given. Which seed entries a
 * database has had is recorded (`menu-seed:<plugin>`), so an entry is applied once: a row or grant an administrator
 * removed stays removed. A database from before this record is taken as having had every entry whose row it holds,
 * with the grants it holds: a missing row is a new one, and a clerk grant of a row it holds is not given.
 */
async function runPluginCatalogs(db: Kysely<Database>, plugins: readonly ServerPlugin[]): Promise<void> {
  for (const plugin of plugins) {
    const menus = plugin.menus ?? [];
    const dicts = plugin.dicts ?? [];
    if (menus.length === 0 && dicts.length === 0) continue;
    const key = `catalog:${plugin.name}`;
    const keys = seedKeys(menus);
    const [marker, record] = await Promise.all([
      db.selectFrom('app_meta').select('value').where('key', '=', key).executeTakeFirst(),
      db.selectFrom('app_meta').select('value').where('key', '=', appliedKey(plugin.name)).executeTakeFirst(),
    ]);
    const applied = record === undefined ? null : new Set(appliedEntries(record.value));
    // The usual start: nothing in the seed the database has not had.
    if (marker !== undefined && applied !== null && keys.every((entry) => applied.has(entry))) continue;
    await db.transaction().execute(async (trx) => {
      if (marker === undefined) {
        await seedPluginCatalog(trx, menus, dicts);
        await trx.insertInto('app_meta').values({ key, value: '1' }).execute();
      } else {
        // Before the record: a missing page or button is new; a clerk grant of a row the database holds is not.
        const isNew = applied === null ? (entry: string) => !entry.startsWith('clerk:') : (entry: string) => !applied.has(entry);
        await seedPluginCatalog(trx, menus, [], isNew);
      }
      const value = JSON.stringify([...new Set([...(applied ?? []), ...keys])]);
      await trx
        .insertInto('app_meta')
        .values({ key: appliedKey(plugin.name), value })
        .onConflict((conflict) => conflict.column('key').doUpdateSet({ value }))
        .execute();
    });
  }
}

function appliedEntries(value: string): string[] {
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((entry): entry is string => typeof entry === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Runs each plugin's menus and dictionaries (see runPluginCatalogs), then its demo seed once per
 * database (marker `seed:<plugin>` in app_meta), in a transaction with its marker. Returns the names
 * of the plugins whose demo seed ran now.
 */
/**
 * The plugins' demo data made through their services (after registration), each once per database in
 * one transaction with its marker, so a failed start leaves nothing half made.
 */
export async function runServiceSeeds(db: Kysely<Database>, ctx: AppContext, plugins: readonly ServerPlugin[]): Promise<string[]> {
  const seeded: string[] = [];
  for (const plugin of plugins) {
    const seed = plugin.seedThroughServices;
    if (seed === undefined) continue;
    const key = `service-seed:${plugin.name}`;
    const marker = await db.selectFrom('app_meta').select('value').where('key', '=', key).executeTakeFirst();
    if (marker !== undefined) continue;
    await db.transaction().execute(async (trx) => {
      await seed(trx, ctx);
      await trx.insertInto('app_meta').values({ key, value: '1' }).execute();
    });
    seeded.push(plugin.name);
  }
  if (seeded.length > 0) await sql`ANALYZE`.execute(db);
  return seeded;
}

/** Marks that the seeded dictionaries' colours were given to a database seeded before items had colours. */
const DICT_COLORS_KEY = 'dict-colors:1';

/**
 * A database seeded before dictionary items had colours (migration 0017) gets the seeded colours once: each item
 * still as seeded (same code, value and text) and without a colour of its own; an administrator's later choice stays.
 */
async function fillSeededDictColors(db: Kysely<Database>, plugins: readonly ServerPlugin[]): Promise<void> {
  const marker = await db.selectFrom('app_meta').select('value').where('key', '=', DICT_COLORS_KEY).executeTakeFirst();
  if (marker !== undefined) return;
  const seeds = [...DICT_SEED, ...plugins.flatMap((plugin) => plugin.dicts ?? [])];
  await db.transaction().execute(async (trx) => {
    for (const dict of seeds) {
      for (const [value, text, color] of dict.items) {
        if (color === undefined) continue;
        await trx
          .updateTable('dict_items')
          .set({ item_color: color })
          .where('item_color', 'is', null)
          .where('item_value', '=', value)
          .where('item_text', '=', text)
          .where('dict_id', 'in', (eb) => eb.selectFrom('dicts').select('id').where('dict_code', '=', dict.code))
          .execute();
      }
    }
    await trx.insertInto('app_meta').values({ key: DICT_COLORS_KEY, value: '1' }).execute();
  });
}

export async function runPluginSeeds(db: Kysely<Database>, plugins: readonly ServerPlugin[]): Promise<string[]> {
  await runPluginCatalogs(db, plugins);
  await fillSeededDictColors(db, plugins);
  const seeded: string[] = [];
  for (const plugin of plugins) {
    if (plugin.seed === undefined) continue;
    const key = `seed:${plugin.name}`;
    const marker = await db.selectFrom('app_meta').select('value').where('key', '=', key).executeTakeFirst();
    if (marker !== undefined) continue;
    const seed = plugin.seed;
    await db.transaction().execute(async (trx) => {
      await seed(trx);
      await trx.insertInto('app_meta').values({ key, value: '1' }).execute();
    });
    seeded.push(plugin.name);
  }
  if (seeded.length > 0) await sql`ANALYZE`.execute(db);
  return seeded;
}
