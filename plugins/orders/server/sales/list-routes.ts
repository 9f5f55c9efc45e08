import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { cachedAggregate, ID_PATTERN, invalidInput, Line, listQuerySchema, loadDictionaries, ok, permission, query, selectColumnsSql, tenantOf, toRecord, whereSql, type QueryParams, type Row, type WireRecord } from '../../../../server/kit';
import { ORDER_REFUND_STATUS, ORDER_STATUS, orderEntity, orderItemEntity } from '../../entities';

/**
 * The 订单列表 screen's extras: the counts of its status tabs under the list's own filters, and the
 * item lines of one page of orders (one query per page, never one per row).
 */

/** Counts of the order list's tabs (docs/reference/business-domains.md §3 "Screens"). */
export interface OrderTabCounts {
  all: number;
  /** 0 待付款. */
  unpaid: number;
  /** 10 待发货. */
  undelivered: number;
  /** 20 已发货. */
  delivered: number;
  /** 30 已完成. */
  completed: number;
  /** 40 已关闭. */
  closed: number;
  /** 退款中: an after-sale of the order is in progress (申请中 … 等待退款), the list's `afterSaleOpen=true`. */
  refunding: number;
  /** 已退款: money went back (refundStatus 部分退款 or 全部退款), the list's `refundStatus=!0`. */
  refunded: number;
}

/** At most one page's worth of orders per items call. */
export const MAX_ITEM_ORDERS = 100;
export const REASON_TOO_MANY_ORDERS = `最多${MAX_ITEM_ORDERS}个订单`;
export const REASON_BAD_ORDER_ID = '含有不合法的订单id';

/** Items of some orders, grouped by order id (every asked order present, with no lines when none are found). */
export type OrderItemsByOrder = Record<string, WireRecord[]>;

function orderIdsOf(raw: string): string[] {
  const ids = [...new Set(raw.split(',').map((part) => part.trim()).filter((part) => part !== ''))];
  if (ids.length === 0) throw invalidInput('orderIds', '不能为空');
  if (ids.length > MAX_ITEM_ORDERS) throw invalidInput('orderIds', REASON_TOO_MANY_ORDERS);
  if (ids.some((id) => !ID_PATTERN.test(id))) throw invalidInput('orderIds', REASON_BAD_ORDER_ID);
  return ids;
}

export async function registerOrderListRoutes(api: FastifyInstance): Promise<void> {
  const db = api.db;
  const listOnly = permission('saleorder:order:list');
  const s = ORDER_STATUS;

  api.get<{ Querystring: QueryParams }>(`${orderEntity.api}/tabCounts`, { ...listOnly, schema: { querystring: listQuerySchema(orderEntity) } }, async (request) => {
    // Every filter of the list except what the tabs themselves choose (the status, the refund and after-sale states).
    const { status: _status, status_MultiString: _multi, refundStatus: _refund, afterSaleOpen: _open, ...filters } = request.query;
    const where = whereSql(orderEntity, filters, request.tenantId);
    // Counted once per filter until an order is written (the list's total is kept the same way).
    const counts = await cachedAggregate(db, 'sale_order', 'tabCounts', where, () => sql<OrderTabCounts>`select
        count(*)::int as "all",
        count(*) filter (where status = ${s.unpaid})::int as "unpaid",
        count(*) filter (where status = ${s.undelivered})::int as "undelivered",
        count(*) filter (where status = ${s.delivered})::int as "delivered",
        count(*) filter (where status = ${s.completed})::int as "completed",
        count(*) filter (where status = ${s.closed})::int as "closed",
        count(*) filter (where after_sale_open)::int as "refunding",
        count(*) filter (where refund_status <> ${ORDER_REFUND_STATUS.none})::int as "refunded"
      from sale_order where ${where}`.execute(db));
    return ok(counts.rows[0]);
  });

  api.get<{ Querystring: { orderIds: string } }>(
    `${orderEntity.api}/items`,
    { ...listOnly, schema: { querystring: query({ orderIds: Line(MAX_ITEM_ORDERS * 65 + 100) }) } },
    async (request) => {
      const ids = orderIdsOf(request.query.orderIds);
      const tenantId = tenantOf(request);
      // Only orders of the caller's tenant: another tenant's id simply has no lines.
      const found = await sql<Row>`select ${selectColumnsSql(orderItemEntity)} from sale_order_item
        where tenant_id = ${tenantId} and order_id in (${sql.join(ids)})
          and order_id in (select id from sale_order where tenant_id = ${tenantId})
        order by order_id, id`.execute(db);
      const dictionaries = await loadDictionaries(orderItemEntity, (code) => api.dictionaries.items(code));
      const grouped: OrderItemsByOrder = Object.fromEntries(ids.map((id) => [id, []]));
      for (const row of found.rows) {
        const item = toRecord(orderItemEntity, row, dictionaries);
        grouped[String(item.orderId)]?.push(item);
      }
      return ok(grouped);
    },
  );
}
