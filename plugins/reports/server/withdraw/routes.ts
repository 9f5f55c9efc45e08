import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { daysOf, Int, inTransaction, ok, permission, query, tenantOf, XLSX_MIME, type AppContext, type FactQuery } from '../../../../server/kit';
import { attachment, reportWorkbook } from '../goods/excel';
import { changeRate, checkedRange, previousRange, RANGE_QUERY, type DayRange } from '../goods/range';
import { REPORT_PERMS } from '../menus';
import { WITHDRAW_METRICS } from '../../../../server/contracts/report-facts';
import { topPaid, WITHDRAW_FIGURES, WITHDRAW_PAID_BY_MEMBER, withdrawDaily, withdrawTotals, type WithdrawFigure, type WithdrawFigures } from './figures';

/**
 * 提现报表 (docs/reference/business-domains.md §6): amounts and counts applied, approved, paid and rejected, fees, the
 * daily trend and the distributors who withdrew most — from the distribution plugin's daily facts; the
 * top distributors are named through the members contract.
 *
 *   GET /report/withdraw/summary?beginDate&endDate → { range, previous, current, before, change }
 *   GET /report/withdraw/trend?beginDate&endDate   → { daily: [{ date, …figures }] }
 *   GET /report/withdraw/top?beginDate&endDate&limit → [{ rank, memberId, name, mobile, amount }]
 *   GET /report/withdraw/exportXls?beginDate&endDate → the same figures, trend and top list
 */

export const WITHDRAW_REPORT_API = '/report/withdraw';
const METRICS = Object.values(WITHDRAW_METRICS);
const DEFAULT_TOP = 10;

export const WITHDRAW_TITLES: Record<WithdrawFigure, string> = {
  appliedCount: '申请笔数',
  appliedAmount: '申请金额',
  approvedCount: '审核通过笔数',
  approvedAmount: '审核通过金额',
  paidCount: '提现成功笔数',
  paidAmount: '提现成功金额',
  rejectedCount: '驳回笔数',
  rejectedAmount: '驳回金额',
  fee: '手续费',
};

export interface TopDistributor {
  rank: number;
  memberId: string;
  /** The member's name (or mobile) as the members contract knows it; '' when the member is gone. */
  name: string;
  mobile: string | null;
  amount: string;
}

export function registerWithdrawReportRoutes(api: FastifyInstance, ctx: AppContext): void {
  const view = permission(REPORT_PERMS.withdraw);
  const factQuery = (request: FastifyRequest, range: DayRange): FactQuery => ({ tenantId: tenantOf(request), from: range.beginDate, to: range.endDate });

  const summary = async (request: FastifyRequest, range: DayRange) => {
    const previous = previousRange(range);
    const current = withdrawTotals(await ctx.facts.sum(factQuery(request, range), METRICS, 'total'));
    const before = withdrawTotals(await ctx.facts.sum(factQuery(request, previous), METRICS, 'total'));
    const change = Object.fromEntries(WITHDRAW_FIGURES.map((key) => [key, changeRate(String(current[key]), String(before[key]))])) as Record<WithdrawFigure, string | null>;
    return { range, previous, current, before, change };
  };

  const top = async (request: FastifyRequest, range: DayRange, limit: number): Promise<TopDistributor[]> => {
    const tenantId = tenantOf(request);
    const leaders = topPaid(await ctx.facts.sum(factQuery(request, range), [WITHDRAW_PAID_BY_MEMBER], 'dim'), limit);
    if (leaders.length === 0) return [];
    const members = ctx.services.get('members');
    return inTransaction(ctx.db, async (trx) => {
      const named: TopDistributor[] = [];
      for (const [index, leader] of leaders.entries()) {
        const member = await members.summary(trx, tenantId, leader.memberId);
        named.push({ rank: index + 1, memberId: leader.memberId, name: member?.name ?? '', mobile: member?.mobile ?? null, amount: leader.amount });
      }
      return named;
    });
  };

  api.get<{ Querystring: DayRange }>(`${WITHDRAW_REPORT_API}/summary`, { ...view, schema: { querystring: query(RANGE_QUERY) } }, async (request) =>
    ok(await summary(request, checkedRange(request.query))),
  );

  api.get<{ Querystring: DayRange }>(`${WITHDRAW_REPORT_API}/trend`, { ...view, schema: { querystring: query(RANGE_QUERY) } }, async (request) => {
    const range = checkedRange(request.query);
    return ok({ range, daily: withdrawDaily(await ctx.facts.sum(factQuery(request, range), METRICS, 'day'), daysOf(range.beginDate, range.endDate)) });
  });

  api.get<{ Querystring: DayRange & { limit?: number } }>(
    `${WITHDRAW_REPORT_API}/top`,
    { ...view, schema: { querystring: query({ ...RANGE_QUERY, limit: Type.Optional(Int(1, 100)) }) } },
    async (request) => ok(await top(request, checkedRange(request.query), request.query.limit ?? DEFAULT_TOP)),
  );

  api.get<{ Querystring: DayRange }>(
    `${WITHDRAW_REPORT_API}/exportXls`,
    { ...permission(REPORT_PERMS.withdrawExport), schema: { querystring: query(RANGE_QUERY) } },
    async (request, reply) => {
      const range = checkedRange(request.query);
      const overview = await summary(request, range);
      const daily = withdrawDaily(await ctx.facts.sum(factQuery(request, range), METRICS, 'day'), daysOf(range.beginDate, range.endDate));
      const leaders = await top(request, range, DEFAULT_TOP);
      const cells = (figures: WithdrawFigures) => WITHDRAW_FIGURES.map((key) => figures[key]);
      const workbook = await reportWorkbook({
        title: '提现报表',
        exportedBy: request.auth?.username ?? '',
        rangeText: `日期范围:${range.beginDate} 至 ${range.endDate}（上期 ${overview.previous.beginDate} 至 ${overview.previous.endDate}）`,
        sections: [
          {
            title: '提现概况',
            header: ['指标', '本期', '上期', '环比(%)'],
            rows: WITHDRAW_FIGURES.map((key) => [WITHDRAW_TITLES[key], overview.current[key], overview.before[key], overview.change[key]]),
          },
          { title: '提现趋势', header: ['日期', ...WITHDRAW_FIGURES.map((key) => WITHDRAW_TITLES[key])], rows: daily.map((day) => [day.date, ...cells(day)]) },
          { title: '提现排行', header: ['排名', '分销员', '手机号', '提现成功金额'], rows: leaders.map((leader) => [leader.rank, leader.name, leader.mobile, leader.amount]) },
        ],
      });
      return reply.header('Content-Type', XLSX_MIME).header('Content-Disposition', attachment(`提现报表_${range.beginDate}_${range.endDate}.xlsx`)).send(workbook);
    },
  );
}
