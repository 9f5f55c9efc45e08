import { sql, type Kysely } from 'kysely';
import { businessError, inTransaction, type Database } from '../../../../server/kit';
import { ChannelFailure, type RefundState } from '../channels/contract';
import { completeChannelRefund, failChannelRefund } from '../after-sales/service';
import { PAY_NOTICE_KIND, PAY_NOTICE_RESULT, REFUND_STATUS } from '../dicts';
import type { Actor, OrderDeps } from '../sales/service';
import { queryChannelPayment, settleChannelPayment, startedChannel } from './online-pay';
import { outTradeNoOf } from './out-trade-no';
import { writeNotice } from './pay-notices';

/**
 * 重新核对 on 支付通知 and the refund check job: the channel is asked what it knows of an order's payment or a refund,
 * and the answer is applied through the same paths a notification takes — so a lost notification is never lost money.
 * Each re-check is written to 支付通知 (verified: the answer came signed from the channel), saying what it found.
 */

export const MSG_NOTHING_TO_CHECK = '该订单没有通过支付渠道的支付';
export const MSG_REFUND_NOT_CHANNEL = '该退款单不是通过支付渠道退款';

/** Asks the order's channel about its payment and settles what it says. Returns the reason written. */
export async function recheckPayment(db: Kysely<Database>, deps: OrderDeps, actor: Actor, orderId: string): Promise<string> {
  const found = await sql<{ no: string; pay_channel: string | null }>`select no, pay_channel from sale_order where id = ${orderId} and tenant_id = ${actor.tenantId}`.execute(db);
  const order = found.rows[0];
  if (order === undefined) throw businessError('订单不存在');
  const channel = deps.payments.byCode(order.pay_channel) ?? (await startedChannel(db, deps, actor.tenantId, orderId));
  if (channel === null) throw businessError(MSG_NOTHING_TO_CHECK);
  let state;
  try {
    state = await queryChannelPayment(channel, actor.tenantId, order.no);
  } catch (error) {
    if (error instanceof ChannelFailure) throw businessError(error.message);
    throw error;
  }
  const base = { tenantId: actor.tenantId, channel: channel.code, kind: PAY_NOTICE_KIND.payment, orderId, orderNo: order.no, refundNo: null, verified: true };
  if (state.state !== 'paid') {
    const reason = { unpaid: '渠道：未支付', closed: '渠道：已关闭', unknown: '渠道：无此交易' }[state.state];
    await writeNotice(db, { ...base, amount: null, channelTradeNo: null, result: PAY_NOTICE_RESULT.processed, reason: `重新核对：${reason}` });
    return reason;
  }
  return inTransaction(db, async (trx) => {
    const settled = await settleChannelPayment(trx, deps, actor, orderId, channel.code, state);
    await writeNotice(trx, { ...base, amount: state.amount, channelTradeNo: state.tradeNo, result: settled.result, reason: `重新核对：${settled.reason}` });
    return settled.reason;
  });
}

/** Asks the channel about a refund it took; returns 'processing' while it still says so. */
export async function recheckRefund(db: Kysely<Database>, deps: OrderDeps, actor: Actor, refundOrderId: string): Promise<'processing' | 'done'> {
  const found = await sql<{ no: string; order_no: string; channel: string | null; status: string; refund_price: string; order_id: string }>`select no, order_no, channel, status,
      refund_price::text as refund_price, order_id from sale_refund_order where id = ${refundOrderId} and tenant_id = ${actor.tenantId}`.execute(db);
  const refund = found.rows[0];
  if (refund === undefined) throw businessError('退款单不存在');
  const channel = deps.payments.byCode(refund.channel);
  if (channel === null) throw businessError(MSG_REFUND_NOT_CHANNEL);
  if (refund.status !== REFUND_STATUS.processing) return 'done';
  let state: RefundState;
  try {
    state = await channel.queryRefund(outTradeNoOf(actor.tenantId, refund.order_no), outTradeNoOf(actor.tenantId, refund.no));
  } catch (error) {
    if (error instanceof ChannelFailure) throw businessError(error.message);
    throw error;
  }
  if (state.state === 'processing') return 'processing';
  await inTransaction(db, async (trx) => {
    const done =
      state.state === 'success'
        ? await completeChannelRefund(trx, deps, actor, refundOrderId, state.channelRefundNo, refund.refund_price)
        : await failChannelRefund(trx, actor, refundOrderId, state.reason);
    await writeNotice(trx, {
      tenantId: actor.tenantId,
      channel: channel.code,
      kind: PAY_NOTICE_KIND.refund,
      orderId: refund.order_id,
      orderNo: refund.order_no,
      refundNo: refund.no,
      amount: refund.refund_price,
      channelTradeNo: state.state === 'success' ? state.channelRefundNo : null,
      verified: true,
      result: done.result,
      reason: `重新核对：${done.reason}`,
    });
  });
  return 'done';
}
