import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../server/kit';
import { SPU_STATUS } from '../entities';

/** valid_status's 有效 (server/db/seed-dicts.ts): an enabled brand or category. */
const ENABLED = '1';

/**
 * Whether a stored picture is one the shop front shows (server/plugin-api.ts `publicMedia`): the main or a slider
 * picture of goods on sale, the picture a SKU of such goods shows (its own, or else its goods', as `pic_url` holds it),
 * or the picture of an enabled brand or category. Any shop's goods: keys are random, not scoped to a shop.
 *
 * Exact matches only: a slider list is split on its commas and compared element by element (the app answers the
 * elements trimmed), never searched with LIKE, whose `_` would match any character of a key; `strpos` only skips the
 * rows that cannot hold it. The main and SKU pictures are indexed (migrations/0005-picture-indexes.ts); the slider
 * lists, brands and categories are read only when those miss, and `union all … limit 1` stops at the first hit.
 */
export async function isPublicGoodsPicture(db: Kysely<Database>, key: string): Promise<boolean> {
  const onSale = SPU_STATUS.onShelf;
  // Most likely first (a goods' main picture, then a SKU's: both indexed, migrations/0005), the slider lists last.
  const found = await sql<{ hit: number }>`
    select 1 as hit from goods_spu where pic_url = ${key} and status = ${onSale}
    union all
    select 1 from goods_sku k join goods_spu s on s.id = k.spu_id and s.tenant_id = k.tenant_id
      where k.pic_url = ${key} and s.status = ${onSale}
    union all
    select 1 from goods_sku k join goods_spu s on s.id = k.spu_id and s.tenant_id = k.tenant_id
      where k.sku_pic_url = ${key} and s.status = ${onSale}
    union all
    select 1 from goods_spu s
      where s.status = ${onSale} and strpos(s.slider_pic_urls, ${key}) > 0
        and exists (select 1 from unnest(string_to_array(s.slider_pic_urls, ',')) as p(url) where btrim(p.url) = ${key})
    union all
    select 1 from goods_brand where logo = ${key} and status = ${ENABLED}
    union all
    select 1 from goods_category where pic_url = ${key} and status = ${ENABLED}
    limit 1`.execute(db);
  return found.rows.length > 0;
}
