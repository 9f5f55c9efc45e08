import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { body, businessError, Id, inTransaction, Line, ok, permission, query, registerEntityRoutes, tenantOf, unauthorized, type AppContext } from '../../../../server/kit';
import { AFTER_SALE_WAY, afterSaleEntity } from '../../entities';
import { parseMoney } from '../money-input';
import { afterSaleApplyTimeScope, registerAfterSaleListRoutes } from './list-routes';
import { afterSaleMachine } from './machine';
import { afterSaleDetail } from './reads';
import {
  agreeAfterSale,
  buyerCancelAfterSale,
  buyerDelivery,
  createAfterSale,
  disagreeAfterSale,
  receiveReturn,
  msgRefundFailed,
  MSG_REFUND_PROCESSING,
  refundAfterSale,
  refuseReturn,
  retryRefund,
  type RefundOutcome,
} from './service';
import { dictLookup, orderDeps } from '../deps';
import { orderLabels } from '../labels';
import type { Actor } from '../sales/service';

/** A refused refund is committed (退款失败 with its reason and log) and then answered as a refusal. */
function refundAnswer(outcome: RefundOutcome) {
  if (outcome.refunded) return ok(true, '退款成功');
  // Taken by a real channel: the refund completes when the channel confirms it (支付通知, or the refund check job).
  if ('processing' in outcome) return ok(false, MSG_REFUND_PROCESSING);
  throw businessError(msgRefundFailed(outcome.failure));
}

/** After-sales: the buyer's application and return on /app/afterSale, the shop's decisions on /saleorder/afterSale. */

export const MSG_BAD_WAY = '售后方式只能是仅退款（10）或退货退款（20）';

const staff = (request: FastifyRequest): Actor => ({ tenantId: tenantOf(request), operator: request.auth?.username ?? null });

function member(request: FastifyRequest): { actor: Actor; memberId: string } {
  if (request.member === null) throw unauthorized();
  return { actor: { tenantId: request.member.tenantId, operator: null }, memberId: request.member.memberId };
}

interface ApplyBody {
  orderItemId: string;
  way: string;
  refundPrice: number | string;
  applyReason: string;
  applyDescription?: string;
}

export async function registerAfterSaleRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const memberOnly = { config: { access: 'member' as const } };
  const idOnly = { querystring: query({}), body: body({ id: Id }) };
  const withReason = { querystring: query({}), body: body({ id: Id, reason: Type.Optional(Line(255)) }) };

  api.post<{ Body: ApplyBody }>(
    '/app/afterSale/create',
    {
      ...memberOnly,
      schema: {
        querystring: query({}),
        body: body({ orderItemId: Id, way: Line(4), refundPrice: Type.Union([Type.Number(), Line(20, 1)]), applyReason: Line(255, 1), applyDescription: Type.Optional(Line(500)) }),
      },
    },
    async (request) => {
      const me = member(request);
      const input = request.body;
      if (input.way !== AFTER_SALE_WAY.refund && input.way !== AFTER_SALE_WAY.returnAndRefund) throw businessError(MSG_BAD_WAY);
      const refundPrice = parseMoney(input.refundPrice);
      const created = await inTransaction(db, (trx) =>
        createAfterSale(trx, me.actor, me.memberId, {
          orderItemId: input.orderItemId,
          way: input.way,
          refundPrice,
          applyReason: input.applyReason.trim(),
          applyDescription: input.applyDescription?.trim() || null,
        }),
      );
      return ok(created);
    },
  );

  api.post<{ Body: { id: string; expressId: string; logisticsNo: string } }>(
    '/app/afterSale/delivery',
    { ...memberOnly, schema: { querystring: query({}), body: body({ id: Id, expressId: Id, logisticsNo: Line(64, 1) }) } },
    async (request) => {
      const me = member(request);
      await inTransaction(db, (trx) => buyerDelivery(trx, me.actor, me.memberId, request.body.id, request.body.expressId, request.body.logisticsNo.trim()));
      return ok(true);
    },
  );

  api.post<{ Body: { id: string } }>('/app/afterSale/cancel', { ...memberOnly, schema: idOnly }, async (request) => {
    const me = member(request);
    await inTransaction(db, (trx) => buyerCancelAfterSale(trx, me.actor, me.memberId, request.body.id));
    return ok(true);
  });

  api.get<{ Querystring: { id: string } }>('/app/afterSale/get', { ...memberOnly, schema: { querystring: query({ id: Id }) } }, async (request) => {
    const me = member(request);
    const detail = await afterSaleDetail(db, dictLookup(ctx, me.actor.tenantId), me.actor.tenantId, request.query.id, me.memberId);
    if (detail === null) throw businessError(afterSaleMachine.notFound);
    return ok(detail);
  });

  const base = afterSaleEntity.api;
  await registerEntityRoutes(api, afterSaleEntity, { labels: orderLabels, actions: ['list', 'exportXls'], readScope: afterSaleApplyTimeScope });
  await registerAfterSaleListRoutes(api);
  api.get<{ Querystring: { id: string } }>(`${base}/queryById`, { ...permission('saleorder:afterSale:list'), schema: { querystring: query({ id: Id }) } }, async (request) => {
    const detail = await afterSaleDetail(db, dictLookup(ctx, tenantOf(request)), tenantOf(request), request.query.id);
    if (detail === null) throw businessError(afterSaleMachine.notFound);
    return ok(detail);
  });
  api.post<{ Body: { id: string } }>(`${base}/agree`, { ...permission('saleorder:afterSale:agree'), schema: idOnly }, async (request) => {
    await inTransaction(db, (trx) => agreeAfterSale(trx, staff(request), request.body.id));
    return ok(true);
  });
  api.post<{ Body: { id: string; reason?: string } }>(`${base}/disagree`, { ...permission('saleorder:afterSale:disagree'), schema: withReason }, async (request) => {
    await inTransaction(db, (trx) => disagreeAfterSale(trx, staff(request), request.body.id, request.body.reason?.trim() || '卖家拒绝'));
    return ok(true);
  });
  api.post<{ Body: { id: string } }>(`${base}/receive`, { ...permission('saleorder:afterSale:receive'), schema: idOnly }, async (request) => {
    await inTransaction(db, (trx) => receiveReturn(trx, staff(request), request.body.id));
    return ok(true);
  });
  api.post<{ Body: { id: string; reason?: string } }>(`${base}/refuseReceive`, { ...permission('saleorder:afterSale:refuseReceive'), schema: withReason }, async (request) => {
    await inTransaction(db, (trx) => refuseReturn(trx, staff(request), request.body.id, request.body.reason?.trim() || '卖家拒绝收货'));
    return ok(true);
  });
  api.post<{ Body: { id: string } }>(`${base}/refund`, { ...permission('saleorder:afterSale:refund'), schema: idOnly }, async (request) => {
    const deps = orderDeps(ctx);
    return refundAnswer(await inTransaction(db, (trx) => refundAfterSale(trx, deps, staff(request), request.body.id)));
  });
  // A refund the channel refused, tried again under the same refund number.
  api.post<{ Body: { id: string } }>('/saleorder/refundOrder/retry', { ...permission('saleorder:refundOrder:retry'), schema: idOnly }, async (request) => {
    const deps = orderDeps(ctx);
    return refundAnswer(await inTransaction(db, (trx) => retryRefund(trx, deps, staff(request), request.body.id)));
  });
}
