/**
 * The report tests' shop (tenant 1 of the demo): goods, a member's mini-program order paid through the
 * services, an offline order, a refund settled through the after-sale flow, and moving each of those
 * steps to a chosen shop-zone time by SQL (days in 2024, which the demo data never touches).
 */
import { sql } from 'kysely';
import { expect } from 'vitest';
import { call, type DemoServer } from '../../../../tests/server/helpers';
import { shopper, T1, type Shopper } from '../../../../tests/server/shop';

export { shopper, T1, type Shopper };

export const ZONE = 'Asia/Shanghai';

/** A shop-zone wall-clock time ('2024-03-10 23:59:59') as a timestamptz expression. */
const at = (local: string) => sql`(${local}::timestamp at time zone ${ZONE})`;

export const admin = (demo: DemoServer) => ({ token: demo.admin, headers: T1 });

/** The first SKU of the n-th on-shelf SPU of tenant 1, set to a known price and plenty of stock. */
export async function skuOfSpu(demo: DemoServer, offset: number, price: string): Promise<{ skuId: string; spuId: string }> {
  const found = await sql<{ id: string; spu_id: string }>`select distinct on (s.id) k.id, k.spu_id from goods_spu s join goods_sku k on k.spu_id = s.id
    where s.tenant_id = 1 and s.status = '1' order by s.id, k.id offset ${offset} limit 1`.execute(demo.app.db);
  const row = found.rows[0];
  if (row === undefined) throw new Error('no seeded SPU');
  await sql`update goods_sku set lock_stock = 0, price = ${price}::numeric, stock = 1000 where id = ${row.id}`.execute(demo.app.db);
  return { skuId: row.id, spuId: row.spu_id };
}

export interface PlacedOrder {
  id: string;
  no: string;
}

/** A member's order through the mini-program API (unpaid). */
export async function placeOrder(demo: DemoServer, buyer: Shopper, items: Array<{ skuId: string; count: number }>): Promise<PlacedOrder> {
  const created = await call<PlacedOrder>(demo.app, 'POST', '/api/app/order/create', { body: { items, addressId: buyer.addressId }, headers: buyer.headers });
  expect(created.body.success, JSON.stringify(created.body)).toBe(true);
  return created.body.result;
}

export async function payOrder(demo: DemoServer, buyer: Shopper, id: string): Promise<void> {
  const paid = await call(demo.app, 'POST', '/api/app/order/pay', { body: { id }, headers: buyer.headers });
  expect(paid.body.success, JSON.stringify(paid.body)).toBe(true);
}

/** A paid offline order of a customer (no member) at the counter. */
export async function offlineOrder(demo: DemoServer, customerId: string, skuId: string, count: number, price: string): Promise<PlacedOrder> {
  const created = await call<PlacedOrder>(demo.app, 'POST', '/api/saleorder/offlineOrder/add', { ...admin(demo), body: { customerId, items: [{ skuId, count, price }], payType: 'cash', paid: true } });
  expect(created.body.success, JSON.stringify(created.body)).toBe(true);
  return created.body.result;
}

/** Refund-only of one line for its whole pay price: the member applies, the staff agree and refund. */
export async function refundLine(demo: DemoServer, buyer: Shopper, orderId: string, skuId: string): Promise<string> {
  const line = await sql<{ id: string; pay_price: string }>`select id, pay_price::text from sale_order_item where order_id = ${orderId} and sku_id = ${skuId}`.execute(demo.app.db);
  const item = line.rows[0];
  if (item === undefined) throw new Error('no such line');
  const applied = await call<{ id: string }>(demo.app, 'POST', '/api/app/afterSale/create', { body: { orderItemId: item.id, way: '10', refundPrice: item.pay_price, applyReason: '不想要了' }, headers: buyer.headers });
  expect(applied.body.success, JSON.stringify(applied.body)).toBe(true);
  for (const step of ['agree', 'refund']) {
    const done = await call(demo.app, 'POST', `/api/saleorder/afterSale/${step}`, { ...admin(demo), body: { id: applied.body.result.id } });
    expect(done.body.success, JSON.stringify(done.body)).toBe(true);
  }
  return applied.body.result.id;
}

/** Moves an order to shop-zone times: created at `created`, paid at `paid` (its log rows with it). */
export async function moveOrder(demo: DemoServer, id: string, created: string, paid: string | null): Promise<void> {
  const db = demo.app.db;
  await sql`update sale_order set create_time = ${at(created)}, pay_time = ${paid === null ? null : at(paid)} where id = ${id}`.execute(db);
  await sql`update sale_order_item set create_time = ${at(created)} where order_id = ${id}`.execute(db);
  await sql`update sale_order_log set create_time = ${at(created)} where order_id = ${id} and action = 'create'`.execute(db);
  if (paid !== null) {
    await sql`update sale_order_log set create_time = ${at(paid)} where order_id = ${id} and action = 'pay'`.execute(db);
    await sql`update sale_pay_record set create_time = ${at(paid)}, success_time = ${at(paid)} where order_id = ${id}`.execute(db);
  }
}

/** Moves an order's settled refunds to a shop-zone time. */
export async function moveRefund(demo: DemoServer, orderId: string, settled: string): Promise<void> {
  await sql`update sale_refund_order set create_time = ${at(settled)}, success_time = ${at(settled)} where order_id = ${orderId}`.execute(demo.app.db);
}

/** 报表日结 run now (the scheduled job: ctx.facts.catchUp of every tenant). */
export async function runRollUp(demo: DemoServer): Promise<void> {
  const job = await sql<{ id: string }>`select id from sys_quartz_job where job_class_name = 'report.rollUp'`.execute(demo.app.db);
  const id = job.rows[0]?.id;
  if (id === undefined) throw new Error('no roll-up job seeded');
  const run = await call(demo.app, 'GET', `/api/sys/quartzJob/execute?id=${id}`, admin(demo));
  expect(run.body.success, JSON.stringify(run.body)).toBe(true);
}

/** The stored facts of tenant 1 on [from, to], as comparable rows. */
export async function storedFacts(demo: DemoServer, from: string, to: string): Promise<string[]> {
  const rows = await sql<{ line: string }>`select to_char(day, 'YYYY-MM-DD') || ' ' || metric || ' ' || dim || ' ' || value::text as line from rpt_daily_fact
    where tenant_id = 1 and day between ${from}::date and ${to}::date order by 1`.execute(demo.app.db);
  return rows.rows.map((row) => row.line);
}

export interface SampleOrders {
  a: { skuId: string; spuId: string };
  b: { skuId: string; spuId: string };
  /** The order whose B line is refunded. */
  refunded: string;
  ids: string[];
}

/**
 * The hand-computed sample (tenant 1, shop zone): A 30.00, B 20.00 (two SPUs);
 * O1 A×1 (m1) created 03-10 23:50, paid 03-10 23:59:59; O2 B×2 (m2) created 03-10 23:58, paid 03-11 00:00:00;
 * O3 A+B (m1) created 03-11 09:59, paid 10:00, its B line (20.00) refunded, settled 03-12 09:00;
 * O4 A×1 (m2) created 03-12 08:00, unpaid; O5 offline A×2 at 45.50 (a customer, cash) created and paid 03-11 15:00.
 * All in 2024 (`year`), March.
 */
export async function placeSampleOrders(demo: DemoServer, mobiles: [string, string]): Promise<SampleOrders> {
  const a = await skuOfSpu(demo, 3, '30.00');
  const b = await skuOfSpu(demo, 4, '20.00');
  expect(a.spuId).not.toBe(b.spuId);
  const m1 = await shopper(demo, mobiles[0]);
  const m2 = await shopper(demo, mobiles[1]);
  const customer = await sql<{ id: string }>`select id from cust_customer where tenant_id = 1 order by id limit 1`.execute(demo.app.db);
  const customerId = customer.rows[0]?.id ?? '';

  const o1 = await placeOrder(demo, m1, [{ skuId: a.skuId, count: 1 }]);
  await payOrder(demo, m1, o1.id);
  await moveOrder(demo, o1.id, '2024-03-10 23:50:00', '2024-03-10 23:59:59');
  const o2 = await placeOrder(demo, m2, [{ skuId: b.skuId, count: 2 }]);
  await payOrder(demo, m2, o2.id);
  await moveOrder(demo, o2.id, '2024-03-10 23:58:00', '2024-03-11 00:00:00');
  const o3 = await placeOrder(demo, m1, [{ skuId: a.skuId, count: 1 }, { skuId: b.skuId, count: 1 }]);
  await payOrder(demo, m1, o3.id);
  await refundLine(demo, m1, o3.id, b.skuId);
  await moveOrder(demo, o3.id, '2024-03-11 09:59:00', '2024-03-11 10:00:00');
  await moveRefund(demo, o3.id, '2024-03-12 09:00:00');
  const o4 = await placeOrder(demo, m2, [{ skuId: a.skuId, count: 1 }]);
  await moveOrder(demo, o4.id, '2024-03-12 08:00:00', null);
  const o5 = await offlineOrder(demo, customerId, a.skuId, 2, '45.50');
  await moveOrder(demo, o5.id, '2024-03-11 15:00:00', '2024-03-11 15:00:00');

  const ids = [o1.id, o2.id, o3.id, o4.id, o5.id];
  const paid = await sql<{ pay_price: string; gifts: number }>`select o.pay_price::text, (select count(*)::int from sale_order_item i where i.order_id = o.id and i.gift) as gifts
    from sale_order o where o.id in (${sql.join(ids)}) order by o.create_time`.execute(demo.app.db);
  // The hand figures hold only when the prices are exactly these (no promotion touched the lines).
  expect(paid.rows).toEqual([
    { pay_price: '30.00', gifts: 0 },
    { pay_price: '40.00', gifts: 0 },
    { pay_price: '50.00', gifts: 0 },
    { pay_price: '91.00', gifts: 0 },
    { pay_price: '30.00', gifts: 0 },
  ]);
  return { a, b, refunded: o3.id, ids };
}
