import { sql, type Kysely } from 'kysely';

/** 自购金额 of a distributor, for the automatic level upgrades (server/level-upgrade.ts). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table drp_distributor add column if not exists self_spend numeric(14, 2) not null default 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table drp_distributor drop column if exists self_spend`.execute(db);
}
