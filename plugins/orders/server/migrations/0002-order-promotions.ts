import { sql, type Kysely } from 'kysely';

/**
 * Gift lines on orders (docs/reference/business-domains.md §4: 0-priced, drawing stock). `if not exists`: 0001 builds its tables from the entities as they are now, so a fresh
 * database already has the column.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sale_order_item add column if not exists gift boolean`.execute(db);
  await sql`update sale_order_item set gift = false where gift is null`.execute(db);
  await sql`alter table sale_order_item alter column gift set default false, alter column gift set not null`.execute(db);
}
