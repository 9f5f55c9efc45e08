import Decimal from 'decimal.js';
import { sql, type Transaction } from 'kysely';
import type { MemberService } from '../../../../server/contracts/members';
import type { CommittedOrder, OrderEvent, PromotionPlan } from '../../../../server/contracts/order-hooks';
import type { SkuSnapshot, StockLine, StockService } from '../../../../server/contracts/stock';
import { businessError, lockAtVersion, newId, transitionInTransaction, type Database, type WechatMiniProgram } from '../../../../server/kit';
import { paidItemsOf } from './paid-orders';
import { ORDER_REFUND_STATUS, ORDER_STATUS, ORDER_TYPE, type DeliveryType } from '../../entities';
import { CANCEL_TYPE, DELIVERY_TYPE, ITEM_AFTER_SALE, PAY_STATUS, payChannelName, TERMINAL, WX_SHIPPING } from '../dicts';
import { deliveryPriceFor } from '../freight/lookup';
import { nextDocumentNo } from '../order-numbers';
import { orderMachine, REMARK_ACTION } from './machine';
import type { PaymentChannels } from '../payments/channel-set';
import type { OrderHookRegistry } from './hook-registry';
import { applyAdjustment, priceOrder, rewardFor, type PricedAmounts, type PricedOrder } from './pricing';
import { pointsPerYuan } from '../settings';

/**
 * The order's life (docs/reference/business-domains.md §3), each step one transaction: create (snapshot, price, reserve,
 * spend points), pay (deduct stock, reward), close (release, give points back), deliver, receive, and the
 * staff's adjust / remark / address changes. Stock and member ledgers are the goods and customers plugins'
 * services, handed in by the caller (looked up per request, never imported).
 */

export interface OrderDeps {
  stock: StockService;
  members: MemberService;
  /** Marketing's promotions and the other plugins' listeners (sales/hook-registry.ts). */
  hooks: OrderHookRegistry;
  /** The payment channels (payments/channel-set.ts). */
  payments: PaymentChannels;
  /** The mini-program's server API, null when WECHAT_APP_ID / WECHAT_APP_SECRET are not set (payments/wechat-shipping.ts). */
  wechat: WechatMiniProgram | null;
}

/** Who acts, in which tenant. */
export interface Actor {
  tenantId: number;
  operator: string | null;
  /**
   * When the step happens, if not now: demo trade placed at its own dates (demo-orders.ts) is numbered by the shop's
   * day it was placed on, not by the day the seed ran. The rows' times are moved there by the demo afterwards.
   */
  at?: Date;
}

export const MSG_ORDER_NOT_FOUND = '订单不存在';
export const MSG_SKU_GONE = '商品已下架或不存在';
export const MSG_COUPON_UNAVAILABLE = '优惠券不可用';
export const MSG_ADDRESS_NOT_FOUND = '收货地址不存在';
export const MSG_MEMBER_NOT_FOUND = '会员不存在';
export const MSG_CUSTOMER_NOT_FOUND = '客户不存在';
export const MSG_HAS_REFUND = '订单已有退款，不能发货';
export const MSG_EXPRESS_NOT_FOUND = '快递公司不存在或已停用';
export const MSG_ADJUSTED_ONCE = '订单已调价，不能再次调价';
export const MSG_NOT_OFFLINE = '只有线下订单可以确认付款';
export const MSG_NO_ADDRESS = '订单没有收货地址，不能快递发货';
export const MSG_EXPRESS_REQUIRED = '请选择快递公司并填写快递单号';
export const MSG_PICKUP_BY_VERIFY = '到店自提订单由门店核销完成，不能发货';

export interface OrderLineInput {
  skuId: string;
  count: number;
  /** Offline orders only: the price the staff agreed (yuan). */
  price?: string;
}

export interface Receiver {
  receiverName: string;
  receiverMobile: string;
  receiverAreaId: string;
  receiverDetailAddress: string;
}

export interface NewOrder {
  type: (typeof ORDER_TYPE)[keyof typeof ORDER_TYPE];
  memberId: string | null;
  customerId: string | null;
  lines: readonly OrderLineInput[];
  receiver: Receiver | null;
  usePoint: number;
  /** The member coupon the buyer chose (mini-program orders), or null. */
  couponId: string | null;
  userRemark: string | null;
  /** Offline orders record how they are paid; online ones their channel on payment. */
  payChannel: string | null;
  /** 配送方式 (default 快递发货: a mini-program order ships to its address). */
  deliveryType?: DeliveryType;
}

export interface CreatedOrder {
  id: string;
  no: string;
  payPrice: number;
}

const money = (value: Decimal): string => value.toFixed(2);

/** Lines merged per SKU (a SKU asked twice is one line), in the order first asked. */
function mergeLines(lines: readonly OrderLineInput[]): OrderLineInput[] {
  const merged = new Map<string, OrderLineInput>();
  for (const line of lines) {
    const found = merged.get(line.skuId);
    merged.set(line.skuId, found === undefined ? { ...line } : { ...found, count: found.count + line.count });
  }
  return [...merged.values()];
}

async function buyerOf(trx: Transaction<Database>, deps: OrderDeps, tenantId: number, order: NewOrder): Promise<{ name: string; discountPercent: number }> {
  if (order.memberId !== null) {
    const member = await deps.members.summary(trx, tenantId, order.memberId);
    if (member === undefined) throw businessError(MSG_MEMBER_NOT_FOUND);
    return { name: [member.name, member.mobile].filter((part) => part !== null && part !== '').join(' '), discountPercent: member.discountPercent };
  }
  if (order.customerId === null) throw businessError(MSG_MEMBER_NOT_FOUND);
  const customer = await deps.members.customer(trx, tenantId, order.customerId);
  if (customer === undefined) throw businessError(MSG_CUSTOMER_NOT_FOUND);
  return { name: customer.name, discountPercent: 100 };
}

function itemRow(actor: Actor, orderId: string, memberId: string | null, snapshot: SkuSnapshot, price: string, count: number, amounts: PricedAmounts, gift: boolean) {
  // The SPU's 赠送积分 of what the buyer bought (a gift line gives none), fixed now: a later edit of the SPU does not change it.
  const givePoint = gift || memberId === null ? 0 : snapshot.giveIntegral * count;
  return sql`(${newId()}, ${orderId}, ${memberId}, ${snapshot.spuId}, ${snapshot.skuId}, ${snapshot.picUrl}, ${snapshot.spuName}, ${snapshot.specText},
    ${price}::numeric, ${count}, ${money(amounts.discountPrice)}::numeric, ${money(amounts.couponPrice)}::numeric, ${money(amounts.pointPrice)}::numeric,
    ${money(amounts.vipPrice)}::numeric, ${money(amounts.deliveryPrice)}::numeric, ${money(amounts.adjustPrice)}::numeric, ${money(amounts.payPrice)}::numeric,
    '0', ${gift}, ${givePoint}, ${actor.operator}, now(), ${actor.tenantId})`;
}

/** Writes the log row of a step that is not a transition (creation, 备注). */
async function logStep(trx: Transaction<Database>, actor: Actor, orderId: string, action: string, before: string | null, after: string, content: string): Promise<void> {
  await sql`insert into sale_order_log (id, order_id, action, before_status, after_status, content, create_by, create_time, tenant_id)
    values (${newId()}, ${orderId}, ${action}, ${before}, ${after}, ${content}, ${actor.operator}, now(), ${actor.tenantId})`.execute(trx);
}

/** What the promotions add to a mini-program order: their plan and the gift lines' snapshots (gifts without stock left out). */
async function promotionsOf(
  trx: Transaction<Database>,
  deps: OrderDeps,
  tenantId: number,
  order: NewOrder,
  lines: readonly OrderLineInput[],
  snapshots: readonly SkuSnapshot[],
): Promise<{ plan: PromotionPlan | null; gifts: SkuSnapshot[]; giftCounts: number[] }> {
  const provider = deps.hooks.promotions();
  const online = order.type !== ORDER_TYPE.offline && order.memberId !== null;
  if (provider === null || !online || order.memberId === null) {
    if (order.couponId !== null) throw businessError(MSG_COUPON_UNAVAILABLE);
    return { plan: null, gifts: [], giftCounts: [] };
  }
  const plan = await provider.plan(trx, {
    tenantId,
    memberId: order.memberId,
    couponId: order.couponId,
    lines: lines.map((line, index) => {
      const snapshot = snapshots[index];
      return { skuId: line.skuId, spuId: snapshot?.spuId ?? '', categoryId: snapshot?.categoryId ?? null, price: snapshot?.price ?? '0', count: line.count };
    }),
  });
  const giftSnapshots = await deps.stock.snapshots(trx, tenantId, plan.gifts.map((gift) => gift.skuId));
  const gifts: SkuSnapshot[] = [];
  const giftCounts: number[] = [];
  for (const gift of plan.gifts) {
    const snapshot = giftSnapshots.find((candidate) => candidate.skuId === gift.skuId);
    // A gift the shop has run out of is left out rather than refusing the buyer's order.
    if (snapshot === undefined || snapshot.available < gift.count || lines.some((line) => line.skuId === gift.skuId)) continue;
    gifts.push(snapshot);
    giftCounts.push(gift.count);
  }
  return { plan, gifts, giftCounts };
}

/** An order priced but not written: the lines (gifts last), their snapshots and prices, the promotions' plan, the amounts. */
export interface OrderQuote {
  buyerName: string;
  lines: OrderLineInput[];
  snapshots: SkuSnapshot[];
  prices: string[];
  /** How many of the lines the buyer chose (the rest are gifts). */
  boughtCount: number;
  plan: PromotionPlan | null;
  priced: PricedOrder;
}

/**
 * Prices an order without writing it (the mini-program's settlement preview, and the first half of
 * createOrder): snapshots the SKUs, applies the promotions (campaign, coupon, gifts), the level
 * discount, points and freight.
 */
export async function quoteOrder(trx: Transaction<Database>, deps: OrderDeps, actor: Actor, order: NewOrder): Promise<OrderQuote> {
  const bought = mergeLines(order.lines);
  if (bought.length === 0) throw businessError('订单没有商品');
  const boughtSnapshots = await deps.stock.snapshots(trx, actor.tenantId, bought.map((line) => line.skuId));
  if (boughtSnapshots.length !== bought.length || boughtSnapshots.some((snapshot) => !snapshot.onShelf)) throw businessError(MSG_SKU_GONE);
  const buyer = await buyerOf(trx, deps, actor.tenantId, order);
  const promotions = await promotionsOf(trx, deps, actor.tenantId, order, bought, boughtSnapshots);
  const plan = promotions.plan;
  const lines: OrderLineInput[] = [...bought, ...promotions.gifts.map((gift, index) => ({ skuId: gift.skuId, count: promotions.giftCounts[index] ?? 1, price: '0' }))];
  const snapshots = [...boughtSnapshots, ...promotions.gifts];
  const zeroForGifts = (values: readonly string[]): string[] => [...values, ...promotions.gifts.map(() => '0')];
  const prices = lines.map((line, index) => new Decimal(line.price ?? snapshots[index]?.price ?? '0').toFixed(2));
  const offline = order.type === ORDER_TYPE.offline;
  // Freight only for a mini-program order's goods sent to its address, unless the campaign waives it: an offline
  // order's prices are agreed by the staff, who adjust them when shipping costs the shop.
  const deliveryPrice =
    order.receiver === null || offline || plan?.freeDelivery === true
      ? new Decimal(0)
      : await deliveryPriceFor(
          trx,
          actor.tenantId,
          order.receiver.receiverAreaId,
          lines.map((line, index) => ({
            count: line.count,
            amount: new Decimal(prices[index] ?? '0').times(line.count),
            templateId: snapshots[index]?.deliveryTemplateId ?? null,
            weight: snapshots[index]?.weight ?? '0',
            volume: snapshots[index]?.volume ?? '0',
          })),
        );
  const priced = priceOrder({
    lines: lines.map((line, index) => ({ price: prices[index] ?? '0', count: line.count })),
    ...(plan === null ? {} : { discountLines: zeroForGifts(plan.discountLines), couponLines: zeroForGifts(plan.couponLines) }),
    usePoint: order.usePoint,
    pointsPerYuan: pointsPerYuan(),
    // Offline prices are agreed by the staff; the level discount is the mini-program's.
    discountPercent: offline ? 100 : buyer.discountPercent,
    deliveryPrice,
  });
  return { buyerName: buyer.name, lines, snapshots, prices, boughtCount: bought.length, plan, priced };
}

/**
 * Places an order: prices it (quoteOrder), writes the order and its lines (gifts as 0-priced lines),
 * reserves the stock, spends the points and uses the coupon, all in the caller's transaction.
 */
export async function createOrder(trx: Transaction<Database>, deps: OrderDeps, actor: Actor, order: NewOrder): Promise<CreatedOrder> {
  const { buyerName, lines, snapshots, prices, boughtCount, plan, priced } = await quoteOrder(trx, deps, actor, order);
  const offline = order.type === ORDER_TYPE.offline;
  const id = newId();
  const no = await nextDocumentNo(trx, actor.tenantId, 'SO', actor.at);
  const productCount = lines.reduce((sum, line) => sum + line.count, 0);
  const spuNames = [...new Set(snapshots.map((snapshot) => snapshot.spuName))].join('，').slice(0, 1000);
  const receiver = order.receiver;
  await sql`insert into sale_order (id, no, type, terminal, member_id, customer_id, buyer_name, spu_names, product_count, status, refund_status,
      pay_channel, delivery_type, receiver_name, receiver_mobile, receiver_area_id, receiver_detail_address, user_remark, use_point, give_point,
      total_price, discount_price, coupon_price, point_price, vip_price, delivery_price, adjust_price, pay_price, refund_price, coupon_id, create_by, create_time, tenant_id)
    values (${id}, ${no}, ${order.type}, ${offline ? TERMINAL.backOffice : TERMINAL.miniProgram}, ${order.memberId}, ${order.customerId}, ${buyerName.slice(0, 100)},
      ${spuNames}, ${productCount}, ${ORDER_STATUS.unpaid}, ${ORDER_REFUND_STATUS.none}, ${order.payChannel}, ${order.deliveryType ?? DELIVERY_TYPE.express},
      ${receiver?.receiverName ?? null}, ${receiver?.receiverMobile ?? null}, ${receiver?.receiverAreaId ?? null}, ${receiver?.receiverDetailAddress ?? null},
      ${order.userRemark}, ${priced.usePoint}, 0, ${money(priced.totalPrice)}::numeric, ${money(priced.discountPrice)}::numeric, ${money(priced.couponPrice)}::numeric,
      ${money(priced.pointPrice)}::numeric, ${money(priced.vipPrice)}::numeric, ${money(priced.deliveryPrice)}::numeric, ${money(priced.adjustPrice)}::numeric,
      ${money(priced.payPrice)}::numeric, 0, ${plan?.couponId ?? null}, ${actor.operator}, now(), ${actor.tenantId})`.execute(trx);
  const rows = lines.map((line, index) => {
    const snapshot = snapshots[index];
    const amounts = priced.lines[index];
    if (snapshot === undefined || amounts === undefined) throw businessError(MSG_SKU_GONE);
    return itemRow(actor, id, order.memberId, snapshot, prices[index] ?? '0.00', line.count, amounts, index >= boughtCount);
  });
  await sql`insert into sale_order_item (id, order_id, member_id, spu_id, sku_id, pic_url, spu_name, spec_text, price, count, discount_price, coupon_price,
      point_price, vip_price, delivery_price, adjust_price, pay_price, after_sale_status, gift, give_point, create_by, create_time, tenant_id) values ${sql.join(rows)}`.execute(trx);

  await deps.stock.reserve(trx, actor.tenantId, lines);
  if (priced.usePoint > 0 && order.memberId !== null) {
    await deps.members.postPoints(trx, { ownerId: order.memberId, change: -priced.usePoint, biz: 'orderUse', bizId: id, title: `订单 ${no} 积分抵扣`, operator: actor.operator, tenantId: actor.tenantId });
  }
  // The gifts are the lines after the bought ones.
  const gifts = lines.slice(boughtCount).map((line) => ({ skuId: line.skuId, count: line.count }));
  const event: CommittedOrder = { tenantId: actor.tenantId, orderId: id, orderNo: no, memberId: order.memberId, operator: actor.operator, gifts };
  if (plan !== null) await deps.hooks.promotions()?.commit(trx, event, plan);
  await logStep(trx, actor, id, 'create', null, ORDER_STATUS.unpaid, plan === null || plan.summary === '' ? '创建订单' : `创建订单：${plan.summary}`);
  return { id, no, payPrice: Number(money(priced.payPrice)) };
}

export interface OrderRow {
  id: string;
  no: string;
  type: string;
  status: string;
  member_id: string | null;
  pay_price: string;
  adjust_price: string;
  use_point: number;
  refund_status: string;
  pay_channel: string | null;
  delivery_type: string | null;
  receiver_detail_address: string | null;
  /** 到店自提 at this store (server/pickup/): completed by 门店核销, never by 发货. */
  pickup_store_id: string | null;
}

/** The order (locked for the rest of the transaction), or 订单不存在; a member sees only their own. */
export async function lockOrder(trx: Transaction<Database>, tenantId: number, orderId: string, memberId?: string): Promise<OrderRow> {
  const found = await sql<OrderRow>`select id, no, type, status, member_id, pay_price::text as pay_price, adjust_price::text as adjust_price, use_point,
      refund_status, pay_channel, delivery_type, receiver_detail_address, pickup_store_id
    from sale_order where id = ${orderId} and tenant_id = ${tenantId} for update`.execute(trx);
  const row = found.rows[0];
  if (row === undefined || (memberId !== undefined && row.member_id !== memberId)) throw businessError(MSG_ORDER_NOT_FOUND);
  return row;
}

async function stockLines(trx: Transaction<Database>, tenantId: number, orderId: string): Promise<StockLine[]> {
  const found = await sql<{ sku_id: string; count: number }>`select sku_id, count from sale_order_item where order_id = ${orderId} and tenant_id = ${tenantId} order by id`.execute(trx);
  return found.rows.map((row) => ({ skuId: row.sku_id, count: row.count }));
}

/**
 * The order is paid (the demo channel at once, a real channel from its callback, staff confirming an
 * offline payment): 待付款 → 待发货, a pay record, the reserved stock leaves, points and growth are given.
 * A repeated callback for an order already paid with the same trade number is answered as done.
 */
export async function onPaid(trx: Transaction<Database>, deps: OrderDeps, actor: Actor, orderId: string, channel: string, tradeNo: string): Promise<void> {
  const order = await lockOrder(trx, actor.tenantId, orderId);
  const repeated = await sql<{ id: string }>`select id from sale_pay_record where order_id = ${orderId} and tenant_id = ${actor.tenantId}
    and channel_trade_no = ${tradeNo} and status = ${PAY_STATUS.success}`.execute(trx);
  if (repeated.rows.length > 0) return;
  const payPrice = new Decimal(order.pay_price);
  const reward = order.member_id === null ? 0 : rewardFor(payPrice);
  await transitionInTransaction(trx, orderMachine, {
    id: orderId,
    tenantId: actor.tenantId,
    action: 'pay',
    operator: actor.operator,
    // The log says how it was paid by name (支付：现金 91.00 元), as the order detail shows it.
    content: `${payChannelName(channel)} ${payPrice.toFixed(2)} 元`,
    // Paid through WeChat Pay: its shipment is to be recorded with WeChat once it ships (payments/wechat-shipping.ts).
    set: { pay_time: sql`now()`, pay_channel: channel, give_point: reward, ...(channel === 'wechat' ? { wx_shipping_status: WX_SHIPPING.pending } : {}) },
  });
  // A real channel's payment was recorded 待支付 when the buyer started it (payments/online-pay.ts): it is the one that succeeded.
  const waiting = await sql<{ id: string }>`update sale_pay_record set status = ${PAY_STATUS.success}, channel_trade_no = ${tradeNo}, price = ${payPrice.toFixed(2)}::numeric,
      success_time = now(), update_by = ${actor.operator}, update_time = now()
    where order_id = ${orderId} and tenant_id = ${actor.tenantId} and channel = ${channel} and status = ${PAY_STATUS.waiting} returning id`.execute(trx);
  if (waiting.rows.length === 0) {
    await sql`insert into sale_pay_record (id, order_id, order_no, channel, price, status, channel_trade_no, success_time, create_by, create_time, tenant_id)
      values (${newId()}, ${orderId}, ${order.no}, ${channel}, ${payPrice.toFixed(2)}::numeric, ${PAY_STATUS.success}, ${tradeNo}, now(), ${actor.operator}, now(), ${actor.tenantId})`.execute(trx);
  }
  // Another channel's payment started and never finished is closed with the order's payment.
  await sql`update sale_pay_record set status = ${PAY_STATUS.closed}, update_time = now() where order_id = ${orderId} and tenant_id = ${actor.tenantId} and status = ${PAY_STATUS.waiting}`.execute(trx);
  await deps.stock.deductReserved(trx, actor.tenantId, await stockLines(trx, actor.tenantId, orderId), { bizId: orderId, operator: actor.operator });
  if (order.member_id !== null && reward > 0) {
    const posting = { ownerId: order.member_id, change: reward, bizId: orderId, operator: actor.operator, tenantId: actor.tenantId };
    await deps.members.postPoints(trx, { ...posting, biz: 'orderReward', title: `订单 ${order.no} 积分奖励` });
    await deps.members.postExperience(trx, { ...posting, biz: 'order', title: `订单 ${order.no} 成长值` });
  }
  await deps.hooks.paid(trx, { ...eventOf(actor, order), payPrice: payPrice.toFixed(2), items: await paidItemsOf(trx, actor.tenantId, orderId) });
}

/** The order as the other plugins' hooks are told of it. */
export function eventOf(actor: Actor, order: Pick<OrderRow, 'id' | 'no' | 'member_id'>): OrderEvent {
  return { tenantId: actor.tenantId, orderId: order.id, orderNo: order.no, memberId: order.member_id, operator: actor.operator };
}

/** Closes an unpaid order (buyer, staff or timeout): the reservation and the points spent go back. */
export async function closeOrder(
  trx: Transaction<Database>,
  deps: OrderDeps,
  actor: Actor,
  orderId: string,
  cancelType: (typeof CANCEL_TYPE)[keyof typeof CANCEL_TYPE],
  reason: string,
  memberId?: string,
): Promise<void> {
  const order = await lockOrder(trx, actor.tenantId, orderId, memberId);
  await transitionInTransaction(trx, orderMachine, { id: orderId, tenantId: actor.tenantId, action: 'close', operator: actor.operator, content: reason, set: { cancel_type: cancelType } });
  await deps.stock.release(trx, actor.tenantId, await stockLines(trx, actor.tenantId, orderId));
  if (order.member_id !== null && order.use_point > 0) {
    await deps.members.postPoints(trx, {
      ownerId: order.member_id,
      change: order.use_point,
      biz: 'orderUseCancel',
      bizId: orderId,
      title: `订单 ${order.no} 关闭，退还积分`,
      operator: actor.operator,
      tenantId: actor.tenantId,
    });
  }
  await deps.hooks.closed(trx, eventOf(actor, order));
}

/**
 * 已发货 → 已完成 (the buyer, or the auto-receive job): the goods' 赠送积分 (the SPUs' points snapshotted on
 * the lines) is granted now, with its points-ledger row, for every line not refunded by then.
 */
export async function receiveOrder(trx: Transaction<Database>, deps: OrderDeps, actor: Actor, orderId: string, memberId?: string, content?: string): Promise<void> {
  const order = await lockOrder(trx, actor.tenantId, orderId, memberId);
  await transitionInTransaction(trx, orderMachine, {
    id: orderId,
    tenantId: actor.tenantId,
    action: 'receive',
    operator: actor.operator,
    ...(content === undefined ? {} : { content }),
    set: { receive_time: sql`now()`, finish_time: sql`now()` },
  });
  await grantGoodsPoints(trx, deps, actor, order);
}

/**
 * The goods' 赠送积分 of an order that completes (收货, or 门店核销 of a pickup order): the SPUs' points snapshotted on the
 * lines, with its points-ledger row, for every line not refunded by then.
 */
export async function grantGoodsPoints(trx: Transaction<Database>, deps: OrderDeps, actor: Actor, order: Pick<OrderRow, 'id' | 'no' | 'member_id'>): Promise<void> {
  const orderId = order.id;
  if (order.member_id === null) return;
  const granted = await sql<{ points: number }>`select coalesce(sum(give_point), 0)::int as points from sale_order_item
    where order_id = ${orderId} and tenant_id = ${actor.tenantId} and after_sale_status <> ${ITEM_AFTER_SALE.done}`.execute(trx);
  const points = granted.rows[0]?.points ?? 0;
  if (points > 0) {
    await deps.members.postPoints(trx, { ownerId: order.member_id, change: points, biz: 'orderReward', bizId: orderId, title: `订单 ${order.no} 商品赠送积分`, operator: actor.operator, tenantId: actor.tenantId });
  }
}

/** How an order ships: by an express company with its waybill number, or (到店自提 / 无需物流) without. */
export type Shipment = { expressId: string; logisticsNo: string } | null;

/**
 * 发货: a paid order without any refund. By express it needs a known express company, a waybill number and
 * an address to send to (an offline order entered without one is refused, never shipped to 无收货信息); an
 * order for 到店自提 or 无需物流 is handed over without them.
 */
export async function deliverOrder(trx: Transaction<Database>, actor: Actor, orderId: string, shipment: Shipment): Promise<void> {
  const order = await lockOrder(trx, actor.tenantId, orderId);
  if (order.pickup_store_id !== null) throw businessError(MSG_PICKUP_BY_VERIFY);
  if (order.refund_status !== ORDER_REFUND_STATUS.none) throw businessError(MSG_HAS_REFUND);
  const handedOver = order.delivery_type === DELIVERY_TYPE.pickUp || order.delivery_type === DELIVERY_TYPE.none;
  if (shipment === null) {
    if (!handedOver) throw businessError(MSG_EXPRESS_REQUIRED);
    await transitionInTransaction(trx, orderMachine, {
      id: orderId,
      tenantId: actor.tenantId,
      action: 'deliver',
      operator: actor.operator,
      content: order.delivery_type === DELIVERY_TYPE.pickUp ? '到店自提' : '无需物流',
      set: { delivery_time: sql`now()` },
    });
    return;
  }
  if ((order.receiver_detail_address ?? '').trim() === '') throw businessError(MSG_NO_ADDRESS);
  const { expressId, logisticsNo } = shipment;
  const express = await sql<{ name: string }>`select name from sale_express where id = ${expressId} and tenant_id = ${actor.tenantId} and status = '1'`.execute(trx);
  const company = express.rows[0];
  if (company === undefined) throw businessError(MSG_EXPRESS_NOT_FOUND);
  await transitionInTransaction(trx, orderMachine, {
    id: orderId,
    tenantId: actor.tenantId,
    action: 'deliver',
    operator: actor.operator,
    content: `${company.name} ${logisticsNo}`,
    set: { express_id: expressId, logistics_no: logisticsNo, delivery_type: DELIVERY_TYPE.express, delivery_time: sql`now()` },
  });
}

/** 调价: once, while unpaid; the adjustment is split over the lines and the result stays above zero. */
export async function adjustOrderPrice(trx: Transaction<Database>, actor: Actor, orderId: string, adjust: Decimal): Promise<void> {
  const order = await lockOrder(trx, actor.tenantId, orderId);
  await transitionInTransaction(trx, orderMachine, { id: orderId, tenantId: actor.tenantId, action: 'adjustPrice', operator: actor.operator, content: `${adjust.toFixed(2)} 元` });
  if (!new Decimal(order.adjust_price).isZero()) throw businessError(MSG_ADJUSTED_ONCE);
  const items = await sql<{ id: string; pay_price: string; adjust_price: string }>`select id, pay_price::text as pay_price, adjust_price::text as adjust_price
    from sale_order_item where order_id = ${orderId} and tenant_id = ${actor.tenantId} order by id`.execute(trx);
  const adjusted = applyAdjustment(
    items.rows.map((row) => ({ payPrice: new Decimal(row.pay_price), adjustPrice: new Decimal(row.adjust_price) })),
    adjust,
  );
  for (const [index, row] of items.rows.entries()) {
    const line = adjusted.lines[index];
    if (line === undefined) continue;
    await sql`update sale_order_item set adjust_price = ${money(line.adjustPrice)}::numeric, pay_price = ${money(line.payPrice)}::numeric where id = ${row.id}`.execute(trx);
  }
  await sql`update sale_order set adjust_price = ${money(adjusted.adjustPrice)}::numeric, pay_price = ${money(adjusted.payPrice)}::numeric
    where id = ${orderId} and tenant_id = ${actor.tenantId}`.execute(trx);
}

/** 修改地址: only while waiting to be shipped. */
export async function updateOrderAddress(trx: Transaction<Database>, actor: Actor, orderId: string, receiver: Receiver, version?: string): Promise<void> {
  // The dialog's version: refused when the order was edited since it was read.
  await lockAtVersion(trx, { table: 'sale_order', id: orderId, where: [sql`tenant_id = ${actor.tenantId}`] }, version);
  await lockOrder(trx, actor.tenantId, orderId);
  await transitionInTransaction(trx, orderMachine, {
    id: orderId,
    tenantId: actor.tenantId,
    action: 'updateAddress',
    operator: actor.operator,
    content: `${receiver.receiverName} ${receiver.receiverMobile} ${receiver.receiverDetailAddress}`.slice(0, 400),
    set: {
      receiver_name: receiver.receiverName,
      receiver_mobile: receiver.receiverMobile,
      receiver_area_id: receiver.receiverAreaId,
      receiver_detail_address: receiver.receiverDetailAddress,
      update_by: actor.operator,
      update_time: sql`now()`,
    },
  });
}

/** 备注: allowed in every state; a plain update with its log row. */
export async function remarkOrder(trx: Transaction<Database>, actor: Actor, orderId: string, remark: string, version?: string): Promise<void> {
  await lockAtVersion(trx, { table: 'sale_order', id: orderId, where: [sql`tenant_id = ${actor.tenantId}`] }, version);
  const order = await lockOrder(trx, actor.tenantId, orderId);
  await sql`update sale_order set remark = ${remark}, update_by = ${actor.operator}, update_time = now() where id = ${orderId} and tenant_id = ${actor.tenantId}`.execute(trx);
  await logStep(trx, actor, orderId, REMARK_ACTION, order.status, order.status, `备注：${remark}`.slice(0, 500));
}

/** 确认付款 of an offline order: the same onPaid path, with the order's own pay type as the channel. */
export async function confirmOfflinePayment(trx: Transaction<Database>, deps: OrderDeps, actor: Actor, orderId: string): Promise<void> {
  const order = await lockOrder(trx, actor.tenantId, orderId);
  if (order.type !== ORDER_TYPE.offline) throw businessError(MSG_NOT_OFFLINE);
  await onPaid(trx, deps, actor, orderId, order.pay_channel ?? 'cash', `OFFLINE${newId()}`);
}

/** The member's address as the order's receiver (it must be theirs). */
export async function receiverFromAddress(trx: Transaction<Database>, deps: OrderDeps, tenantId: number, memberId: string, addressId: string): Promise<Receiver> {
  const found = await deps.members.address(trx, tenantId, memberId, addressId);
  if (found === undefined) throw businessError(MSG_ADDRESS_NOT_FOUND);
  return { receiverName: found.name, receiverMobile: found.mobile, receiverAreaId: found.areaId, receiverDetailAddress: found.detailAddress };
}
