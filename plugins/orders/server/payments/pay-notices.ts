import { sql, type Kysely, type Transaction } from 'kysely';
import { DEFAULT_TENANT_ID, inTransaction, newId, type Database } from '../../../../server/kit';
import { NoticeRefused, type NoticeAnswer, type RawNotice, type RealPaymentChannel, type VerifiedNotice } from '../channels/contract';
import { completeChannelRefund, failChannelRefund } from '../after-sales/service';
import { PAY_NOTICE_KIND, PAY_NOTICE_RESULT } from '../dicts';
import type { Actor, OrderDeps } from '../sales/service';
import { settleChannelPayment, type SettleResult } from './online-pay';
import { parseOutTradeNo } from './out-trade-no';

/**
 * A channel's notification, from arrival to answer: verified (signature, and for WeChat decryption), matched to our
 * order or refund by the number it carries, applied once, and written to 支付通知 whatever happened — so a forged,
 * tampered or replayed notification leaves a row saying why it changed nothing.
 */

type NoticeResult = (typeof PAY_NOTICE_RESULT)[keyof typeof PAY_NOTICE_RESULT];

interface NoticeRow {
  tenantId: number;
  channel: string;
  kind: string;
  orderId: string | null;
  orderNo: string | null;
  refundNo: string | null;
  amount: string | null;
  channelTradeNo: string | null;
  verified: boolean;
  result: NoticeResult;
  reason: string;
}

export const MSG_MERCHANT_MISMATCH = '商户不符';
export const MSG_NOT_OUR_NUMBER = '不是本系统的订单号';
export const MSG_NOTICE_ORDER_NOT_FOUND = '订单不存在';
export const MSG_NOTICE_REFUND_NOT_FOUND = '退款单不存在';

export async function writeNotice(db: Kysely<Database> | Transaction<Database>, row: NoticeRow): Promise<void> {
  await sql`insert into sale_pay_notice (id, received_time, channel, kind, order_id, order_no, refund_no, amount, channel_trade_no, verified, result, reason, create_by, create_time, tenant_id)
    values (${newId()}, now(), ${row.channel}, ${row.kind}, ${row.orderId}, ${row.orderNo}, ${row.refundNo}, ${row.amount}::numeric, ${row.channelTradeNo},
      ${row.verified ? '1' : '0'}, ${row.result}, ${row.reason.slice(0, 255)}, 'system', now(), ${row.tenantId})`.execute(db);
}

async function orderOf(db: Kysely<Database>, tenantId: number, orderNo: string): Promise<{ id: string } | undefined> {
  const found = await sql<{ id: string }>`select id from sale_order where tenant_id = ${tenantId} and no = ${orderNo}`.execute(db);
  return found.rows[0];
}

async function refundOf(db: Kysely<Database>, tenantId: number, refundNo: string): Promise<{ id: string; order_id: string } | undefined> {
  const found = await sql<{ id: string; order_id: string }>`select id, order_id from sale_refund_order where tenant_id = ${tenantId} and no = ${refundNo}`.execute(db);
  return found.rows[0];
}

/**
 * Applies a verified notice and writes its row: in the transaction of the change it made (a row never says 已处理 for a
 * change that rolled back), on its own when it changed nothing.
 */
async function applyNotice(db: Kysely<Database>, deps: OrderDeps, channel: RealPaymentChannel, notice: VerifiedNotice): Promise<NoticeRow> {
  const noted = async (row: NoticeRow): Promise<NoticeRow> => {
    await writeNotice(db, row);
    return row;
  };
  const base = {
    channel: channel.code,
    kind: notice.kind === 'payment' ? PAY_NOTICE_KIND.payment : PAY_NOTICE_KIND.refund,
    amount: notice.amount,
    channelTradeNo: notice.kind === 'payment' ? notice.tradeNo : notice.channelRefundNo,
    verified: true,
  };
  const target = parseOutTradeNo(notice.outTradeNo);
  const tenantId = target?.tenantId ?? DEFAULT_TENANT_ID;
  const plain = { ...base, tenantId, orderId: null, orderNo: target?.orderNo ?? null, refundNo: null };
  if (notice.merchant !== channel.merchant) return noted({ ...plain, result: PAY_NOTICE_RESULT.rejected, reason: MSG_MERCHANT_MISMATCH });
  if (target === null) return noted({ ...plain, result: PAY_NOTICE_RESULT.rejected, reason: MSG_NOT_OUR_NUMBER });
  const order = await orderOf(db, target.tenantId, target.orderNo);
  if (order === undefined) return noted({ ...plain, result: PAY_NOTICE_RESULT.rejected, reason: MSG_NOTICE_ORDER_NOT_FOUND });
  const actor: Actor = { tenantId: target.tenantId, operator: null };
  const known = { ...plain, orderId: order.id };
  if (notice.kind === 'payment') {
    if (!notice.paid) return noted({ ...known, result: PAY_NOTICE_RESULT.processed, reason: '交易未支付，无需处理' });
    return inTransaction(db, async (trx) => {
      const settled: SettleResult = await settleChannelPayment(trx, deps, actor, order.id, channel.code, { tradeNo: notice.tradeNo, amount: notice.amount });
      const row = { ...known, result: settled.result, reason: settled.reason };
      await writeNotice(trx, row);
      return row;
    });
  }
  const refundTarget = parseOutTradeNo(notice.outRefundNo);
  const refund = refundTarget === null || refundTarget.tenantId !== target.tenantId ? undefined : await refundOf(db, target.tenantId, refundTarget.orderNo);
  const withRefund = { ...known, refundNo: refundTarget?.orderNo ?? notice.outRefundNo };
  if (refund === undefined || refund.order_id !== order.id) return noted({ ...withRefund, result: PAY_NOTICE_RESULT.rejected, reason: MSG_NOTICE_REFUND_NOT_FOUND });
  if (notice.state === 'processing') return noted({ ...withRefund, result: PAY_NOTICE_RESULT.processed, reason: '退款处理中' });
  return inTransaction(db, async (trx) => {
    const done =
      notice.state === 'success'
        ? await completeChannelRefund(trx, deps, actor, refund.id, notice.channelRefundNo, notice.amountIsTotal === true ? null : notice.amount)
        : await failChannelRefund(trx, actor, refund.id, '渠道退款失败');
    const row = { ...withRefund, result: done.result, reason: done.reason };
    await writeNotice(trx, row);
    return row;
  });
}

export interface NoticeLog {
  warn: (message: string) => void;
}

/** Verifies, applies and records one notification; answers as the channel's protocol wants. */
export async function receiveNotice(db: Kysely<Database>, deps: OrderDeps, channel: RealPaymentChannel, raw: RawNotice, log: NoticeLog): Promise<NoticeAnswer> {
  let notice: VerifiedNotice;
  try {
    notice = await channel.verify(raw);
  } catch (error) {
    const reason = error instanceof NoticeRefused ? error.reason : '通知无法解析';
    // Nothing of an unverified notice can be trusted, its order number included: it is kept with the platform shop.
    await writeNotice(db, { tenantId: DEFAULT_TENANT_ID, channel: channel.code, kind: PAY_NOTICE_KIND.payment, orderId: null, orderNo: null, refundNo: null, amount: null, channelTradeNo: null, verified: false, result: PAY_NOTICE_RESULT.refused, reason });
    log.warn(`Payment notification from ${channel.code} refused: ${reason}`);
    return channel.answer(false, reason);
  }
  let row: NoticeRow;
  try {
    row = await applyNotice(db, deps, channel, notice);
  } catch (error) {
    const reason = error instanceof Error ? error.message : '处理失败';
    const target = parseOutTradeNo(notice.outTradeNo);
    await writeNotice(db, {
      tenantId: target?.tenantId ?? DEFAULT_TENANT_ID,
      channel: channel.code,
      kind: notice.kind === 'payment' ? PAY_NOTICE_KIND.payment : PAY_NOTICE_KIND.refund,
      orderId: null,
      orderNo: target?.orderNo ?? null,
      refundNo: null,
      amount: notice.amount,
      channelTradeNo: notice.kind === 'payment' ? notice.tradeNo : notice.channelRefundNo,
      verified: true,
      result: PAY_NOTICE_RESULT.failed,
      reason,
    });
    log.warn(`Payment notification from ${channel.code} failed: ${reason}`);
    // Not accepted: the channel sends it again, and a passing fault (a lock timeout) heals on its own.
    return channel.answer(false, reason);
  }
  if (row.result === PAY_NOTICE_RESULT.rejected) log.warn(`Payment notification from ${channel.code} rejected: ${row.reason}`);
  return channel.answer(row.result !== PAY_NOTICE_RESULT.rejected, row.reason);
}

