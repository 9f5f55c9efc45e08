import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { TenantRef } from '../../src/contracts/session';
import type { Database } from '../db/schema';

/** The tenant every demo user starts in (the demo shop): never deleted, never frozen. */
export const DEFAULT_TENANT_ID = 1;
export const TENANT_NORMAL = 1;
export const TENANT_FROZEN = 0;
export const MSG_ALL_TENANTS_FROZEN = '与该用户关联的租户均已被冻结，无法登录！';

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
