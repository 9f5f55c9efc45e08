import { sql, type Kysely } from 'kysely';

/**
 * The WeChat mini-program's access token, shared by every instance (server/channels/wechat/mini-program.ts): one
 * row per appid, locked by the one instance that renews it. The name keeps it out of report SQL (tokens never are).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('wechat_access_token')
    .addColumn('appid', 'varchar(64)', (c) => c.primaryKey())
    // WeChat asks for at least 512 characters of room.
    .addColumn('access_token', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('wechat_access_token').ifExists().execute();
}
