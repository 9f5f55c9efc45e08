import type { Kysely } from 'kysely';

/**
 * Rate counters shared by every instance (issue #19): failed logins per address and account, and the
 * SMS send cooldown, so a client gets the same budget whichever instance answers. One row per key and
 * window; `expires_at` ends the window (expired rows count as none and are pruned by it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_counters')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_counters_expires').on('rate_counters').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_counters').ifExists().execute();
}
