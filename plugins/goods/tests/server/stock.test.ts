/** Stock only through its ledger: adjust by hand, and the order moves reserve / deduct / release / return (issue #12); under concurrency: concurrency.test.ts. */
import type { Transaction } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../../../server/db/schema';
import type { PageResult } from '../../../../src/contracts/entity';
import { useDemoServer } from '../../../../tests/server/helpers';
import { deductReservedStock, releaseStock, reserveStock, returnStock, type StockLine } from '../../server/stock/moves';
import { adminCaller, freshSkus as freshGoods, STOCK, spuById, stockRecords } from './goods-helpers';

const demo = useDemoServer();

interface Posting {
  before: number;
  change: number;
  after: number;
}

const freshSkus = (...stocks: number[]) => freshGoods(demo, ...stocks);

const adjust = (skuId: string, count: number, reason = '盘点') => adminCaller(demo)<Posting>('POST', `${STOCK}/adjust`, { skuId, count, reason });
const sku = async (spuId: string, index = 0) => (await spuById(demo, spuId)).skus?.[index];
const records = (skuId: string) => stockRecords(demo, skuId);
const inTrx = <T>(work: (trx: Transaction<Database>) => Promise<T>) => demo.app.db.transaction().execute(work);

describe('adjust', () => {
  it('writes a record with the signed count, the total after and the reason, and keeps the SPU in step', async () => {
    const { spu, skus } = await freshSkus(10);
    const id = skus[0]?.id ?? '';
    const added = await adjust(id, 15, '采购到货');
    expect(added.body).toMatchObject({ success: true, message: '入库成功', result: { before: 10, change: 15, after: 25 } });
    const removed = await adjust(id, -22, '报损');
    expect(removed.body).toMatchObject({ success: true, message: '出库成功', result: { before: 25, change: -22, after: 3 } });
    expect((await records(id)).map((row) => [row.count, row.totalCount, row.bizType_dictText, row.title, row.createBy])).toEqual([
      [10, 10, '其它入库', '期初库存', 'admin'],
      [15, 25, '其它入库', '采购到货', 'admin'],
      [-22, 3, '其它出库', '报损', 'admin'],
    ]);
    // 3 is at or below the threshold of 5: the SPU shows the alert.
    expect(await spuById(demo, spu.id)).toMatchObject({ stock: 3, lowStockAlert: true });
  });

  it('refuses going below zero and below the reserved amount with the exact message, changing nothing', async () => {
    const { spu, skus } = await freshSkus(5);
    const id = skus[0]?.id ?? '';
    expect((await adjust(id, -6)).body).toMatchObject({ success: false, message: '库存不足，当前库存 5' });
    await inTrx((trx) => reserveStock(trx, 1, [{ skuId: id, count: 3 }]));
    // 5 held, 3 reserved: taking 3 would leave 2 for 3 reserved units.
    expect((await adjust(id, -3)).body).toMatchObject({ success: false, message: '可用库存不足，当前可用库存 2' });
    expect((await adjust(id, -2)).body.result).toMatchObject({ before: 5, after: 3 });
    expect(await sku(spu.id)).toMatchObject({ stock: 3, lockStock: 3 });
    expect((await records(id)).map((row) => row.count)).toEqual([5, -2]);
  });

  it('refuses a zero count, a fraction, a blank reason and an unknown SKU', async () => {
    const { skus } = await freshSkus(5);
    const id = skus[0]?.id ?? '';
    expect((await adjust(id, 0)).body).toMatchObject({ success: false, message: '变动值不能为 0' });
    expect((await adminCaller(demo)('POST', `${STOCK}/adjust`, { skuId: id, count: 1.5, reason: '小数' })).status).toBe(400);
    expect((await adminCaller(demo)('POST', `${STOCK}/adjust`, { skuId: id, count: 1, reason: '   ' })).status).toBe(400);
    expect((await adminCaller(demo)('POST', `${STOCK}/adjust`, { skuId: id, count: 1 })).status).toBe(400);
    expect((await adjust('nobody', 1)).body).toMatchObject({ success: false, message: '商品SKU不存在' });
  });
});

describe('order moves', () => {
  const line = (skuId: string | undefined, count: number): StockLine => ({ skuId: skuId ?? '', count });

  it('reserves all lines or none, deducts with a 销售出库 record and sales, releases and returns', async () => {
    const { spu, skus } = await freshSkus(10, 2);
    const [a, b] = skus.map((row) => row.id);
    // b has only 2: the whole reservation is refused, a keeps nothing reserved.
    await expect(inTrx((trx) => reserveStock(trx, 1, [line(a, 4), line(b, 3)]))).rejects.toThrow(/^商品库存不足：.*（红色\/M）$/);
    expect((await sku(spu.id, 0))?.lockStock).toBe(0);
    await inTrx((trx) => reserveStock(trx, 1, [line(a, 4), line(b, 2)]));
    expect([(await sku(spu.id, 0))?.lockStock, (await sku(spu.id, 1))?.lockStock]).toEqual([4, 2]);

    await inTrx((trx) => deductReservedStock(trx, 1, [line(a, 3), line(b, 2)], { bizId: 'SO202601010001', operator: 'system' }));
    const afterPay = await spuById(demo, spu.id);
    expect(afterPay).toMatchObject({ stock: 7, salesCount: 5, lowStockAlert: true });
    expect(afterPay.skus?.map((row) => [row.stock, row.lockStock, row.salesCount])).toEqual([
      [7, 1, 3],
      [0, 0, 2],
    ]);
    expect((await records(a ?? '')).map((row) => [row.count, row.totalCount, row.bizType_dictText, row.bizId])).toEqual([
      [10, 10, '其它入库', null],
      [-3, 7, '销售出库', 'SO202601010001'],
    ]);
    // Deducting more than is reserved is refused.
    await expect(inTrx((trx) => deductReservedStock(trx, 1, [line(a, 2)]))).rejects.toThrow(/^商品预留库存不足：/);

    await inTrx((trx) => releaseStock(trx, 1, [line(a, 1)]));
    expect((await sku(spu.id, 0))?.lockStock).toBe(0);
    await expect(inTrx((trx) => releaseStock(trx, 1, [line(a, 1)]))).rejects.toThrow(/^商品预留库存不足：/);

    await inTrx((trx) => returnStock(trx, 1, [line(b, 1)], { bizId: 'AS1' }));
    expect((await records(b ?? '')).at(-1)).toMatchObject({ count: 1, totalCount: 1, bizType_dictText: '退货入库', bizId: 'AS1' });
    expect(await spuById(demo, spu.id)).toMatchObject({ stock: 8 });
    // Another tenant's SKU does not exist for this tenant.
    await expect(inTrx((trx) => reserveStock(trx, 0, [line(a, 1)]))).rejects.toThrow('商品SKU不存在');
  });
});

describe('read-only lists', () => {
  it('serves stock and stock records without add, edit or delete', async () => {
    for (const base of [STOCK, '/api/goods/goodsStockRecord']) {
      expect((await adminCaller(demo)('POST', `${base}/add`, { stock: 1 })).status, base).toBe(404);
      expect((await adminCaller(demo)('PUT', `${base}/edit`, { id: 'x' })).status, base).toBe(404);
      expect((await adminCaller(demo)('DELETE', `${base}/delete?id=x`)).status, base).toBe(404);
      expect((await adminCaller(demo)('GET', `${base}/list`)).status, base).toBe(200);
    }
  });

  it('seeds stock records that add up to every SKU total', async () => {
    const list = await adminCaller(demo)<PageResult<{ skuId: string; stock: number }>>('GET', `${STOCK}/list?pageSize=30`);
    for (const row of list.body.result.records) {
      const sum = (await records(row.skuId)).reduce((total, record) => total + Number(record.count), 0);
      expect(sum, row.skuId).toBe(row.stock);
    }
  });
});
