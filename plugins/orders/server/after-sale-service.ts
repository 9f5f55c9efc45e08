import Decimal from 'decimal.js';
import { sql, type Transaction } from 'kysely';
import { newId } from '../../../server/db/ids';
import type { Database } from '../../../server/db/schema';
import { businessError } from '../../../server/http/envelope';
import { transitionInTransaction } from '../../../server/state/state-machine';
import { AFTER_SALE_STATUS, AFTER_SALE_WAY, ORDER_REFUND_STATUS, ORDER_STATUS } from '../entities';
import { afterSaleMachine, type AfterSaleAction } from './after-sale-machine';
import { CANCEL_TYPE, ITEM_AFTER_SALE, REFUND_STATUS } from './dicts';
import { nextDocumentNo } from './order-numbers';
import { orderMachine, type OrderState } from './order-machine';
import { lockOrder, type Actor, type OrderDeps } from './order-service';
import { MSG_NO_PAY_CHANNEL, refundChannel } from './pay-channels';

/**
 * After-sales (business-domains §3): a buyer asks for one order line back (refund only, or return and
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
  const no = await nextDocumentNo(trx, actor.tenantId, 'AS');
  const buyer = await sql<{ buyer_name: string | null }>`select buyer_name from sale_order where id = ${order.id}`.execute(trx);
  // 售中 while the order is not finished, 售后 after.
  const type = order.status === ORDER_STATUS.completed ? '20' : '10';
  await sql`insert into sale_after_sale (id, no, status, way, type, member_id, buyer_name, order_id, order_no, order_item_id, sku_id, pic_url, spu_name, spec_text,
      count, refund_price, apply_reason, apply_description, create_by, create_time, tenant_id)
    values (${id}, ${no}, ${AFTER_SALE_STATUS.applied}, ${input.way}, ${type}, ${memberId}, ${buyer.rows[0]?.buyer_name ?? null}, ${order.id}, ${order.no}, ${item.id},
      ${item.sku_id}, ${item.pic_url}, ${item.spu_name}, ${item.spec_text}, ${item.count}, ${input.refundPrice.toFixed(2)}::numeric, ${input.applyReason},
      ${input.applyDescription}, ${actor.operator}, now(), ${actor.tenantId})`.execute(trx);
  await sql`update sale_order_item set after_sale_status = ${ITEM_AFTER_SALE.open}, after_sale_id = ${id} where id = ${item.id}`.execute(trx);
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

/** A closed after-sale (refused, cancelled) frees the line for another application. */
async function freeItem(trx: Transaction<Database>, itemId: string): Promise<void> {
  await sql`update sale_order_item set after_sale_status = ${ITEM_AFTER_SALE.none}, after_sale_id = null where id = ${itemId}`.execute(trx);
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
  await freeItem(trx, afterSale.order_item_id);
}

export async function buyerDelivery(trx: Transaction<Database>, actor: Actor, memberId: string, id: string, expressId: string, logisticsNo: string): Promise<void> {
  await findAfterSale(trx, actor.tenantId, id, memberId);
  await step(trx, actor, id, 'buyerDelivery', logisticsNo, { logistics_express_id: expressId, logistics_no: logisticsNo });
}

export async function buyerCancelAfterSale(trx: Transaction<Database>, actor: Actor, memberId: string, id: string): Promise<void> {
  const afterSale = await findAfterSale(trx, actor.tenantId, id, memberId);
  await step(trx, actor, id, 'buyerCancel');
  await freeItem(trx, afterSale.order_item_id);
}

export async function receiveReturn(trx: Transaction<Database>, actor: Actor, id: string): Promise<void> {
  await findAfterSale(trx, actor.tenantId, id);
  await step(trx, actor, id, 'receive', undefined, { receive_time: sql`now()` });
}

export async function refuseReturn(trx: Transaction<Database>, actor: Actor, id: string, reason: string): Promise<void> {
  const afterSale = await findAfterSale(trx, actor.tenantId, id);
  await step(trx, actor, id, 'refuseReceive', reason, { receive_time: sql`now()`, receive_reason: reason });
  await freeItem(trx, afterSale.order_item_id);
}

/**
 * 确认退款: a refund order through the order's channel (the demo and offline channels succeed at once;
 * a real channel would call onRefunded from its callback), then the refund's consequences.
 */
export async function refundAfterSale(trx: Transaction<Database>, deps: OrderDeps, actor: Actor, id: string): Promise<void> {
  const afterSale = await findAfterSale(trx, actor.tenantId, id);
  const order = await lockOrder(trx, actor.tenantId, afterSale.order_id);
  await step(trx, actor, id, 'refund', `${afterSale.refund_price} 元`, { refund_time: sql`now()` });
  const refundNo = await nextDocumentNo(trx, actor.tenantId, 'RF');
  const started = await refundChannel(order.pay_channel).refund({ orderId: order.id, refundNo, refundPrice: afterSale.refund_price });
  // Only channels that refund at once exist yet; a real one would leave the refund 处理中 and settle from its callback.
  if (!started.settled) throw businessError(MSG_NO_PAY_CHANNEL);
  await sql`insert into sale_refund_order (id, no, order_id, order_no, after_sale_id, channel, refund_price, reason, status, channel_refund_no, success_time, create_by, create_time, tenant_id)
    values (${newId()}, ${refundNo}, ${order.id}, ${order.no}, ${id}, ${order.pay_channel}, ${afterSale.refund_price}::numeric, ${`售后单 ${afterSale.no}`}, ${REFUND_STATUS.success},
      ${started.refundNo}, now(), ${actor.operator}, now(), ${actor.tenantId})`.execute(trx);
  await sql`update sale_order_item set after_sale_status = ${ITEM_AFTER_SALE.done} where id = ${afterSale.order_item_id}`.execute(trx);

  const refund = new Decimal(afterSale.refund_price);
  const open = await sql<{ n: number }>`select count(*)::int as n from sale_order_item where order_id = ${order.id} and after_sale_status <> ${ITEM_AFTER_SALE.done}`.execute(trx);
  const all = (open.rows[0]?.n ?? 0) === 0;
  await sql`update sale_order set refund_price = refund_price + ${refund.toFixed(2)}::numeric, refund_status = ${all ? ORDER_REFUND_STATUS.all : ORDER_REFUND_STATUS.part}
    where id = ${order.id}`.execute(trx);
  if (all) {
    await transitionInTransaction(trx, orderMachine, { id: order.id, tenantId: actor.tenantId, action: 'closeByRefund', operator: actor.operator, set: { cancel_type: CANCEL_TYPE.allAfterSale } });
  }
  // The goods are back in the shop when they were returned, or never left (refunded before shipping).
  if (afterSale.way === AFTER_SALE_WAY.returnAndRefund || order.status === ORDER_STATUS.undelivered) {
    await deps.stock.restock(trx, actor.tenantId, [{ skuId: afterSale.sku_id, count: afterSale.count }], { bizId: id, operator: actor.operator });
  }
  await revertMemberPostings(trx, deps, actor, order, afterSale, refund);
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
  const payPrice = new Decimal(order.pay_price);
  if (!payPrice.greaterThan(0)) return;
  const share = refund.dividedBy(payPrice);
  const given = await sql<{ give_point: number }>`select give_point from sale_order where id = ${order.id}`.execute(trx);
  const base = { ownerId: order.member_id, bizId: afterSale.id, operator: actor.operator, tenantId: actor.tenantId };
  const rewardBack = new Decimal(given.rows[0]?.give_point ?? 0).times(share).floor().toNumber();
  if (rewardBack > 0) {
    // Points already spent cannot be taken below zero: take back what is left.
    const member = await deps.members.summary(trx, actor.tenantId, order.member_id);
    const take = Math.min(rewardBack, member?.point ?? 0);
    if (take > 0) await deps.members.postPoints(trx, { ...base, change: -take, biz: 'orderRewardRefund', title: `售后单 ${afterSale.no} 退回奖励积分` });
    await deps.members.postExperience(trx, { ...base, change: -rewardBack, biz: 'orderRefund', title: `售后单 ${afterSale.no} 退回成长值` });
  }
  const usedBack = new Decimal(order.use_point).times(share).floor().toNumber();
  if (usedBack > 0) await deps.members.postPoints(trx, { ...base, change: usedBack, biz: 'orderUseRefund', title: `售后单 ${afterSale.no} 退还抵扣积分` });
}
