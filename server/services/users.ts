import type { Kysely } from 'kysely';
import type { UserInfo } from '../../src/contracts/session';
import type { Database, UserRow } from '../db/schema';
import { GRANT_TABLES } from '../cache/grant-tables';
import { registerCache } from '../cache/cache-registry';
import { VersionedCache } from '../cache/versioned-cache';
import { grantedToUser } from './permission-grants';
import { openTenantCondition } from './tenants';

/** The role whose holders are granted every permission. */
export const ADMIN_ROLE = 'admin';

/** Every authenticated request asks whether its user is still active: kept until `users` is written. */
const activeUsers = new VersionedCache<string, UserRow | undefined>(['users'], 10_000);
registerCache('activeUsers', activeUsers);

export async function findActiveUserById(db: Kysely<Database>, id: string): Promise<UserRow | undefined> {
  const row = await activeUsers.get(db, id, () =>
    db.selectFrom('users').selectAll().where('id', '=', id).where('del_flag', '=', 0).where('status', '=', 1).executeTakeFirst(),
  );
  // A copy: the cached row stays as read.
  return row === undefined ? undefined : { ...row };
}

/** Any live row by user name, frozen included: the caller decides, with one uniform message. */
export async function findUserByUsername(db: Kysely<Database>, username: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('username', '=', username).where('del_flag', '=', 0).executeTakeFirst();
}

export async function findActiveUserByPhone(db: Kysely<Database>, phone: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('phone', '=', phone).where('del_flag', '=', 0).where('status', '=', 1).executeTakeFirst();
}

export async function isAdmin(db: Kysely<Database>, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('user_role')
    .innerJoin('roles', 'roles.id', 'user_role.role_id')
    .select('roles.id')
    .where('user_role.user_id', '=', userId)
    .where('roles.role_code', '=', ADMIN_ROLE)
    .executeTakeFirst();
  return row !== undefined;
}

function splitCodes(perms: string | null): string[] {
  return (perms ?? '').split(',').map((code) => code.trim()).filter((code) => code !== '');
}

interface UserGrants {
  admin: boolean;
  /** Codes the user may use: granted ones and those defined with status '0' (not controlled). */
  allowed: ReadonlySet<string>;
}

/** Every request asks; the answer changes only when a grant table is written. */
const grantsCache = new VersionedCache<string, UserGrants>(GRANT_TABLES, 10_000);
registerCache('userGrants', grantsCache);

async function loadUserGrants(db: Kysely<Database>, userId: string): Promise<UserGrants> {
  if (await isAdmin(db, userId)) return { admin: true, allowed: new Set() };
  const { db: grantDb, granted } = await grantedToUser(db, userId);
  const rows = await grantDb
    .selectFrom('permissions')
    .select((eb) => ['permissions.perms', 'permissions.status', granted(eb).as('granted')])
    .where('permissions.del_flag', '=', 0)
    .where('permissions.perms', 'is not', null)
    .where('permissions.perms', '<>', '')
    .execute();
  const allowed = new Set<string>();
  for (const row of rows) {
    if (row.status === '0' || row.granted) for (const code of splitCodes(row.perms)) allowed.add(code);
  }
  return { admin: false, allowed };
}

/**
 * Whether the user may use a permission code: admins may use all; a code defined with status '0'
 * is not controlled; otherwise the user must be granted a live permission carrying it, through a role or a
 * department role (the same rule as the menu and auth the user is shown). Computed once per user
 * and kept until a grant table is written (server/cache).
 */
export async function hasPermission(db: Kysely<Database>, userId: string, code: string): Promise<boolean> {
  const grants = await grantsCache.get(db, userId, () => loadUserGrants(db, userId));
  return grants.admin || grants.allowed.has(code);
}

/**
 * Every request with a tenant header asks this: kept until a membership or a tenant is written, and at most a
 * minute (a tenant's validity ends with a date, not with a write).
 */
const tenantMembership = new VersionedCache<string, boolean>(['user_tenant', 'tenants'], 10_000, 60_000);
registerCache('tenantMembership', tenantMembership);

export async function belongsToTenant(db: Kysely<Database>, userId: string, tenantId: number): Promise<boolean> {
  return tenantMembership.get(db, `${userId}|${tenantId}`, async () => {
    const row = await db
      .selectFrom('user_tenant')
      .innerJoin('tenants', 'tenants.id', 'user_tenant.tenant_id')
      .select('tenants.id')
      .where('user_tenant.user_id', '=', userId)
      .where('user_tenant.tenant_id', '=', tenantId)
      // A frozen tenant, or one outside its validity, is refused like a foreign one (every route and socket).
      .where(openTenantCondition())
      .executeTakeFirst();
    return row !== undefined;
  });
}

/** What a client may see of a user: never the password hash. */
export function toUserInfo(user: UserRow): UserInfo {
  const info: UserInfo = { id: user.id, username: user.username, realname: user.realname };
  if (user.avatar !== null) info.avatar = user.avatar;
  if (user.org_code !== null) info.orgCode = user.org_code;
  if (user.phone !== null) info.phone = user.phone;
  if (user.email !== null) info.email = user.email;
  return info;
}
