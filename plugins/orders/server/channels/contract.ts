/**
 * What a real payment channel (WeChat Pay v3, Alipay) does for the order flow. Amounts cross this
 * boundary as decimal strings of yuan with two places ("12.30"); each adapter converts to its wire
 * unit (WeChat: integer fen; Alipay: yuan text) with decimal.js, never through a binary float.
 *
 * Settled payments and refunds reach the order flow through one path whatever the source: the
 * channel's notification, a query made before the unpaid timeout, or a re-check from 支付通知.
 */

/** The order as a channel needs it to take its money. */
export interface ChannelOrder {
  /** Our order number: the channel's out_trade_no. */
  no: string;
  /** What the buyer pays, yuan with two decimals. */
  payPrice: string;
  /** Shown to the buyer on the channel's page / bill (≤ 127 characters). */
  description: string;
  /** The paying member's openid (WeChat JSAPI needs it; Alipay ignores it). */
  openid: string | null;
  /** When the channel stops accepting the payment (the order's unpaid deadline). */
  expiresAt: Date;
}

/** What the client needs to pay: WeChat's requestPayment parameters, or Alipay's pay URL. */
export type ClientPayParams = Record<string, string>;

/** The channel's view of a payment. */
export type PaymentState =
  | { state: 'paid'; tradeNo: string; amount: string; paidAt: Date | null }
  | { state: 'unpaid' }
  | { state: 'closed' }
  /** The channel has no such payment (never created there, or created after the question). */
  | { state: 'unknown' };

/** A refund as the order flow asks for it. */
export interface ChannelRefund {
  orderNo: string;
  /** Our refund number: the channel's out_refund_no (retries reuse it, so the channel refunds once). */
  refundNo: string;
  refundPrice: string;
  /** The order's whole pay price (WeChat wants both). */
  totalPrice: string;
  reason: string;
}

/** The channel's view of a refund. */
export type RefundState =
  | { state: 'success'; channelRefundNo: string }
  /** Accepted, the money not back yet: the refund stays 退款中 until a notification or query says more. */
  | { state: 'processing'; channelRefundNo: string }
  /** The channel refused or gave up; the reason is shown to staff and the refund may be retried. */
  | { state: 'failed'; reason: string };

/** A notification whose signature (and, for WeChat, encryption) checked out. */
export type VerifiedNotice =
  | { kind: 'payment'; outTradeNo: string; tradeNo: string; amount: string; paid: boolean; merchant: string; paidAt: Date | null }
  | {
      kind: 'refund';
      outTradeNo: string;
      outRefundNo: string;
      channelRefundNo: string;
      /** This refund's amount (WeChat), or with `amountIsTotal` the trade's refunded total so far (Alipay's refund_fee). */
      amount: string;
      amountIsTotal?: true;
      state: 'success' | 'failed' | 'processing';
      merchant: string;
    };

/** A notification as it arrived over HTTP (the raw body is what was signed). */
export interface RawNotice {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
}

/** The answer the channel's protocol expects back. */
export interface NoticeAnswer {
  status: number;
  contentType: string;
  body: string;
}

/** Thrown when a notification fails verification; `reason` goes to the 支付通知 log, never the body. */
export class NoticeRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'NoticeRefused';
  }
}

/** Thrown when the channel cannot be reached or answers with an error; the message is safe to show staff. */
export class ChannelFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChannelFailure';
  }
}

export interface RealPaymentChannel {
  /** 'wechat' or 'alipay' (the value stored in sale_order.pay_channel). */
  code: string;
  /** Our merchant at the channel (WeChat mchid, Alipay app id): a notification naming another is refused. */
  merchant: string;
  /** Creates the payment at the channel and returns what the client needs to pay. */
  prepay(order: ChannelOrder, notifyUrl: string): Promise<ClientPayParams>;
  query(orderNo: string): Promise<PaymentState>;
  /** Closes an unpaid payment at the channel (the order closed here); closing an unknown one is not an error. */
  close(orderNo: string): Promise<void>;
  refund(refund: ChannelRefund, notifyUrl: string): Promise<RefundState>;
  queryRefund(orderNo: string, refundNo: string): Promise<RefundState>;
  /** Verifies (and decrypts) a notification; throws NoticeRefused with the reason when it does not check out. */
  verify(notice: RawNotice): Promise<VerifiedNotice>;
  /** The protocol's answer: accepted (processed or a harmless replay) or not (the channel will send it again). */
  answer(accepted: boolean, message?: string): NoticeAnswer;
}
