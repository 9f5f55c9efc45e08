import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { body, businessError, checkRegionCode, Id, Int, inTransaction, Line, ok, permission, query, registerEntityRoutes, ROW_VERSION_BODY, rowVersionOf, tenantOf, type AppContext } from '../../../../server/kit';
import { DELIVERY_TYPE, OFFLINE_PAY_TYPES, ORDER_TYPE, orderEntity, type DeliveryType } from '../../entities';
import { dictLookup, orderDeps } from '../deps';
import { CANCEL_TYPE } from '../dicts';
import { orderLabels } from '../labels';
import { afterShipped } from '../shipping/after-shipping';
import { registerBatchDeliverRoutes } from '../shipping/batch-deliver';
import { registerOrderDocumentRoutes } from '../documents/routes';
import { registerOrderListRoutes } from './list-routes';
import { orderDetail } from './reads';
import { Money, MSG_BAD_MONEY, parseMoney } from '../money-input';
import { closeAtChannelOrRefuse, MSG_ORDER_PAID_MEANWHILE } from '../payments/online-pay';
import {
  adjustOrderPrice,
  closeOrder,
  confirmOfflinePayment,
  createOrder,
  deliverOrder,
  MSG_EXPRESS_REQUIRED,
  MSG_ORDER_NOT_FOUND,
  onPaid,
  remarkOrder,
  updateOrderAddress,
  type Actor,
  type Receiver,
} from './service';

/** The back-office's orders (销售订单): the list, the detail, and each button a guarded action. */

export const MSG_BAD_PAY_TYPE = '线下支付方式只能是现金、转账或 POS';
export const MSG_BUYER_REQUIRED = '请选择会员或客户';
export const MSG_RECEIVER_REQUIRED = '快递发货请填写收货人、手机号、收货地区和详细地址';

const actorOf = (request: FastifyRequest): Actor => ({ tenantId: tenantOf(request), operator: request.auth?.username ?? null });

interface ReceiverBody {
  receiverName?: string;
  receiverMobile?: string;
  receiverAreaId?: string | number;
  receiverDetailAddress?: string;
}

interface OfflineBody extends ReceiverBody {
  memberId?: string;
  customerId?: string;
  items: Array<{ skuId: string; count: number; price?: number | string }>;
  payType: string;
  paid?: boolean;
  remark?: string;
  deliveryType?: DeliveryType;
}

/** The receiver's fields as every route takes them (修改地址, a 线下订单 sent by express). */
const RECEIVER_FIELDS = {
  receiverName: Line(32),
  receiverMobile: Type.Union([Type.String({ pattern: '^\\+?[0-9]{5,20}$' }), Type.Literal('')]),
  receiverAreaId: Type.Union([Line(32), Int(0)]),
  receiverDetailAddress: Line(255),
};

/**
 * How an offline order leaves the shop: 快递发货 to a receiver (all four fields required), or 到店自提 / 无需物流
 * (no address kept). Without a choice, a receiver means 快递发货 and none 无需物流 (docs/business-api.md's add without one).
 */
function offlineDelivery(input: OfflineBody): { deliveryType: DeliveryType; receiver: Receiver | null } {
  const receiver: Receiver = {
    receiverName: input.receiverName?.trim() ?? '',
    receiverMobile: input.receiverMobile?.trim() ?? '',
    receiverAreaId: input.receiverAreaId === undefined ? '' : String(input.receiverAreaId).trim(),
    receiverDetailAddress: input.receiverDetailAddress?.trim() ?? '',
  };
  const given = Object.values(receiver).some((value) => value !== '');
  const deliveryType = input.deliveryType ?? (given ? DELIVERY_TYPE.express : DELIVERY_TYPE.none);
  if (deliveryType !== DELIVERY_TYPE.express) return { deliveryType, receiver: null };
  if (Object.values(receiver).some((value) => value === '')) throw businessError(MSG_RECEIVER_REQUIRED);
  return { deliveryType, receiver };
}

export async function registerOrderAdminRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const base = orderEntity.api;
  await registerEntityRoutes(api, orderEntity, { labels: orderLabels, actions: ['list', 'exportXls'] });
  await registerOrderListRoutes(api);
  registerOrderDocumentRoutes(api, ctx);
  await registerBatchDeliverRoutes(api, ctx);

  api.get<{ Querystring: { id: string } }>(`${base}/queryById`, { ...permission('saleorder:order:list'), schema: { querystring: query({ id: Id }) } }, async (request) => {
    const detail = await orderDetail(db, dictLookup(ctx, tenantOf(request)), tenantOf(request), request.query.id);
    if (detail === null) throw businessError(MSG_ORDER_NOT_FOUND);
    return ok(detail);
  });

  // 发货: by express (company and waybill number), or without them for an order to be picked up or handed over.
  api.post<{ Body: { id: string; expressId?: string; logisticsNo?: string } }>(
    `${base}/deliver`,
    { ...permission('saleorder:order:deliver'), schema: { querystring: query({}), body: body({ id: Id, expressId: Type.Optional(Id), logisticsNo: Type.Optional(Line(64)) }) } },
    async (request) => {
      const { id, expressId } = request.body;
      const logisticsNo = request.body.logisticsNo?.trim() ?? '';
      if ((expressId === undefined) !== (logisticsNo === '')) throw businessError(MSG_EXPRESS_REQUIRED);
      await inTransaction(db, (trx) => deliverOrder(trx, actorOf(request), id, expressId === undefined ? null : { expressId, logisticsNo }));
      afterShipped(ctx, request.log, tenantOf(request), [id]);
      return ok(true, '发货成功');
    },
  );

  api.post<{ Body: { id: string; reason?: string } }>(
    `${base}/close`,
    { ...permission('saleorder:order:close'), schema: { querystring: query({}), body: body({ id: Id, reason: Type.Optional(Line(200)) }) } },
    async (request) => {
      const deps = orderDeps(ctx);
      if (!(await closeAtChannelOrRefuse(db, deps, actorOf(request), request.body.id))) throw businessError(MSG_ORDER_PAID_MEANWHILE);
      await inTransaction(db, (trx) => closeOrder(trx, deps, actorOf(request), request.body.id, CANCEL_TYPE.seller, request.body.reason?.trim() || '卖家关闭'));
      return ok(true, '订单已关闭');
    },
  );

  api.post<{ Body: { id: string } }>(`${base}/confirmPayment`, { ...permission('saleorder:order:confirmPayment'), schema: { querystring: query({}), body: body({ id: Id }) } }, async (request) => {
    const deps = orderDeps(ctx);
    await inTransaction(db, (trx) => confirmOfflinePayment(trx, deps, actorOf(request), request.body.id));
    return ok(true, '已确认付款');
  });

  api.post<{ Body: { id: string; adjustPrice: number | string } }>(
    `${base}/adjustPrice`,
    { ...permission('saleorder:order:adjustPrice'), schema: { querystring: query({}), body: body({ id: Id, adjustPrice: Money }) } },
    async (request) => {
      const adjust = parseMoney(request.body.adjustPrice);
      await inTransaction(db, (trx) => adjustOrderPrice(trx, actorOf(request), request.body.id, adjust));
      return ok(true, '调价成功');
    },
  );

  api.post<{ Body: { id: string; remark: string; rowVersion?: string } }>(
    `${base}/remark`,
    { ...permission('saleorder:order:remark'), schema: { querystring: query({}), body: body({ id: Id, remark: Line(500), ...ROW_VERSION_BODY }) } },
    async (request) => {
      await inTransaction(db, (trx) => remarkOrder(trx, actorOf(request), request.body.id, request.body.remark.trim(), rowVersionOf(request.body)));
      return ok(true, '备注成功');
    },
  );

  api.post<{ Body: { id: string; receiverName: string; receiverMobile: string; receiverAreaId: string | number; receiverDetailAddress: string; rowVersion?: string } }>(
    `${base}/updateAddress`,
    {
      ...permission('saleorder:order:updateAddress'),
      schema: {
        querystring: query({}),
        body: body({ id: Id, receiverName: Line(32, 1), receiverMobile: Type.String({ pattern: '^\\+?[0-9]{5,20}$' }), receiverAreaId: Type.Union([Line(32, 1), Int(0)]), receiverDetailAddress: Line(255, 1), ...ROW_VERSION_BODY }),
      },
    },
    async (request) => {
      const input = request.body;
      await inTransaction(db, (trx) =>
        updateOrderAddress(trx, actorOf(request), input.id, {
          receiverName: input.receiverName.trim(),
          receiverMobile: input.receiverMobile,
          receiverAreaId: checkRegionCode(String(input.receiverAreaId).trim()),
          receiverDetailAddress: input.receiverDetailAddress.trim(),
        }, rowVersionOf(input)),
      );
      return ok(true, '地址已修改');
    },
  );

  api.post<{ Body: OfflineBody }>(
    '/saleorder/offlineOrder/add',
    {
      ...permission('saleorder:offlineOrder:add'),
      schema: {
        querystring: query({}),
        body: body({
          memberId: Type.Optional(Id),
          customerId: Type.Optional(Id),
          items: Type.Array(body({ skuId: Id, count: Int(1, 99_999), price: Type.Optional(Money) }), { minItems: 1, maxItems: 100 }),
          payType: Line(16),
          paid: Type.Optional(Type.Boolean()),
          remark: Type.Optional(Line(255)),
          deliveryType: Type.Optional(Type.Union(Object.values(DELIVERY_TYPE).map((value) => Type.Literal(value)))),
          ...Object.fromEntries(Object.entries(RECEIVER_FIELDS).map(([name, schema]) => [name, Type.Optional(schema)])),
        }),
      },
    },
    async (request) => {
      const input = request.body;
      if (!(OFFLINE_PAY_TYPES as readonly string[]).includes(input.payType)) throw businessError(MSG_BAD_PAY_TYPE);
      if (input.memberId === undefined && input.customerId === undefined) throw businessError(MSG_BUYER_REQUIRED);
      const delivery = offlineDelivery(input);
      const lines = input.items.map((item) => {
        if (item.price === undefined) return { skuId: item.skuId, count: item.count };
        const price = parseMoney(item.price);
        if (price.isNegative()) throw businessError(MSG_BAD_MONEY);
        return { skuId: item.skuId, count: item.count, price: price.toFixed(2) };
      });
      const deps = orderDeps(ctx);
      const actor = actorOf(request);
      const created = await inTransaction(db, async (trx) => {
        const order = await createOrder(trx, deps, actor, {
          type: ORDER_TYPE.offline,
          memberId: input.memberId ?? null,
          customerId: input.memberId === undefined ? (input.customerId ?? null) : null,
          lines,
          receiver: delivery.receiver,
          deliveryType: delivery.deliveryType,
          usePoint: 0,
          couponId: null,
          userRemark: input.remark?.trim() || null,
          payChannel: input.payType,
        });
        // Paid at the counter: the same settlement as any payment, with the pay type as its channel.
        if (input.paid === true) await onPaid(trx, deps, actor, order.id, input.payType, `OFFLINE${order.no}`);
        return order;
      });
      return ok(created, '线下订单已创建');
    },
  );
}
