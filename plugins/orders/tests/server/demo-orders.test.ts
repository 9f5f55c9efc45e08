/** The demo orders a fresh database starts with: made through the order services, so they obey the rules. */
import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { call, useDemoServer } from '../../../../tests/server/helpers';
import { ORDER_STATUS } from '../../entities';
import { DEMO_ORDER_COUNT, fateOf } from '../../server/demo-orders';

const demo = useDemoServer();

describe('demo orders', () => {
  it('cover every order state over the last 90 days, the unpaid ones recent', async () => {
    // The demo's pickup orders are its own (server/pickup/demo.ts, tests/server/pickup.test.ts).
    const byStatus = await sql<{ status: string; n: number; oldest: Date; newest: Date }>`select status, count(*)::int as n, min(create_time) as oldest, max(create_time) as newest
      from sale_order where tenant_id = 1 and pickup_store_id is null group by status`.execute(demo.app.db);
    const counts = Object.fromEntries(byStatus.rows.map((row) => [row.status, row.n]));
    expect(Object.keys(counts).sort()).toEqual(Object.values(ORDER_STATUS).sort());
    expect(byStatus.rows.reduce((sum, row) => sum + row.n, 0)).toBe(DEMO_ORDER_COUNT);
    const expectedUnpaid = Array.from({ length: DEMO_ORDER_COUNT }, (_unused, index) => fateOf(index)).filter((fate) => fate === 'unpaid').length;
    expect(counts[ORDER_STATUS.unpaid]).toBe(expectedUnpaid);
    const dayMs = 86_400_000;
    const oldest = Math.min(...byStatus.rows.map((row) => row.oldest.getTime()));
    expect(Date.now() - oldest).toBeLessThanOrEqual(90 * dayMs);
    expect(Date.now() - oldest).toBeGreaterThan(30 * dayMs);
    const unpaid = byStatus.rows.find((row) => row.status === ORDER_STATUS.unpaid);
    expect(Date.now() - (unpaid?.oldest.getTime() ?? 0)).toBeLessThan(30 * 60_000);
  });

  it('are numbered by the shop day they were placed on, as are their after-sales and refunds (not by the day of the seed)', async () => {
    // The session keeps the shop's clock (server/db/connection.ts): to_char gives the shop's day.
    const numbers = await sql<{ no: string; day: string }>`select no, to_char(create_time, 'YYYYMMDD') as day from sale_order where tenant_id = 1
      union all select no, to_char(create_time, 'YYYYMMDD') from sale_after_sale where tenant_id = 1
      union all select no, to_char(create_time, 'YYYYMMDD') from sale_refund_order where tenant_id = 1`.execute(demo.app.db);
    const wrong = numbers.rows.filter((row) => row.no.slice(2, 10) !== row.day).map((row) => `${row.no} placed ${row.day}`);
    expect(wrong).toEqual([]);
    // Their days span the quarter, so numbers differ by day.
    expect(new Set(numbers.rows.map((row) => row.day)).size).toBeGreaterThan(30);
    expect(numbers.rows.some((row) => row.no.startsWith('AS')) && numbers.rows.some((row) => row.no.startsWith('RF'))).toBe(true);
  });

  it('add up: each order’s lines to its 实付, refunds to what its after-sales refunded', async () => {
    const orders = await sql<{ pay_price: string; items: string; refund_price: string; refunded: string | null }>`select o.pay_price::text as pay_price,
        (select sum(i.pay_price)::text from sale_order_item i where i.order_id = o.id) as items, o.refund_price::text as refund_price,
        (select sum(r.refund_price)::text from sale_refund_order r where r.order_id = o.id) as refunded
      from sale_order o where o.tenant_id = 1`.execute(demo.app.db);
    for (const order of orders.rows) {
      expect(new Decimal(order.items).equals(order.pay_price)).toBe(true);
      expect(new Decimal(order.refunded ?? 0).equals(order.refund_price)).toBe(true);
    }
  });

  it('reserve exactly the stock their unpaid orders and confirmed procurement orders hold, and log each step in order', async () => {
    // What each SKU's reservation should be: unpaid order lines, plus the unsent units of confirmed or partly sent procurement orders.
    const reserved = await sql<{ sku_id: string; held: number; lock_stock: number }>`select h.sku_id, sum(h.n)::int as held, k.lock_stock from (
        select i.sku_id, i.count as n from sale_order_item i join sale_order o on o.id = i.order_id where o.status = ${ORDER_STATUS.unpaid} and o.tenant_id = 1
        union all
        select i.sku_id, i.count - i.delivered_count from zcy_purchase_order_item i join zcy_purchase_order p on p.id = i.order_id where p.status in ('10', '20') and p.tenant_id = 1
      ) h join goods_sku k on k.id = h.sku_id group by h.sku_id, k.lock_stock`.execute(demo.app.db);
    expect(reserved.rows.length).toBeGreaterThan(0);
    for (const row of reserved.rows) expect(row.lock_stock).toBe(row.held);
    const purchases = await sql<{ status: string }>`select status from zcy_purchase_order where tenant_id = 1 order by status`.execute(demo.app.db);
    expect(purchases.rows.map((row) => row.status)).toEqual(['0', '10', '20', '30', '40', '50', '60', '70']);
    const completed = await sql<{ actions: string[] }>`select array_agg(l.action order by l.create_time) as actions from sale_order_log l join sale_order o on o.id = l.order_id
      where o.status = ${ORDER_STATUS.completed} and o.tenant_id = 1 and o.pickup_store_id is null group by o.id limit 5`.execute(demo.app.db);
    for (const row of completed.rows) expect(row.actions).toEqual(['create', 'pay', 'deliver', 'receive']);
  });

  it('are listed as a goods’ sales (商品详情 销售记录): the lines of one SPU, read-only, tenant 1 only', async () => {
    const line = await sql<{ spu_id: string; n: number }>`select spu_id, count(*)::int as n from sale_order_item where tenant_id = 1 group by spu_id order by count(*) desc limit 1`.execute(demo.app.db);
    const spu = line.rows[0];
    if (spu === undefined) throw new Error('no demo order lines');
    const headers = { 'tenant-id': '1' };
    const listed = await call<{ records: Array<{ spuId: string }>; total: number }>(demo.app, 'GET', `/api/saleorder/saleOrderItem/list?spuId=${spu.spu_id}&pageSize=100`, { token: demo.admin, headers });
    expect(listed.body.result.total).toBe(spu.n);
    expect(listed.body.result.records.every((record) => record.spuId === spu.spu_id)).toBe(true);
    expect((await call(demo.app, 'POST', '/api/saleorder/saleOrderItem/add', { token: demo.admin, headers, body: { spuId: spu.spu_id } })).status).toBe(404);
    expect((await call(demo.app, 'GET', `/api/saleorder/saleOrderItem/list?spuId=${spu.spu_id}`)).status).toBe(401);
  });
});
