import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { Type } from 'typebox';
import { ApiError, body, businessError, Id, inTransaction, Line, MAX_IDS, ok, permission, query, staffActor, type AppContext } from '../../../../server/kit';
import { orderEntity } from '../../entities';
import type { BatchDeliverOutcome, DeliverResult } from '../../warehouse-deliver';
import { afterShipped } from './after-shipping';
import { deliverOrder, MSG_EXPRESS_REQUIRED, MSG_ORDER_NOT_FOUND } from '../sales/service';

/**
 * 批量发货 from 订单列表's selection: one express company for all, a waybill number per order (none for an order to
 * be picked up or handed over), each order shipped through the same 发货 as its own button in its own transaction
 * (one refused order never undoes the others), answered order by order. What follows a shipment (WeChat's shipping
 * record, tracking) starts for the shipped ones, as after the Excel import (shipping/batch-deliver.ts).
 */

export const MAX_BATCH_DELIVER = 200;
export const MSG_DELIVER_NOTHING = '请选择要发货的订单';
export const MSG_DELIVER_TOO_MANY = `一次最多发货 ${MAX_BATCH_DELIVER} 个订单，请分批发货`;
export const MSG_DELIVER_TWICE = '同一订单只能填写一次';
export const MSG_DELIVERED = '发货成功';
export const msgBatchDelivered = (shipped: number, failed: number): string => (failed === 0 ? `批量发货完成：发货 ${shipped} 单` : `批量发货完成：发货 ${shipped} 单，失败 ${failed} 单`);


interface BatchDeliverBody {
  expressId?: string;
  orders: Array<{ id: string; logisticsNo?: string }>;
}

const BATCH_DELIVER_BODY = body({
  expressId: Type.Optional(Id),
  orders: Type.Array(body({ id: Id, logisticsNo: Type.Optional(Line(64)) }), { maxItems: MAX_IDS }),
});

export function registerSelectionDeliverRoute(api: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  api.post<{ Body: BatchDeliverBody }>(
    `${orderEntity.api}/batchDeliver`,
    { ...permission('saleorder:order:deliver'), schema: { querystring: query({}), body: BATCH_DELIVER_BODY } },
    async (request) => {
      const { expressId, orders } = request.body;
      if (orders.length === 0) throw businessError(MSG_DELIVER_NOTHING);
      if (orders.length > MAX_BATCH_DELIVER) throw businessError(MSG_DELIVER_TOO_MANY);
      if (new Set(orders.map((order) => order.id)).size < orders.length) throw businessError(MSG_DELIVER_TWICE);
      const actor = staffActor(request);
      const numbers = await sql<{ id: string; no: string }>`select id, no from sale_order where tenant_id = ${actor.tenantId} and id in (${sql.join(orders.map((order) => order.id))})`.execute(db);
      const noOf = new Map(numbers.rows.map((row) => [row.id, row.no]));
      const results: DeliverResult[] = [];
      const shippedIds: string[] = [];
      for (const order of orders) {
        const no = noOf.get(order.id) ?? '';
        const logisticsNo = order.logisticsNo?.trim() ?? '';
        try {
          if (no === '') throw businessError(MSG_ORDER_NOT_FOUND);
          if (logisticsNo !== '' && expressId === undefined) throw businessError(MSG_EXPRESS_REQUIRED);
          await inTransaction(db, (trx) => deliverOrder(trx, actor, order.id, logisticsNo === '' || expressId === undefined ? null : { expressId, logisticsNo }));
          shippedIds.push(order.id);
          results.push({ id: order.id, no, success: true, message: MSG_DELIVERED });
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
          results.push({ id: order.id, no, success: false, message: error.message });
        }
      }
      afterShipped(ctx, request.log, actor.tenantId, shippedIds);
      const outcome: BatchDeliverOutcome = { total: orders.length, shipped: shippedIds.length, failed: orders.length - shippedIds.length, results };
      return ok(outcome, msgBatchDelivered(outcome.shipped, outcome.failed));
    },
  );
}
