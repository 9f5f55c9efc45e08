import type { FastifyInstance } from 'fastify';
import { body, DateString, NO_INPUT, ok, permission, query, tenantOf, type AppContext } from '../../../../server/kit';
import { buildReportWorkbook } from '../excel';
import { REPORT_PERMS } from '../menus';
import { rangeOf, RANGE_QUERY, sendXlsx, type RangeQuery } from '../report-common';
import { salesCards, salesSummary, type SalesSummary } from './summary';

export const MSG_REBUILT = '报表已重算';

/** The 销售报表 workbook: the summary figures and the daily series, as the page shows them. */
export async function salesWorkbook(summary: SalesSummary, exportedBy: string): Promise<Buffer> {
  return buildReportWorkbook({
    title: '销售报表',
    subtitle: `${summary.beginDate} 至 ${summary.endDate}，导出人:${exportedBy}`,
    sheets: [
      {
        name: '汇总',
        header: ['指标', '数值'],
        rows: [
          ['营业额', summary.turnover],
          ['商品支付（销售额）', summary.gmv],
          ['充值', summary.recharge],
          ['支出', summary.expense],
          ['余额支付', summary.balancePay],
          ['佣金', summary.brokerage],
          ['退款', summary.refundAmount],
          ['支付订单数', summary.paidOrderCount],
          ['成交用户数', summary.buyerCount],
          ['客单价', summary.avgPerBuyer],
        ],
      },
      {
        name: '每日交易',
        header: ['日期', '营业额', '商品支付', '充值', '支出', '余额支付', '佣金', '退款', '支付订单数'],
        rows: summary.daily.map((day) => [day.date, day.turnover, day.goodsPay, day.recharge, day.expense, day.balancePay, day.brokerage, day.refundAmount, day.paidOrderCount]),
        moneyColumns: [1, 2, 3, 4, 5, 6, 7],
      },
    ],
  });
}

/** 销售报表: the summary with its daily series, the 昨日/本月 cards, the export, and 重算 of the roll-up. */
export function registerSalesReportRoutes(api: FastifyInstance, ctx: AppContext): void {
  api.get<{ Querystring: RangeQuery }>('/report/sales/summary', { ...permission(REPORT_PERMS.sales), schema: RANGE_QUERY }, async (request) =>
    ok(await salesSummary(ctx, tenantOf(request), rangeOf(request.query))),
  );

  api.get('/report/sales/cards', { ...permission(REPORT_PERMS.sales), schema: NO_INPUT }, async (request) => ok(await salesCards(ctx, tenantOf(request))));

  api.get<{ Querystring: RangeQuery }>('/report/sales/exportXls', { ...permission(REPORT_PERMS.salesExport), schema: RANGE_QUERY }, async (request, reply) => {
    const summary = await salesSummary(ctx, tenantOf(request), rangeOf(request.query));
    return sendXlsx(reply, `销售报表_${summary.beginDate}_${summary.endDate}.xlsx`, await salesWorkbook(summary, request.auth?.username ?? ''));
  });

  api.post<{ Body: RangeQuery }>(
    '/report/rollup/rebuild',
    { ...permission(REPORT_PERMS.rollUp), schema: { querystring: query({}), body: body({ beginDate: DateString, endDate: DateString }) } },
    async (request) => {
      const range = rangeOf(request.body);
      const rows = await ctx.facts.rebuild(tenantOf(request), range.from, range.to);
      return ok({ rows }, MSG_REBUILT);
    },
  );
}
