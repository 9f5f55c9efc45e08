import { sql, type Kysely } from 'kysely';

/**
 * The reports' distinct counts (buyers over a year) keep the stored part's count in memory until the next roll-up;
 * what they still ask each time is which of today's things were already seen on a stored day. This index answers
 * that by thing (dim) instead of by scanning every stored day of the range.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists rpt_daily_fact_dim_idx on rpt_daily_fact (tenant_id, metric, dim, day)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists rpt_daily_fact_dim_idx`.execute(db);
}
