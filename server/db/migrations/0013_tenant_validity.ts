import { sql, type Kysely } from 'kysely';

/**
 * A tenant's validity (开始时间 / 结束时间, inclusive, null = open-ended): outside it, like a frozen tenant, it is
 * left out at login and refused in the tenant header (server/services/tenants.ts `openTenantCondition`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('tenants').addColumn('begin_date', 'date').addColumn('end_date', 'date').execute();
  await sql`alter table tenants add constraint tenants_validity_ck check (end_date is null or begin_date is null or end_date >= begin_date)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table tenants drop constraint if exists tenants_validity_ck`.execute(db);
  await db.schema.alterTable('tenants').dropColumn('end_date').dropColumn('begin_date').execute();
}
