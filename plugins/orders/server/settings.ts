/**
 * The order flow's settings, read from the environment when they are used (so a test or an operator
 * may change them without a rebuild): ORDER_UNPAID_MINUTES (default 30), ORDER_AUTO_RECEIVE_DAYS
 * (default 14), ORDER_POINTS_PER_YUAN (default 100: a point is a cent), PAY_DEMO_REFUND_FAIL (unset: the demo channel refunds at once).
 */

function positiveInteger(name: string, fallback: number): number {
  const raw = process.env[name]?.trim() ?? '';
  if (!/^\d{1,6}$/.test(raw) || Number(raw) <= 0) return fallback;
  return Number(raw);
}

export const unpaidMinutes = (): number => positiveInteger('ORDER_UNPAID_MINUTES', 30);
export const autoReceiveDays = (): number => positiveInteger('ORDER_AUTO_RECEIVE_DAYS', 14);
export const pointsPerYuan = (): number => positiveInteger('ORDER_POINTS_PER_YUAN', 100);
/** The demo channel refuses refunds with this reason while it is set (to rehearse a failed refund and its retry). */
export const demoRefundFailure = (): string | null => process.env.PAY_DEMO_REFUND_FAIL?.trim() || null;
/**
 * `on`: an order whose waybill the carrier reports signed for (签收) completes at once, as if the buyer confirmed
 * receipt (server/express-tracking/tracking.ts); off (the default) leaves it to the buyer or ORDER_AUTO_RECEIVE_DAYS.
 */
export const receiveOnSigned = (): boolean => process.env.ORDER_RECEIVE_ON_SIGNED?.trim() === 'on';
