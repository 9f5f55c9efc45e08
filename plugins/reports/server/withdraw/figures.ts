import { WITHDRAW_METRICS, WITHDRAW_RANK_METRICS } from '../../../../server/contracts/report-facts';
import Decimal from 'decimal.js';
import type { FactValue } from '../../../../server/kit';

/**
 * 提现报表's figures (docs/reference/business-domains.md §5 withdrawals, §6 提现报表) from the distribution plugin's daily
 * facts: counts and amounts applied, approved, paid and rejected, by the day of each event, and the fees
 * of the withdrawals paid. Pure: the routes read the facts, these shape them.
 */

/** Paid amount per distributor's member (dim = member id): the 提现排行. */
export const WITHDRAW_PAID_BY_MEMBER = WITHDRAW_RANK_METRICS.paidByMember;

export type WithdrawFigure = keyof typeof WITHDRAW_METRICS;
export const WITHDRAW_FIGURES = Object.keys(WITHDRAW_METRICS) as WithdrawFigure[];
const MONEY: ReadonlySet<WithdrawFigure> = new Set(['appliedAmount', 'approvedAmount', 'paidAmount', 'rejectedAmount', 'fee']);

/** Counts as numbers, amounts as two-decimal text. */
export type WithdrawFigures = Record<WithdrawFigure, string | number>;

const metricFigure = new Map<string, WithdrawFigure>(WITHDRAW_FIGURES.map((figure) => [WITHDRAW_METRICS[figure], figure]));

export function withdrawFiguresOf(values: ReadonlyMap<WithdrawFigure, string>): WithdrawFigures {
  return Object.fromEntries(
    WITHDRAW_FIGURES.map((figure) => {
      const value = values.get(figure) ?? '0';
      return [figure, MONEY.has(figure) ? new Decimal(value).toFixed(2) : Number(value)];
    }),
  ) as WithdrawFigures;
}

export function withdrawTotals(facts: readonly FactValue[]): WithdrawFigures {
  const values = new Map<WithdrawFigure, string>();
  for (const fact of facts) {
    const figure = metricFigure.get(fact.metric);
    if (figure !== undefined) values.set(figure, fact.value);
  }
  return withdrawFiguresOf(values);
}

export function withdrawDaily(facts: readonly FactValue[], days: readonly string[]): Array<WithdrawFigures & { date: string }> {
  const byDay = new Map<string, Map<WithdrawFigure, string>>(days.map((day) => [day, new Map()]));
  for (const fact of facts) {
    const figure = metricFigure.get(fact.metric);
    if (figure !== undefined && fact.day !== undefined) byDay.get(fact.day)?.set(figure, fact.value);
  }
  return days.map((day) => ({ date: day, ...withdrawFiguresOf(byDay.get(day) ?? new Map()) }));
}

/** The top `limit` of the per-member paid amounts, largest first, ties by id. */
export function topPaid(facts: readonly FactValue[], limit: number): Array<{ memberId: string; amount: string }> {
  return facts
    .filter((fact) => fact.metric === WITHDRAW_PAID_BY_MEMBER && fact.dim !== undefined && fact.dim !== '')
    .map((fact) => ({ memberId: fact.dim ?? '', amount: new Decimal(fact.value).toFixed(2) }))
    .sort((a, b) => new Decimal(b.amount).comparedTo(a.amount) || a.memberId.localeCompare(b.memberId))
    .slice(0, limit);
}
