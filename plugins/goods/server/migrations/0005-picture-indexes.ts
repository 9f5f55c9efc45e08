import { sql, type Kysely } from 'kysely';

/**
 * The storefront's public pictures (server/routes/storefront-media.ts) ask, for each picture a buyer's phone loads,
 * whether goods on sale show it (public-media.ts): by the goods' main picture and a SKU's pictures, exactly. With these
 * the answer is an index lookup, not a walk over every SKU (a shop may hold 100,000). Hash indexes: equality is all
 * they serve, and a path of up to 1,000 characters of any script could pass a btree entry's size limit.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index if not exists goods_spu_pic_url_idx on goods_spu using hash (pic_url)`.execute(db);
  await sql`create index if not exists goods_sku_pic_url_idx on goods_sku using hash (pic_url)`.execute(db);
  await sql`create index if not exists goods_sku_sku_pic_url_idx on goods_sku using hash (sku_pic_url)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists goods_sku_sku_pic_url_idx`.execute(db);
  await sql`drop index if exists goods_sku_pic_url_idx`.execute(db);
  await sql`drop index if exists goods_spu_pic_url_idx`.execute(db);
}
