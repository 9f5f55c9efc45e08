/**
 * Shared steps of the goods and withdrawal report tests (copied from the order and distribution tests'
 * helpers: plugins never share test files): SKUs with a known price, orders placed and paid by members,
 * a shop-zone wall-clock time, and the 报表日结 job run through the job screen's 执行一次.
 */
import { sql } from 'kysely';
import { expect } from 'vitest';
import { call, type DemoServer } from '../../../../tests/server/helpers';
import { T1, type Shopper } from '../../../../tests/server/shop';

export { shopper, T1, type Shopper } from '../../../../tests/server/shop';

export const ZONE = 'Asia/Shanghai';

/** A Shanghai wall-clock time ('2024-03-05 10:00:00') as a timestamptz SQL expression. */
export const at = (localTime: string) => sql`(${localTime}::timestamp at time zone ${ZONE})`;

export const staffCall = (demo: DemoServer) => ({ token: demo.admin, headers: T1 });

/** A staff GET: the admin in tenant 1, or another user in their own tenant. */
export async function get<T>(demo: DemoServer, url: string, token?: string) {
  return call<T>(demo.app, 'GET', `/api${url}`, token === undefined ? { token: demo.admin, headers: T1 } : { token });
}

/**
 * An on-shelf SKU of tenant 1 set to a known price and stock (nothing reserved), with its SPU: one paying the distributor
 * level's percentages (no fixed per-SKU commission: ids are random, so an offset must not land on one by chance).
 */
export async function stockedSku(demo: DemoServer, offset: number, price: string, stock: number): Promise<{ skuId: string; spuId: string }> {
  const found = await sql<{ id: string; spu_id: string }>`select k.id, k.spu_id from goods_sku k join goods_spu s on s.id = k.spu_id
    where k.tenant_id = 1 and s.status = '1' and not s.sub_commission_type order by k.id offset ${offset} limit 1`.execute(demo.app.db);
  const row = found.rows[0];
  if (row === undefined) throw new Error('no seeded SKU');
  await sql`update goods_sku set lock_stock = 0, price = ${price}::numeric, stock = ${stock} where id = ${row.id}`.execute(demo.app.db);
  return { skuId: row.id, spuId: row.spu_id };
}

/** Places an order (and pays it unless told not to); returns its id and lines. */
export async function order(demo: DemoServer, buyer: Shopper, items: Array<{ skuId: string; count: number }>, pay = true) {
  const created = await call<{ id: string; no: string }>(demo.app, 'POST', '/api/app/order/create', { body: { items, addressId: buyer.addressId }, headers: buyer.headers });
  expect(created.body.success, JSON.stringify(created.body)).toBe(true);
  if (pay) {
    const paid = await call(demo.app, 'POST', '/api/app/order/pay', { body: { id: created.body.result.id }, headers: buyer.headers });
    expect(paid.body.success, JSON.stringify(paid.body)).toBe(true);
  }
  const lines = await sql<{ id: string; spu_id: string; count: number; pay_price: string; gift: boolean }>`select id, spu_id, count, pay_price::text as pay_price, gift
    from sale_order_item where order_id = ${created.body.result.id} order by id`.execute(demo.app.db);
  return { id: created.body.result.id, lines: lines.rows };
}

/** Runs a seeded job once now (GET /sys/quartzJob/execute), as 执行一次 on the job screen does. */
export async function runJob(demo: DemoServer, jobClassName: string): Promise<string> {
  const job = await sql<{ id: string }>`select id from sys_quartz_job where job_class_name = ${jobClassName}`.execute(demo.app.db);
  const id = job.rows[0]?.id;
  if (id === undefined) throw new Error(`no job ${jobClassName}`);
  const run = await get<{ message: string }>(demo, `/sys/quartzJob/execute?id=${id}`);
  expect(run.body.success, JSON.stringify(run.body)).toBe(true);
  return run.body.result.message;
}

export async function rolledThrough(demo: DemoServer): Promise<string | null> {
  const found = await sql<{ day: string }>`select to_char(rolled_through, 'YYYY-MM-DD') as day from rpt_rollup where tenant_id = 1`.execute(demo.app.db);
  return found.rows[0]?.day ?? null;
}
