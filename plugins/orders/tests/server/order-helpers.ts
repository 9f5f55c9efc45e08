/** Shared steps of the order tests: a signed-in member with an address, SKUs with known price and stock. */
import { sql } from 'kysely';
import { call, type DemoServer } from '../../../../tests/server/helpers';
import type { Shopper } from '../../../../tests/server/shop';

export { bearer, shopper, T1, type Shopper } from '../../../../tests/server/shop';

/** An on-shelf SKU of tenant 1 set to a known price and stock (nothing reserved). */
export async function stockedSku(demo: DemoServer, offset: number, price: string, stock: number): Promise<string> {
  // The n-th SPU's first SKU: each offset a different SPU, so that what a test sets on one SKU's SPU (its points,
  // its freight template) never reaches another offset's SKU.
  const found = await sql<{ id: string }>`select id from (
      select distinct on (k.spu_id) k.id, k.spu_id from goods_sku k join goods_spu s on s.id = k.spu_id
      where k.tenant_id = 1 and s.status = '1' order by k.spu_id, k.id
    ) as firsts order by spu_id offset ${offset} limit 1`.execute(demo.app.db);
  const id = found.rows[0]?.id;
  if (id === undefined) throw new Error('no seeded SKU');
  await sql`update goods_sku set lock_stock = 0 where id = ${id}`.execute(demo.app.db);
  await sql`update goods_sku set price = ${price}::numeric, stock = ${stock} where id = ${id}`.execute(demo.app.db);
  return id;
}

export async function skuStock(demo: DemoServer, skuId: string): Promise<{ stock: number; lockStock: number }> {
  const found = await sql<{ stock: number; lock_stock: number }>`select stock, lock_stock from goods_sku where id = ${skuId}`.execute(demo.app.db);
  return { stock: found.rows[0]?.stock ?? -1, lockStock: found.rows[0]?.lock_stock ?? -1 };
}

export async function memberTotals(demo: DemoServer, memberId: string): Promise<{ point: number; experience: number }> {
  const found = await sql<{ point: number; experience: number }>`select point, experience from cust_member where id = ${memberId}`.execute(demo.app.db);
  return { point: found.rows[0]?.point ?? -1, experience: found.rows[0]?.experience ?? -1 };
}

export async function expressId(demo: DemoServer): Promise<string> {
  const found = await sql<{ id: string }>`select id from sale_express where tenant_id = 1 and code = 'SF'`.execute(demo.app.db);
  const id = found.rows[0]?.id;
  if (id === undefined) throw new Error('no seeded express company');
  return id;
}

export interface Created {
  id: string;
  no: string;
  payPrice: number;
}

export async function createOrder(demo: DemoServer, buyer: Shopper, items: Array<{ skuId: string; count: number }>, extra: Record<string, unknown> = {}) {
  return call<Created>(demo.app, 'POST', '/api/app/order/create', { body: { items, addressId: buyer.addressId, ...extra }, headers: buyer.headers });
}

export async function orderStatus(demo: DemoServer, id: string): Promise<{ status: string; cancelType: string | null; payPrice: string }> {
  const found = await sql<{ status: string; cancel_type: string | null; pay_price: string }>`select status, cancel_type, pay_price::text as pay_price from sale_order where id = ${id}`.execute(demo.app.db);
  const row = found.rows[0];
  if (row === undefined) throw new Error(`no order ${id}`);
  return { status: row.status, cancelType: row.cancel_type, payPrice: row.pay_price };
}
