import { sql, type Kysely } from 'kysely';
import { inTransaction, newId, type Database } from '../../../server/kit';
import { SPEC_TYPE, SPU_STATUS, STOCK_BIZ } from '../entities';
import { PLACEHOLDER_PATHS } from './placeholder-images';
import { MSG_OPENING_STOCK_TITLE } from './spus/service';

/**
 * Bulk SPUs with their SKUs for benchmarks only (scripts/bench-lists.ts; never the demo seed): tens of
 * thousands of multi-spec SPUs in a few set-based statements (`insert … select … from generate_series`),
 * ending in the state the services leave (spus/service.ts createSpus):
 * - every SKU's opening stock is one 其它入库 record (count = total after = the stock, 期初库存), SKUs
 *   without stock get none, as the stock ledger writes them;
 * - the SPU's price, market and cost price are its lowest-priced SKU's (ties by sort, id), its stock the
 *   sum, its low-stock alert on when some SKU with a threshold above 0 holds no more than it;
 * - categories of level 2 or deeper only (the SPU rule), brands from the catalogue, placeholder pictures.
 * Deterministic apart from the ids: statuses 70 % 上架, 20 % 下架, 10 % 回收站; every 20th SPU sold out;
 * create times spread over the last `days` days.
 */

export interface BulkSkuOptions {
  tenantId: number;
  spus: number;
  /** SKUs per SPU, 1 to 16 (colour × size); default 4. */
  skusPerSpu?: number;
  /** Create times spread over the last `days` days (default 365). */
  days?: number;
  operator?: string;
}

export interface BulkSkuResult {
  spus: number;
  skus: number;
  stockRecords: number;
  /** The SPU ids of this run are md5(key || 's' || n), n = 1..spus. */
  key: string;
}

const COLOURS = ['黑色', '白色', '红色', '蓝色'] as const;
const SIZES = ['S', 'M', 'L', 'XL'] as const;
export const MSG_BULK_NO_CATEGORY = '没有二级及以下的启用分类，无法批量生成商品';

const textArray = (values: readonly string[]) => sql`array[${sql.join(values.map((value) => sql`${value}::text`))}]`;

export async function bulkSpusWithSkus(db: Kysely<Database>, options: BulkSkuOptions): Promise<BulkSkuResult> {
  const { tenantId, spus } = options;
  const perSpu = options.skusPerSpu ?? 4;
  const days = options.days ?? 365;
  const operator = options.operator ?? 'bench';
  if (!Number.isInteger(spus) || spus < 1) throw new Error('spus must be a positive integer');
  if (!Number.isInteger(perSpu) || perSpu < 1 || perSpu > COLOURS.length * SIZES.length) throw new Error(`skusPerSpu must be 1..${COLOURS.length * SIZES.length}`);
  const key = newId().slice(0, 12);
  const spanSeconds = days * 86_400;

  return inTransaction(db, async (trx) => {
    // Level 2 or deeper: a category whose parent is not the root.
    const categories = await sql<{ id: string }>`select id from goods_category where parent_id <> '0' and status = '1' order by id`.execute(trx);
    if (categories.rows.length === 0) throw new Error(MSG_BULK_NO_CATEGORY);
    const brands = await sql<{ id: string }>`select id from goods_brand where status = '1' order by id`.execute(trx);
    const categoryIds = textArray(categories.rows.map((row) => row.id));
    const brandIds = brands.rows.length === 0 ? null : textArray(brands.rows.map((row) => row.id));
    const pictures = textArray(PLACEHOLDER_PATHS.length === 0 ? ['goods-demo/goods-1.png'] : PLACEHOLDER_PATHS);

    await sql`insert into goods_spu (id, pic_url, name, category_id, brand_id, keyword, introduction, spec_type, virtual_sales_count, give_integral,
        sub_commission_type, delivery_types, sort, status, create_by, create_time, tenant_id)
      select md5(${key} || 's' || g), (${pictures})[1 + g % cardinality(${pictures})], '批量商品 ' || lpad(g::text, 6, '0'),
        (${categoryIds})[1 + g % cardinality(${categoryIds})],
        ${brandIds === null ? sql`null` : sql`(${brandIds})[1 + (g / 3) % cardinality(${brandIds})]`},
        '批量', '基准测试商品', ${SPEC_TYPE.multi}, 0, 0, false, '1', g % 100,
        case when g % 10 < 7 then ${SPU_STATUS.onShelf} when g % 10 < 9 then ${SPU_STATUS.offShelf} else ${SPU_STATUS.recycled} end,
        ${operator}, now() - make_interval(secs => (${spus} - g + 0.5) * ${spanSeconds}::float8 / ${spus}), ${tenantId}
      from generate_series(1, ${spus}) as g`.execute(trx);

    // One SKU per colour × size combination; stock as the opening stock the ledger recorded (below).
    await sql`insert into goods_sku (id, spu_id, spu_name, spec_text, pic_url, sku_pic_url, bar_code, properties, sort, price, market_price, cost_price,
        stock, lock_stock, low_stock, weight, volume, sales_count, create_by, create_time, tenant_id)
      select md5(${key} || 'k' || g || '-' || i), s.id, s.name, c.colour || '/' || c.size, s.pic_url, null, '69' || lpad(((g * 16 + i) % 100000000000)::text, 11, '0'),
        jsonb_build_array(jsonb_build_object('propertyName', '颜色', 'valueName', c.colour), jsonb_build_object('propertyName', '尺码', 'valueName', c.size)),
        i - 1, p.price, round(p.price * 1.3, 2), round(p.price * 0.6, 2),
        case when g % 20 = 0 then 0 else (g * 13 + i * 7) % 200 end, 0, case when g % 4 = 0 then 10 else null end, 0.35, 1.125, 0,
        ${operator}, s.create_time, ${tenantId}
      from generate_series(1, ${spus}) as g
      join goods_spu s on s.id = md5(${key} || 's' || g)
      cross join lateral generate_series(1, ${perSpu}) as i
      cross join lateral (select (${textArray(COLOURS)})[1 + (i - 1) / ${SIZES.length}] as colour, (${textArray(SIZES)})[1 + (i - 1) % ${SIZES.length}] as size) as c
      cross join lateral (select (9.90 + (g * 37) % 490 + ((g + i * 3) % ${perSpu}) * 5)::numeric(14, 2) as price) as p`.execute(trx);

    await sql`insert into goods_stock_record (id, sku_id, biz_type, count, total_count, biz_id, title, create_by, create_time, tenant_id)
      select md5(${key} || 'r' || k.id), k.id, ${String(STOCK_BIZ.otherIn)}, k.stock, k.stock, null, ${MSG_OPENING_STOCK_TITLE}, ${operator}, k.create_time, ${tenantId}
      from goods_sku k where k.tenant_id = ${tenantId} and k.spu_id in (select md5(${key} || 's' || g) from generate_series(1, ${spus}) as g) and k.stock > 0`.execute(trx);

    // The roll-ups of spus/service.ts refreshSpuRollups, for the whole run at once.
    await sql`update goods_spu s set price = l.price, market_price = coalesce(l.market_price, 0), cost_price = coalesce(l.cost_price, 0),
        stock = a.stock, low_stock_alert = a.alert
      from (select distinct on (spu_id) spu_id, price, market_price, cost_price from goods_sku
            where tenant_id = ${tenantId} and spu_id in (select md5(${key} || 's' || g) from generate_series(1, ${spus}) as g) order by spu_id, price, sort, id) as l,
           (select spu_id, sum(stock)::int as stock, coalesce(bool_or(low_stock > 0 and stock <= low_stock), false) as alert
            from goods_sku where tenant_id = ${tenantId} and spu_id in (select md5(${key} || 's' || g) from generate_series(1, ${spus}) as g) group by spu_id) as a
      where l.spu_id = s.id and a.spu_id = s.id and s.tenant_id = ${tenantId}`.execute(trx);

    const records = await sql<{ n: number }>`select count(*)::int as n from goods_sku
      where tenant_id = ${tenantId} and spu_id in (select md5(${key} || 's' || g) from generate_series(1, ${spus}) as g) and stock > 0`.execute(trx);
    return { spus, skus: spus * perSpu, stockRecords: records.rows[0]?.n ?? 0, key };
  });
}

/** The SPU ids of a bulk run (for tests and the bench's checks). */
export function bulkSpuIdsSql(key: string, spus: number) {
  return sql`(select md5(${key} || 's' || g) from generate_series(1, ${spus}) as g)`;
}
