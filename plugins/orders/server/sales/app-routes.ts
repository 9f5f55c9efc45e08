import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import { Type } from 'typebox';
import { body, businessError, Id, Int, inTransaction, Line, moneyOnWire, ok, query, unauthorized, type AppContext, type Database } from '../../../../server/kit';
import { DELIVERY_TYPE, ORDER_TYPE } from '../../entities';
import { dictLookup, orderDeps } from '../deps';
import { CANCEL_TYPE } from '../dicts';
import { memberOrderPage, orderDetail } from './reads';
import { closeOrder, createOrder, lockOrder, MSG_ORDER_NOT_FOUND, onPaid, quoteOrder, receiveOrder, receiverFromAddress, type NewOrder, type OrderDeps, type OrderQuote } from './service';
import type { PricedAmounts } from './pricing';
import { demoChannel } from '../payments/pay-channels';
import { PICKUP_ORDER_FIELDS, pickupStoreOf, placePickup, withPickupStore, type PickupOrderInput } from '../pickup/app';
import { closeAtChannelOrRefuse, MSG_ORDER_PAID_MEANWHILE, MSG_PAY_CHANNEL_UNKNOWN, startChannelPayment } from '../payments/online-pay';

/** The mini-program's orders (docs/business-api.md "The mini-program"): a member's own orders only. */

const MAX_LINES = 50;
const MAX_COUNT = 9999;

interface OrderBody extends PickupOrderInput {
  items: Array<{ skuId: string; count: number }>;
  /** Required unless the order is picked up at a store (deliveryType 2 with pickupStoreId: no address, no freight). */
  addressId?: string;
  couponId?: string | null;
  point?: number;
  remark?: string;
}

/** What a member sends to price or place an order (create and the settlement preview alike). */
const orderBody = body({
  items: Type.Array(body({ skuId: Id, count: Int(1, MAX_COUNT) }), { minItems: 1, maxItems: MAX_LINES }),
  addressId: Type.Optional(Id),
  ...PICKUP_ORDER_FIELDS,
  couponId: Type.Optional(Type.Union([Line(32), Type.Null()])),
  point: Type.Optional(Int(0, 100_000_000)),
  remark: Type.Optional(Line(255)),
});

async function memberOrder(trx: Transaction<Database>, deps: OrderDeps, me: { tenantId: number; memberId: string }, input: OrderBody): Promise<NewOrder> {
  const store = await pickupStoreOf(trx, me.tenantId, input);
  return {
    type: ORDER_TYPE.normal,
    memberId: me.memberId,
    customerId: null,
    lines: input.items,
    receiver: store === null ? await receiverFromAddress(trx, deps, me.tenantId, me.memberId, input.addressId ?? '') : null,
    deliveryType: store === null ? DELIVERY_TYPE.express : DELIVERY_TYPE.pickUp,
    usePoint: input.point ?? 0,
    couponId: input.couponId?.trim() || null,
    userRemark: input.remark?.trim() || null,
    payChannel: null,
  };
}

/** A quote's amounts as the wire carries them (numbers of yuan, two decimals), its lines with their shares. */
function quoteAmounts(quote: OrderQuote) {
  const { priced } = quote;
  const amounts = (value: PricedAmounts) => ({
    totalPrice: moneyOnWire(value.totalPrice),
    discountPrice: moneyOnWire(value.discountPrice),
    couponPrice: moneyOnWire(value.couponPrice),
    pointPrice: moneyOnWire(value.pointPrice),
    vipPrice: moneyOnWire(value.vipPrice),
    deliveryPrice: moneyOnWire(value.deliveryPrice),
    payPrice: moneyOnWire(value.payPrice),
  });
  return {
    ...amounts(priced),
    usePoint: priced.usePoint,
    couponId: quote.plan?.couponId ?? null,
    campaignId: quote.plan?.campaignId ?? null,
    promotion: quote.plan?.summary ?? '',
    items: quote.lines.map((line, index) => ({
      skuId: line.skuId,
      spuName: quote.snapshots[index]?.spuName ?? '',
      specText: quote.snapshots[index]?.specText ?? '',
      price: moneyOnWire(quote.prices[index] ?? '0'),
      count: line.count,
      gift: index >= quote.boughtCount,
      ...amounts(priced.lines[index] ?? priced),
    })),
  };
}

function owner(request: FastifyRequest): { tenantId: number; memberId: string } {
  if (request.member === null) throw unauthorized();
  return { tenantId: request.member.tenantId, memberId: request.member.memberId };
}

const idBody = { querystring: query({}), body: body({ id: Id }) };

export function registerOrderAppRoutes(api: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const memberOnly = { config: { access: 'member' as const } };

  api.post<{ Body: OrderBody }>(
    '/app/order/create',
    {
      ...memberOnly,
      schema: { querystring: query({}), body: orderBody },
    },
    async (request) => {
      const me = owner(request);
      const deps = orderDeps(ctx);
      const created = await inTransaction(db, async (trx) => {
        const order = await memberOrder(trx, deps, me, request.body);
        const placed = await createOrder(trx, deps, { tenantId: me.tenantId, operator: null }, order);
        // A pickup order names its store and gets its verification code as it is placed (server/pickup/verify.ts).
        return order.deliveryType === DELIVERY_TYPE.pickUp ? { ...placed, pickupCode: await placePickup(trx, deps, me, placed.id, request.body) } : placed;
      });
      return ok(created);
    },
  );

  // The settlement preview: the same pricing as create, nothing written; every unused coupon with whether it fits this cart and why not.
  api.post<{ Body: OrderBody }>('/app/order/settlement', { ...memberOnly, schema: { querystring: query({}), body: orderBody } }, async (request) => {
    const me = owner(request);
    const deps = orderDeps(ctx);
    return ok(
      await inTransaction(db, async (trx) => {
        const order = await memberOrder(trx, deps, me, request.body);
        const quote = await quoteOrder(trx, deps, { tenantId: me.tenantId, operator: null }, order);
        const provider = deps.hooks.promotions();
        const coupons =
          provider === null || quote.plan === null
            ? []
            : await provider.coupons(trx, {
                tenantId: me.tenantId,
                memberId: me.memberId,
                couponId: order.couponId,
                lines: quote.lines.slice(0, quote.boughtCount).map((line, index) => ({
                  skuId: line.skuId,
                  spuId: quote.snapshots[index]?.spuId ?? '',
                  categoryId: quote.snapshots[index]?.categoryId ?? null,
                  price: quote.prices[index] ?? '0.00',
                  count: line.count,
                })),
              }, quote.plan);
        return { ...quoteAmounts(quote), coupons: coupons.map((coupon) => ({ ...coupon, couponPrice: moneyOnWire(coupon.couponPrice) })) };
      }),
    );
  });

  // PAY_MODE=demo settles at once; a real channel answers what the buyer's client needs to pay (payments/online-pay.ts).
  api.post<{ Body: { id: string; channel?: string } }>(
    '/app/order/pay',
    { ...memberOnly, schema: { querystring: query({}), body: body({ id: Id, channel: Type.Optional(Line(16)) }) } },
    async (request) => {
      const me = owner(request);
      const deps = orderDeps(ctx);
      const requested = request.body.channel?.trim() || undefined;
      if (deps.payments.demo) {
        if (requested !== undefined && requested !== demoChannel.code) throw businessError(MSG_PAY_CHANNEL_UNKNOWN);
        const order = await inTransaction(db, (trx) => lockOrder(trx, me.tenantId, request.body.id, me.memberId));
        const started = await demoChannel.start({ id: order.id, no: order.no, payPrice: order.pay_price });
        await inTransaction(db, (trx) => onPaid(trx, deps, { tenantId: me.tenantId, operator: null }, order.id, demoChannel.code, started.tradeNo));
        return ok({ id: order.id, channel: demoChannel.code, paid: true, tradeNo: started.tradeNo });
      }
      const channel = deps.payments.forApp(requested);
      if (channel === null) throw businessError(MSG_PAY_CHANNEL_UNKNOWN);
      const openid = channel.code === 'wechat' ? await deps.members.openidOf(db, me.tenantId, me.memberId) : null;
      const params = await startChannelPayment(db, deps, { ...me, openid }, request.body.id, channel);
      return ok({ id: request.body.id, channel: channel.code, paid: false, ...params });
    },
  );

  api.post<{ Body: { id: string } }>('/app/order/cancel', { ...memberOnly, schema: idBody }, async (request) => {
    const me = owner(request);
    const deps = orderDeps(ctx);
    const actor = { tenantId: me.tenantId, operator: null };
    await inTransaction(db, (trx) => lockOrder(trx, me.tenantId, request.body.id, me.memberId));
    // Closed at its channel first, so the buyer cannot pay a closed order there; a payment that already arrived wins.
    if (!(await closeAtChannelOrRefuse(db, deps, actor, request.body.id))) throw businessError(MSG_ORDER_PAID_MEANWHILE);
    await inTransaction(db, (trx) => closeOrder(trx, deps, actor, request.body.id, CANCEL_TYPE.buyer, '买家取消', me.memberId));
    return ok(true);
  });

  api.post<{ Body: { id: string } }>('/app/order/receive', { ...memberOnly, schema: idBody }, async (request) => {
    const me = owner(request);
    const deps = orderDeps(ctx);
    await inTransaction(db, (trx) => receiveOrder(trx, deps, { tenantId: me.tenantId, operator: null }, request.body.id, me.memberId));
    return ok(true);
  });

  api.get<{ Querystring: { pageNo?: number; pageSize?: number; status?: string } }>(
    '/app/order/page',
    { ...memberOnly, schema: { querystring: query({ pageNo: Type.Optional(Int(1, 100_000)), pageSize: Type.Optional(Int(1, 100)), status: Type.Optional(Line(4)) }) } },
    async (request) => {
      const status = request.query.status?.trim();
      return ok(
        await memberOrderPage(db, dictLookup(ctx, owner(request).tenantId), owner(request), {
          pageNo: request.query.pageNo ?? 1,
          pageSize: request.query.pageSize ?? 10,
          ...(status === undefined || status === '' ? {} : { status }),
        }),
      );
    },
  );

  api.get<{ Querystring: { id: string } }>('/app/order/detail', { ...memberOnly, schema: { querystring: query({ id: Id }) } }, async (request) => {
    const me = owner(request);
    const detail = await orderDetail(db, dictLookup(ctx, me.tenantId), me.tenantId, request.query.id, me.memberId);
    if (detail === null) throw businessError(MSG_ORDER_NOT_FOUND);
    return ok(await withPickupStore(ctx, me.tenantId, detail));
  });
}
