import { sql, type Kysely } from 'kysely';

/** SMS codes become bound to a purpose; password recovery gets its own one-time tickets. */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Existing rows were all issued for phone login.
  await db.schema
    .alterTable('sms_codes')
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull().defaultTo('login'))
    .execute();

  await db.schema
    .createTable('password_reset_tickets')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('ticket_hash', 'varchar(128)', (c) => c.notNull().unique())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('password_reset_tickets').ifExists().execute();
  await db.schema.alterTable('sms_codes').dropColumn('purpose').execute();
}
