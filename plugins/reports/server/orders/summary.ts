import Decimal from 'decimal.js';
import { METRICS, ORDER_METRICS } from '../../../../server/contracts/report-facts';
import { addDays, daysBetween, daysOf } from '../../../../server/kit';
import { count, Figures, money, percent, type DayRange, type FactReader } from '../report-common';

/**
 * 订单报表's figures (docs/reference/business-domains.md §6) from the orders' daily facts (plugins/orders
 * server/report-facts.ts, read by metric name only): paid and created orders, refunds, the refund rate
 * (退款订单数 ÷ 支付订单数), the order events of the range (下单, 支付, 发货, 完成, 关闭: orders that entered that
 * status in it, counted as events, not as a backlog), shares of the paid orders by
 * 来源 (terminal), 支付方式 (pay channel) and 类型 with the dictionary texts, and the amount and count
 * trend of a period against the previous one (本周/上周, 本月/上月, 今年/去年).
 */

/** The orders plugin's dictionaries the shares are named by. */
export const ORDER_DICTS = { terminal: 'sale_order_terminal', channel: 'sale_pay_channel', type: 'sale_order_type' } as const;

/**
 * The event an order's entering a status is (docs/business-api.md order statuses): 待付款 is entered by 下单, 待发货
 * by 支付, 已发货 by 发货, 已完成 by 完成 (收货), 已关闭 by 关闭. Named as events so that "待付款 192" is never
 * read as 192 orders waiting for payment now.
 */
export const ORDER_EVENTS = [
  { event: 'created', status: '0', label: '下单' },
  { event: 'paid', status: '10', label: '支付' },
  { event: 'delivered', status: '20', label: '发货' },
  { event: 'completed', status: '30', label: '完成' },
  { event: 'closed', status: '40', label: '关闭' },
] as const;

export type OrderEventKey = (typeof ORDER_EVENTS)[number]['event'];

export type DictTexts = (code: string) => Promise<ReadonlyArray<{ value: string; text: string }>>;

export interface ShareRow {
  key: string;
  label: string;
  count: number;
  amount: string;
  /** Share of the paid orders' count, percent with two decimals. */
  percent: string;
}

export interface EventRow {
  event: OrderEventKey;
  /** The status the event enters (docs/business-api.md). */
  status: string;
  /** 下单, 支付, 发货, 完成, 关闭 (the export's words; the screen names them in its language). */
  label: string;
  /** Orders with this event in the range. */
  count: number;
}

export interface OrderSummary {
  beginDate: string;
  endDate: string;
  createdOrderCount: number;
  paidOrderCount: number;
  payAmount: string;
  refundOrderCount: number;
  refundAmount: string;
  /** 退款率 = 退款订单数 ÷ 支付订单数, percent with two decimals. */
  refundRate: string;
  /** Orders with each event in the range (from the order log: orders entering its status), in the order's life order. */
  events: EventRow[];
  byTerminal: ShareRow[];
  byChannel: ShareRow[];
  byType: ShareRow[];
}

const SUMS = [METRICS.createdOrders, METRICS.payOrders, METRICS.payPrice, METRICS.refundPrice, ORDER_METRICS.refundOrders] as const;

async function shares(ctx: FactReader, query: { tenantId: number; from: string; to: string }, countMetric: string, amountMetric: string, texts: ReadonlyArray<{ value: string; text: string }>): Promise<ShareRow[]> {
  const values = await ctx.facts.sum(query, [countMetric, amountMetric], 'dim');
  const figures = new Figures(values);
  const keys = [...new Set(values.map((value) => value.dim ?? ''))];
  const total = keys.reduce((sum, key) => sum.plus(figures.get(countMetric, key)), new Decimal(0));
  const order = (key: string) => {
    const index = texts.findIndex((item) => item.value === key);
    return index < 0 ? texts.length : index;
  };
  return keys
    .sort((a, b) => order(a) - order(b) || a.localeCompare(b))
    .map((key) => ({
      key,
      label: texts.find((item) => item.value === key)?.text ?? (key === 'none' ? '未知' : key),
      count: count(figures.get(countMetric, key)),
      amount: money(figures.get(amountMetric, key)),
      percent: percent(figures.get(countMetric, key), total),
    }));
}

export async function orderSummary(ctx: FactReader, dicts: DictTexts, tenantId: number, range: DayRange): Promise<OrderSummary> {
  const query = { tenantId, from: range.from, to: range.to };
  const total = new Figures(await ctx.facts.sum(query, SUMS, 'total'));
  const entered = new Figures(await ctx.facts.sum(query, [ORDER_METRICS.statusEntered], 'dim'));
  const paidOrderCount = count(total.get(METRICS.payOrders));
  const refundOrderCount = count(total.get(ORDER_METRICS.refundOrders));
  return {
    beginDate: range.from,
    endDate: range.to,
    createdOrderCount: count(total.get(METRICS.createdOrders)),
    paidOrderCount,
    payAmount: money(total.get(METRICS.payPrice)),
    refundOrderCount,
    refundAmount: money(total.get(METRICS.refundPrice)),
    refundRate: percent(refundOrderCount, paidOrderCount),
    events: ORDER_EVENTS.map((item) => ({ ...item, count: count(entered.get(ORDER_METRICS.statusEntered, item.status)) })),
    byTerminal: await shares(ctx, query, ORDER_METRICS.paidByTerminal, ORDER_METRICS.amountByTerminal, await dicts(ORDER_DICTS.terminal)),
    byChannel: await shares(ctx, query, ORDER_METRICS.paidByChannel, ORDER_METRICS.amountByChannel, await dicts(ORDER_DICTS.channel)),
    byType: await shares(ctx, query, ORDER_METRICS.paidByType, ORDER_METRICS.amountByType, await dicts(ORDER_DICTS.type)),
  };
}

export const TREND_PERIODS = ['week', 'month', 'year'] as const;
export type TrendPeriod = (typeof TREND_PERIODS)[number];

export interface TrendPoint {
  /** 1-based: weekday (Monday 1), day of month, or month. */
  index: number;
  currentAmount: string;
  currentCount: number;
  previousAmount: string;
  previousCount: number;
}

export interface OrderTrend {
  period: TrendPeriod;
  current: DayRange;
  previous: DayRange;
  /** Σ of the current period through today, and of the previous period over the same elapsed days (同期). */
  currentAmount: string;
  currentCount: number;
  previousAmount: string;
  previousCount: number;
  points: TrendPoint[];
}

const weekday = (day: string): number => {
  const sunday0 = new Date(`${day}T00:00:00Z`).getUTCDay();
  return sunday0 === 0 ? 7 : sunday0;
};

const lastDayOfMonth = (day: string): string => addDays(`${addDays(`${day.slice(0, 8)}01`, 32).slice(0, 8)}01`, -1);

/** The current period (its first day through its last, `today` inside) and the previous one. */
export function trendPeriods(period: TrendPeriod, today: string): { current: DayRange; previous: DayRange } {
  if (period === 'week') {
    const monday = addDays(today, 1 - weekday(today));
    return { current: { from: monday, to: addDays(monday, 6) }, previous: { from: addDays(monday, -7), to: addDays(monday, -1) } };
  }
  if (period === 'month') {
    const first = `${today.slice(0, 8)}01`;
    const previousFirst = `${addDays(first, -1).slice(0, 8)}01`;
    return { current: { from: first, to: lastDayOfMonth(first) }, previous: { from: previousFirst, to: addDays(first, -1) } };
  }
  const year = Number(today.slice(0, 4));
  return { current: { from: `${year}-01-01`, to: `${year}-12-31` }, previous: { from: `${year - 1}-01-01`, to: `${year - 1}-12-31` } };
}

const indexOf = (period: TrendPeriod, day: string): number => (period === 'week' ? weekday(day) : period === 'month' ? Number(day.slice(8, 10)) : Number(day.slice(5, 7)));

export async function orderTrend(ctx: FactReader, tenantId: number, period: TrendPeriod, today: string = ctx.facts.today()): Promise<OrderTrend> {
  const { current, previous } = trendPeriods(period, today);
  const metrics = [METRICS.payPrice, METRICS.payOrders];
  const currentDays = new Figures(await ctx.facts.sum({ tenantId, from: current.from, to: today }, metrics, 'day'));
  const previousDays = new Figures(await ctx.facts.sum({ tenantId, ...previous }, metrics, 'day'));
  const size = period === 'week' ? 7 : period === 'year' ? 12 : Math.max(daysBetween(current.from, current.to), daysBetween(previous.from, previous.to)) + 1;
  const points: TrendPoint[] = Array.from({ length: size }, (_, i) => ({ index: i + 1, currentAmount: '0', currentCount: 0, previousAmount: '0', previousCount: 0 }));
  const amounts = points.map(() => ({ current: new Decimal(0), previous: new Decimal(0) }));
  // 同期: the previous period up to the same elapsed day as today in the current one.
  const elapsed = daysBetween(current.from, today);
  const sameDaysEnd = period === 'year' ? `${previous.from.slice(0, 4)}${today.slice(4)}` : addDays(previous.from, elapsed);
  let currentAmount = new Decimal(0);
  let currentCount = 0;
  let previousAmount = new Decimal(0);
  let previousCount = 0;
  for (const day of daysOf(current.from, today)) {
    const slot = indexOf(period, day) - 1;
    const amount = currentDays.get(METRICS.payPrice, day);
    const orders = count(currentDays.get(METRICS.payOrders, day));
    const point = points[slot];
    const sums = amounts[slot];
    if (point === undefined || sums === undefined) continue;
    sums.current = sums.current.plus(amount);
    point.currentCount += orders;
    currentAmount = currentAmount.plus(amount);
    currentCount += orders;
  }
  for (const day of daysOf(previous.from, previous.to)) {
    const slot = indexOf(period, day) - 1;
    const amount = previousDays.get(METRICS.payPrice, day);
    const orders = count(previousDays.get(METRICS.payOrders, day));
    const point = points[slot];
    const sums = amounts[slot];
    if (point === undefined || sums === undefined) continue;
    sums.previous = sums.previous.plus(amount);
    point.previousCount += orders;
    if (day <= sameDaysEnd) {
      previousAmount = previousAmount.plus(amount);
      previousCount += orders;
    }
  }
  points.forEach((point, i) => {
    point.currentAmount = money(amounts[i]?.current ?? new Decimal(0));
    point.previousAmount = money(amounts[i]?.previous ?? new Decimal(0));
  });
  return { period, current, previous, currentAmount: money(currentAmount), currentCount, previousAmount: money(previousAmount), previousCount, points };
}
