import Decimal from 'decimal.js';
import { sql, type Kysely, type Transaction } from 'kysely';
import { allowedActions, businessError, inTransaction, newId, refusalFor, type Database } from '../../../../server/kit';
import { ORDER_STATUS } from '../../entities';
import { ChannelFailure, type ClientPayParams, type PaymentState, type RealPaymentChannel } from '../channels/contract';
import { PAY_STATUS } from '../dicts';
import { orderMachine, type OrderState } from '../sales/machine';
import { lockOrder, onPaid, type Actor, type OrderDeps } from '../sales/service';
import { unpaidMinutes } from '../settings';
import { NOTIFY_PATHS } from './channel-set';
import { outTradeNoOf } from './out-trade-no';

/**
 * A mini-program payment through a real channel: the channel is asked for what the buyer's client needs (WeChat's
 * requestPayment parameters, Alipay's pay URL), a 待支付 pay record is kept, and the order is paid only when the
 * channel says so — by its notification (pay-notices.ts) or by a query (the re-check, the unpaid timeout's job).
 */

export const MSG_PAY_CHANNEL_UNKNOWN = '该支付渠道未开通';
export const MSG_NO_OPENID = '请使用微信登录后再用微信支付';

/** What a channel reports about a payment, as the order flow settles it. */
export type SettleResult = { result: 'processed' | 'duplicate' | 'rejected'; reason: string };

export const msgAmountMismatch = (paid: string, due: string) => `金额不符：渠道 ${paid} 元，订单应付 ${due} 元`;
export const MSG_PAID_ORDER_CLOSED = '订单已关闭，款项需退回买家';
export const MSG_PAID_BY_OTHER = '订单已由另一笔交易支付，款项需退回买家';

const notifyPathOf = (channel: RealPaymentChannel) => (channel.code === 'wechat' ? NOTIFY_PATHS.wechatOrder : NOTIFY_PATHS.alipay);

/** Starts a real channel's payment of the member's unpaid order. */
export async function startChannelPayment(
  db: Kysely<Database>,
  deps: OrderDeps,
  me: { tenantId: number; memberId: string; openid: string | null },
  orderId: string,
  channel: RealPaymentChannel,
): Promise<ClientPayParams> {
  const order = await inTransaction(db, async (trx) => {
    const row = await lockOrder(trx, me.tenantId, orderId, me.memberId);
    if (!allowedActions(orderMachine, row.status as OrderState).includes('pay')) throw businessError(refusalFor(orderMachine, row.status as OrderState, 'pay'));
    const created = await sql<{ create_time: Date }>`select create_time from sale_order where id = ${orderId}`.execute(trx);
    return { ...row, createTime: created.rows[0]?.create_time ?? new Date() };
  });
  if (channel.code === 'wechat' && me.openid === null) throw businessError(MSG_NO_OPENID);
  const expiresAt = new Date(order.createTime.getTime() + unpaidMinutes() * 60_000);
  let params: ClientPayParams;
  try {
    params = await channel.prepay(
      { no: outTradeNoOf(me.tenantId, order.no), payPrice: new Decimal(order.pay_price).toFixed(2), description: `订单 ${order.no}`, openid: me.openid, expiresAt },
      deps.payments.notifyUrl(notifyPathOf(channel)),
    );
  } catch (error) {
    if (error instanceof ChannelFailure) throw businessError(error.message);
    throw error;
  }
  await inTransaction(db, async (trx) => {
    await lockOrder(trx, me.tenantId, orderId);
    // One 待支付 record per order and channel: starting again (the buyer closed the sheet) reuses it.
    await sql`insert into sale_pay_record (id, order_id, order_no, channel, price, status, create_by, create_time, tenant_id)
      select ${newId()}, ${orderId}, ${order.no}, ${channel.code}, ${order.pay_price}::numeric, ${PAY_STATUS.waiting}, null, now(), ${me.tenantId}
      where not exists (select 1 from sale_pay_record where order_id = ${orderId} and tenant_id = ${me.tenantId} and channel = ${channel.code} and status = ${PAY_STATUS.waiting})`.execute(trx);
  });
  return params;
}

/**
 * The channel says the order's money arrived: the order is paid once, for exactly its pay price. A second word of the
 * same payment changes nothing; money for an order closed meanwhile, or paid by another trade, is named for a refund.
 */
export async function settleChannelPayment(
  trx: Transaction<Database>,
  deps: OrderDeps,
  actor: Actor,
  orderId: string,
  channel: string,
  paid: { tradeNo: string; amount: string },
): Promise<SettleResult> {
  const order = await lockOrder(trx, actor.tenantId, orderId);
  const due = new Decimal(order.pay_price);
  const amount = new Decimal(paid.amount);
  const already = await sql<{ channel_trade_no: string | null }>`select channel_trade_no from sale_pay_record
    where order_id = ${orderId} and tenant_id = ${actor.tenantId} and status = ${PAY_STATUS.success}`.execute(trx);
  if (already.rows.some((row) => row.channel_trade_no === paid.tradeNo)) return { result: 'duplicate', reason: '该笔支付已处理' };
  if (!amount.equals(due)) return { result: 'rejected', reason: msgAmountMismatch(amount.toFixed(2), due.toFixed(2)) };
  if (already.rows.length > 0) return { result: 'rejected', reason: MSG_PAID_BY_OTHER };
  if (order.status === ORDER_STATUS.closed) return { result: 'rejected', reason: MSG_PAID_ORDER_CLOSED };
  await onPaid(trx, deps, actor, orderId, channel, paid.tradeNo);
  return { result: 'processed', reason: '订单已支付' };
}

/** The order's payment as its channel sees it now (the re-check, the unpaid timeout). */
export async function queryChannelPayment(channel: RealPaymentChannel, tenantId: number, orderNo: string): Promise<PaymentState> {
  return channel.query(outTradeNoOf(tenantId, orderNo));
}

/** The real channel of the order's 待支付 payment, if the buyer started one. */
export async function startedChannel(db: Kysely<Database> | Transaction<Database>, deps: OrderDeps, tenantId: number, orderId: string): Promise<RealPaymentChannel | null> {
  const found = await sql<{ channel: string }>`select channel from sale_pay_record where order_id = ${orderId} and tenant_id = ${tenantId}
    and status = ${PAY_STATUS.waiting} order by create_time desc limit 1`.execute(db);
  return deps.payments.byCode(found.rows[0]?.channel ?? null);
}

/**
 * Before an unpaid order closes here it is closed at its channel, so the buyer can no longer pay it there; a payment
 * that did arrive settles the order instead. Returns false when the order was paid (it must not close).
 * A channel that cannot be reached throws: the order stays open and the close is tried again later.
 */
export async function closeAtChannel(db: Kysely<Database>, deps: OrderDeps, actor: Actor, orderId: string): Promise<boolean> {
  const channel = await startedChannel(db, deps, actor.tenantId, orderId);
  if (channel === null) return true;
  const no = await sql<{ no: string }>`select no from sale_order where id = ${orderId} and tenant_id = ${actor.tenantId}`.execute(db);
  const orderNo = no.rows[0]?.no ?? '';
  const state = await queryChannelPayment(channel, actor.tenantId, orderNo);
  if (state.state === 'paid') {
    const settled = await inTransaction(db, (trx) => settleChannelPayment(trx, deps, actor, orderId, channel.code, state));
    return settled.result === 'rejected';
  }
  if (state.state === 'unpaid') await channel.close(outTradeNoOf(actor.tenantId, orderNo));
  return true;
}

export const MSG_ORDER_PAID_MEANWHILE = '订单已在支付渠道付款，不能关闭';
export const MSG_CHANNEL_CLOSE_FAILED = '支付渠道暂不可用，请稍后再关闭订单';

/** closeAtChannel for a person's close: a channel that cannot be reached is a message, not a 500. */
export async function closeAtChannelOrRefuse(db: Kysely<Database>, deps: OrderDeps, actor: Actor, orderId: string): Promise<boolean> {
  try {
    return await closeAtChannel(db, deps, actor, orderId);
  } catch (error) {
    if (error instanceof ChannelFailure) throw businessError(MSG_CHANNEL_CLOSE_FAILED);
    throw error;
  }
}
