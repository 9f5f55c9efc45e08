import { sql, type Kysely } from 'kysely';

/**
 * 数据日志: one row per change of a record written through the CRUD engine — its version, what was done,
 * the record's values after it and the fields that changed (before → after), as JeecgBoot's sys_data_log keeps
 * the history of a record.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sys_data_log')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('data_table', 'varchar(64)', (c) => c.notNull())
    .addColumn('data_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('data_version', 'integer', (c) => c.notNull())
    // add | edit | delete
    .addColumn('action', 'varchar(16)', (c) => c.notNull())
    .addColumn('data_content', 'jsonb', (c) => c.notNull())
    .addColumn('data_changes', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('create_by', 'varchar(50)')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // Never set (a log row is not edited); there so the log reads like every other engine table.
    .addColumn('update_by', 'varchar(50)')
    .addColumn('update_time', 'timestamptz')
    .execute();
  await db.schema.createIndex('sys_data_log_record').on('sys_data_log').columns(['data_table', 'data_id', 'data_version']).execute();
  await db.schema.createIndex('sys_data_log_tenant_time').on('sys_data_log').columns(['tenant_id', 'create_time desc']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sys_data_log').ifExists().execute();
}
