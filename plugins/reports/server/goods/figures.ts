import { GOODS_METRICS } from '../../../../server/contracts/report-facts';
import Decimal from 'decimal.js';
import type { FactValue } from '../../../../server/kit';
import { percentOf } from './range';

/**
 * 商品报表's figures (docs/reference/business-domains.md §6 per-SPU figures) from the daily facts, dim = SPU id: views and
 * visitors come from the goods plugin (商品浏览), the sales figures from the orders plugin. Pure: the
 * routes read the facts, these shape them.
 */

export type GoodsFigure = keyof typeof GOODS_METRICS;
export const GOODS_FIGURES = Object.keys(GOODS_METRICS) as GoodsFigure[];
const MONEY: ReadonlySet<GoodsFigure> = new Set(['payPrice', 'refundPrice']);

export interface GoodsFigures {
  views: number;
  visitors: number;
  orderCount: number;
  payCount: number;
  /** Yuan, two decimals. */
  payPrice: string;
  payBuyers: number;
  refundCount: number;
  refundPrice: string;
  /** 访客-支付转化率 = 支付人数 ÷ 访客数, at most 100.00, percent with two decimals; null when no visit was recorded. */
  conversion: string | null;
}

export interface GoodsRankRow extends GoodsFigures {
  spuId: string;
}

/** The columns the ranking sorts by (anything else is ignored: the default order applies). */
export const RANK_COLUMNS: readonly string[] = [...GOODS_FIGURES, 'conversion'];
export const DEFAULT_RANK_COLUMN = 'payPrice';

const metricFigure = new Map<string, GoodsFigure>(GOODS_FIGURES.map((figure) => [GOODS_METRICS[figure], figure]));

/** Figures from their summed values (absent ones are zero). */
export function figuresOf(values: ReadonlyMap<GoodsFigure, string>): GoodsFigures {
  const count = (figure: GoodsFigure) => Number(values.get(figure) ?? '0');
  const money = (figure: GoodsFigure) => new Decimal(values.get(figure) ?? '0').toFixed(2);
  return {
    views: count('views'),
    visitors: count('visitors'),
    orderCount: count('orderCount'),
    payCount: count('payCount'),
    payPrice: money('payPrice'),
    payBuyers: count('payBuyers'),
    refundCount: count('refundCount'),
    refundPrice: money('refundPrice'),
    conversion: conversionOf(values.get('payBuyers') ?? '0', values.get('visitors') ?? '0'),
  };
}

/**
 * 访客-支付转化率 (docs/reference/business-domains.md §0a: paying buyers ÷ visitors): null (shown as —) when no visit was
 * recorded — only views of the mini-program's goods detail are, so orders placed without one (a repeat
 * purchase from 我的订单, an offline order) are buyers that no visitor count holds. For the same reason more
 * buyers than visitors means the visits were not all tracked, and the rate stops at 100 %: a share of
 * the visitors can never be more than all of them.
 */
export function conversionOf(payBuyers: string, visitors: string): string | null {
  const rate = percentOf(payBuyers, visitors);
  return rate === null ? null : Decimal.min(new Decimal(rate), 100).toFixed(2);
}

/** The range's totals (facts summed 'total'). */
export function totalFigures(facts: readonly FactValue[]): GoodsFigures {
  const values = new Map<GoodsFigure, string>();
  for (const fact of facts) {
    const figure = metricFigure.get(fact.metric);
    if (figure !== undefined) values.set(figure, fact.value);
  }
  return figuresOf(values);
}

/** Per day, every day of the range (facts summed 'day'). */
export function dailyFigures(facts: readonly FactValue[], days: readonly string[]): Array<GoodsFigures & { date: string }> {
  const byDay = new Map<string, Map<GoodsFigure, string>>(days.map((day) => [day, new Map()]));
  for (const fact of facts) {
    const figure = metricFigure.get(fact.metric);
    if (figure !== undefined && fact.day !== undefined) byDay.get(fact.day)?.set(figure, fact.value);
  }
  return days.map((day) => ({ date: day, ...figuresOf(byDay.get(day) ?? new Map()) }));
}

/** One row per SPU with any figure (facts summed 'dim'). */
export function rankRows(facts: readonly FactValue[]): GoodsRankRow[] {
  const bySpu = new Map<string, Map<GoodsFigure, string>>();
  for (const fact of facts) {
    const figure = metricFigure.get(fact.metric);
    if (figure === undefined || fact.dim === undefined || fact.dim === '') continue;
    const values = bySpu.get(fact.dim) ?? new Map<GoodsFigure, string>();
    values.set(figure, fact.value);
    bySpu.set(fact.dim, values);
  }
  return [...bySpu.entries()].map(([spuId, values]) => ({ spuId, ...figuresOf(values) }));
}

/** The sort key of a row: an allow-listed column, else the default. */
export function rankColumn(column: string | undefined): string {
  return column !== undefined && RANK_COLUMNS.includes(column) ? column : DEFAULT_RANK_COLUMN;
}

function sortValue(row: GoodsRankRow, column: string): Decimal {
  const value = column === 'conversion' ? row.conversion : row[column as GoodsFigure];
  return new Decimal(value ?? -1);
}

/** Sorted by the column (desc unless 'asc'), ties by SPU id, so pages never overlap. */
export function sortRank(rows: readonly GoodsRankRow[], column: string | undefined, order: string | undefined): GoodsRankRow[] {
  const key = rankColumn(column);
  const direction = order === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => sortValue(a, key).comparedTo(sortValue(b, key)) * direction || a.spuId.localeCompare(b.spuId));
}

export const isMoneyFigure = (figure: GoodsFigure): boolean => MONEY.has(figure);
