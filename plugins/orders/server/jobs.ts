import { sql } from 'kysely';
import { inTransaction, type JobKind } from '../../../server/kit';
import { ORDER_STATUS } from '../entities';
import { CANCEL_TYPE, REFUND_STATUS } from './dicts';
import { closeAtChannel } from './payments/online-pay';
import { recheckRefund } from './payments/recheck';
import { recordWechatShipments } from './payments/wechat-shipping';
import { orderDeps } from './deps';
import { expressTrackJob } from './express-tracking/job';
import { closeOrder, receiveOrder } from './sales/service';
import { autoReceiveDays, unpaidMinutes } from './settings';

/**
 * The order timeouts (docs/reference/business-domains.md §3), run by the server's scheduler: unpaid orders close after
 * ORDER_UNPAID_MINUTES (releasing their stock and points), shipped orders complete after
 * ORDER_AUTO_RECEIVE_DAYS. Each order is its own transaction, so one refusal (an order paid meanwhile)
 * never stops the others. The goods and customers services come with the run (JobRunContext.services).
 */

const BATCH = 500;

/** The parameter, when given, overrides the setting (minutes or days). */
function amount(parameter: string | null, fallback: number): number {
  const raw = parameter?.trim() ?? '';
  if (raw === '') return fallback;
  if (!/^\d{1,6}$/.test(raw) || Number(raw) <= 0) throw new Error(`参数应为正整数，收到 "${raw.slice(0, 20)}"`);
  return Number(raw);
}

export const closeUnpaidOrders: JobKind = {
  name: 'orders.closeUnpaid',
  title: '关闭超时未支付的订单（参数：分钟，默认 ORDER_UNPAID_MINUTES 或 30）',
  run: async ({ db, parameter, services }) => {
    const deps = orderDeps({ services });
    const minutes = amount(parameter, unpaidMinutes());
    const due = await sql<{ id: string; tenant_id: number }>`select id, tenant_id from sale_order where status = ${ORDER_STATUS.unpaid}
      and create_time < now() - make_interval(mins => ${minutes}) order by create_time limit ${BATCH}`.execute(db);
    let closed = 0;
    let failed = 0;
    let paid = 0;
    for (const order of due.rows) {
      const actor = { tenantId: order.tenant_id, operator: 'system' };
      try {
        // A real channel is asked first: a payment whose notification never came settles the order instead of closing it.
        if (!(await closeAtChannel(db, deps, actor, order.id))) {
          paid += 1;
          continue;
        }
        await inTransaction(db, (trx) => closeOrder(trx, deps, actor, order.id, CANCEL_TYPE.timeout, '超时未支付'));
        closed += 1;
      } catch {
        failed += 1;
      }
    }
    return `closed ${closed}, paid at the channel ${paid}, skipped ${failed}`;
  },
};

export const autoReceiveOrders: JobKind = {
  name: 'orders.autoReceive',
  title: '自动确认收货（参数：天数，默认 ORDER_AUTO_RECEIVE_DAYS 或 14）',
  run: async ({ db, parameter, services }) => {
    const deps = orderDeps({ services });
    const days = amount(parameter, autoReceiveDays());
    const due = await sql<{ id: string; tenant_id: number }>`select id, tenant_id from sale_order where status = ${ORDER_STATUS.delivered}
      and delivery_time < now() - make_interval(days => ${days}) order by delivery_time limit ${BATCH}`.execute(db);
    let received = 0;
    let failed = 0;
    for (const order of due.rows) {
      try {
        await inTransaction(db, (trx) => receiveOrder(trx, deps, { tenantId: order.tenant_id, operator: 'system' }, order.id, undefined, '超时自动确认收货'));
        received += 1;
      } catch {
        failed += 1;
      }
    }
    return `received ${received}, skipped ${failed}`;
  },
};

/**
 * Refunds a real channel took but has not confirmed (its notification lost, or not yet sent): asked again after a
 * minute, so a refund never hangs 处理中 on one lost message.
 */
export const checkChannelRefunds: JobKind = {
  name: 'orders.checkChannelRefunds',
  title: '核对支付渠道处理中的退款（参数：分钟，默认 1）',
  run: async ({ db, parameter, services }) => {
    const deps = orderDeps({ services });
    const minutes = amount(parameter, 1);
    const due = await sql<{ id: string; tenant_id: number }>`select id, tenant_id from sale_refund_order where status = ${REFUND_STATUS.processing}
      and create_time < now() - make_interval(mins => ${minutes}) order by create_time limit ${BATCH}`.execute(db);
    let settled = 0;
    let waiting = 0;
    let failed = 0;
    for (const refund of due.rows) {
      try {
        const outcome = await recheckRefund(db, deps, { tenantId: refund.tenant_id, operator: 'system' }, refund.id);
        if (outcome === 'processing') waiting += 1;
        else settled += 1;
      } catch {
        failed += 1;
      }
    }
    return `settled ${settled}, still processing ${waiting}, skipped ${failed}`;
  },
};

/** 微信发货信息录入 of shipped WeChat Pay orders not recorded yet, and of failed ones once their wait is over. */
export const uploadWechatShipping: JobKind = {
  name: 'orders.wechatShipping',
  title: '微信发货信息录入（失败的按 1、5、15、60 分钟，3、12 小时重试）',
  run: async ({ db, services }) => {
    const done = await recordWechatShipments(db, orderDeps({ services }));
    return `recorded ${done.recorded}, failed ${done.failed}`;
  },
};

// orders.expressTrack: express-tracking/job.ts.
export const orderJobKinds: readonly JobKind[] = [closeUnpaidOrders, autoReceiveOrders, checkChannelRefunds, uploadWechatShipping, expressTrackJob];
