import { sql, type Kysely } from 'kysely';

/**
 * A member's WeChat identity (POST /app/auth/weixinLogin): the openid in the shop's mini-program and, when the
 * appid is bound to an open-platform account, the unionid. Each names at most one member of a shop; members who
 * never logged in through WeChat have neither. Not fields of the member entity: staff never see them as columns.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('cust_member').addColumn('openid', 'varchar(64)').addColumn('unionid', 'varchar(64)').execute();
  await sql`create unique index cust_member_openid_uq on cust_member (tenant_id, openid) where openid is not null`.execute(db);
  await sql`create unique index cust_member_unionid_uq on cust_member (tenant_id, unionid) where unionid is not null`.execute(db);
}
