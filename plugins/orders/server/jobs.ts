import { sql } from 'kysely';
import { inTransaction, type JobKind } from '../../../server/kit';
import { ORDER_STATUS } from '../entities';
import { CANCEL_TYPE } from './dicts';
import { orderDeps } from './deps';
import { closeOrder, receiveOrder } from './order-service';
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
    for (const order of due.rows) {
      try {
        await inTransaction(db, (trx) => closeOrder(trx, deps, { tenantId: order.tenant_id, operator: 'system' }, order.id, CANCEL_TYPE.timeout, '超时未支付'));
        closed += 1;
      } catch {
        failed += 1;
      }
    }
    return `closed ${closed}, skipped ${failed}`;
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

export const orderJobKinds: readonly JobKind[] = [closeUnpaidOrders, autoReceiveOrders];
