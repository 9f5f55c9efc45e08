import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { DateString, ok, permission, query, tenantOf, type AppContext } from '../../../../server/kit';
import { buildReportWorkbook, type ReportSheet } from '../excel';
import { REPORT_PERMS } from '../menus';
import { orderSummary, orderTrend, TREND_PERIODS, type DictTexts, type OrderSummary, type OrderTrend, type ShareRow, type TrendPeriod } from './summary';
import { rangeOf, RANGE_QUERY, sendXlsx, type RangeQuery } from '../report-common';

const PERIOD = Type.Union(TREND_PERIODS.map((period) => Type.Literal(period)));
const PERIOD_NAMES: Record<TrendPeriod, { current: string; previous: string; unit: string }> = {
  week: { current: '本周', previous: '上周', unit: '周' },
  month: { current: '本月', previous: '上月', unit: '日' },
  year: { current: '今年', previous: '去年', unit: '月' },
};

const shareSheet = (name: string, rows: readonly ShareRow[]): ReportSheet => ({
  name,
  header: [name, '支付订单数', '支付金额', '订单占比(%)'],
  rows: rows.map((row) => [row.label, row.count, row.amount, row.percent]),
  moneyColumns: [2],
});

/** The 订单报表 workbook: the same figures as the page (summary, events, shares, and the trend). */
export async function orderWorkbook(summary: OrderSummary, trend: OrderTrend, exportedBy: string): Promise<Buffer> {
  const names = PERIOD_NAMES[trend.period];
  return buildReportWorkbook({
    title: '订单报表',
    subtitle: `${summary.beginDate} 至 ${summary.endDate}，导出人:${exportedBy}`,
    sheets: [
      {
        name: '汇总',
        header: ['指标', '数值'],
        rows: [
          ['下单数', summary.createdOrderCount],
          ['支付订单数', summary.paidOrderCount],
          ['支付金额', summary.payAmount],
          ['退款订单数', summary.refundOrderCount],
          ['退款金额', summary.refundAmount],
          ['退款率(%)', summary.refundRate],
        ],
      },
      { name: '订单事件', header: ['事件', '发生该事件的订单数'], rows: summary.events.map((row) => [row.label, row.count]) },
      shareSheet('来源', summary.byTerminal),
      shareSheet('支付方式', summary.byChannel),
      shareSheet('类型', summary.byType),
      {
        name: '趋势',
        header: [names.unit, `${names.current}支付金额`, `${names.previous}支付金额`, `${names.current}订单数`, `${names.previous}订单数`],
        rows: trend.points.map((point) => [point.index, point.currentAmount, point.previousAmount, point.currentCount, point.previousCount]),
        moneyColumns: [1, 2],
      },
    ],
  });
}

/** 订单报表: the range's summary (events, shares, refund rate), the period trend, and the export. */
export function registerOrderReportRoutes(api: FastifyInstance, ctx: AppContext): void {
  const dicts: DictTexts = async (code) => (await ctx.dictionaries.items(code)) ?? [];

  api.get<{ Querystring: RangeQuery }>('/report/order/summary', { ...permission(REPORT_PERMS.order), schema: RANGE_QUERY }, async (request) =>
    ok(await orderSummary(ctx, dicts, tenantOf(request), rangeOf(request.query))),
  );

  api.get<{ Querystring: { period: TrendPeriod } }>('/report/order/trend', { ...permission(REPORT_PERMS.order), schema: { querystring: query({ period: PERIOD }) } }, async (request) =>
    ok(await orderTrend(ctx, tenantOf(request), request.query.period)),
  );

  api.get<{ Querystring: RangeQuery & { period?: TrendPeriod } }>(
    '/report/order/exportXls',
    { ...permission(REPORT_PERMS.orderExport), schema: { querystring: query({ beginDate: DateString, endDate: DateString, period: Type.Optional(PERIOD) }) } },
    async (request, reply) => {
      const range = rangeOf(request.query);
      const summary = await orderSummary(ctx, dicts, tenantOf(request), range);
      const trend = await orderTrend(ctx, tenantOf(request), request.query.period ?? 'month');
      return sendXlsx(reply, `订单报表_${range.from}_${range.to}.xlsx`, await orderWorkbook(summary, trend, request.auth?.username ?? ''));
    },
  );
}
