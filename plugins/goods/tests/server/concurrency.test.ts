/**
 * Stock under concurrency, on the embedded database and on PostgreSQL: the embedded database has one
 * connection, so its transactions never overlap; on PostgreSQL they do, and only the row lock of the SKU keeps
 * the totals and the reservation right.
 */
import { describe, expect, it } from 'vitest';
import { TEST_DATABASES, useDemoServer } from '../../../../tests/server/helpers';
import { expectGaplessChain } from '../../../../tests/server/ledger-chain';
import { reserveStock } from '../../server/stock/moves';
import { adminCaller, freshSkus, STOCK, spuById, stockRecords } from './goods-helpers';

describe.each(TEST_DATABASES)('stock under concurrency (%s)', (database) => {
  const demo = useDemoServer({ database });
  const adjust = (skuId: string, count: number, reason: string) => adminCaller(demo)('POST', `${STOCK}/adjust`, { skuId, count, reason });

  it('adds up 20 concurrent adjustments of each of two SKUs exactly, with a gapless chain of totals', async () => {
    const { spu, skus } = await freshSkus(demo, 100, 50);
    const [first = '', second = ''] = skus.map((row) => row.id);
    const changes = Array.from({ length: 20 }, (_unused, index) => (index % 2 === 0 ? 7 : -3));
    const results = await Promise.all(changes.flatMap((count, index) => [adjust(first, count, `并发 ${index}`), adjust(second, -count, `并发 ${index}`)]));
    expect(results.map((result) => result.body.success)).toEqual(results.map(() => true));
    // 100 + 10 × 7 − 10 × 3 = 140; 50 − 10 × 7 + 10 × 3 = 10; the SPU holds the sum.
    const after = await spuById(demo, spu.id);
    expect(after.stock).toBe(150);
    expect(after.skus?.map((sku) => sku.stock)).toEqual([140, 10]);
    const rows = (await stockRecords(demo, first)).map((row) => ({ change: Number(row.count), after: Number(row.totalCount) }));
    expect(rows).toHaveLength(21);
    expect(expectGaplessChain(rows)).toBe(140);
  });

  it('lets exactly one of ten concurrent reservations take the last unit', async () => {
    const { spu, skus } = await freshSkus(demo, 1);
    const skuId = skus[0]?.id ?? '';
    const outcomes = await Promise.allSettled(Array.from({ length: 10 }, () => demo.app.db.transaction().execute((trx) => reserveStock(trx, 1, [{ skuId, count: 1 }]))));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes) if (outcome.status === 'rejected') expect(String(outcome.reason)).toContain('商品库存不足');
    expect((await spuById(demo, spu.id)).skus?.[0]).toMatchObject({ stock: 1, lockStock: 1 });
  });
});
