import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { body, businessError, Id, ok, permission, query, registerEntityRoutes, staffActor, type AppContext } from '../../../../server/kit';
import { payNoticeEntity } from '../../entities';
import { orderDeps } from '../deps';
import { WX_SHIPPING } from '../dicts';
import { MSG_ORDER_NOT_FOUND } from '../sales/service';
import { orderLabels } from '../labels';
import { recheckPayment, recheckRefund } from './recheck';
import { MSG_SHIPPING_NOT_DUE, MSG_SHIPPING_RECORDED, msgShippingFailed, recordWechatShipments } from './wechat-shipping';

/**
 * 支付通知 (read-only: only the notify routes and the re-checks write it), the two re-checks staff can ask for, and
 * 重新录入 of an order's WeChat shipping info.
 */
export async function registerPaymentRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  await registerEntityRoutes(api, payNoticeEntity, { labels: orderLabels, actions: ['list', 'queryById', 'exportXls'] });
  const idBody = { querystring: query({}), body: body({ id: Id }) };

  // The order's payment as its channel sees it now, applied like a notification (a lost one is found this way).
  api.post<{ Body: { id: string } }>('/saleorder/payNotice/recheck', { ...permission('saleorder:payNotice:recheck'), schema: idBody }, async (request) => {
    const reason = await recheckPayment(ctx.db, orderDeps(ctx), staffActor(request), request.body.id);
    return ok(true, reason);
  });

  // A refund still 处理中 at its channel, asked again.
  api.post<{ Body: { id: string } }>('/saleorder/refundOrder/recheck', { ...permission('saleorder:refundOrder:recheck'), schema: idBody }, async (request) => {
    const outcome = await recheckRefund(ctx.db, orderDeps(ctx), staffActor(request), request.body.id);
    return ok(outcome === 'done', outcome === 'done' ? '已按支付渠道的结果处理' : '支付渠道仍在处理该退款');
  });

  // 重新录入: the order's shipment recorded with WeChat now, whatever the job's schedule; answered with how it went.
  api.post<{ Body: { id: string } }>('/saleorder/saleOrder/wechatShipping', { ...permission('saleorder:order:deliver'), schema: idBody }, async (request) => {
    const actor = staffActor(request);
    await recordWechatShipments(ctx.db, orderDeps(ctx), { tenantId: actor.tenantId, orderId: request.body.id });
    const found = await sql<{ wx_shipping_status: string | null; wx_shipping_error: string | null }>`select wx_shipping_status, wx_shipping_error from sale_order
      where id = ${request.body.id} and tenant_id = ${actor.tenantId}`.execute(ctx.db);
    const order = found.rows[0];
    if (order === undefined) throw businessError(MSG_ORDER_NOT_FOUND);
    if (order.wx_shipping_status === WX_SHIPPING.recorded) return ok(true, MSG_SHIPPING_RECORDED);
    if (order.wx_shipping_status === WX_SHIPPING.failed) throw businessError(msgShippingFailed(order.wx_shipping_error ?? ''));
    throw businessError(MSG_SHIPPING_NOT_DUE);
  });
}
