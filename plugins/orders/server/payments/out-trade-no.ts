/**
 * The number a real channel knows a payment by (out_trade_no). Order numbers repeat across shops (each
 * tenant counts its own SO… numbers), so the channel's number carries the tenant too: `SO20261206000001T1`.
 * It stays readable for reconciliation and within WeChat's 6–32 characters of [A-Za-z0-9_-|*@].
 */

const OUT_TRADE_NO = /^([A-Z]{1,4}\d{8,14})T(\d{1,9})$/;

export function outTradeNoOf(tenantId: number, orderNo: string): string {
  return `${orderNo}T${tenantId}`;
}

/** The tenant and order number a channel's out_trade_no names, or null when it is not one of ours. */
export function parseOutTradeNo(value: string): { tenantId: number; orderNo: string } | null {
  const match = OUT_TRADE_NO.exec(value);
  if (match === null) return null;
  return { orderNo: match[1] ?? '', tenantId: Number(match[2]) };
}
