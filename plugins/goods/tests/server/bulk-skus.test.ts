/**
 * The benchmark's bulk SPUs with SKUs (plugins/goods/server/bulk-skus.ts) end in the state the services
 * leave: price from the lowest-priced SKU, stock the sum, the low-stock alert, one 期初库存 record per SKU
 * with stock, level-2 categories; and the lists, tabs and the stock ledger go on from there.
 */
import { sql, type Kysely } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PageResult } from '../../../../src/contracts/entity';
import type { Database } from '../../../../server/db/schema';
import { useDemoServer } from '../../../../tests/server/helpers';
import type { SpuRecord, StockRecordRecord } from '../../entities';
import { bulkSpuIdsSql, bulkSpusWithSkus, type BulkSkuResult } from '../../server/bulk-skus';
import type { SpuTabCounts } from '../../server/spus/routes';
import { adminCaller, SPU, STOCK } from './goods-helpers';

const demo = useDemoServer();
const SPUS = 60;
const PER_SPU = 4;
let db: Kysely<Database>;
let run: BulkSkuResult;
let tabsBefore: SpuTabCounts;

const tabs = async () => (await adminCaller(demo)<SpuTabCounts>('GET', `${SPU}/tabCounts`)).body.result;

beforeAll(async () => {
  db = demo.app.db;
  tabsBefore = await tabs();
  run = await bulkSpusWithSkus(db, { tenantId: 1, spus: SPUS, skusPerSpu: PER_SPU, days: 30 });
});

describe('bulk SPUs with SKUs', () => {
  it('writes the SPUs and SKUs asked for, every SKU with stock once in the ledger', async () => {
    expect(run).toMatchObject({ spus: SPUS, skus: SPUS * PER_SPU });
    const ids = bulkSpuIdsSql(run.key, SPUS);
    const counts = await sql<{ spus: number; skus: number; records: number; with_stock: number }>`select
        (select count(*)::int from goods_spu where id in ${ids}) as spus,
        (select count(*)::int from goods_sku where spu_id in ${ids}) as skus,
        (select count(*)::int from goods_stock_record r join goods_sku k on k.id = r.sku_id where k.spu_id in ${ids}) as records,
        (select count(*)::int from goods_sku where spu_id in ${ids} and stock > 0) as with_stock`.execute(db);
    expect(counts.rows[0]).toEqual({ spus: SPUS, skus: SPUS * PER_SPU, records: run.stockRecords, with_stock: run.stockRecords });
    expect(run.stockRecords).toBeGreaterThan(0);
    // Each record is the opening stock as the ledger writes it: 其它入库, count = total after = the SKU's stock.
    const wrong = await sql<{ n: number }>`select count(*)::int as n from goods_stock_record r join goods_sku k on k.id = r.sku_id
      where k.spu_id in ${ids} and not (r.count = k.stock and r.total_count = k.stock and r.biz_type = '10' and r.title = '期初库存' and r.tenant_id = 1)`.execute(db);
    expect(wrong.rows[0]?.n).toBe(0);
  });

  it('rolls up every SPU like the services: lowest-priced SKU, stock sum, low-stock alert; distinct spec combinations', async () => {
    const ids = bulkSpuIdsSql(run.key, SPUS);
    const mismatches = await sql<{ id: string }>`select s.id from goods_spu s
      join lateral (select k.price, k.market_price, k.cost_price from goods_sku k where k.spu_id = s.id order by k.price, k.sort, k.id limit 1) l on true
      join lateral (select sum(k.stock)::int as stock, coalesce(bool_or(k.low_stock > 0 and k.stock <= k.low_stock), false) as alert,
                           count(distinct k.spec_text)::int as specs from goods_sku k where k.spu_id = s.id) a on true
      where s.id in ${ids} and not (s.price = l.price and s.market_price = l.market_price and s.cost_price = l.cost_price
        and s.stock = a.stock and s.low_stock_alert = a.alert and a.specs = ${PER_SPU})`.execute(db);
    expect(mismatches.rows).toEqual([]);
    const shape = await sql<{ sold_out: number; alerts: number; statuses: string[]; bad_category: number }>`select
        count(*) filter (where stock = 0)::int as sold_out, count(*) filter (where low_stock_alert)::int as alerts,
        array_agg(distinct status order by status) as statuses,
        count(*) filter (where category_id not in (select id from goods_category where parent_id <> '0'))::int as bad_category
      from goods_spu where id in ${ids}`.execute(db);
    expect(shape.rows[0]).toMatchObject({ sold_out: 3, statuses: ['-1', '0', '1'], bad_category: 0 });
    expect(shape.rows[0]?.alerts).toBeGreaterThan(0);
  });

  it('shows in the list and its tab counts, and the stock ledger goes on from the opening stock', async () => {
    const admin = adminCaller(demo);
    const listed = await admin<PageResult<SpuRecord>>('GET', `${SPU}/list?name=${encodeURIComponent('*批量商品*')}&status=1,0&column=price&order=asc&pageSize=100`);
    expect(listed.body.result.total).toBe(54);
    const prices = listed.body.result.records.map((record) => Number(record.price));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const after = await tabs();
    expect(after.recycled - tabsBefore.recycled).toBe(6);
    expect(after.onShelf - tabsBefore.onShelf).toBe(42);
    expect(after.offShelf - tabsBefore.offShelf).toBe(12);
    expect(after.soldOut - tabsBefore.soldOut).toBe(3);

    const sku = await sql<{ id: string; stock: number; spu_id: string }>`select id, stock, spu_id from goods_sku
      where spu_id in ${bulkSpuIdsSql(run.key, SPUS)} and stock > 0 order by id limit 1`.execute(db);
    const { id, stock, spu_id: spuId } = sku.rows[0] ?? { id: '', stock: 0, spu_id: '' };
    const spuStock = (await admin<SpuRecord>('GET', `${SPU}/queryById?id=${spuId}`)).body.result.stock ?? 0;
    expect((await admin('POST', `${STOCK}/adjust`, { skuId: id, count: 5, reason: '盘点' })).body).toMatchObject({ success: true });
    const records = await admin<PageResult<StockRecordRecord>>('GET', `/api/goods/goodsStockRecord/list?skuId=${id}&column=createTime&order=asc`);
    expect(records.body.result.records.map((row) => [row.count, row.totalCount])).toEqual([
      [stock, stock],
      [5, stock + 5],
    ]);
    expect((await admin<SpuRecord>('GET', `${SPU}/queryById?id=${spuId}`)).body.result.stock).toBe(spuStock + 5);
  });
});
