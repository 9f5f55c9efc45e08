import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type RawBuilder } from 'kysely';
import { Type } from 'typebox';
import { cachedAggregate, invalidInput, isCalendarDate, isCalendarDateTime, Line, listQuerySchema, ok, permission, query, REASON, whereSql, type QueryParams } from '../../../../server/kit';
import { AFTER_SALE_STATUS, afterSaleEntity } from '../../entities';

/**
 * The 售后单 list's extras: 申请时间 (the row's create_time, `createTime_begin` / `createTime_end`,
 * a date covering its whole day) as a read scope of the list and export, and the counts of the status
 * tabs under the same filters as the list.
 */

/** Counts of the after-sale list's status tabs (docs/reference/business-domains.md §3 "After-sale states"). */
export interface AfterSaleTabCounts {
  all: number;
  /** 10 申请中. */
  applied: number;
  /** 20 卖家通过 (the buyer is to send the goods back). */
  sellerAgreed: number;
  /** 30 待卖家收货. */
  buyerDelivered: number;
  /** 40 等待退款. */
  waitRefund: number;
  /** 50 完成. */
  completed: number;
  /** 61 买家取消, 62 卖家拒绝, 63 卖家拒绝收货. */
  closed: number;
}

export const APPLY_TIME_KEYS = { begin: 'createTime_begin', end: 'createTime_end' } as const;

function applyTimeBound(key: string, raw: unknown, bound: 'begin' | 'end'): string | null {
  if (typeof raw !== 'string' || raw.trim() === '') return null;
  const value = raw.trim();
  // An end day runs to its last microsecond, as the engine's range filters do (server/crud/list-query.ts): an
  // after-sale applied at 23:59:59.500 belongs to that day.
  if (isCalendarDate(value)) return `${value} ${bound === 'begin' ? '00:00:00' : '23:59:59.999999'}`;
  if (isCalendarDateTime(value)) return value;
  throw invalidInput(key, REASON.notDateTime);
}

/** 申请时间 from the list query: the conditions the list, the export and the tab counts add. */
export function afterSaleApplyTimeScope(request: FastifyRequest): RawBuilder<unknown>[] {
  const query = (request.query ?? {}) as QueryParams;
  const scope: RawBuilder<unknown>[] = [];
  const begin = applyTimeBound(APPLY_TIME_KEYS.begin, query[APPLY_TIME_KEYS.begin], 'begin');
  const end = applyTimeBound(APPLY_TIME_KEYS.end, query[APPLY_TIME_KEYS.end], 'end');
  if (begin !== null) scope.push(sql`create_time >= ${begin}::timestamp`);
  if (end !== null) scope.push(sql`create_time <= ${end}::timestamp`);
  return scope;
}

export async function registerAfterSaleListRoutes(api: FastifyInstance): Promise<void> {
  const db = api.db;
  const listQuery = listQuerySchema(afterSaleEntity);
  const schema = { querystring: query({ ...listQuery.properties, [APPLY_TIME_KEYS.begin]: Type.Optional(Line(19)), [APPLY_TIME_KEYS.end]: Type.Optional(Line(19)) }) };
  const s = AFTER_SALE_STATUS;

  api.get<{ Querystring: QueryParams }>(`${afterSaleEntity.api}/tabCounts`, { ...permission('saleorder:afterSale:list'), schema }, async (request) => {
    // Every filter of the list except the status the tabs themselves choose.
    const { status: _status, status_MultiString: _multi, ...filters } = request.query;
    const where = whereSql(afterSaleEntity, filters, request.tenantId, afterSaleApplyTimeScope(request));
    // Counted once per filter until an after-sale is written.
    const counts = await cachedAggregate(db, 'sale_after_sale', 'tabCounts', where, () => sql<AfterSaleTabCounts>`select
        count(*)::int as "all",
        count(*) filter (where status = ${s.applied})::int as "applied",
        count(*) filter (where status = ${s.sellerAgreed})::int as "sellerAgreed",
        count(*) filter (where status = ${s.buyerDelivered})::int as "buyerDelivered",
        count(*) filter (where status = ${s.waitRefund})::int as "waitRefund",
        count(*) filter (where status = ${s.completed})::int as "completed",
        count(*) filter (where status in (${s.buyerCancelled}, ${s.sellerDisagreed}, ${s.sellerRefused}))::int as "closed"
      from sale_after_sale where ${where}`.execute(db));
    return ok(counts.rows[0]);
  });
}
