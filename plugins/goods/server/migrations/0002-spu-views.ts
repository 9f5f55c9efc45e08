import { sql, type Kysely } from 'kysely';

/**
 * 商品浏览 (docs/reference/business-domains.md §6 per-SPU 浏览量 and 访客数): one row per tenant, shop-zone day, SPU and
 * member, counting that member's views of the SPU's detail on that day. Written by the member API's
 * detail read (an upsert), read by the goods fact source (server/spus/views.ts) a day range at a time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('goods_spu_view')
    .addColumn('tenant_id', 'integer', (c) => c.notNull())
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('spu_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('member_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('goods_spu_view_pk', ['tenant_id', 'day', 'spu_id', 'member_id'])
    .execute();
  await sql`alter table goods_spu_view add constraint goods_spu_view_ck check (views > 0)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('goods_spu_view').ifExists().execute();
}
