import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../../server/context';
import { inTransaction } from '../../../server/db/transactions';
import { businessError, ok, unauthorized } from '../../../server/http/envelope';
import { body, Id, Int, Line, query } from '../../../server/http/schemas';
import { ORDER_TYPE } from '../entities';
import { dictLookup, orderDeps } from './deps';
import { CANCEL_TYPE } from './dicts';
import { memberOrderPage, orderDetail } from './order-reads';
import { closeOrder, createOrder, lockOrder, MSG_COUPON_UNAVAILABLE, MSG_ORDER_NOT_FOUND, onPaid, receiveOrder, receiverFromAddress } from './order-service';
import { appPaymentChannel } from './pay-channels';

/** The mini-program's orders (business-api "The mini-program"): a member's own orders only. */

const MAX_LINES = 50;
const MAX_COUNT = 9999;

interface CreateBody {
  items: Array<{ skuId: string; count: number }>;
  addressId: string;
  couponId?: string;
  point?: number;
  remark?: string;
}

function owner(request: FastifyRequest): { tenantId: number; memberId: string } {
  if (request.member === null) throw unauthorized();
  return { tenantId: request.member.tenantId, memberId: request.member.memberId };
}

const idBody = { querystring: query({}), body: body({ id: Id }) };

export function registerOrderAppRoutes(api: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const memberOnly = { config: { access: 'member' as const } };

  api.post<{ Body: CreateBody }>(
    '/app/order/create',
    {
      ...memberOnly,
      schema: {
        querystring: query({}),
        body: body({
          items: Type.Array(body({ skuId: Id, count: Int(1, MAX_COUNT) }), { minItems: 1, maxItems: MAX_LINES }),
          addressId: Id,
          couponId: Type.Optional(Type.Union([Line(32), Type.Null()])),
          point: Type.Optional(Int(0, 100_000_000)),
          remark: Type.Optional(Line(255)),
        }),
      },
    },
    async (request) => {
      const me = owner(request);
      // Coupons arrive with the marketing issue; until then none is usable.
      if (typeof request.body.couponId === 'string' && request.body.couponId.trim() !== '') throw businessError(MSG_COUPON_UNAVAILABLE);
      const deps = orderDeps(ctx);
      const created = await inTransaction(db, async (trx) =>
        createOrder(trx, deps, { tenantId: me.tenantId, operator: null }, {
          type: ORDER_TYPE.normal,
          memberId: me.memberId,
          customerId: null,
          lines: request.body.items,
          receiver: await receiverFromAddress(trx, me.tenantId, me.memberId, request.body.addressId),
          usePoint: request.body.point ?? 0,
          userRemark: request.body.remark?.trim() || null,
          payChannel: null,
        }),
      );
      return ok(created);
    },
  );

  api.post<{ Body: { id: string } }>('/app/order/pay', { ...memberOnly, schema: idBody }, async (request) => {
    const me = owner(request);
    const deps = orderDeps(ctx);
    const channel = appPaymentChannel();
    const order = await inTransaction(db, (trx) => lockOrder(trx, me.tenantId, request.body.id, me.memberId));
    const started = await channel.start({ id: order.id, no: order.no, payPrice: order.pay_price });
    // A channel that settles at once walks the callback's path right away.
    if (started.settled) await inTransaction(db, (trx) => onPaid(trx, deps, { tenantId: me.tenantId, operator: null }, order.id, channel.code, started.tradeNo));
    return ok({ id: order.id, channel: channel.code, paid: started.settled, tradeNo: started.tradeNo });
  });

  api.post<{ Body: { id: string } }>('/app/order/cancel', { ...memberOnly, schema: idBody }, async (request) => {
    const me = owner(request);
    const deps = orderDeps(ctx);
    await inTransaction(db, (trx) => closeOrder(trx, deps, { tenantId: me.tenantId, operator: null }, request.body.id, CANCEL_TYPE.buyer, '买家取消', me.memberId));
    return ok(true);
  });

  api.post<{ Body: { id: string } }>('/app/order/receive', { ...memberOnly, schema: idBody }, async (request) => {
    const me = owner(request);
    await inTransaction(db, (trx) => receiveOrder(trx, { tenantId: me.tenantId, operator: null }, request.body.id, me.memberId));
    return ok(true);
  });

  api.get<{ Querystring: { pageNo?: number; pageSize?: number; status?: string } }>(
    '/app/order/page',
    { ...memberOnly, schema: { querystring: query({ pageNo: Type.Optional(Int(1, 100_000)), pageSize: Type.Optional(Int(1, 100)), status: Type.Optional(Line(4)) }) } },
    async (request) => {
      const status = request.query.status?.trim();
      return ok(
        await memberOrderPage(db, dictLookup(ctx), owner(request), {
          pageNo: request.query.pageNo ?? 1,
          pageSize: request.query.pageSize ?? 10,
          ...(status === undefined || status === '' ? {} : { status }),
        }),
      );
    },
  );

  api.get<{ Querystring: { id: string } }>('/app/order/detail', { ...memberOnly, schema: { querystring: query({ id: Id }) } }, async (request) => {
    const me = owner(request);
    const detail = await orderDetail(db, dictLookup(ctx), me.tenantId, request.query.id, me.memberId);
    if (detail === null) throw businessError(MSG_ORDER_NOT_FOUND);
    return ok(detail);
  });
}
