import Decimal from 'decimal.js';
import { sql, type Transaction } from 'kysely';
import { allowedActions, businessError, newId, refusalFor, transitionInTransaction, type Database } from '../../../../server/kit';
import { AFTER_SALE_STATUS, AFTER_SALE_WAY, ORDER_REFUND_STATUS, ORDER_STATUS } from '../../entities';
import { afterSaleMachine, type AfterSaleAction, type AfterSaleState } from './machine';
import { CANCEL_TYPE, ITEM_AFTER_SALE, REFUND_STATUS } from '../dicts';
import { nextDocumentNo } from '../order-numbers';
import { orderMachine, type OrderState } from '../sales/machine';
import { eventOf, lockOrder, type Actor, type OrderDeps, type OrderRow } from '../sales/service';
import { ChannelFailure } from '../channels/contract';
import { MSG_NO_PAY_CHANNEL, refundChannel } from '../payments/pay-channels';
import { NOTIFY_PATHS } from '../payments/channel-set';
import { outTradeNoOf } from '../payments/out-trade-no';

/**
 * After-sales (docs/reference/business-domains.md §3): a buyer asks for one order line back (refund only, or return and
 * refund), the shop agrees or refuses, receives the goods, and refunds through a refund order. On the
 * refund the line is 售后成功, the order's refund amount and status follow (all lines refunded closes it,
 * 全部售后), stock comes back when the goods did (or never left), and the points and growth the order
 * gave go back in proportion while the points it used are returned.
 */

export const MSG_ITEM_NOT_FOUND = '订单商品不存在';
export const MSG_ITEM_HAS_AFTER_SALE = '该商品已申请售后';
export const MSG_RETURN_NEEDS_DELIVERY = '订单未发货，只能申请仅退款';
export const msgRefundTooMuch = (max: string) => `退款金额须大于 0 且不超过商品实付金额 ${max} 元`;
export const msgOrderCannotAfterSale = (state: string) => `订单当前状态为「${state}」，不能申请售后`;

export interface NewAfterSale {
  orderItemId: string;
  way: string;
  refundPrice: Decimal;
  applyReason: string;
  applyDescription: string | null;
}

interface ItemRow {
  id: string;
  order_id: string;
  sku_id: string;
  spu_name: string | null;
  spec_text: string | null;
  pic_url: string | null;
  count: number;
  pay_price: string;
  after_sale_status: string;
}

/** The line (locked unless only probed: the order is always locked first, then its line). */
async function lockItem(trx: Transaction<Database>, tenantId: number, itemId: string, memberId: string, lock = true): Promise<ItemRow> {
  const found = await sql<ItemRow>`select id, order_id, sku_id, spu_name, spec_text, pic_url, count, pay_price::text as pay_price, after_sale_status
    from sale_order_item where id = ${itemId} and tenant_id = ${tenantId} and member_id = ${memberId} ${lock ? sql`for update` : sql``}`.execute(trx);
  const row = found.rows[0];
  if (row === undefined) throw businessError(MSG_ITEM_NOT_FOUND);
  return row;
}

async function logCreate(trx: Transaction<Database>, actor: Actor, afterSaleId: string, content: string): Promise<void> {
  await sql`insert into sale_after_sale_log (id, after_sale_id, action, before_status, after_status, content, create_by, create_time, tenant_id)
    values (${newId()}, ${afterSaleId}, 'create', null, ${AFTER_SALE_STATUS.applied}, ${content}, ${actor.operator}, now(), ${actor.tenantId})`.execute(trx);
}

/** The buyer applies for one line of a paid order. */
export async function createAfterSale(trx: Transaction<Database>, actor: Actor, memberId: string, input: NewAfterSale): Promise<{ id: string; no: string }> {
  const probe = await lockItem(trx, actor.tenantId, input.orderItemId, memberId, false);
  const order = await lockOrder(trx, actor.tenantId, probe.order_id, memberId);
  const item = await lockItem(trx, actor.tenantId, input.orderItemId, memberId);
  const state = order.status as OrderState;
  if (![ORDER_STATUS.undelivered, ORDER_STATUS.delivered, ORDER_STATUS.completed].includes(order.status as '10')) throw businessError(msgOrderCannotAfterSale(orderMachine.states[state] ?? order.status));
  if (item.after_sale_status !== ITEM_AFTER_SALE.none) throw businessError(MSG_ITEM_HAS_AFTER_SALE);
  const max = new Decimal(item.pay_price);
  if (!input.refundPrice.greaterThan(0) || input.refundPrice.greaterThan(max)) throw businessError(msgRefundTooMuch(max.toFixed(2)));
  if (input.way === AFTER_SALE_WAY.returnAndRefund && order.status === ORDER_STATUS.undelivered) throw businessError(MSG_RETURN_NEEDS_DELIVERY);
  const id = newId();
  const no = await nextDocumentNo(trx, actor.tenantId, 'AS', actor.at);
  const buyer = await sql<{ buyer_name: string | null }>`select buyer_name from sale_order where id = ${order.id}`.execute(trx);
  // 售中 while the order is not finished, 售后 after.
  const type = order.status === ORDER_STATUS.completed ? '20' : '10';
  await sql`insert into sale_after_sale (id, no, status, way, type, member_id, buyer_name, order_id, order_no, order_item_id, sku_id, pic_url, spu_name, spec_text,
      count, refund_price, apply_reason, apply_description, create_by, create_time, tenant_id)
    values (${id}, ${no}, ${AFTER_SALE_STATUS.applied}, ${input.way}, ${type}, ${memberId}, ${buyer.rows[0]?.buyer_name ?? null}, ${order.id}, ${order.no}, ${item.id},
      ${item.sku_id}, ${item.pic_url}, ${item.spu_name}, ${item.spec_text}, ${item.count}, ${input.refundPrice.toFixed(2)}::numeric, ${input.applyReason},
      ${input.applyDescription}, ${actor.operator}, now(), ${actor.tenantId})`.execute(trx);
  await sql`update sale_order_item set after_sale_status = ${ITEM_AFTER_SALE.open}, after_sale_id = ${id} where id = ${item.id}`.execute(trx);
  await syncAfterSaleOpen(trx, order.id);
  await logCreate(trx, actor, id, `申请售后：${input.applyReason}`);
  return { id, no };
}

interface AfterSaleRow {
  id: string;
  no: string;
  status: string;
  way: string;
  member_id: string | null;
  order_id: string;
  order_item_id: string;
  sku_id: string;
  count: number;
  refund_price: string;
}

async function findAfterSale(trx: Transaction<Database>, tenantId: number, id: string, memberId?: string): Promise<AfterSaleRow> {
  const owner = memberId === undefined ? sql`true` : sql`member_id = ${memberId}`;
  const found = await sql<AfterSaleRow>`select id, no, status, way, member_id, order_id, order_item_id, sku_id, count, refund_price::text as refund_price
    from sale_after_sale where id = ${id} and tenant_id = ${tenantId} and ${owner}`.execute(trx);
  const row = found.rows[0];
  if (row === undefined) throw businessError(afterSaleMachine.notFound);
  return row;
}

/**
 * Keeps the order's 退款中 flag (the list's tab) true exactly while one of its lines has an after-sale in
 * progress: set when one opens, read again from the lines when one closes or is refunded.
 */
async function syncAfterSaleOpen(trx: Transaction<Database>, orderId: string): Promise<void> {
  await sql`update sale_order set after_sale_open = exists (select 1 from sale_order_item where order_id = ${orderId} and after_sale_status = ${ITEM_AFTER_SALE.open})
    where id = ${orderId}`.execute(trx);
}

/** A closed after-sale (refused, cancelled) frees the line for another application. */
async function freeItem(trx: Transaction<Database>, afterSale: Pick<AfterSaleRow, 'order_id' | 'order_item_id'>): Promise<void> {
  await sql`update sale_order_item set after_sale_status = ${ITEM_AFTER_SALE.none}, after_sale_id = null where id = ${afterSale.order_item_id}`.execute(trx);
  await syncAfterSaleOpen(trx, afterSale.order_id);
}

async function step(trx: Transaction<Database>, actor: Actor, id: string, action: AfterSaleAction, content?: string, set?: Record<string, ReturnType<typeof sql> | string | null>): Promise<void> {
  await transitionInTransaction(trx, afterSaleMachine, { id, tenantId: actor.tenantId, action, operator: actor.operator, ...(content === undefined ? {} : { content }), ...(set === undefined ? {} : { set }) });
}

export async function agreeAfterSale(trx: Transaction<Database>, actor: Actor, id: string): Promise<void> {
  const afterSale = await findAfterSale(trx, actor.tenantId, id);
  await step(trx, actor, id, afterSale.way === AFTER_SALE_WAY.returnAndRefund ? 'agreeReturn' : 'agreeRefund', undefined, { audit_time: sql`now()` });
}

export async function disagreeAfterSale(trx: Transaction<Database>, actor: Actor, id: string, reason: string): Promise<void> {
  const afterSale = await findAfterSale(trx, actor.tenantId, id);
  await step(trx, actor, id, 'disagree', reason, { audit_time: sql`now()`, audit_reason: reason });
  await freeItem(trx, afterSale);
}

export async function buyerDelivery(trx: Transaction<Database>, actor: Actor, memberId: string, id: string, expressId: string, logisticsNo: string): Promise<void> {
  await findAfterSale(trx, actor.tenantId, id, memberId);
  await step(trx, actor, id, 'buyerDelivery', logisticsNo, { logistics_express_id: expressId, logistics_no: logisticsNo });
}

export async function buyerCancelAfterSale(trx: Transaction<Database>, actor: Actor, memberId: string, id: string): Promise<void> {
  const afterSale = await findAfterSale(trx, actor.tenantId, id, memberId);
  await step(trx, actor, id, 'buyerCancel');
  await freeItem(trx, afterSale);
}

export async function receiveReturn(trx: Transaction<Database>, actor: Actor, id: string): Promise<void> {
  await findAfterSale(trx, actor.tenantId, id);
  await step(trx, actor, id, 'receive', undefined, { receive_time: sql`now()` });
}

export async function refuseReturn(trx: Transaction<Database>, actor: Actor, id: string, reason: string): Promise<void> {
  const afterSale = await findAfterSale(trx, actor.tenantId, id);
  await step(trx, actor, id, 'refuseReceive', reason, { receive_time: sql`now()`, receive_reason: reason });
  await freeItem(trx, afterSale);
}

/** What 确认退款 (or 重试退款) came to: the money went back, the channel took it and will confirm later, or it refused and said why. */
export type RefundOutcome = { refunded: true } | { refunded: false; processing: true } | { refunded: false; failure: string };

export const msgRefundFailed = (failure: string) => `退款失败：${failure}`;
export const MSG_REFUND_NOT_FAILED = '只有退款失败的退款单可以重试';
export const MSG_REFUND_PROCESSING = '退款处理中，等待支付渠道确认';

interface PendingRefund {
  id: string;
  no: string;
}

/** The after-sale's refund order that failed before (retried under the same number), if any. */
async function failedRefundOf(trx: Transaction<Database>, tenantId: number, afterSaleId: string): Promise<PendingRefund | undefined> {
  const found = await sql<PendingRefund>`select id, no from sale_refund_order
    where after_sale_id = ${afterSaleId} and tenant_id = ${tenantId} and status = ${REFUND_STATUS.failed} for update`.execute(trx);
  return found.rows[0];
}

/** What the order's channel said of the refund: the demo and counter channels answer at once, a real one may take its time. */
type ChannelAnswer = { state: 'success'; channelRefundNo: string } | { state: 'processing'; channelRefundNo: string } | { state: 'failed'; reason: string };

async function askChannel(deps: OrderDeps, actor: Actor, order: OrderRow, refundNo: string, refundPrice: string, reason: string): Promise<ChannelAnswer> {
  const real = deps.payments.byCode(order.pay_channel);
  if (real === null) {
    const started = await refundChannel(order.pay_channel).refund({ orderId: order.id, refundNo, refundPrice });
    return started.settled ? { state: 'success', channelRefundNo: started.refundNo } : { state: 'failed', reason: started.failure ?? MSG_NO_PAY_CHANNEL };
  }
  try {
    return await real.refund(
      { orderNo: outTradeNoOf(actor.tenantId, order.no), refundNo: outTradeNoOf(actor.tenantId, refundNo), refundPrice, totalPrice: order.pay_price, reason },
      deps.payments.notifyUrl(real.code === 'wechat' ? NOTIFY_PATHS.wechatRefund : NOTIFY_PATHS.alipay),
    );
  } catch (error) {
    // Unreachable or refused outright: a failed refund order the staff can retry (the same number: the channel refunds once).
    if (error instanceof ChannelFailure) return { state: 'failed', reason: error.message };
    throw error;
  }
}

async function logRefundFailure(trx: Transaction<Database>, actor: Actor, afterSaleId: string, status: string, failure: string): Promise<void> {
  await sql`insert into sale_after_sale_log (id, after_sale_id, action, before_status, after_status, content, create_by, create_time, tenant_id)
    values (${newId()}, ${afterSaleId}, 'refundFailed', ${status}, ${status}, ${msgRefundFailed(failure)}, ${actor.operator}, now(), ${actor.tenantId})`.execute(trx);
}

/**
 * 确认退款: a refund order through the order's channel, then the refund's consequences. The demo and counter channels
 * answer at once; a real channel that takes the refund leaves it 处理中 (the after-sale 等待退款) until its notification
 * or a query confirms it (completeChannelRefund) — a refund never completes here before the channel says the money went
 * back. A channel that refuses leaves the refund order 退款失败 with the channel's reason and a log row; the caller commits
 * that and tells the staff, who retry it (retryRefund) under the same refund number.
 */
export async function refundAfterSale(trx: Transaction<Database>, deps: OrderDeps, actor: Actor, id: string): Promise<RefundOutcome> {
  const afterSale = await findAfterSale(trx, actor.tenantId, id);
  const order = await lockOrder(trx, actor.tenantId, afterSale.order_id);
  // Checked before the channel is asked: a refund must never go out for an after-sale that cannot take it.
  const current = await sql<{ status: AfterSaleState }>`select status from sale_after_sale where id = ${id} for update`.execute(trx);
  const status = current.rows[0]?.status ?? (afterSale.status as AfterSaleState);
  if (!allowedActions(afterSaleMachine, status).includes('refund')) throw businessError(refusalFor(afterSaleMachine, status, 'refund'));
  const processing = await sql<{ id: string }>`select id from sale_refund_order where after_sale_id = ${id} and tenant_id = ${actor.tenantId} and status = ${REFUND_STATUS.processing}`.execute(trx);
  if (processing.rows.length > 0) throw businessError(MSG_REFUND_PROCESSING);

  const pending = await failedRefundOf(trx, actor.tenantId, id);
  const refundNo = pending?.no ?? (await nextDocumentNo(trx, actor.tenantId, 'RF', actor.at));
  const answer = await askChannel(deps, actor, order, refundNo, afterSale.refund_price, `售后单 ${afterSale.no}`);
  if (answer.state === 'failed') {
    await recordRefund(trx, actor, order, afterSale, pending, refundNo, { status: REFUND_STATUS.failed, failReason: answer.reason, channelRefundNo: null });
    await logRefundFailure(trx, actor, id, status, answer.reason);
    return { refunded: false, failure: answer.reason };
  }
  if (answer.state === 'processing') {
    await recordRefund(trx, actor, order, afterSale, pending, refundNo, { status: REFUND_STATUS.processing, failReason: null, channelRefundNo: answer.channelRefundNo });
    await sql`insert into sale_after_sale_log (id, after_sale_id, action, before_status, after_status, content, create_by, create_time, tenant_id)
      values (${newId()}, ${id}, 'refundProcessing', ${status}, ${status}, ${`退款 ${afterSale.refund_price} 元已提交支付渠道，等待确认`}, ${actor.operator}, now(), ${actor.tenantId})`.execute(trx);
    return { refunded: false, processing: true };
  }
  await step(trx, actor, id, 'refund', `${afterSale.refund_price} 元`, { refund_time: sql`now()` });
  await recordRefund(trx, actor, order, afterSale, pending, refundNo, { status: REFUND_STATUS.success, failReason: null, channelRefundNo: answer.channelRefundNo });
  await settleRefund(trx, deps, actor, order, afterSale);
  return { refunded: true };
}

interface RefundOrderRow {
  id: string;
  no: string;
  after_sale_id: string | null;
  status: string;
  refund_price: string;
}

async function lockRefundOrder(trx: Transaction<Database>, tenantId: number, refundOrderId: string): Promise<RefundOrderRow> {
  const found = await sql<RefundOrderRow>`select id, no, after_sale_id, status, refund_price::text as refund_price from sale_refund_order
    where id = ${refundOrderId} and tenant_id = ${tenantId} for update`.execute(trx);
  const row = found.rows[0];
  if (row === undefined) throw businessError('退款单不存在');
  return row;
}

/** What a channel's word on a refund did (支付通知's 结果). */
export type ChannelRefundResult = { result: 'processed' | 'duplicate' | 'rejected'; reason: string };

/**
 * The channel confirms a refund it took (its notification, a query): the refund order 退款成功 and the after-sale's
 * refund with all its consequences, once. The amount must be the refund order's to the cent.
 */
export async function completeChannelRefund(
  trx: Transaction<Database>,
  deps: OrderDeps,
  actor: Actor,
  refundOrderId: string,
  channelRefundNo: string,
  // null: the channel names the refund by our number but not its own amount (Alipay's notice carries the trade's total).
  amount: string | null,
): Promise<ChannelRefundResult> {
  const refund = await lockRefundOrder(trx, actor.tenantId, refundOrderId);
  if (refund.status === REFUND_STATUS.success) return { result: 'duplicate', reason: '该笔退款已处理' };
  if (amount !== null && !new Decimal(amount).equals(refund.refund_price)) return { result: 'rejected', reason: `金额不符：渠道 ${new Decimal(amount).toFixed(2)} 元，退款单 ${refund.refund_price} 元` };
  if (refund.after_sale_id === null) throw businessError('退款单没有售后单');
  const afterSale = await findAfterSale(trx, actor.tenantId, refund.after_sale_id);
  const order = await lockOrder(trx, actor.tenantId, afterSale.order_id);
  await step(trx, { ...actor, operator: actor.operator }, afterSale.id, 'refund', `${afterSale.refund_price} 元`, { refund_time: sql`now()` });
  await sql`update sale_refund_order set status = ${REFUND_STATUS.success}, fail_reason = null, channel_refund_no = ${channelRefundNo}, success_time = now(), update_time = now()
    where id = ${refund.id}`.execute(trx);
  await settleRefund(trx, deps, actor, order, afterSale);
  return { result: 'processed', reason: '退款成功' };
}

/** The channel gave up on a refund it had taken: the refund order 退款失败 (staff retry it), the after-sale still 等待退款. */
export async function failChannelRefund(trx: Transaction<Database>, actor: Actor, refundOrderId: string, reason: string): Promise<ChannelRefundResult> {
  const refund = await lockRefundOrder(trx, actor.tenantId, refundOrderId);
  if (refund.status !== REFUND_STATUS.processing) return { result: 'duplicate', reason: '该笔退款已处理' };
  await sql`update sale_refund_order set status = ${REFUND_STATUS.failed}, fail_reason = ${reason}, update_time = now() where id = ${refund.id}`.execute(trx);
  if (refund.after_sale_id !== null) {
    const afterSale = await findAfterSale(trx, actor.tenantId, refund.after_sale_id);
    await logRefundFailure(trx, actor, afterSale.id, afterSale.status, reason);
  }
  return { result: 'processed', reason: msgRefundFailed(reason) };
}

/** 重试退款 of a failed refund order: the same refund again, through 确认退款's path. */
export async function retryRefund(trx: Transaction<Database>, deps: OrderDeps, actor: Actor, refundOrderId: string): Promise<RefundOutcome> {
  const found = await sql<{ after_sale_id: string | null; status: string }>`select after_sale_id, status from sale_refund_order
    where id = ${refundOrderId} and tenant_id = ${actor.tenantId}`.execute(trx);
  const refund = found.rows[0];
  if (refund === undefined) throw businessError('退款单不存在');
  if (refund.status !== REFUND_STATUS.failed || refund.after_sale_id === null) throw businessError(MSG_REFUND_NOT_FAILED);
  return refundAfterSale(trx, deps, actor, refund.after_sale_id);
}

async function recordRefund(
  trx: Transaction<Database>,
  actor: Actor,
  order: OrderRow,
  afterSale: AfterSaleRow,
  pending: PendingRefund | undefined,
  refundNo: string,
  result: { status: string; failReason: string | null; channelRefundNo: string | null },
): Promise<void> {
  const succeeded = result.status === REFUND_STATUS.success;
  if (pending !== undefined) {
    await sql`update sale_refund_order set status = ${result.status}, fail_reason = ${result.failReason}, channel_refund_no = ${result.channelRefundNo},
      success_time = ${succeeded ? sql`now()` : null}, update_by = ${actor.operator}, update_time = now() where id = ${pending.id}`.execute(trx);
    return;
  }
  await sql`insert into sale_refund_order (id, no, order_id, order_no, after_sale_id, channel, refund_price, reason, status, channel_refund_no, fail_reason, success_time, create_by, create_time, tenant_id)
    values (${newId()}, ${refundNo}, ${order.id}, ${order.no}, ${afterSale.id}, ${order.pay_channel}, ${afterSale.refund_price}::numeric, ${`售后单 ${afterSale.no}`}, ${result.status},
      ${result.channelRefundNo}, ${result.failReason}, ${succeeded ? sql`now()` : null}, ${actor.operator}, now(), ${actor.tenantId})`.execute(trx);
}

/**
 * A refund settled: the line is 售后成功, the order's refund amount and status follow (every paid line
 * refunded closes it, its gift lines with it), the goods come back to stock when they did, the member's points and growth go back in
 * proportion, and the other plugins hear of it (coupons back, commission cancelled).
 */
async function settleRefund(trx: Transaction<Database>, deps: OrderDeps, actor: Actor, order: OrderRow, afterSale: AfterSaleRow): Promise<void> {
  await sql`update sale_order_item set after_sale_status = ${ITEM_AFTER_SALE.done} where id = ${afterSale.order_item_id}`.execute(trx);
  const refund = new Decimal(afterSale.refund_price);
  // Gift lines (0-priced, docs/reference/business-domains.md §4) are never refunded on their own: they follow the last paid line.
  const open = await sql<{ n: number }>`select count(*)::int as n from sale_order_item where order_id = ${order.id} and after_sale_status <> ${ITEM_AFTER_SALE.done} and not gift`.execute(trx);
  const all = (open.rows[0]?.n ?? 0) === 0;
  const gifts = all
    ? await sql<{ sku_id: string; count: number }>`update sale_order_item set after_sale_status = ${ITEM_AFTER_SALE.done}
        where order_id = ${order.id} and gift and after_sale_status <> ${ITEM_AFTER_SALE.done} returning sku_id, count`.execute(trx)
    : { rows: [] };
  await sql`update sale_order set refund_price = refund_price + ${refund.toFixed(2)}::numeric, refund_status = ${all ? ORDER_REFUND_STATUS.all : ORDER_REFUND_STATUS.part}
    where id = ${order.id}`.execute(trx);
  await syncAfterSaleOpen(trx, order.id);
  if (all) {
    await transitionInTransaction(trx, orderMachine, { id: order.id, tenantId: actor.tenantId, action: 'closeByRefund', operator: actor.operator, set: { cancel_type: CANCEL_TYPE.allAfterSale } });
  }
  // The goods are back in the shop when they were returned, or never left (refunded before shipping).
  if (afterSale.way === AFTER_SALE_WAY.returnAndRefund || order.status === ORDER_STATUS.undelivered) {
    const back = [{ skuId: afterSale.sku_id, count: afterSale.count }, ...gifts.rows.map((gift) => ({ skuId: gift.sku_id, count: gift.count }))];
    await deps.stock.restock(trx, actor.tenantId, back, { bizId: afterSale.id, operator: actor.operator });
  }
  await revertMemberPostings(trx, deps, actor, order, afterSale, refund);
  await deps.hooks.refunded(trx, { ...eventOf(actor, order), afterSaleId: afterSale.id, itemId: afterSale.order_item_id, refundPrice: refund.toFixed(2), fullyRefunded: all });
}

async function revertMemberPostings(
  trx: Transaction<Database>,
  deps: OrderDeps,
  actor: Actor,
  order: Awaited<ReturnType<typeof lockOrder>>,
  afterSale: AfterSaleRow,
  refund: Decimal,
): Promise<void> {
  if (order.member_id === null) return;
  const base = { ownerId: order.member_id, bizId: afterSale.id, operator: actor.operator, tenantId: actor.tenantId };
  // The goods' 赠送积分 of this line, granted when the order completed: taken back as far as the member still has them.
  if (order.status === ORDER_STATUS.completed) {
    const line = await sql<{ give_point: number }>`select give_point from sale_order_item where id = ${afterSale.order_item_id}`.execute(trx);
    const spuPoints = line.rows[0]?.give_point ?? 0;
    const member = spuPoints > 0 ? await deps.members.summary(trx, actor.tenantId, order.member_id) : undefined;
    const take = Math.min(spuPoints, member?.point ?? 0);
    if (take > 0) await deps.members.postPoints(trx, { ...base, change: -take, biz: 'orderRewardRefund', title: `售后单 ${afterSale.no} 退回商品赠送积分` });
  }
  const payPrice = new Decimal(order.pay_price);
  if (!payPrice.greaterThan(0)) return;
  // The order's refunds so far, this one included (settleRefund has added it).
  const now = await sql<{ give_point: number; refund_price: string }>`select give_point, refund_price::text as refund_price from sale_order where id = ${order.id}`.execute(trx);
  const refundedAfter = new Decimal(now.rows[0]?.refund_price ?? refund);
  const refundedBefore = refundedAfter.minus(refund);
  // What this refund takes back is the share of the refunds so far less the share of those before it, each
  // floored: refunds line by line then add up to the whole (points spent 100 on two lines: 33 + 67, not 33 + 66).
  const backOf = (total: number) => new Decimal(total).times(refundedAfter).dividedBy(payPrice).floor().minus(new Decimal(total).times(refundedBefore).dividedBy(payPrice).floor()).toNumber();
  const rewardBack = backOf(now.rows[0]?.give_point ?? 0);
  if (rewardBack > 0) {
    // Points already spent cannot be taken below zero: take back what is left.
    const member = await deps.members.summary(trx, actor.tenantId, order.member_id);
    const take = Math.min(rewardBack, member?.point ?? 0);
    if (take > 0) await deps.members.postPoints(trx, { ...base, change: -take, biz: 'orderRewardRefund', title: `售后单 ${afterSale.no} 退回奖励积分` });
    await deps.members.postExperience(trx, { ...base, change: -rewardBack, biz: 'orderRefund', title: `售后单 ${afterSale.no} 退回成长值` });
  }
  const usedBack = backOf(order.use_point);
  if (usedBack > 0) await deps.members.postPoints(trx, { ...base, change: usedBack, biz: 'orderUseRefund', title: `售后单 ${afterSale.no} 退还抵扣积分` });
}
