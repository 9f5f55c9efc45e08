/** Shared steps of the order tests: a signed-in member with an address, SKUs with known price and stock. */
import { sql } from 'kysely';
import { expect } from 'vitest';
import { call, type DemoServer } from '../../../../tests/server/helpers';

export const T1 = { 'tenant-id': '1' };
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export interface Shopper {
  token: string;
  memberId: string;
  addressId: string;
  headers: Record<string, string>;
}

function lastCode(demo: DemoServer, mobile: string): string {
  const line = [...demo.server.logs].reverse().find((message) => message.startsWith(`SMS code for ${mobile}: `));
  if (line === undefined) throw new Error(`no SMS code logged for ${mobile}`);
  return line.slice(`SMS code for ${mobile}: `.length);
}

/** Signs a new member in (tenant 1) and gives them an address. */
export async function shopper(demo: DemoServer, mobile: string): Promise<Shopper> {
  await call(demo.app, 'POST', '/api/app/auth/sms', { body: { mobile }, headers: T1 });
  const login = await call<{ token: string; member: { id: string } }>(demo.app, 'POST', '/api/app/auth/smsLogin', { body: { mobile, code: lastCode(demo, mobile) }, headers: T1 });
  expect(login.body.success, JSON.stringify(login.body)).toBe(true);
  const headers = bearer(login.body.result.token);
  const address = await call<string>(demo.app, 'POST', '/api/app/address/add', {
    body: { name: '张三', mobile, areaId: '110101', detailAddress: '长安街 1 号', defaultStatus: true },
    headers,
  });
  expect(address.body.success, JSON.stringify(address.body)).toBe(true);
  return { token: login.body.result.token, memberId: login.body.result.member.id, addressId: address.body.result, headers };
}

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
