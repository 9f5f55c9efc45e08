import { sql, type Kysely } from 'kysely';

/**
 * A member's review picture is recorded under the member's id (sys_file.create_by), no longer `member:<id>`: 文件管理's
 * 上传人 then names the member like any other reference (users by username, members by id), instead of showing the id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update sys_file set create_by = substr(create_by, 8) where biz = 'review' and create_by like 'member:%'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update sys_file set create_by = 'member:' || create_by where biz = 'review' and create_by ~ '^[0-9a-f]{32}$'`.execute(db);
}
