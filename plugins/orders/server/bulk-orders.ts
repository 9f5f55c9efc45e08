import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { inTransaction, newId, shopTimeZone, type Database } from '../../../server/kit';
import { AFTER_SALE_STATUS, AFTER_SALE_WAY, ORDER_REFUND_STATUS, ORDER_STATUS, ORDER_TYPE } from '../entities';
import { CANCEL_TYPE, DELIVERY_TYPE, ITEM_AFTER_SALE, PAY_STATUS, REFUND_STATUS, TERMINAL } from './dicts';

/**
 * Bulk sales orders for benchmarks only (scripts/bench-lists.ts; never the demo seed): hundreds of
 * thousands of orders over the last `days` days in a few set-based statements (`insert … select … from
 * generate_series`), ending in the state the order services leave (sales/service.ts, after-sales/service.ts):
 * - lines are snapshots of on-shelf SKUs (1–3 a order, 1–3 units each) bought by enabled members; every
 *   fifth order has a 5 % member discount (vipPrice), orders under 99 yuan pay 8 yuan delivery; both are
 *   split over the lines in proportion to their amounts with the remainder on the last line, so
 *   Σ line payPrice = order payPrice = totalPrice − vipPrice + deliveryPrice, exactly (NUMERIC);
 * - statuses with their times: 8 % never paid (待付款 for the last two hours, else 已关闭 by timeout or by
 *   the buyer), the rest paid a few minutes after creation (pay_time, one successful pay record of the paid
 *   amount), shipped 20 hours after payment once a day old (已发货, delivery_time), received three days
 *   later once eight days old (已完成, receive_time = finish_time);
 * - a share refunded through completed 仅退款 after-sales with their refund orders: 4 % of all orders refunded
 *   in full before shipping (全部退款, 已关闭 by 全部售后关闭, refund = paid), 3 % (those with several lines,
 *   shipped) the first line after shipping (部分退款);
 * - order log rows for every transition at its time (创建, 支付, 发货, 收货, 关闭, 全部售后关闭).
 * Not written: stock moves and sales counts, member points and growth, commissions and promotions (the
 * bench measures lists and reports, which read the orders, lines, payments and refunds).
 *
 * The goods and members are read from their tables: a bench generator, run from scripts only, where a
 * set-based copy of a hundred thousand snapshots cannot go through the services' one-order contracts.
 * Document numbers take the day's counter from 500001 on (above the services' counter, which starts at 1),
 * after the bulk numbers a previous run gave, so they never collide.
 */

export interface BulkOrderOptions {
  tenantId: number;
  orders: number;
  /** Create times spread over the last `days` days (default 365). */
  days?: number;
  /** The zone of the document numbers' day (default the shop's, server/time/shop-time.ts). */
  timeZone?: string;
  operator?: string;
}

export interface BulkOrderResult {
  key: string;
  orders: number;
  items: number;
  paid: number;
  refundedOrders: number;
  afterSales: number;
}

export const MSG_BULK_NO_SKUS = '没有上架且有售价的商品SKU，无法批量生成订单';
export const MSG_BULK_NO_MEMBERS = '没有启用的会员，无法批量生成订单';
const BULK_FROM = 500_000;
const BULK_MAX = 999_999;

/** How many bulk numbers (counter part above 500000) of `prefix` the tenant already has. */
async function bulkNumbersTaken(trx: Transaction<Database>, table: 'sale_order' | 'sale_after_sale' | 'sale_refund_order', prefix: string, tenantId: number): Promise<number> {
  const pattern = `^${prefix}[0-9]{8}[5-9][0-9]{5}$`;
  const found = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where tenant_id = ${tenantId} and no ~ ${pattern}`.execute(trx);
  return found.rows[0]?.n ?? 0;
}

/** Values written into the statement (escaped literals): CREATE TABLE AS takes no bound parameters. */
const L = (value: string | number) => sql.lit(value);
const dayText = (column: string, timeZone: string) => sql`to_char(${sql.ref(column)} at time zone ${L(timeZone)}, 'YYYYMMDD')`;

async function countOf(trx: Transaction<Database>, statement: RawBuilder<unknown>): Promise<number> {
  const found = await sql<{ n: number }>`select count(*)::int as n from (${statement}) as counted`.execute(trx);
  return found.rows[0]?.n ?? 0;
}

export async function bulkOrders(db: Kysely<Database>, options: BulkOrderOptions): Promise<BulkOrderResult> {
  const { tenantId, orders } = options;
  const days = options.days ?? 365;
  const timeZone = options.timeZone ?? shopTimeZone();
  const operator = options.operator ?? 'bench';
  if (!Number.isInteger(orders) || orders < 1) throw new Error('orders must be a positive integer');
  const key = newId().slice(0, 12);
  const spanSeconds = days * 86_400;

  return inTransaction(db, async (trx) => {
    const orderBase = BULK_FROM + (await bulkNumbersTaken(trx, 'sale_order', 'SO', tenantId));
    const afterSaleBase = BULK_FROM + (await bulkNumbersTaken(trx, 'sale_after_sale', 'AS', tenantId));
    const refundBase = BULK_FROM + (await bulkNumbersTaken(trx, 'sale_refund_order', 'RF', tenantId));
    if (Math.max(orderBase, afterSaleBase, refundBase) + orders > BULK_MAX) throw new Error('too many bulk orders for 6-digit document counters');

    await sql`create temp table bulk_sku_pool on commit drop as
      select row_number() over (order by k.id) as n, k.id, k.spu_id, k.spu_name, k.spec_text, k.pic_url, k.price
      from goods_sku k join goods_spu s on s.id = k.spu_id and s.tenant_id = k.tenant_id
      where k.tenant_id = ${L(tenantId)} and s.status = '1' and k.price > 0`.execute(trx);
    await sql`create temp table bulk_member_pool on commit drop as
      select row_number() over (order by id) as n, id, coalesce(nullif(nickname, ''), member_name, '') as name, mobile
      from cust_member where tenant_id = ${L(tenantId)} and status = '1'`.execute(trx);
    const skus = await countOf(trx, sql`select 1 from bulk_sku_pool`);
    const members = await countOf(trx, sql`select 1 from bulk_member_pool`);
    if (skus === 0) throw new Error(MSG_BULK_NO_SKUS);
    if (members === 0) throw new Error(MSG_BULK_NO_MEMBERS);

    // The orders: when, how many lines, which buyer; `roll` (0..99, uniform over g) picks the order's fate.
    await sql`create temp table bulk_order on commit drop as
      select g, md5(${L(key)} || 'o' || g) as id, now() - make_interval(secs => (${L(orders)} - g + 0.5) * ${L(spanSeconds)}::float8 / ${L(orders)}) as created,
        1 + g % 3 as lines, (g * 19) % 100 as roll, m.id as member_id, m.name as member_name, m.mobile
      from generate_series(1, ${L(orders)}) as g
      join bulk_member_pool m on m.n = 1 + (g::bigint * 104729) % ${L(members)}`.execute(trx);
    await sql`create temp table bulk_item on commit drop as
      select o.id as order_id, o.g, i as line, i = o.lines as last, md5(${L(key)} || 'i' || o.g || '-' || i) as id,
        p.id as sku_id, p.spu_id, p.spu_name, p.spec_text, p.pic_url, p.price, 1 + (o.g + i) % 3 as count,
        (p.price * (1 + (o.g + i) % 3))::numeric(14, 2) as line_total
      from bulk_order o cross join lateral generate_series(1, o.lines) as i
      join bulk_sku_pool p on p.n = 1 + (o.g::bigint * 31 + i * 7919) % ${L(skus)}`.execute(trx);

    // Amounts, fate, status and times of every order.
    await sql`create temp table bulk_priced on commit drop as
      with amounts as (
        select order_id, sum(line_total) as total, sum(count)::int as product_count, left(string_agg(distinct spu_name, '，'), 1000) as spu_names
        from bulk_item group by order_id),
      fated as (
        select o.*, a.total, a.product_count, a.spu_names,
          (case when o.roll % 5 = 0 then round(a.total * 0.05, 2) else 0 end)::numeric(14, 2) as vip,
          (case when a.total >= 99 then 0 else 8 end)::numeric(14, 2) as delivery,
          case when o.roll < 8 then case when o.created > now() - interval '2 hours' then 'unpaid' else 'cancelled' end
               when o.roll < 12 then 'fullRefund'
               when o.roll < 15 and o.lines > 1 and o.created < now() - interval '1 day 1 hour' then 'partRefund'
               else 'paid' end as kind
        from bulk_order o join amounts a on a.order_id = o.id),
      paid as (
        select f.*, f.total - f.vip + f.delivery as pay,
          case when f.kind in ('unpaid', 'cancelled') then null else least(f.created + make_interval(secs => 30 + f.g % 600), now()) end as pay_time
        from fated f),
      stated as (
        select p.*,
          case when p.kind = 'unpaid' then ${L(ORDER_STATUS.unpaid)} when p.kind in ('cancelled', 'fullRefund') then ${L(ORDER_STATUS.closed)}
               when p.pay_time > now() - interval '1 day' then ${L(ORDER_STATUS.undelivered)}
               when p.pay_time > now() - interval '8 days' then ${L(ORDER_STATUS.delivered)} else ${L(ORDER_STATUS.completed)} end as status
        from paid p),
      timed as (
        select s.*,
          case when s.status in (${L(ORDER_STATUS.delivered)}, ${L(ORDER_STATUS.completed)}) then s.pay_time + interval '20 hours' end as delivery_time,
          case when s.status = ${L(ORDER_STATUS.completed)} then s.pay_time + interval '20 hours' + interval '3 days' end as receive_time
        from stated s)
      select t.*, left(trim(t.member_name || ' ' || coalesce(t.mobile, '')), 100) as buyer_name,
        case when t.kind = 'fullRefund' then t.pay_time + least(interval '1 day', (now() - t.pay_time) / 2)
             when t.kind = 'partRefund' then t.delivery_time + least(interval '2 days', (now() - t.delivery_time) / 2) end as refund_time,
        case when t.kind = 'cancelled' then case when t.g % 2 = 0 then ${L(CANCEL_TYPE.timeout)} else ${L(CANCEL_TYPE.buyer)} end
             when t.kind = 'fullRefund' then ${L(CANCEL_TYPE.allAfterSale)} end as cancel_type,
        case t.kind when 'fullRefund' then ${L(ORDER_REFUND_STATUS.all)} when 'partRefund' then ${L(ORDER_REFUND_STATUS.part)} else ${L(ORDER_REFUND_STATUS.none)} end as refund_status,
        'SO' || ${dayText('t.created', timeZone)} || lpad((${L(orderBase)} + row_number() over (partition by ${dayText('t.created', timeZone)} order by t.g))::text, 6, '0') as no
      from timed t`.execute(trx);

    // Each line's share of the discount and the delivery (remainder on the last line), its paid amount, its after-sale.
    await sql`create temp table bulk_line on commit drop as
      with shares as (
        select i.*, p.kind, p.member_id, p.buyer_name, p.created as order_created, p.refund_time, p.pay_time, p.no as order_no, p.status as order_status, p.receive_time,
          case when i.last then p.vip - coalesce(sum(round(p.vip * i.line_total / p.total, 2)) over earlier, 0) else round(p.vip * i.line_total / p.total, 2) end as vip_share,
          case when i.last then p.delivery - coalesce(sum(round(p.delivery * i.line_total / p.total, 2)) over earlier, 0) else round(p.delivery * i.line_total / p.total, 2) end as delivery_share
        from bulk_item i join bulk_priced p on p.id = i.order_id
        window earlier as (partition by i.order_id order by i.line rows between unbounded preceding and 1 preceding))
      select s.*, s.line_total - s.vip_share + s.delivery_share as pay,
        s.kind = 'fullRefund' or (s.kind = 'partRefund' and s.line = 1) as refunded
      from shares s`.execute(trx);
    await sql`alter table bulk_priced add column refund numeric(14, 2) not null default 0`.execute(trx);
    await sql`update bulk_priced p set refund = r.amount from (select order_id, sum(pay) as amount from bulk_line where refunded group by order_id) as r
      where r.order_id = p.id`.execute(trx);

    await sql`insert into sale_order (id, no, type, terminal, member_id, buyer_name, spu_names, product_count, status, refund_status, cancel_type,
        pay_channel, pay_time, delivery_type, delivery_time, receive_time, finish_time, receiver_name, receiver_mobile, receiver_area_id, receiver_detail_address,
        use_point, give_point, total_price, discount_price, coupon_price, point_price, vip_price, delivery_price, adjust_price, pay_price, refund_price,
        create_by, create_time, update_time, tenant_id)
      select p.id, p.no, ${ORDER_TYPE.normal}, ${TERMINAL.miniProgram}, p.member_id, p.buyer_name, p.spu_names,
        p.product_count, p.status, p.refund_status, p.cancel_type, 'demo', p.pay_time, ${DELIVERY_TYPE.express}, p.delivery_time, p.receive_time, p.receive_time,
        p.member_name, p.mobile, '310104', '漕溪北路 88 号', 0, 0, p.total, 0, 0, 0, p.vip, p.delivery, 0, p.pay, p.refund,
        ${operator}, p.created, greatest(p.created, p.pay_time, p.delivery_time, p.receive_time, p.refund_time), ${tenantId}
      from bulk_priced p`.execute(trx);
    await sql`insert into sale_order_item (id, order_id, member_id, spu_id, sku_id, pic_url, spu_name, spec_text, price, count, discount_price, coupon_price,
        point_price, vip_price, delivery_price, adjust_price, pay_price, after_sale_status, after_sale_id, gift, create_by, create_time, tenant_id)
      select l.id, l.order_id, l.member_id, l.spu_id, l.sku_id, l.pic_url, l.spu_name, l.spec_text, l.price, l.count, 0, 0, 0, l.vip_share, l.delivery_share, 0, l.pay,
        case when l.refunded then ${ITEM_AFTER_SALE.done} else ${ITEM_AFTER_SALE.none} end, case when l.refunded then md5(${key} || 'a' || l.id) end, false,
        ${operator}, l.order_created, ${tenantId}
      from bulk_line l`.execute(trx);
    await sql`insert into sale_pay_record (id, order_id, order_no, channel, price, status, channel_trade_no, success_time, create_by, create_time, tenant_id)
      select md5(${key} || 'p' || p.g), p.id, p.no, 'demo', p.pay, ${PAY_STATUS.success}, 'DEMO' || upper(substr(md5(${key} || 't' || p.g), 1, 24)), p.pay_time,
        ${operator}, p.pay_time, ${tenantId}
      from bulk_priced p where p.pay_time is not null`.execute(trx);

    // 仅退款 after-sales, applied halfway between payment and refund, approved, refunded (完成), each with its refund order.
    await sql`create temp table bulk_after_sale on commit drop as
      select md5(${L(key)} || 'a' || l.id) as as_id, l.id as item_id, l.order_id, l.order_no, l.member_id, l.buyer_name, l.sku_id, l.pic_url, l.spu_name,
        l.spec_text, l.count, l.pay, l.refund_time, l.pay_time + (l.refund_time - l.pay_time) / 2 as applied,
        case when l.order_status = ${L(ORDER_STATUS.completed)} and l.receive_time < l.pay_time + (l.refund_time - l.pay_time) / 2 then '20' else '10' end as type
      from bulk_line l where l.refunded`.execute(trx);
    await sql`alter table bulk_after_sale add column as_no varchar(32), add column rf_no varchar(32)`.execute(trx);
    await sql`update bulk_after_sale a set as_no = n.as_no, rf_no = n.rf_no from (
        select as_id, 'AS' || ${dayText('applied', timeZone)} || lpad((${afterSaleBase} + row_number() over (partition by ${dayText('applied', timeZone)} order by as_id))::text, 6, '0') as as_no,
               'RF' || ${dayText('refund_time', timeZone)} || lpad((${refundBase} + row_number() over (partition by ${dayText('refund_time', timeZone)} order by as_id))::text, 6, '0') as rf_no
        from bulk_after_sale) as n where n.as_id = a.as_id`.execute(trx);
    await sql`insert into sale_after_sale (id, no, status, way, type, member_id, buyer_name, order_id, order_no, order_item_id, sku_id, pic_url, spu_name, spec_text,
        count, refund_price, apply_reason, audit_time, refund_time, create_by, create_time, update_time, tenant_id)
      select a.as_id, a.as_no, ${AFTER_SALE_STATUS.completed}, ${AFTER_SALE_WAY.refund}, a.type, a.member_id, a.buyer_name, a.order_id, a.order_no, a.item_id, a.sku_id,
        a.pic_url, a.spu_name, a.spec_text, a.count, a.pay, '不想要了', a.applied + (a.refund_time - a.applied) / 2, a.refund_time, ${operator}, a.applied, a.refund_time, ${tenantId}
      from bulk_after_sale a`.execute(trx);
    await sql`insert into sale_refund_order (id, no, order_id, order_no, after_sale_id, channel, refund_price, reason, status, channel_refund_no, success_time,
        create_by, create_time, tenant_id)
      select md5(${key} || 'f' || a.as_id), a.rf_no, a.order_id, a.order_no, a.as_id, 'demo', a.pay, '售后单 ' || a.as_no, ${REFUND_STATUS.success},
        'DEMO-' || a.rf_no, a.refund_time, ${operator}, a.refund_time, ${tenantId}
      from bulk_after_sale a`.execute(trx);

    // The order log: one row per transition, at its time.
    await sql`insert into sale_order_log (id, order_id, action, before_status, after_status, content, create_by, create_time, tenant_id)
      select md5(${key} || 'l' || p.g || '-' || t.step), p.id, t.action, t.before_status, t.after_status, t.content, ${operator}, t.at, ${tenantId}
      from bulk_priced p cross join lateral (values
        (1, 'create', null::varchar, ${ORDER_STATUS.unpaid}::varchar, '创建订单', p.created),
        (2, case when p.pay_time is null then case when p.status = ${ORDER_STATUS.closed} then 'close' end else 'pay' end,
            ${ORDER_STATUS.unpaid}, case when p.pay_time is null then ${ORDER_STATUS.closed} else ${ORDER_STATUS.undelivered} end,
            case when p.pay_time is null then case when p.cancel_type = ${CANCEL_TYPE.timeout} then '超时未支付，自动关闭' else '买家取消' end else 'demo ' || p.pay::text || ' 元' end,
            coalesce(p.pay_time, p.created + interval '2 hours')),
        (3, case when p.delivery_time is not null then 'deliver' end, ${ORDER_STATUS.undelivered}, ${ORDER_STATUS.delivered}, '无需物流', p.delivery_time),
        (4, case when p.receive_time is not null then 'receive' end, ${ORDER_STATUS.delivered}, ${ORDER_STATUS.completed}, '确认收货', p.receive_time),
        (5, case when p.kind = 'fullRefund' then 'closeByRefund' end, ${ORDER_STATUS.undelivered}, ${ORDER_STATUS.closed}, '全部售后关闭', p.refund_time)
      ) as t(step, action, before_status, after_status, content, at)
      where t.action is not null`.execute(trx);

    const totals = await sql<{ paid: number; refunded: number }>`select count(*) filter (where pay_time is not null)::int as paid,
      count(*) filter (where refund > 0)::int as refunded from bulk_priced`.execute(trx);
    return {
      key,
      orders,
      items: await countOf(trx, sql`select 1 from bulk_line`),
      paid: totals.rows[0]?.paid ?? 0,
      refundedOrders: totals.rows[0]?.refunded ?? 0,
      afterSales: await countOf(trx, sql`select 1 from bulk_after_sale`),
    };
  });
}

/** The order ids of a bulk run (for tests and the bench's checks). */
export function bulkOrderIdsSql(key: string, orders: number) {
  return sql`(select md5(${key} || 'o' || g) from generate_series(1, ${orders}) as g)`;
}
