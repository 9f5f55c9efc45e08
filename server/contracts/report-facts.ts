import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Daily facts for the reports and dashboards (docs/reference/business-domains.md §6: "Y keeps a daily roll-up table and
 * computes only today live. Copy this."). A plugin declares fact sources (`defineServerPlugin({ facts })`);
 * the core's fact store (server/reports/fact-store.ts) asks them for whole days, keeps the days before
 * today in `rpt_daily_fact`, and answers a report's range from the stored days plus the live ones. The
 * reports never read a domain's tables: they ask for metrics by name.
 *
 * A fact is (day, metric, dim, value). `dim` is '' for a plain daily figure, or a dimension value (an
 * SPU id, a payment channel, an order source …). A *distinct* metric has one row per day and counted
 * thing (dim = the member id or ip, value 1), so a range can count distinct things exactly.
 */

/** Days are 'YYYY-MM-DD' in the shop's time zone (config SHOP_TIME_ZONE). */
export interface FactRange {
  tenantId: number;
  /** First day, inclusive. */
  from: string;
  /** Last day, inclusive. */
  to: string;
  /** IANA zone the days are cut in (e.g. Asia/Shanghai). */
  timeZone: string;
  /**
   * The metrics asked for (a report reading today live needs a few): a source may skip the queries of
   * the others. Absent when the roll-up stores every metric.
   */
  metrics?: ReadonlySet<string>;
}

export interface FactRow {
  day: string;
  metric: string;
  /** '' for a plain figure; else the dimension value (at most 64 characters). */
  dim: string;
  /** A decimal as text (money with two decimals, counts as integers). */
  value: string;
}

export type MetricKind = 'sum' | 'distinct';

export interface FactMetric {
  name: string;
  kind: MetricKind;
  /** Money (yuan, read with two decimals); otherwise a count. */
  money?: boolean;
  /** What it counts, in the product language (for the metric tooltips and the docs). */
  title: string;
}

export interface FactSource {
  /** Unique among the sources, e.g. 'orders.trade'. */
  name: string;
  /** The metrics it fills; a metric belongs to one source. Names: `<area>.<figure>`, e.g. `trade.payPrice`. */
  metrics: readonly FactMetric[];
  /** Every fact of its metrics on the days of the range (read-only; runs inside a snapshot). */
  collect(db: Kysely<Database>, range: FactRange): Promise<FactRow[]>;
  /**
   * The first day the tenant can have facts of this source on ('YYYY-MM-DD', or null for none yet): a roll-up
   * over the whole history starts there rather than at 2000-01-01. Cheap (a `min` over an indexed time). A day
   * too early is harmless; a day too late would lose facts.
   */
  firstDay?(db: Kysely<Database>, tenantId: number, timeZone: string): Promise<string | null>;
}

/** The shop-zone day of the earliest of these timestamps (each `select min(…)` of one table), or null when none has rows. */
export async function earliestDay(db: Kysely<Database>, timeZone: string, minimums: readonly RawBuilder<Date | null>[]): Promise<string | null> {
  const firsts = sql.join(minimums.map((minimum) => sql`(${minimum})`));
  const found = await sql<{ day: string | null }>`select to_char(least(${firsts}) at time zone ${timeZone}, 'YYYY-MM-DD') as day`.execute(db);
  return found.rows[0]?.day ?? null;
}

/**
 * The metric names the built-in sources fill and the reports read. A source may add others; these are
 * listed here so a report and its source agree on one spelling.
 */
export const METRICS = {
  /** 商品支付 / 销售额: Σ payPrice of orders paid that day (by pay time). */
  payPrice: 'trade.payPrice',
  /** 支付订单数. */
  payOrders: 'trade.payOrders',
  /** 成交用户 (distinct, dim = member id). */
  buyer: 'trade.buyer',
  /** 下单用户 (distinct, dim = member id) of orders created that day. */
  orderUser: 'trade.orderUser',
  /** 下单数: orders created that day. */
  createdOrders: 'trade.createdOrders',
  /** 退款金额: Σ refundPrice of refunds completed that day. */
  refundPrice: 'trade.refundPrice',
  /** 余额支付: paid from the member's balance. */
  balancePay: 'trade.balancePay',
  /** 充值: balance topped up by members. */
  recharge: 'member.recharge',
  /** 新增用户: members registered that day. */
  newMembers: 'member.new',
  /** 访客 (distinct, dim = ip): member API access. */
  visitor: 'visit.visitor',
  /** 支付佣金: commission settled to distributors that day. */
  brokeragePaid: 'brokerage.settled',
} as const;

/** Per-SPU figures (dim = SPU id): views from the goods plugin, sales and refunds from the orders plugin. */
export const GOODS_METRICS = {
  views: 'goods.views',
  visitors: 'goods.visitors',
  orderCount: 'goods.orderCount',
  payCount: 'goods.payCount',
  payPrice: 'goods.payPrice',
  payBuyers: 'goods.payBuyers',
  refundCount: 'goods.refundCount',
  refundPrice: 'goods.refundPrice',
} as const;

/** The orders' shares (dim = terminal, pay channel or type), refunds and statuses entered (dim = status). */
export const ORDER_METRICS = {
  paidByTerminal: 'order.paidByTerminal',
  amountByTerminal: 'order.amountByTerminal',
  paidByChannel: 'order.paidByChannel',
  amountByChannel: 'order.amountByChannel',
  paidByType: 'order.paidByType',
  amountByType: 'order.amountByType',
  refundOrders: 'order.refundOrders',
  statusEntered: 'order.statusEntered',
} as const;

/** Withdrawals (distribution) by the day of each event. */
export const WITHDRAW_METRICS = {
  appliedCount: 'withdraw.appliedCount',
  appliedAmount: 'withdraw.appliedAmount',
  approvedCount: 'withdraw.approvedCount',
  approvedAmount: 'withdraw.approvedAmount',
  paidCount: 'withdraw.paidCount',
  paidAmount: 'withdraw.paidAmount',
  rejectedCount: 'withdraw.rejectedCount',
  rejectedAmount: 'withdraw.rejectedAmount',
  fee: 'withdraw.fee',
} as const;

/** The paid amounts per distributor (dim = distributor id) and per its member (dim = member id): 提现排行. */
export const WITHDRAW_RANK_METRICS = {
  paidByDistributor: 'withdraw.paidByDistributor',
  paidByMember: 'withdraw.paidByMember',
} as const;

/** `column` as a day of the shop's zone, 'YYYY-MM-DD'. */
export function dayOf(column: string, timeZone: string): RawBuilder<string> {
  return sql<string>`to_char(${sql.ref(column)} at time zone ${timeZone}, 'YYYY-MM-DD')`;
}

/** `column` (a timestamptz) falls on one of the range's days in the shop's zone; uses an index on the column. */
export function withinDays(column: string, range: FactRange): RawBuilder<boolean> {
  return sql<boolean>`(${sql.ref(column)} >= (${range.from}::date::timestamp at time zone ${range.timeZone})
    and ${sql.ref(column)} < ((${range.to}::date + 1)::timestamp at time zone ${range.timeZone}))`;
}

/**
 * A live operating figure for the dashboards (待发货, 退款中, 库存预警 …), declared by the plugin that owns
 * it (`defineServerPlugin({ counters })`). A user sees a counter only when they hold its permission (the
 * permission of the list it links to), so a clerk's dashboard shows the counters of the menus they have.
 */
export interface CounterItem {
  id: string;
  /** One line naming the thing (an order number and buyer …), in the product language. */
  title: string;
  /**
   * The same line for every language, when it holds words of the product and not only data: the client shows
   * `dashboard:counters.items.<key>` with these values (plugins/dashboard/pages/task.tsx).
   */
  text?: { key: string; values: Record<string, string> };
  /** When it started waiting (`YYYY-MM-DD HH:mm:ss` on the shop's clock, server/time/shop-time.ts). */
  time: string | null;
  /** Where to open it (a route the client knows, with its query). */
  link: string;
}

export interface OperatingCounter {
  /** Unique, e.g. 'order.toDeliver'. */
  key: string;
  /** Product-language title, e.g. 待发货. */
  title: string;
  /** 'operation': 运营数据 on the home page and the workplace; 'task': a pending task on the task page too. */
  group: 'operation' | 'task';
  /** The permission of the list it links to; users without it never see the counter. */
  permission: string;
  /** The filtered list it links to, e.g. '/saleorder/saleOrderList?status=10'. */
  link: string;
  count(db: Kysely<Database>, tenantId: number): Promise<number>;
  /** The oldest waiting things (task counters), at most `limit`. */
  items?(db: Kysely<Database>, tenantId: number, limit: number): Promise<CounterItem[]>;
}
