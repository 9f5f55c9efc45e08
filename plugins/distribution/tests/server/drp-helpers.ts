/** Shared steps of the distribution tests (copied from the order tests' helpers: plugins never share test files). */
import { sql } from 'kysely';
import { expect } from 'vitest';
import { call, type DemoServer } from '../../../../tests/server/helpers';
import { shopper, T1, type Shopper } from '../../../../tests/server/shop';

export { bearer, T1 } from '../../../../tests/server/shop';

/** A signed-in member (the shop kit's shopper; its member number is another's invite code). */
export type Member = Shopper;

/** Signs a new member in (tenant 1), optionally with an invite code, and gives them an address. */
export const signIn = (demo: DemoServer, mobile: string, inviteCode?: string): Promise<Member> => shopper(demo, mobile, inviteCode);

/** An on-shelf SKU of tenant 1 set to a known price and stock (nothing reserved), of an SPU paying the level's percentages (no fixed per-SKU commission: ids are random, so an offset must not land on one by chance). */
export async function stockedSku(demo: DemoServer, offset: number, price: string, stock: number): Promise<string> {
  // The n-th SPU's first SKU (each offset a different SPU: what a test sets on an SPU stays with its SKU).
  const found = await sql<{ id: string }>`select id from (
      select distinct on (k.spu_id) k.id, k.spu_id from goods_sku k join goods_spu s on s.id = k.spu_id
      where k.tenant_id = 1 and s.status = '1' and not s.sub_commission_type order by k.spu_id, k.id
    ) as firsts order by spu_id offset ${offset} limit 1`.execute(demo.app.db);
  const id = found.rows[0]?.id;
  if (id === undefined) throw new Error('no seeded SKU');
  await sql`update goods_sku set lock_stock = 0 where id = ${id}`.execute(demo.app.db);
  await sql`update goods_sku set price = ${price}::numeric, stock = ${stock} where id = ${id}`.execute(demo.app.db);
  return id;
}

export const admin = (demo: DemoServer) => ({ token: demo.admin, headers: T1 });

export async function staff<T = unknown>(demo: DemoServer, path: string, body: Record<string, unknown>) {
  return call<T>(demo.app, 'POST', `/api/marketingDrp/${path}`, { ...admin(demo), body });
}

/** Member applies, staff approves: the member is now a distributor (its id returned). */
export async function makeDistributor(demo: DemoServer, member: Member, name = '分销员'): Promise<string> {
  const applied = await call<{ id: string }>(demo.app, 'POST', '/api/app/brokerage/apply', { body: { name, mobile: '13800000000' }, headers: member.headers });
  expect(applied.body.success, JSON.stringify(applied.body)).toBe(true);
  const approved = await staff<{ distributorId: string }>(demo, 'drpRecruit/approve', { id: applied.body.result.id });
  expect(approved.body.success, JSON.stringify(approved.body)).toBe(true);
  return approved.body.result.distributorId;
}

/** Places and pays an order; returns its id and its lines. */
export async function buyAndPay(demo: DemoServer, buyer: Member, items: Array<{ skuId: string; count: number }>) {
  const created = await call<{ id: string; no: string; payPrice: number }>(demo.app, 'POST', '/api/app/order/create', { body: { items, addressId: buyer.addressId }, headers: buyer.headers });
  expect(created.body.success, JSON.stringify(created.body)).toBe(true);
  const paid = await call(demo.app, 'POST', '/api/app/order/pay', { body: { id: created.body.result.id }, headers: buyer.headers });
  expect(paid.body.success, JSON.stringify(paid.body)).toBe(true);
  const lines = await sql<{ id: string; sku_id: string; pay_price: string; delivery_price: string }>`select id, sku_id, pay_price::text, delivery_price::text
    from sale_order_item where order_id = ${created.body.result.id} order by id`.execute(demo.app.db);
  return { id: created.body.result.id, no: created.body.result.no, lines: lines.rows };
}

export interface Totals {
  available: string;
  frozen: string;
}

export async function totals(demo: DemoServer, distributorId: string): Promise<Totals> {
  const found = await sql<{ brokerage_price: string; frozen_price: string }>`select brokerage_price::text, frozen_price::text from drp_distributor where id = ${distributorId}`.execute(demo.app.db);
  const row = found.rows[0];
  if (row === undefined) throw new Error(`no distributor ${distributorId}`);
  return { available: row.brokerage_price, frozen: row.frozen_price };
}

export async function records(demo: DemoServer, distributorId: string) {
  const found = await sql<{ biz_type: string; price: string; total_price: string; frozen_total: string; status: string; level: number | null; title: string; order_item_id: string | null }>`select biz_type,
    price::text, total_price::text, frozen_total::text, status, level, title, order_item_id from drp_brokerage_record where distributor_id = ${distributorId} order by create_time, id`.execute(demo.app.db);
  return found.rows;
}
