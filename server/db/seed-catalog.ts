import type { Transaction } from 'kysely';
import { newId } from './ids';
import type { Database } from './schema';
import type { ButtonSeed, DictSeed, MenuSeed, PluginMenuSeed } from './seed-menu-model';

const SEEDER = 'system';

/** Permission ids to grant: every seeded row to the admin role, the clerk's branches to the clerk role. */
export interface Grants {
  all: string[];
  clerk: string[];
}

/**
 * How rows are written. The core's first seed always inserts. A plugin's may meet a database that
 * already has its rows (seeded by the core before the plugin carried them): it reuses those, so a
 * menu or button exists once and is granted once.
 */
interface Placement {
  reuseExisting: boolean;
  /**
   * On a database whose catalogue was seeded before (a later start): whether a seed entry (`seedKeys`) is new since
   * then. A missing row of an entry that is not new was deleted by an administrator and stays deleted; a clerk grant
   * that is not new is not given again.
   */
  isNew?: (key: string) => boolean;
}

/** The keys of seed entries, recorded once applied (`menuKey`: a page or group by its path; a button under it by code). */
const menuKey = (path: string) => `menu:${path}`;
const buttonKey = (path: string, perms: string) => `button:${path}#${perms}`;
const clerkKey = (key: string) => `clerk:${key}`;

/** Every entry a plugin's menus seed: each menu, each button and each grant to the clerk, in seed order. */
export function seedKeys(menus: readonly PluginMenuSeed[]): string[] {
  const keys: string[] = [];
  const walk = (menu: MenuSeed, clerkBranch: boolean) => {
    keys.push(menuKey(menu.path));
    if (clerkBranch) keys.push(clerkKey(menuKey(menu.path)));
    for (const button of menu.buttons ?? []) {
      keys.push(buttonKey(menu.path, button.perms));
      if (clerkBranch && button.clerk === true) keys.push(clerkKey(buttonKey(menu.path, button.perms)));
    }
    for (const child of menu.children ?? []) walk(child, clerkBranch);
  };
  for (const menu of menus) walk(menu, menu.clerk === true);
  return keys;
}

async function existingMenu(trx: Transaction<Database>, path: string, parentId: string | null): Promise<string | undefined> {
  let query = trx.selectFrom('permissions').select('id').where('url', '=', path).where('menu_type', '!=', 2).where('del_flag', '=', 0);
  query = parentId === null ? query.where('parent_id', 'is', null) : query.where('parent_id', '=', parentId);
  return (await query.executeTakeFirst())?.id;
}

async function menuAt(trx: Transaction<Database>, path: string): Promise<string | undefined> {
  const row = await trx.selectFrom('permissions').select('id').where('url', '=', path).where('menu_type', '!=', 2).where('del_flag', '=', 0).executeTakeFirst();
  return row?.id;
}

async function existingButton(trx: Transaction<Database>, perms: string, parentId: string): Promise<string | undefined> {
  const row = await trx
    .selectFrom('permissions')
    .select('id')
    .where('parent_id', '=', parentId)
    .where('perms', '=', perms)
    .where('menu_type', '=', 2)
    .where('del_flag', '=', 0)
    .executeTakeFirst();
  return row?.id;
}

async function insertButton(trx: Transaction<Database>, button: ButtonSeed, parentPath: string, parentId: string, sortNo: number, grants: Grants, clerkBranch: boolean, placement: Placement) {
  const key = buttonKey(parentPath, button.perms);
  const existing = placement.reuseExisting ? await existingButton(trx, button.perms, parentId) : undefined;
  if (existing !== undefined) {
    // A button the clerk is newly given (an existing one; a new one is granted below with the rest).
    if (clerkBranch && button.clerk === true && placement.isNew?.(clerkKey(key)) === true) grants.clerk.push(existing);
    return;
  }
  if (placement.isNew !== undefined && !placement.isNew(key)) return;
  const id = newId();
  await trx
    .insertInto('permissions')
    .values({
      id,
      parent_id: parentId,
      name: button.title,
      menu_type: 2,
      perms: button.perms,
      perms_type: button.type,
      status: button.status ?? '1',
      sort_no: sortNo,
      create_by: SEEDER,
    })
    .execute();
  grants.all.push(id);
  if (clerkBranch && button.clerk === true) grants.clerk.push(id);
}

/** Writes one menu, its buttons and its children (recursively), collecting the grants of new rows. */
export async function insertMenu(
  trx: Transaction<Database>,
  menu: MenuSeed,
  parentId: string | null,
  sortNo: number,
  grants: Grants,
  clerkBranch: boolean,
  placement: Placement = { reuseExisting: false },
): Promise<void> {
  const children = menu.children ?? [];
  let id = placement.reuseExisting ? await existingMenu(trx, menu.path, parentId) : undefined;
  // On a later start a page an administrator moved under another menu is still that page, never seeded twice.
  if (id === undefined && placement.isNew !== undefined) id = await menuAt(trx, menu.path);
  if (id !== undefined && clerkBranch && placement.isNew?.(clerkKey(menuKey(menu.path))) === true) grants.clerk.push(id);
  // Deleted by an administrator since it was seeded: it stays deleted, and so does what hung under it.
  if (id === undefined && placement.isNew !== undefined && !placement.isNew(menuKey(menu.path))) return;
  if (id === undefined) {
    id = newId();
    await trx
      .insertInto('permissions')
      .values({
        id,
        parent_id: parentId,
        name: menu.title,
        url: menu.path,
        component: menu.component,
        component_name: menu.componentName ?? null,
        // Parents open their first child.
        redirect: children[0]?.path ?? null,
        menu_type: parentId === null ? 0 : 1,
        perms: null,
        route: menu.route ?? true,
        hidden: menu.hidden ?? false,
        always_show: menu.alwaysShow ?? false,
        keep_alive: menu.keepAlive ?? false,
        internal_or_external: menu.internalOrExternal ?? false,
        icon: menu.icon ?? null,
        sort_no: sortNo,
        create_by: SEEDER,
      })
      .execute();
    grants.all.push(id);
    if (clerkBranch) grants.clerk.push(id);
  }
  for (const [index, button] of (menu.buttons ?? []).entries()) {
    await insertButton(trx, button, menu.path, id, index + 1, grants, clerkBranch, placement);
  }
  for (const [index, child] of children.entries()) {
    await insertMenu(trx, child, id, child.sortNo ?? index + 1, grants, clerkBranch, placement);
  }
}

export async function insertDict(trx: Transaction<Database>, dict: DictSeed): Promise<void> {
  const dictId = newId();
  await trx.insertInto('dicts').values({ id: dictId, dict_code: dict.code, dict_name: dict.name, create_by: SEEDER }).execute();
  await trx
    .insertInto('dict_items')
    .values(
      dict.items.map(([value, text, color], index) => ({
        id: newId(),
        dict_id: dictId,
        item_value: value,
        item_text: text,
        item_color: color ?? null,
        sort_order: index + 1,
        create_by: SEEDER,
      })),
    )
    .execute();
}

/**
 * Grants the collected rows to the roles with these codes, when they exist (an administrator may have deleted the clerk
 * role); a grant the role already has is not written twice.
 */
export async function grantToRoles(trx: Transaction<Database>, grants: Grants, roles: { all: string; clerk: string }): Promise<void> {
  const found = await trx.selectFrom('roles').select(['id', 'role_code']).where('role_code', 'in', [roles.all, roles.clerk]).execute();
  const roleId = (code: string) => found.find((role) => role.role_code === code)?.id;
  const adminRole = roleId(roles.all);
  const clerkRole = roleId(roles.clerk);
  const wanted = [
    ...(adminRole === undefined ? [] : grants.all.map((permissionId) => ({ role_id: adminRole, permission_id: permissionId }))),
    ...(clerkRole === undefined ? [] : grants.clerk.map((permissionId) => ({ role_id: clerkRole, permission_id: permissionId }))),
  ];
  if (wanted.length === 0) return;
  const held = await trx
    .selectFrom('role_permission')
    .select(['role_id', 'permission_id'])
    .where('permission_id', 'in', wanted.map((grant) => grant.permission_id))
    .execute();
  const has = new Set(held.map((grant) => `${grant.role_id}/${grant.permission_id}`));
  const rows = wanted.filter((grant) => !has.has(`${grant.role_id}/${grant.permission_id}`)).map((grant) => ({ id: newId(), ...grant }));
  if (rows.length > 0) await trx.insertInto('role_permission').values(rows).execute();
}

/**
 * Seeds a plugin's menus, buttons and dictionaries into a database, reusing rows that are already
 * there (same path under the same parent, same button code, same dictionary code). A branch whose
 * parent menu is missing (its owner plugin removed) becomes a top menu, so its screens stay reachable.
 */
export async function seedPluginCatalog(trx: Transaction<Database>, menus: readonly PluginMenuSeed[], dicts: readonly DictSeed[], isNew?: (key: string) => boolean): Promise<void> {
  const grants: Grants = { all: [], clerk: [] };
  const placement: Placement = { reuseExisting: true, ...(isNew === undefined ? {} : { isNew }) };
  for (const menu of menus) {
    const parentId = 'parent' in menu ? ((await menuAt(trx, menu.parent)) ?? null) : null;
    await insertMenu(trx, menu, parentId, menu.sortNo, grants, menu.clerk === true, placement);
  }
  await grantToRoles(trx, grants, { all: 'admin', clerk: 'clerk' });
  for (const dict of dicts) {
    const exists = await trx.selectFrom('dicts').select('id').where('dict_code', '=', dict.code).executeTakeFirst();
    if (exists === undefined) await insertDict(trx, dict);
  }
}
