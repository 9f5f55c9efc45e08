import { sql, type Kysely } from 'kysely';

/**
 * 日志管理: one table for the login log (log_type 1) and the operation log of every mutating request
 * (log_type 2), as the JeecgBoot family keeps them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sys_log')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('log_type', 'smallint', (c) => c.notNull())
    .addColumn('log_content', 'varchar(1000)')
    .addColumn('userid', 'varchar(32)')
    .addColumn('username', 'varchar(100)')
    .addColumn('ip', 'varchar(64)')
    // The route pattern (e.g. /api/sys/user/edit), never the raw URL with its query values.
    .addColumn('request_url', 'varchar(500)')
    .addColumn('request_type', 'varchar(10)')
    .addColumn('request_param', 'text')
    .addColumn('permission_code', 'varchar(100)')
    .addColumn('status', 'smallint')
    .addColumn('success', 'boolean')
    .addColumn('cost_time', 'integer')
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_by', 'varchar(50)')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('update_by', 'varchar(50)')
    .addColumn('update_time', 'timestamptz')
    .execute();
  await db.schema.createIndex('sys_log_type_time').on('sys_log').columns(['log_type', 'create_time desc']).execute();
  await db.schema.createIndex('sys_log_type_user_time').on('sys_log').columns(['log_type', 'username', 'create_time desc']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sys_log').ifExists().execute();
}
