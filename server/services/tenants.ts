import type { Kysely } from 'kysely';
import type { TenantRef } from '../../src/contracts/session';
import type { Database } from '../db/schema';

/** The user's tenants that are not frozen. */
export async function userTenants(db: Kysely<Database>, userId: string): Promise<TenantRef[]> {
  return db
    .selectFrom('user_tenant')
    .innerJoin('tenants', 'tenants.id', 'user_tenant.tenant_id')
    .select(['tenants.id', 'tenants.name'])
    .where('user_tenant.user_id', '=', userId)
    .where('tenants.status', '=', 1)
    .orderBy('tenants.id')
    .execute();
}
