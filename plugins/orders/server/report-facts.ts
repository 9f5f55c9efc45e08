import Decimal from 'decimal.js';
import { sql, type Kysely } from 'kysely';
import { dayOf, earliestDay, GOODS_METRICS, METRICS, ORDER_METRICS, withinDays, type FactRange, type FactRow, type FactSource } from '../../../server/contracts/report-facts';
import type { Database } from '../../../server/kit';
import { ORDER_REFUND_STATUS } from '../entities';
import { REFUND_STATUS } from './dicts';

/**
 * The orders' daily facts (docs/reference/business-domains.md §6), every figure by the shop zone's day of its own event:
 * - trade: 商品支付 Σ payPrice / 支付订单数 / 成交用户 by pay time; 下单数 / 下单用户 by create time;
 *   余额支付 (pay channel 'balance') by pay time; 退款金额 Σ refund orders settled (退款成功) by their
 *   success time — so a refund settled days after the payment counts on the settle day, never moves
 *   the payment's day.
 * - order shares of paid orders per day: by terminal, pay channel and type (count and amount); orders
 *   with a settled refund that day; orders entering each status that day (from the order's log rows).
 * - per SPU (商品报表): lines of orders created / paid that day, Σ line payPrice, distinct paying buyers,
 *   and the refunded count and amount by refund settle time. A gift line (0-priced) counts in the
 *   counts and adds 0 to the amounts; gift lines go back with the order's last refund (after-sale
 *   service), so they count as refunded on the day of that last settled refund.
 * A buyer is the member; an offline order with a customer and no member counts as 'c:' + customer id.
 * The order tables have no soft delete (del_flag): every row is a real order.
 */

const M = {
  ...ORDER_METRICS,
  goodsOrderCount: GOODS_METRICS.orderCount,
  goodsPayCount: GOODS_METRICS.payCount,
  goodsPayPrice: GOODS_METRICS.payPrice,
  goodsPayBuyers: GOODS_METRICS.payBuyers,
  goodsRefundCount: GOODS_METRICS.refundCount,
  goodsRefundPrice: GOODS_METRICS.refundPrice,
} as const;
/** The buyer of an order row `o`: its member, else its customer ('c:' + id); null for neither. */
const BUYER = sql`coalesce(o.member_id, 'c:' || o.customer_id)`;
const NONE = 'none';

type Db = Kysely<Database>;

/** Adds exact decimals per key. */
class Sums {
  private readonly totals = new Map<string, { day: string; metric: string; dim: string; sum: Decimal }>();
  add(day: string, metric: string, dim: string, value: Decimal.Value): void {
    const key = `${day}\u0000${metric}\u0000${dim}`;
    const found = this.totals.get(key);
    if (found === undefined) this.totals.set(key, { day, metric, dim, sum: new Decimal(value) });
    else found.sum = found.sum.plus(value);
  }
  rows(money: ReadonlySet<string>): FactRow[] {
    return [...this.totals.values()].map(({ day, metric, dim, sum }) => ({ day, metric, dim, value: sum.toFixed(money.has(metric) ? 2 : 0) }));
  }
}

async function paidOrders(db: Db, range: FactRange, sums: Sums, rows: FactRow[]): Promise<void> {
  const paid = await sql<{ day: string; terminal: string | null; channel: string | null; type: string | null; n: string; amount: string }>`
    select ${dayOf('o.pay_time', range.timeZone)} as day, o.terminal, o.pay_channel as channel, o.type, count(*)::text as n, sum(o.pay_price)::text as amount
    from sale_order o where o.tenant_id = ${range.tenantId} and o.pay_time is not null and ${withinDays('o.pay_time', range)}
    group by 1, 2, 3, 4`.execute(db);
  for (const row of paid.rows) {
    sums.add(row.day, METRICS.payOrders, '', row.n);
    sums.add(row.day, METRICS.payPrice, '', row.amount);
    if (row.channel === 'balance') sums.add(row.day, METRICS.balancePay, '', row.amount);
    sums.add(row.day, M.paidByTerminal, row.terminal ?? NONE, row.n);
    sums.add(row.day, M.amountByTerminal, row.terminal ?? NONE, row.amount);
    sums.add(row.day, M.paidByChannel, row.channel ?? NONE, row.n);
    sums.add(row.day, M.amountByChannel, row.channel ?? NONE, row.amount);
    sums.add(row.day, M.paidByType, row.type ?? NONE, row.n);
    sums.add(row.day, M.amountByType, row.type ?? NONE, row.amount);
  }
  const buyers = await sql<{ day: string; buyer: string }>`select distinct ${dayOf('o.pay_time', range.timeZone)} as day, ${BUYER} as buyer
    from sale_order o where o.tenant_id = ${range.tenantId} and o.pay_time is not null and ${withinDays('o.pay_time', range)} and ${BUYER} is not null`.execute(db);
  for (const row of buyers.rows) rows.push({ day: row.day, metric: METRICS.buyer, dim: row.buyer, value: '1' });
}

async function createdOrders(db: Db, range: FactRange, sums: Sums, rows: FactRow[]): Promise<void> {
  const created = await sql<{ day: string; n: string }>`select ${dayOf('o.create_time', range.timeZone)} as day, count(*)::text as n
    from sale_order o where o.tenant_id = ${range.tenantId} and ${withinDays('o.create_time', range)} group by 1`.execute(db);
  for (const row of created.rows) sums.add(row.day, METRICS.createdOrders, '', row.n);
  const users = await sql<{ day: string; buyer: string }>`select distinct ${dayOf('o.create_time', range.timeZone)} as day, ${BUYER} as buyer
    from sale_order o where o.tenant_id = ${range.tenantId} and ${withinDays('o.create_time', range)} and ${BUYER} is not null`.execute(db);
  for (const row of users.rows) rows.push({ day: row.day, metric: METRICS.orderUser, dim: row.buyer, value: '1' });
  // Orders entering a status that day: every log row that changes the status (creation included).
  const entered = await sql<{ day: string; status: string; n: string }>`select ${dayOf('l.create_time', range.timeZone)} as day, l.after_status as status, count(distinct l.order_id)::text as n
    from sale_order_log l where l.tenant_id = ${range.tenantId} and ${withinDays('l.create_time', range)}
      and l.after_status is not null and l.after_status is distinct from l.before_status group by 1, 2`.execute(db);
  for (const row of entered.rows) sums.add(row.day, M.statusEntered, row.status, row.n);
}

async function refunds(db: Db, range: FactRange, sums: Sums): Promise<void> {
  const settled = await sql<{ day: string; amount: string; orders: string }>`select ${dayOf('r.success_time', range.timeZone)} as day,
      sum(r.refund_price)::text as amount, count(distinct r.order_id)::text as orders
    from sale_refund_order r where r.tenant_id = ${range.tenantId} and r.status = ${REFUND_STATUS.success} and r.success_time is not null
      and ${withinDays('r.success_time', range)} group by 1`.execute(db);
  for (const row of settled.rows) {
    sums.add(row.day, METRICS.refundPrice, '', row.amount);
    sums.add(row.day, M.refundOrders, '', row.orders);
  }
  const bySpu = await sql<{ day: string; spu: string; n: string; amount: string }>`select ${dayOf('r.success_time', range.timeZone)} as day, i.spu_id as spu,
      sum(a.count)::text as n, sum(r.refund_price)::text as amount
    from sale_refund_order r
      join sale_after_sale a on a.id = r.after_sale_id and a.tenant_id = r.tenant_id
      join sale_order_item i on i.id = a.order_item_id and i.tenant_id = r.tenant_id
    where r.tenant_id = ${range.tenantId} and r.status = ${REFUND_STATUS.success} and r.success_time is not null
      and ${withinDays('r.success_time', range)} group by 1, 2`.execute(db);
  for (const row of bySpu.rows) {
    sums.add(row.day, M.goodsRefundCount, row.spu, row.n);
    sums.add(row.day, M.goodsRefundPrice, row.spu, row.amount);
  }
  // Gift lines went back with the order's last settled refund (the order wholly refunded).
  const gifts = await sql<{ day: string; spu: string; n: string }>`with touched as (
      select distinct t.order_id from sale_refund_order t where t.tenant_id = ${range.tenantId} and t.status = ${REFUND_STATUS.success}
        and t.success_time is not null and ${withinDays('t.success_time', range)}),
    last as (
      select r.order_id, max(r.success_time) as settled from touched join sale_refund_order r on r.order_id = touched.order_id
      where r.tenant_id = ${range.tenantId} and r.status = ${REFUND_STATUS.success} and r.success_time is not null group by r.order_id)
    select ${dayOf('last.settled', range.timeZone)} as day, i.spu_id as spu, sum(i.count)::text as n
    from last join sale_order o on o.id = last.order_id and o.tenant_id = ${range.tenantId} and o.refund_status = ${ORDER_REFUND_STATUS.all}
      join sale_order_item i on i.order_id = o.id and i.tenant_id = o.tenant_id and i.gift
    where ${withinDays('last.settled', range)} group by 1, 2`.execute(db);
  for (const row of gifts.rows) {
    sums.add(row.day, M.goodsRefundCount, row.spu, row.n);
    sums.add(row.day, M.goodsRefundPrice, row.spu, '0');
  }
}

async function goods(db: Db, range: FactRange, sums: Sums): Promise<void> {
  const ordered = await sql<{ day: string; spu: string; n: string }>`select ${dayOf('o.create_time', range.timeZone)} as day, i.spu_id as spu, sum(i.count)::text as n
    from sale_order o join sale_order_item i on i.order_id = o.id and i.tenant_id = o.tenant_id
    where o.tenant_id = ${range.tenantId} and ${withinDays('o.create_time', range)} group by 1, 2`.execute(db);
  for (const row of ordered.rows) sums.add(row.day, M.goodsOrderCount, row.spu, row.n);
  const paid = await sql<{ day: string; spu: string; n: string; amount: string; buyers: string }>`select ${dayOf('o.pay_time', range.timeZone)} as day, i.spu_id as spu,
      sum(i.count)::text as n, sum(i.pay_price)::text as amount, count(distinct ${BUYER})::text as buyers
    from sale_order o join sale_order_item i on i.order_id = o.id and i.tenant_id = o.tenant_id
    where o.tenant_id = ${range.tenantId} and o.pay_time is not null and ${withinDays('o.pay_time', range)} group by 1, 2`.execute(db);
  for (const row of paid.rows) {
    sums.add(row.day, M.goodsPayCount, row.spu, row.n);
    sums.add(row.day, M.goodsPayPrice, row.spu, row.amount);
    sums.add(row.day, M.goodsPayBuyers, row.spu, row.buyers);
  }
}

const MONEY = new Set<string>([METRICS.payPrice, METRICS.refundPrice, METRICS.balancePay, M.amountByTerminal, M.amountByChannel, M.amountByType, M.goodsPayPrice, M.goodsRefundPrice]);

export const orderFacts: FactSource = {
  name: 'orders.trade',
  metrics: [
    { name: METRICS.payPrice, kind: 'sum', money: true, title: '商品支付：当天支付的订单实付金额之和（按支付时间）' },
    { name: METRICS.payOrders, kind: 'sum', title: '支付订单数：当天支付的订单数（按支付时间）' },
    { name: METRICS.buyer, kind: 'distinct', title: '成交用户：当天支付订单的会员（线下订单无会员时按客户）' },
    { name: METRICS.orderUser, kind: 'distinct', title: '下单用户：当天下单的会员（线下订单无会员时按客户）' },
    { name: METRICS.createdOrders, kind: 'sum', title: '下单数：当天创建的订单数（按下单时间）' },
    { name: METRICS.refundPrice, kind: 'sum', money: true, title: '退款金额：当天退款成功的退款单金额之和（按退款成功时间）' },
    { name: METRICS.balancePay, kind: 'sum', money: true, title: '余额支付：当天以余额支付的订单实付金额之和' },
    { name: M.paidByTerminal, kind: 'sum', title: '各来源终端的支付订单数' },
    { name: M.amountByTerminal, kind: 'sum', money: true, title: '各来源终端的支付金额' },
    { name: M.paidByChannel, kind: 'sum', title: '各支付方式的支付订单数' },
    { name: M.amountByChannel, kind: 'sum', money: true, title: '各支付方式的支付金额' },
    { name: M.paidByType, kind: 'sum', title: '各订单类型的支付订单数' },
    { name: M.amountByType, kind: 'sum', money: true, title: '各订单类型的支付金额' },
    { name: M.refundOrders, kind: 'sum', title: '退款订单数：当天有退款成功的订单数（按退款成功时间）' },
    { name: M.statusEntered, kind: 'sum', title: '当天进入各状态的订单数（按订单日志时间）' },
    { name: M.goodsOrderCount, kind: 'sum', title: '下单件数：当天创建的订单中该商品的件数' },
    { name: M.goodsPayCount, kind: 'sum', title: '支付件数：当天支付的订单中该商品的件数' },
    { name: M.goodsPayPrice, kind: 'sum', money: true, title: '商品支付金额：当天支付的订单中该商品行的实付金额之和' },
    { name: M.goodsPayBuyers, kind: 'sum', title: '支付人数：当天支付该商品的不同买家数（按天相加）' },
    { name: M.goodsRefundCount, kind: 'sum', title: '退款件数：当天退款成功的该商品件数（按退款成功时间）' },
    { name: M.goodsRefundPrice, kind: 'sum', money: true, title: '退款金额：当天退款成功的该商品退款金额（按退款成功时间）' },
  ],
  // Every fact of an order (its payment, refunds, status changes) comes on or after the day it was created.
  firstDay: (db, tenantId, timeZone) => earliestDay(db, timeZone, [sql<Date | null>`select min(create_time) from sale_order where tenant_id = ${tenantId}`]),
  collect: async (db, range) => {
    const sums = new Sums();
    const rows: FactRow[] = [];
    // A report reading today live asks for a few metrics: only the queries that fill them run.
    const wants = (...names: string[]) => range.metrics === undefined || names.some((name) => range.metrics?.has(name) === true);
    if (wants(METRICS.payOrders, METRICS.payPrice, METRICS.balancePay, METRICS.buyer, M.paidByTerminal, M.amountByTerminal, M.paidByChannel, M.amountByChannel, M.paidByType, M.amountByType)) {
      await paidOrders(db, range, sums, rows);
    }
    if (wants(METRICS.createdOrders, METRICS.orderUser, M.statusEntered)) await createdOrders(db, range, sums, rows);
    if (wants(METRICS.refundPrice, M.refundOrders, M.goodsRefundCount, M.goodsRefundPrice)) await refunds(db, range, sums);
    if (wants(M.goodsOrderCount, M.goodsPayCount, M.goodsPayPrice, M.goodsPayBuyers)) await goods(db, range, sums);
    return [...sums.rows(MONEY), ...rows];
  },
};
