/** Steps the campaign and packet tests share (copied from the order tests' helpers: plugins never share test files). */
import { sql } from 'kysely';
import { expect } from 'vitest';
import { call, type DemoServer } from '../../../../tests/server/helpers';
import { T1 } from '../../../../tests/server/shop';
import { formatShopTime } from '../../../../server/time/shop-time';

export { shopper, T1, type Shopper } from '../../../../tests/server/shop';

export interface Sku {
  id: string;
  spuId: string;
  categoryId: string | null;
}

/** An on-shelf SKU of tenant 1 (each SPU at most once) set to a known price and stock, nothing reserved. */
export async function stockedSku(demo: DemoServer, offset: number, price: string, stock: number): Promise<Sku> {
  const found = await sql<{ id: string; spu_id: string; category_id: string | null }>`select distinct on (s.id) k.id, k.spu_id, s.category_id
    from goods_sku k join goods_spu s on s.id = k.spu_id where k.tenant_id = 1 and s.status = '1' order by s.id, k.id offset ${offset} limit 1`.execute(demo.app.db);
  const row = found.rows[0];
  if (row === undefined) throw new Error('no seeded SKU');
  await sql`update goods_sku set lock_stock = 0, price = ${price}::numeric, stock = ${stock} where id = ${row.id}`.execute(demo.app.db);
  return { id: row.id, spuId: row.spu_id, categoryId: row.category_id };
}

export async function skuStock(demo: DemoServer, skuId: string): Promise<{ stock: number; lockStock: number }> {
  const found = await sql<{ stock: number; lock_stock: number }>`select stock, lock_stock from goods_sku where id = ${skuId}`.execute(demo.app.db);
  return { stock: found.rows[0]?.stock ?? -1, lockStock: found.rows[0]?.lock_stock ?? -1 };
}

export async function memberPoint(demo: DemoServer, memberId: string): Promise<number> {
  const found = await sql<{ point: number }>`select point from cust_member where id = ${memberId}`.execute(demo.app.db);
  return found.rows[0]?.point ?? -1;
}

export async function unusedCoupons(demo: DemoServer, memberId: string, templateId: string): Promise<number> {
  const found = await sql<{ n: number }>`select count(*)::int as n from cust_coupon where member_id = ${memberId} and template_id = ${templateId} and status = '1'`.execute(demo.app.db);
  return found.rows[0]?.n ?? -1;
}

/** `YYYY-MM-DD HH:mm:ss` on the shop's clock (as staff enter times) some seconds from now. */
export function wireTime(offsetSeconds: number): string {
  return formatShopTime(Date.now() + offsetSeconds * 1000);
}

/** A coupon template (满 usePrice 减 discountPrice, 指定发放) through the coupons' own route. */
export async function couponTemplate(demo: DemoServer, name: string, totalCount = -1): Promise<string> {
  const added = await call<{ id: string }>(demo.app, 'POST', '/api/marketing/coupon/add', {
    token: demo.admin,
    headers: T1,
    body: {
      name,
      status: '1',
      discountType: '1',
      usePrice: 0,
      discountPrice: 5,
      totalCount,
      takeLimitCount: -1,
      takeType: '2',
      validityType: '2',
      fixedStartTerm: 0,
      fixedEndTerm: 30,
      productScope: '1',
    },
  });
  expect(added.body.success, JSON.stringify(added.body)).toBe(true);
  return added.body.result.id;
}
