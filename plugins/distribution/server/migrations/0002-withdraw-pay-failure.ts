import { sql, type Kysely } from 'kysely';

/**
 * 提现失败 (status 21) keeps why the transfer failed. `if not exists`: 0001 builds its tables from the
 * entities as they are now, so a fresh database already has the column.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table drp_withdraw add column if not exists pay_fail_reason varchar(200)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table drp_withdraw drop column if exists pay_fail_reason`.execute(db);
}
