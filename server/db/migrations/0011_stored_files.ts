import { sql, type Kysely } from 'kysely';

/**
 * Stored files (文件管理): one row per successful upload, whichever store (local disk or S3) holds the bytes.
 * The key is the stored path `<biz>/<random>.<ext>` that upload answers and /sys/common/static serve.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sys_file')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    // The name the file had on the uploader's machine (shown, and given back on download).
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('file_key', 'varchar(500)', (c) => c.notNull())
    // The extension, lower case (png, pdf …).
    .addColumn('file_type', 'varchar(20)', (c) => c.notNull())
    .addColumn('file_size', 'bigint', (c) => c.notNull())
    .addColumn('storage', 'varchar(10)', (c) => c.notNull())
    .addColumn('biz', 'varchar(32)', (c) => c.notNull())
    .addColumn('create_by', 'varchar(50)')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // Kept for the generic list engine's audit fields; a stored file is never edited.
    .addColumn('update_by', 'varchar(50)')
    .addColumn('update_time', 'timestamptz')
    .execute();
  await db.schema.createIndex('sys_file_tenant_time').on('sys_file').columns(['tenant_id', 'create_time desc']).execute();
  await db.schema.createIndex('sys_file_tenant_size').on('sys_file').columns(['tenant_id', 'file_size']).execute();
  await db.schema.createIndex('sys_file_key').on('sys_file').column('file_key').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sys_file').ifExists().execute();
}
