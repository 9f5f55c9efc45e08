/** Shared steps of the review tests: completed orders of a signed-in member, uploads, and the goods' figures. */
import { sql } from 'kysely';
import { expect } from 'vitest';
import { call, type DemoServer } from '../../../../tests/server/helpers';
import type { Shopper } from '../../../../tests/server/shop';

export { shopper, T1, type Shopper } from '../../../../tests/server/shop';

export const admin = (demo: DemoServer) => ({ token: demo.admin, headers: { 'tenant-id': '1' } });
export const clerk = (demo: DemoServer) => ({ token: demo.clerk, headers: { 'tenant-id': '1' } });

/**
 * The first SKU of the n-th on-sale goods of tenant 1 that has no review yet (so its figures start at nothing), with
 * stock to spare.
 */
export async function unreviewedSku(demo: DemoServer, offset: number): Promise<{ skuId: string; spuId: string }> {
  const found = await sql<{ id: string; spu_id: string }>`select id, spu_id from (
      select distinct on (k.spu_id) k.id, k.spu_id from goods_sku k join goods_spu s on s.id = k.spu_id
      where k.tenant_id = 1 and s.status = '1' and not exists (select 1 from review_comment r where r.spu_id = s.id)
        -- Nor a demo order's completed line: one completed a whole number of days ago comes due for the auto review at a
        -- time of day, and would count in the goods' figures beside the test's own lines.
        and not exists (select 1 from sale_order_item i join sale_order o on o.id = i.order_id where i.spu_id = s.id and o.finish_time is not null)
      order by k.spu_id, k.id
    ) as firsts order by spu_id offset ${offset} limit 1`.execute(demo.app.db);
  const row = found.rows[0];
  if (row === undefined) throw new Error('no goods without reviews');
  await sql`update goods_sku set lock_stock = 0, stock = 1000 where id = ${row.id}`.execute(demo.app.db);
  return { skuId: row.id, spuId: row.spu_id };
}

export interface Line {
  orderId: string;
  itemId: string;
}

/** The member orders one piece of the SKU and pays; the shop ships it (not received yet). */
export async function shippedLine(demo: DemoServer, buyer: Shopper, skuId: string): Promise<Line> {
  const created = await call<{ id: string }>(demo.app, 'POST', '/api/app/order/create', { body: { items: [{ skuId, count: 1 }], addressId: buyer.addressId }, headers: buyer.headers });
  expect(created.body.success, JSON.stringify(created.body)).toBe(true);
  const orderId = created.body.result.id;
  const paid = await call(demo.app, 'POST', '/api/app/order/pay', { body: { id: orderId }, headers: buyer.headers });
  expect(paid.body.success, JSON.stringify(paid.body)).toBe(true);
  const express = await sql<{ id: string }>`select id from sale_express where tenant_id = 1 and code = 'SF'`.execute(demo.app.db);
  const shipped = await call(demo.app, 'POST', '/api/saleorder/saleOrder/deliver', { ...admin(demo), body: { id: orderId, expressId: express.rows[0]?.id, logisticsNo: `SF${orderId.slice(-10)}` } });
  expect(shipped.body.success, JSON.stringify(shipped.body)).toBe(true);
  const item = await sql<{ id: string }>`select id from sale_order_item where order_id = ${orderId}`.execute(demo.app.db);
  const itemId = item.rows[0]?.id;
  if (itemId === undefined) throw new Error('order without a line');
  return { orderId, itemId };
}

/** The member orders, pays, the shop ships and the member confirms receipt: the order is 已完成. */
export async function completedLine(demo: DemoServer, buyer: Shopper, skuId: string): Promise<Line> {
  const line = await shippedLine(demo, buyer, skuId);
  const received = await call(demo.app, 'POST', '/api/app/order/receive', { body: { id: line.orderId }, headers: buyer.headers });
  expect(received.body.success, JSON.stringify(received.body)).toBe(true);
  return line;
}

/** A PNG's first bytes (the upload checks the signature against the extension). */
export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('IHDR-demo-picture')]);

/** One file through `/app/review/upload` with the member's token; the answer's envelope. */
export async function uploadAs(demo: DemoServer, headers: Record<string, string>, fileName: string, content: Buffer = PNG) {
  const boundary = 'r3view';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await demo.app.inject({ method: 'POST', url: '/api/app/review/upload', payload, headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` } });
  return { status: response.statusCode, body: response.json<{ success: boolean; message: string; result: { path: string; size: number } | null }>() };
}

/** A picture the member uploaded: its stored path. */
export async function uploadedPicture(demo: DemoServer, buyer: Shopper, fileName = 'photo.png'): Promise<string> {
  const answer = await uploadAs(demo, buyer.headers, fileName);
  expect(answer.body.success, JSON.stringify(answer.body)).toBe(true);
  return answer.body.result?.path ?? '';
}

export interface Figures {
  reviewCount: number;
  scoreSum: number;
  score: string;
  goodCount: number;
  imageCount: number;
}

/** The goods' stored figures (zeros when it has none). */
export async function figures(demo: DemoServer, spuId: string): Promise<Figures> {
  const found = await sql<{ review_count: number; score_sum: number; score: string; good_count: number; image_count: number }>`select review_count, score_sum,
      score::text as score, good_count, image_count from review_spu_stat where spu_id = ${spuId}`.execute(demo.app.db);
  const row = found.rows[0];
  return row === undefined
    ? { reviewCount: 0, scoreSum: 0, score: '0.0', goodCount: 0, imageCount: 0 }
    : { reviewCount: row.review_count, scoreSum: row.score_sum, score: row.score, goodCount: row.good_count, imageCount: row.image_count };
}

/** The figures every goods would have, counted again from its visible reviews: the stored ones must equal them. */
export async function recountedMismatches(demo: DemoServer): Promise<unknown[]> {
  const found = await sql<Record<string, unknown>>`with counted as (
      select tenant_id, spu_id, count(*)::int as review_count, sum(goods_score)::int as score_sum, round(avg(goods_score), 1) as score,
        count(*) filter (where goods_score >= 4)::int as good_count, count(*) filter (where has_images)::int as image_count
      from review_comment where visible group by tenant_id, spu_id)
    select coalesce(c.spu_id, s.spu_id) as spu_id, c.review_count, s.review_count as stored_count, c.score, s.score as stored_score
    from counted c full join review_spu_stat s on s.tenant_id = c.tenant_id and s.spu_id = c.spu_id
    where coalesce(c.review_count, 0) <> coalesce(s.review_count, 0) or coalesce(c.score_sum, 0) <> coalesce(s.score_sum, 0)
      or coalesce(c.score, 0) <> coalesce(s.score, 0) or coalesce(c.good_count, 0) <> coalesce(s.good_count, 0)
      or coalesce(c.image_count, 0) <> coalesce(s.image_count, 0)`.execute(demo.app.db);
  return found.rows;
}

/** The score to one decimal, rounded half up, from whole numbers (as the database's round does). */
export function expectedScore(sum: number, count: number): string {
  if (count === 0) return '0.0';
  const tenths = Math.floor((sum * 20 + count) / (2 * count));
  return `${Math.floor(tenths / 10)}.${tenths % 10}`;
}
