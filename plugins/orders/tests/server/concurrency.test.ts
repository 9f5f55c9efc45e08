/**
 * Orders under concurrency, on the embedded database and on PostgreSQL (where transactions really overlap):
 * no oversell and unique numbers when many buyers race for the last units, and an order paid twice at once is
 * paid — and its stock deducted — once.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { call, TEST_DATABASES, useDemoServer } from '../../../../tests/server/helpers';
import { createOrder, shopper, skuStock, stockedSku } from './order-helpers';

describe.each(TEST_DATABASES)('orders under concurrency (%s)', (database) => {
  const demo = useDemoServer({ database });
  const mobile = (index: number) => `139${database === 'postgres' ? 1 : 0}00002${String(index).padStart(2, '0')}`;

  it('sells the last 5 units to exactly 5 of 20 concurrent orders, with unique numbers', async () => {
    const buyers = await Promise.all(Array.from({ length: 4 }, (_unused, index) => shopper(demo, mobile(index))));
    const sku = await stockedSku(demo, 5, '2.00', 5);
    const results = await Promise.all(buyers.flatMap((buyer) => Array.from({ length: 5 }, () => createOrder(demo, buyer, [{ skuId: sku, count: 1 }]))));
    const won = results.filter((result) => result.body.success);
    expect(won).toHaveLength(5);
    for (const lost of results.filter((result) => !result.body.success)) expect(lost.body.message).toContain('商品库存不足');
    expect(new Set(won.map((result) => result.body.result.no)).size).toBe(5);
    expect(await skuStock(demo, sku)).toEqual({ stock: 5, lockStock: 5 });
  });

  it('pays an order once when it is paid five times at once: one payment, stock deducted once', async () => {
    const buyer = await shopper(demo, mobile(10));
    const sku = await stockedSku(demo, 6, '3.00', 10);
    const order = (await createOrder(demo, buyer, [{ skuId: sku, count: 2 }])).body.result;
    const results = await Promise.all(Array.from({ length: 5 }, () => call(demo.app, 'POST', '/api/app/order/pay', { body: { id: order.id }, headers: buyer.headers })));
    expect(results.filter((result) => result.body.success)).toHaveLength(1);
    expect(await skuStock(demo, sku)).toEqual({ stock: 8, lockStock: 0 });
    const payments = await sql<{ n: number }>`select count(*)::int as n from sale_pay_record where order_id = ${order.id}`.execute(demo.app.db);
    expect(payments.rows[0]?.n).toBe(1);
  });
});
