import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { MenuItem, PermissionEntry, PermissionResult } from '../../src/contracts/session';
import type { Database, PermissionRow } from '../db/schema';
import { GRANT_TABLES } from '../cache/grant-tables';
import { registerCache } from '../cache/cache-registry';
import { VersionedCache } from '../cache/versioned-cache';
import { grantedToUser } from './permission-grants';
import { isAdmin } from './users';
import { shopTimeZone } from '../time/shop-time';

const EXTERNAL_URL = /^https?:\/\//i;

function permsType(value: string): '1' | '2' {
  return value === '2' ? '2' : '1';
}

/** The user's live permission rows: all of them for admins, else those granted through roles or department roles. */
async function grantedRows(db: Kysely<Database>, userId: string): Promise<PermissionRow[]> {
  if (await isAdmin(db, userId)) {
    return db.selectFrom('permissions').selectAll().where('del_flag', '=', 0).orderBy('sort_no').orderBy('name').execute();
  }
  const { db: grantDb, granted } = await grantedToUser(db, userId);
  return grantDb
    .selectFrom('permissions')
    .selectAll('permissions')
    .where('permissions.del_flag', '=', 0)
    .where(granted)
    .orderBy('permissions.sort_no')
    .orderBy('permissions.name')
    .execute();
}

/** Route name rule of docs/reference/jeecg-conventions.md §3.3: component name, else the URL without its leading slash, '/'→'-', ':'→'@'. */
function routeName(row: PermissionRow, path: string): string {
  if (row.component_name !== null && row.component_name !== '') return row.component_name;
  return path.replace(/^\//, '').replaceAll('/', '-').replaceAll(':', '@');
}

function toMenuItem(row: PermissionRow): MenuItem {
  const url = row.url ?? '';
  const external = EXTERNAL_URL.test(url);
  // External URLs are not route paths; the family uses the URL's MD5 as the path (docs/reference/jeecg-conventions.md §3.3).
  const path = external ? `/${createHash('md5').update(url).digest('hex')}` : url;
  const component = row.component ?? '';
  const item: MenuItem = {
    id: row.id,
    path,
    name: routeName(row, path),
    component,
    route: row.route ? '1' : '0',
    meta: {
      title: row.name,
      keepAlive: row.keep_alive,
      internalOrExternal: row.internal_or_external,
      componentName: row.component_name ?? component.split('/').pop() ?? '',
    },
  };
  if (row.icon !== null) item.meta.icon = row.icon;
  if (external) item.meta.url = url;
  if (row.redirect !== null) item.redirect = row.redirect;
  if (row.hidden) item.hidden = true;
  if (row.always_show) item.alwaysShow = true;
  return item;
}

/**
 * The codes a page reads with when it opens: its buttons' list and view codes (`cust:member:list`, `report:sales:view`),
 * each the permission of a call the page makes at once. A page is offered only to a user who may use all of them, so
 * no menu entry opens onto a refusal (403).
 */
const READ_CODE = /:(list|view)$/;

function readCodesByPage(buttons: readonly PermissionRow[]): Map<string, string[]> {
  const byPage = new Map<string, string[]>();
  for (const button of buttons) {
    if (button.parent_id === null) continue;
    const codes = splitCodes(button.perms).filter((code) => READ_CODE.test(code));
    if (codes.length > 0) byPage.set(button.parent_id, [...(byPage.get(button.parent_id) ?? []), ...codes]);
  }
  return byPage;
}

function splitCodes(perms: string | null): string[] {
  return (perms ?? '').split(',').map((code) => code.trim()).filter((code) => code !== '');
}

function isLayout(row: PermissionRow): boolean {
  return (row.component ?? '').startsWith('layouts/');
}

function buildTree(rows: PermissionRow[], opens: (row: PermissionRow) => boolean): MenuItem[] {
  const menuRows = rows.filter((row) => row.menu_type === 0 || row.menu_type === 1);
  const byParent = new Map<string | null, PermissionRow[]>();
  for (const row of menuRows) {
    const siblings = byParent.get(row.parent_id) ?? [];
    siblings.push(row);
    byParent.set(row.parent_id, siblings);
  }
  const build = (parentId: string | null): MenuItem[] =>
    (byParent.get(parentId) ?? []).flatMap((row) => {
      if (!opens(row)) return [];
      const item = toMenuItem(row);
      const children = build(row.id);
      // A group whose every page the user may not open is no entry either.
      if (isLayout(row) && (byParent.get(row.id) ?? []).length > 0 && children.length === 0) return [];
      if (children.length > 0) item.children = children;
      return [item];
    });
  // Items whose parent the user may not see are dropped with it, as in the original server.
  const roots = build(null);
  for (const root of roots) {
    if (root.children !== undefined && root.children.length > 0 && root.children.every((child) => child.hidden === true)) {
      root.hidden = true;
    }
  }
  return roots;
}

function isButton(row: PermissionRow): boolean {
  return row.menu_type === 2 && row.perms !== null && row.perms !== '';
}

/**
 * Menus and buttons of a user as UTF-8 JSON, kept until a grant table is written. Kept serialised: every page
 * load asks for them, and copying and serialising the whole tree per request was most of the garbage the
 * server made under load.
 */
const permissionsCache = new VersionedCache<string, Buffer>(GRANT_TABLES, 10_000);
registerCache('userPermissions', permissionsCache);

export async function userPermissionsJson(db: Kysely<Database>, userId: string): Promise<Buffer> {
  return permissionsCache.get(db, userId, async () => Buffer.from(JSON.stringify(await computeUserPermissions(db, userId))));
}

async function computeUserPermissions(db: Kysely<Database>, userId: string): Promise<PermissionResult> {
  const granted = await grantedRows(db, userId);
  const auth: PermissionEntry[] = granted
    .filter((row) => isButton(row) && row.status === '1')
    .map((row) => ({ action: row.perms ?? '', type: permsType(row.perms_type), describe: row.name }));
  const allButtons = await db
    .selectFrom('permissions')
    .selectAll()
    .where('del_flag', '=', 0)
    .where('menu_type', '=', 2)
    .orderBy('sort_no')
    .orderBy('name')
    .execute();
  const allAuth: PermissionEntry[] = allButtons
    .filter(isButton)
    .map((row) => ({ action: row.perms ?? '', status: row.status === '0' ? '0' : '1', type: permsType(row.perms_type), describe: row.name }));
  // What the user may use is what the server checks (hasPermission): granted codes and codes open to everybody.
  const usable = new Set([...auth, ...allAuth.filter((entry) => entry.status === '0')].flatMap((entry) => splitCodes(entry.action)));
  const admin = await isAdmin(db, userId);
  const readCodes = readCodesByPage(allButtons);
  const opens = (row: PermissionRow) => admin || (readCodes.get(row.id) ?? []).every((code) => usable.has(code));
  // The shop's clock travels with what every page load asks for first (the client's src/toolkit/utils/shop-time.ts).
  return { menu: buildTree(granted, opens), auth, allAuth, shopTimeZone: shopTimeZone() };
}
