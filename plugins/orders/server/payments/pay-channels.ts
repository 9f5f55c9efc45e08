import { businessError, newId } from '../../../../server/kit';
import { demoRefundFailure } from '../settings';

/**
 * The channels that settle at once: the demo channel (PAY_MODE=demo) and money taken at the counter. Either way the
 * order is settled by the one `onPaid(orderId, channel, tradeNo)` path (sales/service.ts) that a real channel's
 * notification also walks (payments/pay-notices.ts); the real channels are in channels/ and payments/channel-set.ts.
 */
export interface PaymentStart {
  /** Settled now: call onPaid with this trade number. */
  settled: boolean;
  tradeNo: string;
}

/** A refund started through the channel the order was paid with. */
export interface RefundStart {
  /** Refunded now (the demo channel; cash, transfer and POS handed back by the staff). */
  settled: boolean;
  refundNo: string;
  /** The channel refused the refund, and why (not settled, and no callback will come: retry it). */
  failure?: string;
}

export interface PaymentChannel {
  code: string;
  start(order: { id: string; no: string; payPrice: string }): Promise<PaymentStart>;
  refund(refund: { orderId: string; refundNo: string; refundPrice: string }): Promise<RefundStart>;
}

export const MSG_NO_PAY_CHANNEL = '支付渠道未配置';

/** PAY_MODE=demo (the default): pays at once with a made-up trade number. */
export const demoChannel: PaymentChannel = {
  code: 'demo',
  start: () => Promise.resolve({ settled: true, tradeNo: `DEMO${newId()}` }),
  refund: ({ refundNo }) => {
    const failure = demoRefundFailure();
    return Promise.resolve(failure === null ? { settled: true, refundNo: `DEMO${refundNo}` } : { settled: false, refundNo: '', failure });
  },
};

/** Money taken at the counter (cash, transfer, POS) goes back the same way, at once. */
const counterChannel = (code: string): PaymentChannel => ({
  code,
  start: () => Promise.resolve({ settled: true, tradeNo: `OFFLINE${newId()}` }),
  refund: ({ refundNo }) => Promise.resolve({ settled: true, refundNo: `OFFLINE${refundNo}` }),
});

/** The channel an order paid through `code` is refunded through. */
export function refundChannel(code: string | null): PaymentChannel {
  if (code === 'demo') return demoChannel;
  if (code === 'cash' || code === 'transfer' || code === 'pos') return counterChannel(code);
  throw businessError(MSG_NO_PAY_CHANNEL);
}
