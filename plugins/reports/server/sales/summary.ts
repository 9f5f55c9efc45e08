import Decimal from 'decimal.js';
import { METRICS } from '../../../../server/contracts/report-facts';
import { addDays, daysOf, type FactValue } from '../../../../server/kit';
import { count, Figures, money, type DayRange, type FactReader } from '../report-common';

/**
 * 销售报表's figures (docs/reference/business-domains.md §6, docs/business-api.md "Reports and dashboard") from the daily facts:
 * gmv = 商品支付 = Σ payPrice of orders paid in the range (by pay time); paidOrderCount; buyerCount =
 * distinct paying buyers over the whole range; avgPerBuyer = gmv ÷ buyerCount (2 decimals, 0 without a
 * buyer); refundAmount = Σ refunds settled in the range. Per day the docs/reference/business-domains.md §6 交易状况 series: 营业额 = 商品支付
 * + 充值; 支出 = 余额支付 + 佣金 + 退款. Every day of the range is present (zeros). Money is exact
 * decimal text with two decimals.
 */

export interface SalesDay {
  date: string;
  gmv: string;
  paidOrderCount: number;
  refundAmount: string;
  /** 营业额 = 商品支付 + 充值. */
  turnover: string;
  /** 商品支付 (= gmv). */
  goodsPay: string;
  recharge: string;
  /** 支出 = 余额支付 + 佣金 + 退款. */
  expense: string;
  balancePay: string;
  brokerage: string;
}

export interface SalesSummary {
  beginDate: string;
  endDate: string;
  gmv: string;
  paidOrderCount: number;
  buyerCount: number;
  avgPerBuyer: string;
  refundAmount: string;
  turnover: string;
  recharge: string;
  expense: string;
  balancePay: string;
  brokerage: string;
  daily: SalesDay[];
}

const SERIES = [METRICS.payPrice, METRICS.payOrders, METRICS.refundPrice, METRICS.recharge, METRICS.balancePay, METRICS.brokeragePaid] as const;

/** 客单价: gmv ÷ buyers with two decimals; 0.00 without a buyer. */
export function avgPerBuyer(gmv: Decimal.Value, buyers: number): string {
  return buyers === 0 ? '0.00' : new Decimal(gmv).div(buyers).toFixed(2);
}

function dayOf(figures: Figures, date: string): SalesDay {
  const goodsPay = figures.get(METRICS.payPrice, date);
  const recharge = figures.get(METRICS.recharge, date);
  const balancePay = figures.get(METRICS.balancePay, date);
  const brokerage = figures.get(METRICS.brokeragePaid, date);
  const refund = figures.get(METRICS.refundPrice, date);
  return {
    date,
    gmv: money(goodsPay),
    paidOrderCount: count(figures.get(METRICS.payOrders, date)),
    refundAmount: money(refund),
    turnover: money(goodsPay.plus(recharge)),
    goodsPay: money(goodsPay),
    recharge: money(recharge),
    expense: money(balancePay.plus(brokerage).plus(refund)),
    balancePay: money(balancePay),
    brokerage: money(brokerage),
  };
}

function totalsOf(days: readonly FactValue[]): FactValue[] {
  const sums = new Map<string, Decimal>();
  for (const day of days) sums.set(day.metric, (sums.get(day.metric) ?? new Decimal(0)).plus(day.value));
  return [...sums.entries()].map(([metric, value]) => ({ metric, value: value.toString() }));
}

export async function salesSummary(ctx: FactReader, tenantId: number, range: DayRange): Promise<SalesSummary> {
  const query = { tenantId, from: range.from, to: range.to };
  const days = await ctx.facts.sum(query, SERIES, 'day');
  const byDay = new Figures(days);
  // The range's totals are the days' sums (one read of the facts, not two).
  const total = new Figures(totalsOf(days));
  const buyerCount = (await ctx.facts.distinct(query, METRICS.buyer, 'total'))[0]?.count ?? 0;
  const gmv = total.get(METRICS.payPrice);
  const recharge = total.get(METRICS.recharge);
  const balancePay = total.get(METRICS.balancePay);
  const brokerage = total.get(METRICS.brokeragePaid);
  const refund = total.get(METRICS.refundPrice);
  return {
    beginDate: range.from,
    endDate: range.to,
    gmv: money(gmv),
    paidOrderCount: count(total.get(METRICS.payOrders)),
    buyerCount,
    avgPerBuyer: avgPerBuyer(gmv, buyerCount),
    refundAmount: money(refund),
    turnover: money(gmv.plus(recharge)),
    recharge: money(recharge),
    expense: money(balancePay.plus(brokerage).plus(refund)),
    balancePay: money(balancePay),
    brokerage: money(brokerage),
    daily: daysOf(range.from, range.to).map((date) => dayOf(byDay, date)),
  };
}

/** One card figure pair: 支付金额 and 订单数 of a range. */
export interface PaidFigures {
  beginDate: string;
  endDate: string;
  payPrice: string;
  payOrders: number;
}

export interface SalesCards {
  /** 昨日 and its reference 前日. */
  yesterday: PaidFigures;
  dayBefore: PaidFigures;
  /** 本月 (the 1st through today) and its reference 上月同期 (the 1st of last month through the same day, or its last day). */
  month: PaidFigures;
  lastMonthSameDays: PaidFigures;
}

/** 上月同期 of a month to date: the same days of the previous month, cut at its last day. */
export function lastMonthSameDays(today: string): DayRange {
  const firstOfMonth = `${today.slice(0, 8)}01`;
  const lastOfPrevious = addDays(firstOfMonth, -1);
  const from = `${lastOfPrevious.slice(0, 8)}01`;
  const sameDay = `${lastOfPrevious.slice(0, 8)}${today.slice(8, 10)}`;
  return { from, to: sameDay < lastOfPrevious ? sameDay : lastOfPrevious };
}

async function paid(ctx: FactReader, tenantId: number, range: DayRange): Promise<PaidFigures> {
  const figures = new Figures(await ctx.facts.sum({ tenantId, from: range.from, to: range.to }, [METRICS.payPrice, METRICS.payOrders], 'total'));
  return { beginDate: range.from, endDate: range.to, payPrice: money(figures.get(METRICS.payPrice)), payOrders: count(figures.get(METRICS.payOrders)) };
}

export async function salesCards(ctx: FactReader, tenantId: number, today: string = ctx.facts.today()): Promise<SalesCards> {
  const yesterday = addDays(today, -1);
  const dayBefore = addDays(today, -2);
  return {
    yesterday: await paid(ctx, tenantId, { from: yesterday, to: yesterday }),
    dayBefore: await paid(ctx, tenantId, { from: dayBefore, to: dayBefore }),
    month: await paid(ctx, tenantId, { from: `${today.slice(0, 8)}01`, to: today }),
    lastMonthSameDays: await paid(ctx, tenantId, lastMonthSameDays(today)),
  };
}
