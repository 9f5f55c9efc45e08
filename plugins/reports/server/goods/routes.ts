import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { daysOf, Int, Line, ok, permission, query, tenantOf, XLSX_MIME, type AppContext, type FactQuery } from '../../../../server/kit';
import { attachment, reportWorkbook, type Cell } from './excel';
import { GOODS_METRICS } from '../../../../server/contracts/report-facts';
import { dailyFigures, rankRows, sortRank, totalFigures, type GoodsFigures, type GoodsRankRow } from './figures';
import { changeRate, checkedRange, previousRange, RANGE_QUERY, type DayRange } from './range';
import { REPORT_PERMS } from '../menus';

/**
 * 商品报表 (docs/reference/business-domains.md §6, U statistics/product): 商品概况 over a range with the previous equal
 * period, the daily trend, and the 商品排行 per SPU — all from the daily facts (`ctx.facts`), never from
 * the goods or order tables. The ranking's SPUs are named through the goods plugin's stock contract.
 *
 *   GET /report/goods/summary?beginDate&endDate   → { range, previous, current, before, change }
 *   GET /report/goods/trend?beginDate&endDate     → { daily: [{ date, …figures }] }
 *   GET /report/goods/rank?beginDate&endDate&column&order&pageNo&pageSize → a page of { spuId, no, name, picUrl, …figures }
 *   GET /report/goods/exportXls?beginDate&endDate&column&order → the same overview and whole ranking
 */

export const GOODS_REPORT_API = '/report/goods';
const MAX_PAGE_SIZE = 100;
const METRICS = Object.values(GOODS_METRICS);

type RangeQuery = DayRange & { column?: string; order?: string; pageNo?: number; pageSize?: number };

const RANK_QUERY = query({ ...RANGE_QUERY, column: Type.Optional(Line(64)), order: Type.Optional(Line(8)), pageNo: Type.Optional(Int(1, 1_000_000)), pageSize: Type.Optional(Int(1, 1_000)) });

export interface GoodsSummary {
  range: DayRange;
  previous: DayRange;
  current: GoodsFigures;
  before: GoodsFigures;
  /** 环比 per figure, percent text; null when the previous period is zero. */
  change: Record<keyof GoodsFigures, string | null>;
}

const FIGURE_KEYS: ReadonlyArray<keyof GoodsFigures> = ['views', 'visitors', 'orderCount', 'payCount', 'payPrice', 'payBuyers', 'refundCount', 'refundPrice', 'conversion'];

const FIGURE_TITLES: Record<keyof GoodsFigures, string> = {
  views: '浏览量',
  visitors: '访客数',
  orderCount: '下单件数',
  payCount: '支付件数',
  payPrice: '支付金额',
  payBuyers: '支付人数',
  refundCount: '退款件数',
  refundPrice: '退款金额',
  conversion: '访客-支付转化率(%)',
};

export function registerGoodsReportRoutes(api: FastifyInstance, ctx: AppContext): void {
  const view = permission(REPORT_PERMS.goods);
  const factQuery = (request: FastifyRequest, range: DayRange): FactQuery => ({ tenantId: tenantOf(request), from: range.beginDate, to: range.endDate });

  const summary = async (request: FastifyRequest, range: DayRange): Promise<GoodsSummary> => {
    const previous = previousRange(range);
    const current = totalFigures(await ctx.facts.sum(factQuery(request, range), METRICS, 'total'));
    const before = totalFigures(await ctx.facts.sum(factQuery(request, previous), METRICS, 'total'));
    const change = Object.fromEntries(
      FIGURE_KEYS.map((key) => {
        const now = current[key];
        const then = before[key];
        return [key, now === null || then === null ? null : changeRate(String(now), String(then))];
      }),
    ) as Record<keyof GoodsFigures, string | null>;
    return { range, previous, current, before, change };
  };

  const ranking = async (request: FastifyRequest, range: DayRange, column?: string, order?: string): Promise<GoodsRankRow[]> =>
    sortRank(rankRows(await ctx.facts.sum(factQuery(request, range), METRICS, 'dim')), column, order);

  /** The SPUs' names and pictures, through the goods plugin's stock contract (an SPU since deleted keeps ''). */
  const named = async (request: FastifyRequest, rows: readonly GoodsRankRow[]): Promise<Array<GoodsRankRow & { no: number | null; name: string; picUrl: string | null }>> => {
    const spus = await ctx.services.get('stock').spus(ctx.db, tenantOf(request), rows.map((row) => row.spuId));
    const byId = new Map(spus.map((spu) => [spu.spuId, spu]));
    return rows.map((row) => ({ ...row, no: byId.get(row.spuId)?.no ?? null, name: byId.get(row.spuId)?.name ?? '', picUrl: byId.get(row.spuId)?.picUrl ?? null }));
  };

  api.get<{ Querystring: DayRange }>(`${GOODS_REPORT_API}/summary`, { ...view, schema: { querystring: query(RANGE_QUERY) } }, async (request) =>
    ok(await summary(request, checkedRange(request.query))),
  );

  api.get<{ Querystring: DayRange }>(`${GOODS_REPORT_API}/trend`, { ...view, schema: { querystring: query(RANGE_QUERY) } }, async (request) => {
    const range = checkedRange(request.query);
    const facts = await ctx.facts.sum(factQuery(request, range), METRICS, 'day');
    return ok({ range, daily: dailyFigures(facts, daysOf(range.beginDate, range.endDate)) });
  });

  api.get<{ Querystring: RangeQuery }>(`${GOODS_REPORT_API}/rank`, { ...view, schema: { querystring: RANK_QUERY } }, async (request) => {
    const range = checkedRange(request.query);
    const pageNo = request.query.pageNo ?? 1;
    const pageSize = Math.min(request.query.pageSize ?? 10, MAX_PAGE_SIZE);
    const rows = await ranking(request, range, request.query.column, request.query.order);
    const records = await named(request, rows.slice((pageNo - 1) * pageSize, pageNo * pageSize));
    return ok({ records, total: rows.length, size: pageSize, current: pageNo, pages: Math.ceil(rows.length / pageSize) });
  });

  api.get<{ Querystring: RangeQuery }>(
    `${GOODS_REPORT_API}/exportXls`,
    { ...permission(REPORT_PERMS.goodsExport), schema: { querystring: RANK_QUERY } },
    async (request, reply) => {
      const range = checkedRange(request.query);
      const overview = await summary(request, range);
      const rows = await named(request, await ranking(request, range, request.query.column, request.query.order));
      const shown = (value: string | number | null): Cell => value;
      const workbook = await reportWorkbook({
        title: '商品报表',
        exportedBy: request.auth?.username ?? '',
        rangeText: `日期范围:${range.beginDate} 至 ${range.endDate}（上期 ${overview.previous.beginDate} 至 ${overview.previous.endDate}）`,
        sections: [
          {
            title: '商品概况',
            header: ['指标', '本期', '上期', '环比(%)'],
            rows: FIGURE_KEYS.map((key) => [FIGURE_TITLES[key], shown(overview.current[key]), shown(overview.before[key]), overview.change[key]]),
          },
          {
            title: '商品排行',
            header: ['商品编号', '商品名称', ...FIGURE_KEYS.map((key) => FIGURE_TITLES[key])],
            rows: rows.map((row) => [row.no, row.name, ...FIGURE_KEYS.map((key) => shown(row[key]))]),
          },
        ],
      });
      return reply.header('Content-Type', XLSX_MIME).header('Content-Disposition', attachment(`商品报表_${range.beginDate}_${range.endDate}.xlsx`)).send(workbook);
    },
  );
}
