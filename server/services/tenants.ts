import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { TenantRef } from '../../src/contracts/session';
import { CODE_NO_TENANT } from '../../src/contracts/envelope';
import { registerCache } from '../cache/cache-registry';
import { VersionedCache } from '../cache/versioned-cache';
import { newId } from '../db/ids';
import type { Database } from '../db/schema';
import { ApiError, businessError } from '../http/envelope';

/**
 * The default tenant (默认租户, the demo shop): every demo user starts in it, and it is the install's default shop,
 * where a mini-program call that names no shop goes. It is never deleted, never frozen.
 */
export const DEFAULT_TENANT_ID = 1;
export const TENANT_NORMAL = 1;
export const TENANT_FROZEN = 0;
export const MSG_ALL_TENANTS_FROZEN = '与该用户关联的租户均已被冻结，无法登录！';
export const MSG_NO_TENANT = '该用户尚未加入任何租户，无法登录！请联系管理员';
export const MSG_SHOP_UNKNOWN = '租户不存在';
export const MSG_SHOP_CLOSED = '该租户已冻结或不在有效期内';

type Db = Kysely<Database> | Transaction<Database>;

/** A login refused because the user belongs to no tenant at all: the login page says so in the user's language. */
export const noTenant = () => new ApiError(MSG_NO_TENANT, 200, CODE_NO_TENANT);

/** Makes the users members of the tenant (those already in it stay as they are). */
export async function joinTenant(db: Db, tenantId: number, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .insertInto('user_tenant')
    .values([...new Set(userIds)].map((userId) => ({ id: newId(), user_id: userId, tenant_id: tenantId })))
    .onConflict((conflict) => conflict.columns(['user_id', 'tenant_id']).doNothing())
    .execute();
}

/**
 * The tenant a staff request works in: the one its tenant header names (checked against the user's memberships by
 * the access gate), else the user's only open tenant; null when neither says (no tenant, or several and none named).
 */
export async function workingTenant(db: Kysely<Database>, userId: string, requested: number | null): Promise<number | null> {
  if (requested !== null) return requested;
  const tenants = await userTenants(db, userId);
  return tenants.length === 1 ? (tenants[0]?.id ?? null) : null;
}

/** Whether a tenant exists, and whether it is open today; kept until `tenants` is written, at most a minute (validity ends with a date). */
const shops = new VersionedCache<number, 'open' | 'closed' | 'unknown'>(['tenants'], 1_000, 60_000);
registerCache('shops', shops);

/**
 * The shop a mini-program call is for: the tenant its header names, or the default tenant when it names none (never
 * tenant 0). An unknown shop and one frozen or out of its validity are refused with a message.
 */
export async function appShop(db: Kysely<Database>, requested: number | null): Promise<number> {
  if (requested !== null && !Number.isSafeInteger(requested)) throw businessError(MSG_SHOP_UNKNOWN);
  const id = requested ?? DEFAULT_TENANT_ID;
  const state = await shops.get(db, id, async () => {
    const row = await db.selectFrom('tenants').select(['id', openTenantCondition().as('open')]).where('id', '=', id).executeTakeFirst();
    return row === undefined ? 'unknown' : row.open ? 'open' : 'closed';
  });
  if (state === 'unknown') throw businessError(MSG_SHOP_UNKNOWN);
  if (state === 'closed') throw businessError(MSG_SHOP_CLOSED);
  return id;
}

/** A tenant row that is open: 正常 (not frozen) and within its validity today (the database's date). */
export function openTenantCondition(alias = 'tenants'): RawBuilder<boolean> {
  return sql<boolean>`(${sql.ref(`${alias}.status`)} = ${TENANT_NORMAL}
    and (${sql.ref(`${alias}.begin_date`)} is null or ${sql.ref(`${alias}.begin_date`)} <= current_date)
    and (${sql.ref(`${alias}.end_date`)} is null or ${sql.ref(`${alias}.end_date`)} >= current_date))`;
}

/** The user's tenants that are open (not frozen, not expired, already begun). */
export async function userTenants(db: Kysely<Database>, userId: string): Promise<TenantRef[]> {
  return db
    .selectFrom('user_tenant')
    .innerJoin('tenants', 'tenants.id', 'user_tenant.tenant_id')
    .select(['tenants.id', 'tenants.name'])
    .where('user_tenant.user_id', '=', userId)
    .where(openTenantCondition())
    .orderBy('tenants.id')
    .execute();
}

/** How many tenants the user is a member of, open or not. */
export async function membershipCount(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('user_tenant')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
