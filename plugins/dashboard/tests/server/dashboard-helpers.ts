/** The few order steps the dashboard tests need (copied from the orders plugin's test helpers). */
import { sql, type RawBuilder } from 'kysely';
import { call, type DemoServer } from '../../../../tests/server/helpers';
import type { Shopper } from '../../../../tests/server/shop';

/** An on-shelf SKU of tenant 1 set to a known price and stock (nothing reserved). */
export async function stockedSku(demo: DemoServer, offset: number, price: string, stock: number): Promise<string> {
  const found = await sql<{ id: string }>`select k.id from goods_sku k join goods_spu s on s.id = k.spu_id
    where k.tenant_id = 1 and s.status = '1' order by k.id offset ${offset} limit 1`.execute(demo.app.db);
  const id = found.rows[0]?.id;
  if (id === undefined) throw new Error('no seeded SKU');
  await sql`update goods_sku set lock_stock = 0 where id = ${id}`.execute(demo.app.db);
  await sql`update goods_sku set price = ${price}::numeric, stock = ${stock} where id = ${id}`.execute(demo.app.db);
  return id;
}

export interface Created {
  id: string;
  no: string;
  payPrice: number;
}

/** Places an order of one SKU for the shopper and, when asked, pays it; returns the order. */
export async function placeOrder(demo: DemoServer, buyer: Shopper, skuId: string, pay: boolean): Promise<Created> {
  const created = await call<Created>(demo.app, 'POST', '/api/app/order/create', { body: { items: [{ skuId, count: 1 }], addressId: buyer.addressId }, headers: buyer.headers });
  if (!created.body.success) throw new Error(`order create failed: ${JSON.stringify(created.body)}`);
  if (pay) {
    const paid = await call(demo.app, 'POST', '/api/app/order/pay', { body: { id: created.body.result.id }, headers: buyer.headers });
    if (!paid.body.success) throw new Error(`order pay failed: ${JSON.stringify(paid.body)}`);
  }
  return created.body.result;
}

/** A count of rows by plain SQL, as the dashboards' counters must agree with it. */
export async function sqlCount(demo: DemoServer, query: RawBuilder<{ n: number }>): Promise<number> {
  return (await query.execute(demo.app.db)).rows[0]?.n ?? 0;
}
