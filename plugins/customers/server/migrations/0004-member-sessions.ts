import { sql, type Kysely } from 'kysely';

/** Mini-program member sessions: their own table, never the staff `sessions`. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cust_member_session')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('member_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('tenant_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();
  await db.schema.createIndex('cust_member_session_member_idx').on('cust_member_session').column('member_id').execute();
}
