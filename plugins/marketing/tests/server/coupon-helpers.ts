/** Steps of the coupon tests (copied from the order tests' helpers): a signed-in member, SKUs with known price, templates. */
import { sql } from 'kysely';
import { expect } from 'vitest';
import { call, type DemoServer } from '../../../../tests/server/helpers';
import { T1, type Shopper } from '../../../../tests/server/shop';

export { bearer, shopper, T1, type Shopper } from '../../../../tests/server/shop';

/** An on-shelf SKU of tenant 1 (of its own SPU: one SKU per SPU taken) set to a known price and stock. */
export async function stockedSku(demo: DemoServer, offset: number, price: string, stock: number): Promise<{ skuId: string; spuId: string; categoryId: string }> {
  const found = await sql<{ id: string; spu_id: string; category_id: string }>`select distinct on (s.id) k.id, k.spu_id, s.category_id from goods_sku k
    join goods_spu s on s.id = k.spu_id where k.tenant_id = 1 and s.status = '1' order by s.id, k.id offset ${offset} limit 1`.execute(demo.app.db);
  const row = found.rows[0];
  if (row === undefined) throw new Error('no seeded SKU');
  await sql`update goods_sku set lock_stock = 0, price = ${price}::numeric, stock = ${stock} where id = ${row.id}`.execute(demo.app.db);
  return { skuId: row.id, spuId: row.spu_id, categoryId: row.category_id };
}

export interface Created {
  id: string;
  no: string;
  payPrice: number;
}

export async function createOrder(demo: DemoServer, buyer: Shopper, items: Array<{ skuId: string; count: number }>, extra: Record<string, unknown> = {}) {
  return call<Created>(demo.app, 'POST', '/api/app/order/create', { body: { items, addressId: buyer.addressId, ...extra }, headers: buyer.headers });
}

/** A template through the back-office API (a 满减 without threshold, 领取后 0–30 days, all goods, unless overridden). */
export async function template(demo: DemoServer, values: Record<string, unknown> = {}): Promise<string> {
  const added = await call<{ id: string }>(demo.app, 'POST', '/api/marketing/coupon/add', {
    token: demo.admin,
    headers: T1,
    body: {
      name: `券${Date.now() % 100000}`,
      status: '1',
      discountType: '1',
      usePrice: 0,
      discountPrice: 5,
      totalCount: 100,
      takeLimitCount: 5,
      takeType: '1',
      validityType: '2',
      fixedStartTerm: 0,
      fixedEndTerm: 30,
      productScope: '1',
      ...values,
    },
  });
  expect(added.body.success, JSON.stringify(added.body)).toBe(true);
  return added.body.result.id;
}

export async function take(demo: DemoServer, buyer: Shopper, templateId: string) {
  return call<{ id: string }>(demo.app, 'POST', '/api/app/coupon/take', { body: { templateId }, headers: buyer.headers });
}

/** Takes one coupon and answers its id. */
export async function taken(demo: DemoServer, buyer: Shopper, templateId: string): Promise<string> {
  const answer = await take(demo, buyer, templateId);
  expect(answer.body.success, JSON.stringify(answer.body)).toBe(true);
  return answer.body.result.id;
}

export async function couponRow(demo: DemoServer, id: string): Promise<{ status: string; useOrderId: string | null }> {
  const found = await sql<{ status: string; use_order_id: string | null }>`select status, use_order_id from cust_coupon where id = ${id}`.execute(demo.app.db);
  const row = found.rows[0];
  if (row === undefined) throw new Error(`no coupon ${id}`);
  return { status: row.status, useOrderId: row.use_order_id };
}

export interface OrderAmounts {
  totalPrice: string;
  couponPrice: string;
  discountPrice: string;
  vipPrice: string;
  deliveryPrice: string;
  payPrice: string;
  couponId: string | null;
}

export async function orderAmounts(demo: DemoServer, id: string): Promise<OrderAmounts> {
  const found = await sql<OrderAmounts>`select total_price::text as "totalPrice", coupon_price::text as "couponPrice", discount_price::text as "discountPrice",
    vip_price::text as "vipPrice", delivery_price::text as "deliveryPrice", pay_price::text as "payPrice", coupon_id as "couponId" from sale_order where id = ${id}`.execute(demo.app.db);
  const row = found.rows[0];
  if (row === undefined) throw new Error(`no order ${id}`);
  return row;
}

export async function orderLines(demo: DemoServer, id: string): Promise<Array<{ id: string; skuId: string; couponPrice: string; payPrice: string }>> {
  const found = await sql<{ id: string; skuId: string; couponPrice: string; payPrice: string }>`select id, sku_id as "skuId", coupon_price::text as "couponPrice",
    pay_price::text as "payPrice" from sale_order_item where order_id = ${id} order by id`.execute(demo.app.db);
  return found.rows;
}
