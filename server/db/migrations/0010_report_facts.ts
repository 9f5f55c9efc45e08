import { sql, type Kysely } from 'kysely';

/**
 * The reports' daily roll-up (server/reports/fact-store.ts): one row per tenant, day, metric and
 * dimension, plus the day through which each tenant is rolled up; and the member API's visitors per day
 * (distinct ips), the 访客 of the reports.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rpt_daily_fact')
    .addColumn('tenant_id', 'integer', (c) => c.notNull())
    .addColumn('metric', 'varchar(64)', (c) => c.notNull())
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('dim', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('value', sql`numeric(18, 2)`, (c) => c.notNull())
    .addPrimaryKeyConstraint('rpt_daily_fact_pk', ['tenant_id', 'metric', 'day', 'dim'])
    .execute();
  await db.schema
    .createTable('rpt_rollup')
    .addColumn('tenant_id', 'integer', (c) => c.primaryKey())
    .addColumn('rolled_through', 'date', (c) => c.notNull())
    .addColumn('update_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('app_visit')
    .addColumn('tenant_id', 'integer', (c) => c.notNull())
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addPrimaryKeyConstraint('app_visit_pk', ['tenant_id', 'day', 'ip'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('app_visit').ifExists().execute();
  await db.schema.dropTable('rpt_rollup').ifExists().execute();
  await db.schema.dropTable('rpt_daily_fact').ifExists().execute();
}
