/**
 * The benchmark's bulk orders (plugins/orders/server/bulk-orders.ts) hold the order services' invariants:
 * Σ line payPrice = order payPrice = total − discounts + delivery, statuses with the times their transitions
 * set, one successful pay record per paid order, refunds through completed after-sales with their refund
 * orders (全部退款 closes the order), document numbers unique, a log row per transition; and the lists read them.
 */
import { sql, type Kysely } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PageResult } from '../../../../src/contracts/entity';
import type { Database } from '../../../../server/db/schema';
import { call, useDemoServer } from '../../../../tests/server/helpers';
import { bulkOrderIdsSql, bulkOrders, type BulkOrderResult } from '../../server/bulk-orders';

const demo = useDemoServer();
const ORDERS = 1200;
let db: Kysely<Database>;
let run: BulkOrderResult;
let listedBefore = 0;

const ids = () => bulkOrderIdsSql(run.key, ORDERS);
const orderTotal = async (query: string) =>
  (await call<PageResult<unknown>>(demo.app, 'GET', `/api/saleorder/saleOrder/list?${query}`, { token: demo.admin, headers: { 'tenant-id': '1' } })).body.result.total;

/** Rows of a check query: each names what is wrong; none expected. */
async function violations(query: ReturnType<typeof sql<{ id: string }>>): Promise<string[]> {
  return (await query.execute(db)).rows.map((row) => row.id);
}

beforeAll(async () => {
  db = demo.app.db;
  listedBefore = await orderTotal('pageSize=1');
  run = await bulkOrders(db, { tenantId: 1, orders: ORDERS, days: 365 });
});

describe('bulk orders', () => {
  it('writes the orders with their lines, over the whole year', async () => {
    expect(run.orders).toBe(ORDERS);
    const shape = await sql<{ orders: number; items: number; days: number; oldest: boolean; future: number; numbers: number }>`select
        count(*)::int as orders, (select count(*)::int from sale_order_item where order_id in ${ids()}) as items,
        count(distinct date_trunc('day', create_time))::int as days, min(create_time) > now() - interval '366 days' as oldest,
        count(*) filter (where create_time > now())::int as future, count(distinct no)::int as numbers
      from sale_order where id in ${ids()} and tenant_id = 1`.execute(db);
    expect(shape.rows[0]).toEqual({ orders: ORDERS, items: run.items, days: expect.any(Number) as number, oldest: true, future: 0, numbers: ORDERS });
    expect(shape.rows[0]?.days).toBeGreaterThan(300);
    expect(run.items).toBeGreaterThanOrEqual(ORDERS * 1.9);
    expect(await orderTotal('pageSize=1')).toBe(listedBefore + ORDERS);
  });

  it('keeps the amounts exact: Σ lines = pay price = total − discount + delivery, each deduction split over the lines', async () => {
    expect(
      await violations(sql<{ id: string }>`select o.id from sale_order o join lateral (
          select sum(i.pay_price) as pay, sum(i.price * i.count) as total, sum(i.vip_price) as vip, sum(i.delivery_price) as delivery, sum(i.count)::int as n
          from sale_order_item i where i.order_id = o.id) l on true
        where o.id in ${ids()} and not coalesce(l.pay = o.pay_price and l.total = o.total_price and l.vip = o.vip_price and l.delivery = o.delivery_price
          and o.pay_price = o.total_price - o.discount_price - o.coupon_price - o.point_price - o.vip_price + o.delivery_price + o.adjust_price
          and o.product_count = l.n and o.pay_price > 0, false)`),
    ).toEqual([]);
    const discounted = await sql<{ n: number }>`select count(*)::int as n from sale_order where id in ${ids()} and vip_price > 0`.execute(db);
    expect(discounted.rows[0]?.n).toBeGreaterThan(ORDERS / 10);
  });

  it('gives every status its times and pay record, and nothing it should not have', async () => {
    expect(
      await violations(sql<{ id: string }>`select o.id || ' ' || o.status from sale_order o
        left join lateral (select count(*)::int as n, min(p.price) as price, min(p.success_time) as at from sale_pay_record p
                           where p.order_id = o.id and p.status = '10') pay on true
        where o.id in ${ids()} and not coalesce(
          case when o.pay_time is null then pay.n = 0 and o.status in ('0', '40') and o.refund_price = 0 and o.delivery_time is null
                    and (o.status = '0' and o.cancel_type is null and o.create_time > now() - interval '2 hours'
                         or o.status = '40' and o.cancel_type in ('10', '20'))
               else pay.n = 1 and pay.price = o.pay_price and pay.at = o.pay_time and o.pay_time >= o.create_time and o.pay_time <= now()
          end
          and (o.status <> '10' or o.delivery_time is null)
          and (o.status not in ('20', '30') or o.delivery_time > o.pay_time and o.delivery_time <= now())
          and (o.status <> '30' or o.receive_time > o.delivery_time and o.finish_time = o.receive_time and o.receive_time <= now())
          and (o.status = '30' or o.receive_time is null), false)`),
    ).toEqual([]);
    const statuses = await sql<{ status: string; n: number }>`select status, count(*)::int as n from sale_order where id in ${ids()} group by status order by status`.execute(db);
    expect(statuses.rows.map((row) => row.status)).toEqual(expect.arrayContaining(['10', '20', '30', '40']));
  });

  it('refunds a share through completed after-sales and refund orders: 全部退款 closes the order, 部分退款 keeps it', async () => {
    expect(
      await violations(sql<{ id: string }>`select o.id || ' ' || o.refund_status from sale_order o
        left join lateral (select coalesce(sum(r.refund_price), 0) as refunded, count(*)::int as n, bool_and(r.success_time > o.pay_time and r.success_time <= now()) as timely
                           from sale_refund_order r where r.order_id = o.id and r.status = '10') r on true
        left join lateral (select count(*) filter (where i.after_sale_status = '20')::int as done, count(*)::int as lines from sale_order_item i where i.order_id = o.id) i on true
        where o.id in ${ids()} and not coalesce(o.refund_price = r.refunded and i.done = r.n and (r.n = 0 or r.timely)
          and case o.refund_status when '0' then r.n = 0
                                   when '20' then o.refund_price = o.pay_price and o.status = '40' and o.cancel_type = '40' and i.done = i.lines
                                   when '10' then o.refund_price > 0 and o.refund_price < o.pay_price and o.status in ('20', '30') and i.done < i.lines end, false)`),
    ).toEqual([]);
    // Every refund order belongs to a completed 仅退款 after-sale of the same line and amount.
    expect(
      await violations(sql<{ id: string }>`select r.id from sale_refund_order r left join sale_after_sale a on a.id = r.after_sale_id
        left join sale_order_item i on i.id = a.order_item_id
        where r.order_id in ${ids()} and not coalesce(a.status = '50' and a.way = '10' and a.refund_price = r.refund_price and i.pay_price = a.refund_price
          and i.after_sale_id = a.id and a.order_id = r.order_id and a.create_time < a.refund_time and a.refund_time = r.success_time, false)`),
    ).toEqual([]);
    const share = await sql<{ full: number; part: number }>`select count(*) filter (where refund_status = '20')::int as full,
      count(*) filter (where refund_status = '10')::int as part from sale_order where id in ${ids()}`.execute(db);
    expect(share.rows[0]?.full).toBeGreaterThan(ORDERS * 0.02);
    expect(share.rows[0]?.part).toBeGreaterThan(ORDERS * 0.01);
    expect(run.refundedOrders).toBe((share.rows[0]?.full ?? 0) + (share.rows[0]?.part ?? 0));
  });

  it('logs each transition at its time, and a second run numbers its documents after the first', async () => {
    expect(
      await violations(sql<{ id: string }>`select o.id from sale_order o
        left join lateral (select array_agg(l.after_status order by l.create_time, l.id) as path, max(l.create_time) as last from sale_order_log l where l.order_id = o.id) l on true
        where o.id in ${ids()} and not coalesce(l.path[array_length(l.path, 1)] = o.status and l.path[1] = '0' and l.last <= now(), false)`),
    ).toEqual([]);
    const second = await bulkOrders(db, { tenantId: 1, orders: 50, days: 3 });
    const duplicates = await sql<{ n: number }>`select count(*)::int as n from (select no from sale_order where tenant_id = 1 group by no having count(*) > 1) d`.execute(db);
    expect(duplicates.rows[0]?.n).toBe(0);
    expect(second.orders).toBe(50);
    expect(await orderTotal('pageSize=1')).toBe(listedBefore + ORDERS + 50);
  });
});
