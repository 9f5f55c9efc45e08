/**
 * WeChat Pay APIv3 for the mini-program (JSAPI 下单, 查询订单, 关闭订单, 申请退款, 查询退款 and the
 * payment / refund notifications), with node:crypto only: there is no official Node SDK and the
 * protocol is small. Its rules, as the vendor's docs name them:
 *
 * - "APIv3 签名": each request carries `Authorization: WECHATPAY2-SHA256-RSA2048 mchid=…,nonce_str=…,
 *   signature=…,timestamp=…,serial_no=…`, the signature an RSA-SHA256 (PKCS#1 v1.5) of
 *   `METHOD\nPATH?QUERY\ntimestamp\nnonce\nbody\n` with the merchant private key.
 * - "验签": answers and notifications carry Wechatpay-Timestamp / -Nonce / -Signature / -Serial; the
 *   serial is WeChat Pay's public key id, the signature is over `timestamp\nnonce\nbody\n`, and a
 *   timestamp more than 5 minutes off is refused (replays).
 * - "微信支付公钥" mode: every request names the public key id in Wechatpay-Serial so that WeChat
 *   answers with that key.
 * - "回调报文解密": a notification's resource is AEAD_AES_256_GCM under the APIv3 key, its nonce and
 *   associated_data given beside it, the 16-byte tag at the end of the base64 ciphertext.
 *
 * Amounts are integer fen on the wire and yuan strings here, converted with decimal.js.
 */
import { createDecipheriv, randomBytes, sign, verify } from 'node:crypto';
import Decimal from 'decimal.js';
import {
  ChannelFailure,
  NoticeRefused,
  type ChannelOrder,
  type ChannelRefund,
  type ClientPayParams,
  type NoticeAnswer,
  type PaymentState,
  type RawNotice,
  type RealPaymentChannel,
  type RefundState,
  type VerifiedNotice,
} from './contract';
import type { WechatPaySettings } from './wechat-pay-settings';

export { WECHAT_PAY_DEFAULT_BASE, wechatPaySettings, type WechatPaySettings } from './wechat-pay-settings';

export const WECHAT_PAY_DEFAULT_TIMEOUT_MS = 10_000;
/** How far a signed answer's or notification's timestamp may be from our clock (the docs allow 5 minutes). */
const MAX_CLOCK_SKEW_SECONDS = 5 * 60;
const AUTH_SCHEME = 'WECHATPAY2-SHA256-RSA2048';
const USER_AGENT = 'merchant-back-office (wechat-pay-v3)';

// Failures of a call, shown to staff: they never carry a key or a signature.
export const MSG_WECHAT_PAY_TIMEOUT = '微信支付请求超时';
export const MSG_WECHAT_PAY_UNAVAILABLE = '微信支付暂不可用';
export const MSG_WECHAT_PAY_BAD_ANSWER = '微信支付应答验签失败';
export const MSG_WECHAT_PAY_ODD_ANSWER = '微信支付应答内容不正确';
export const MSG_WECHAT_PAY_REFUSED = '微信支付拒绝了请求';
export const MSG_WECHAT_PAY_NO_OPENID = '该会员还没有绑定微信（缺少 openid），不能使用微信支付';
export const MSG_WECHAT_PAY_BAD_AMOUNT = '金额不正确：微信支付金额须为大于 0 的整分';
export const MSG_WECHAT_PAY_ORDER_PAID = '微信支付订单已支付，不能关闭';
export const MSG_WECHAT_PAY_REFUND_ABNORMAL = '微信支付退款异常：退款到用户账户失败，请在微信支付商户平台处理';
export const MSG_WECHAT_PAY_REFUND_CLOSED = '微信支付退款已关闭';
export const MSG_WECHAT_PAY_REFUND_NOT_FOUND = '微信支付没有这笔退款';

// Reasons a notification is refused: written to the 支付通知 log, never into the answer's body.
export const MSG_NOTICE_MISSING_HEADERS = '缺少签名信息';
export const MSG_NOTICE_WRONG_SERIAL = '证书序列号不符';
export const MSG_NOTICE_EXPIRED = '通知已过期';
export const MSG_NOTICE_BAD_SIGNATURE = '签名验证失败';
export const MSG_NOTICE_BAD_BODY = '通知内容格式不正确';
export const MSG_NOTICE_DECRYPT_FAILED = '解密失败';
export const MSG_NOTICE_WRONG_MERCHANT = '商户号不符';
export const MSG_NOTICE_WRONG_APP = '小程序 appid 不符';
export const MSG_NOTICE_UNKNOWN_EVENT = '不支持的通知类型';
/** The message of a refusing answer when the caller gives none. */
export const MSG_NOTICE_ANSWER_FAIL = '失败';

export interface WechatPayChannelOptions {
  /** Per call, default 10 s. */
  timeoutMs?: number;
  now?: () => Date;
}

type Json = Record<string, unknown>;

/** An answer whose signature (if any, see `call`) held, with its JSON and, for an error, WeChat's code and message. */
interface Answer {
  status: number;
  json: Json;
  code: string;
  message: string;
}

const isJson = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

function parseJson(body: string): Json | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    return isJson(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** Yuan text to integer fen; anything not a positive whole number of fen is refused before it reaches WeChat. */
function toFen(yuan: string): number {
  let fen: Decimal;
  try {
    fen = new Decimal(yuan).times(100);
  } catch {
    throw new ChannelFailure(MSG_WECHAT_PAY_BAD_AMOUNT);
  }
  if (!fen.isInteger() || fen.lte(0) || fen.gt(Number.MAX_SAFE_INTEGER)) throw new ChannelFailure(MSG_WECHAT_PAY_BAD_AMOUNT);
  return fen.toNumber();
}

const toYuan = (fen: number): string => new Decimal(fen).dividedBy(100).toFixed(2);

const fenOf = (value: unknown): number | undefined => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined);

/** RFC 3339 in Shanghai time, as time_expire wants it ("2018-06-08T10:34:56+08:00"); China has no summer time. */
export function shanghaiRfc3339(at: Date): string {
  return `${new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
}

function dateOf(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at;
}

const nonce = (): string => randomBytes(16).toString('hex').toUpperCase();

/** Cuts a text to WeChat's length limit in characters (description 127, reason 80) without splitting a surrogate pair. */
const clip = (value: string, max: number): string => Array.from(value).slice(0, max).join('');

type SignatureFault = 'missing' | 'serial' | 'expired' | 'signature';

/** Why a notification is refused, per fault of its signature. */
const NOTICE_REASON: Record<SignatureFault, string> = {
  missing: MSG_NOTICE_MISSING_HEADERS,
  serial: MSG_NOTICE_WRONG_SERIAL,
  expired: MSG_NOTICE_EXPIRED,
  signature: MSG_NOTICE_BAD_SIGNATURE,
};

/** The same faults in an API answer (said after MSG_WECHAT_PAY_BAD_ANSWER). */
const ANSWER_REASON: Record<SignatureFault, string> = {
  missing: '缺少签名',
  serial: '公钥 ID 不符',
  expired: '时间戳相差超过 5 分钟',
  signature: '签名不符',
};

/**
 * Checks WeChat's signature over an answer or a notification; returns what is wrong, or null.
 * The order matters only for the reason given: a missing header, then the key id, then the clock, then the signature.
 */
function signatureFault(settings: WechatPaySettings, header: (name: string) => string | undefined, body: string, nowSeconds: number): SignatureFault | null {
  const timestamp = header('wechatpay-timestamp');
  const nonceText = header('wechatpay-nonce');
  const signature = header('wechatpay-signature');
  const serial = header('wechatpay-serial');
  if (timestamp === undefined || nonceText === undefined || signature === undefined || serial === undefined) return 'missing';
  if (serial !== settings.publicKeyId) return 'serial';
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(nowSeconds - Number(timestamp)) > MAX_CLOCK_SKEW_SECONDS) return 'expired';
  // Signature probes ("WECHATPAY/SIGNTEST/…") and anything not base64 simply fail here.
  const message = Buffer.from(`${timestamp}\n${nonceText}\n${body}\n`, 'utf8');
  try {
    return verify('sha256', message, settings.publicKey, Buffer.from(signature, 'base64')) ? null : 'signature';
  } catch {
    return 'signature';
  }
}

/** Opens an AEAD_AES_256_GCM resource; throws NoticeRefused('解密失败') on any fault (wrong key, tampered text or tag). */
function decryptResource(settings: WechatPaySettings, resource: Json): Json {
  const ciphertext = text(resource.ciphertext);
  const iv = text(resource.nonce);
  const associatedData = typeof resource.associated_data === 'string' ? resource.associated_data : '';
  if (resource.algorithm !== 'AEAD_AES_256_GCM' || ciphertext === undefined || iv === undefined) throw new NoticeRefused(MSG_NOTICE_DECRYPT_FAILED);
  try {
    const sealed = Buffer.from(ciphertext, 'base64');
    if (sealed.length <= 16) throw new Error('too short');
    const decipher = createDecipheriv('aes-256-gcm', settings.apiV3Key, Buffer.from(iv, 'utf8'));
    decipher.setAAD(Buffer.from(associatedData, 'utf8'));
    decipher.setAuthTag(sealed.subarray(sealed.length - 16));
    const plain = Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - 16)), decipher.final()]).toString('utf8');
    const parsed = parseJson(plain);
    if (parsed === undefined) throw new Error('not an object');
    return parsed;
  } catch {
    throw new NoticeRefused(MSG_NOTICE_DECRYPT_FAILED);
  }
}

/** A refund's state as WeChat words it (answer, query or notification). */
function refundStateOf(status: unknown, refundId: string): RefundState | undefined {
  switch (status) {
    case 'SUCCESS':
      return { state: 'success', channelRefundNo: refundId };
    case 'PROCESSING':
      return { state: 'processing', channelRefundNo: refundId };
    case 'ABNORMAL':
      return { state: 'failed', reason: MSG_WECHAT_PAY_REFUND_ABNORMAL };
    case 'CLOSED':
      return { state: 'failed', reason: MSG_WECHAT_PAY_REFUND_CLOSED };
    default:
      return undefined;
  }
}

export function createWechatPayChannel(settings: WechatPaySettings, options: WechatPayChannelOptions = {}): RealPaymentChannel {
  const timeoutMs = options.timeoutMs ?? WECHAT_PAY_DEFAULT_TIMEOUT_MS;
  const now = options.now ?? (() => new Date());
  const nowSeconds = () => Math.floor(now().getTime() / 1000);
  const rsaSign = (message: string) => sign('sha256', Buffer.from(message, 'utf8'), settings.privateKey).toString('base64');

  /**
   * One signed call. A 2xx answer must carry a good signature. An error answer is checked when it is
   * signed; WeChat does not sign some (a 401 SIGN_ERROR: it could not trust us), and the official SDKs
   * read error answers unverified, so an unsigned one is taken as the error it says it is.
   */
  async function call(method: 'GET' | 'POST', pathAndQuery: string, payload?: Json): Promise<Answer> {
    const url = `${settings.base}${pathAndQuery}`;
    const { pathname, search } = new URL(url);
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const timestamp = String(nowSeconds());
    const nonceText = nonce();
    const signature = rsaSign(`${method}\n${pathname}${search}\n${timestamp}\n${nonceText}\n${body}\n`);
    const headers: Record<string, string> = {
      Authorization: `${AUTH_SCHEME} mchid="${settings.mchId}",nonce_str="${nonceText}",signature="${signature}",timestamp="${timestamp}",serial_no="${settings.certSerial}"`,
      Accept: 'application/json',
      'User-Agent': USER_AGENT,
      'Wechatpay-Serial': settings.publicKeyId,
    };
    if (payload !== undefined) headers['Content-Type'] = 'application/json';

    let status: number;
    let answerBody: string;
    let header: (name: string) => string | undefined;
    try {
      // The rule is for client code (src/providers/http); this is the server talking to WeChat Pay.
      const response = await fetch(url, { method, headers, body: payload === undefined ? undefined : body, signal: AbortSignal.timeout(timeoutMs) });
      status = response.status;
      answerBody = await response.text();
      header = (name) => response.headers.get(name) ?? undefined;
    } catch (error) {
      const name = typeof error === 'object' && error !== null && 'name' in error ? error.name : undefined;
      const timedOut = name === 'TimeoutError' || name === 'AbortError';
      throw new ChannelFailure(timedOut ? MSG_WECHAT_PAY_TIMEOUT : MSG_WECHAT_PAY_UNAVAILABLE);
    }

    const success = status >= 200 && status < 300;
    const signed = header('wechatpay-signature') !== undefined;
    if (success || signed) {
      const fault = signatureFault(settings, header, answerBody, nowSeconds());
      if (fault !== null) throw new ChannelFailure(`${MSG_WECHAT_PAY_BAD_ANSWER}（${ANSWER_REASON[fault]}）`);
    }
    const json = answerBody === '' ? {} : parseJson(answerBody);
    if (json === undefined) {
      if (status >= 500) throw new ChannelFailure(MSG_WECHAT_PAY_UNAVAILABLE);
      throw new ChannelFailure(MSG_WECHAT_PAY_ODD_ANSWER);
    }
    return { status, json, code: text(json.code) ?? `HTTP ${status}`, message: text(json.message) ?? '' };
  }

  /** The failure an unexpected error answer becomes: a server fault is "unavailable", anything else says WeChat's words. */
  function refused(answer: Answer): ChannelFailure {
    if (answer.status >= 500) return new ChannelFailure(MSG_WECHAT_PAY_UNAVAILABLE);
    return new ChannelFailure(`${MSG_WECHAT_PAY_REFUSED}：${answer.message === '' ? answer.code : `${answer.message}（${answer.code}）`}`);
  }

  /** Reads a refund answer (申请退款 or 查询退款) after checking it is the refund asked about. */
  function refundFrom(answer: Answer, orderNo: string, refundNo: string): RefundState {
    const refundId = text(answer.json.refund_id);
    if (refundId === undefined || answer.json.out_refund_no !== refundNo || answer.json.out_trade_no !== orderNo) {
      throw new ChannelFailure(MSG_WECHAT_PAY_ODD_ANSWER);
    }
    const state = refundStateOf(answer.json.status, refundId);
    if (state === undefined) throw new ChannelFailure(MSG_WECHAT_PAY_ODD_ANSWER);
    return state;
  }

  const orderPath = (orderNo: string) => `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}`;

  return {
    code: 'wechat',
    merchant: settings.mchId,

    async prepay(order: ChannelOrder, notifyUrl: string): Promise<ClientPayParams> {
      if (order.openid === null || order.openid === '') throw new ChannelFailure(MSG_WECHAT_PAY_NO_OPENID);
      const answer = await call('POST', '/v3/pay/transactions/jsapi', {
        appid: settings.appId,
        mchid: settings.mchId,
        description: clip(order.description, 127),
        out_trade_no: order.no,
        time_expire: shanghaiRfc3339(order.expiresAt),
        notify_url: notifyUrl,
        amount: { total: toFen(order.payPrice), currency: 'CNY' },
        payer: { openid: order.openid },
      });
      if (answer.status !== 200) throw refused(answer);
      const prepayId = text(answer.json.prepay_id);
      if (prepayId === undefined) throw new ChannelFailure(MSG_WECHAT_PAY_ODD_ANSWER);
      // wx.requestPayment's parameters; paySign is "小程序调起支付签名" over appId, timeStamp, nonceStr, package.
      const timeStamp = String(nowSeconds());
      const nonceStr = nonce();
      const pkg = `prepay_id=${prepayId}`;
      return { appId: settings.appId, timeStamp, nonceStr, package: pkg, signType: 'RSA', paySign: rsaSign(`${settings.appId}\n${timeStamp}\n${nonceStr}\n${pkg}\n`) };
    },

    async query(orderNo: string): Promise<PaymentState> {
      const answer = await call('GET', `${orderPath(orderNo)}?mchid=${encodeURIComponent(settings.mchId)}`);
      if (answer.status === 404 && answer.code === 'ORDER_NOT_EXIST') return { state: 'unknown' };
      if (answer.status !== 200) throw refused(answer);
      const trade = answer.json;
      if (trade.out_trade_no !== orderNo || trade.mchid !== settings.mchId) throw new ChannelFailure(MSG_WECHAT_PAY_ODD_ANSWER);
      switch (trade.trade_state) {
        // REFUND: paid, then (part) refunded; the payment itself happened.
        case 'SUCCESS':
        case 'REFUND': {
          const tradeNo = text(trade.transaction_id);
          const total = isJson(trade.amount) ? fenOf(trade.amount.total) : undefined;
          if (tradeNo === undefined || total === undefined) throw new ChannelFailure(MSG_WECHAT_PAY_ODD_ANSWER);
          return { state: 'paid', tradeNo, amount: toYuan(total), paidAt: dateOf(trade.success_time) };
        }
        case 'NOTPAY':
        case 'USERPAYING':
          return { state: 'unpaid' };
        case 'CLOSED':
        case 'REVOKED':
        case 'PAYERROR':
          return { state: 'closed' };
        default:
          throw new ChannelFailure(MSG_WECHAT_PAY_ODD_ANSWER);
      }
    },

    async close(orderNo: string): Promise<void> {
      const answer = await call('POST', `${orderPath(orderNo)}/close`, { mchid: settings.mchId });
      if (answer.status === 204 || answer.status === 200) return;
      // Never created there, or closed already: the order is as closed as it can be.
      if (answer.status === 404 && answer.code === 'ORDER_NOT_EXIST') return;
      if (answer.code === 'ORDER_CLOSED') return;
      if (answer.code === 'ORDERPAID') throw new ChannelFailure(MSG_WECHAT_PAY_ORDER_PAID);
      throw refused(answer);
    },

    async refund(refund: ChannelRefund, notifyUrl: string): Promise<RefundState> {
      const reason = clip(refund.reason, 80);
      const answer = await call('POST', '/v3/refund/domestic/refunds', {
        out_trade_no: refund.orderNo,
        out_refund_no: refund.refundNo,
        ...(reason === '' ? {} : { reason }),
        notify_url: notifyUrl,
        amount: { refund: toFen(refund.refundPrice), total: toFen(refund.totalPrice), currency: 'CNY' },
      });
      if (answer.status === 200) return refundFrom(answer, refund.orderNo, refund.refundNo);
      // A refusal (over the refundable amount, balance short, …) is final for this attempt and says why;
      // a server fault or the rate limit leaves the outcome open, so the caller retries with the same number.
      if (answer.status >= 400 && answer.status < 500 && answer.status !== 429) {
        return { state: 'failed', reason: answer.message === '' ? `${MSG_WECHAT_PAY_REFUSED}（${answer.code}）` : answer.message };
      }
      throw refused(answer);
    },

    async queryRefund(orderNo: string, refundNo: string): Promise<RefundState> {
      const answer = await call('GET', `/v3/refund/domestic/refunds/${encodeURIComponent(refundNo)}`);
      if (answer.status === 404) return { state: 'failed', reason: MSG_WECHAT_PAY_REFUND_NOT_FOUND };
      if (answer.status !== 200) throw refused(answer);
      return refundFrom(answer, orderNo, refundNo);
    },

    // The signature (over the raw body) is checked before anything in the body is believed.
    async verify(notice: RawNotice): Promise<VerifiedNotice> {
      const header = (name: string): string | undefined => {
        const found = Object.entries(notice.headers).find(([key]) => key.toLowerCase() === name)?.[1];
        const value = Array.isArray(found) ? found[0] : found;
        return value === undefined || value === '' ? undefined : value;
      };
      const fault = signatureFault(settings, header, notice.rawBody, nowSeconds());
      if (fault !== null) throw new NoticeRefused(NOTICE_REASON[fault]);

      const body = parseJson(notice.rawBody);
      const eventType = text(body?.event_type);
      if (body === undefined || eventType === undefined || !isJson(body.resource)) throw new NoticeRefused(MSG_NOTICE_BAD_BODY);
      const resource = decryptResource(settings, body.resource);
      if (resource.mchid !== settings.mchId) throw new NoticeRefused(MSG_NOTICE_WRONG_MERCHANT);

      if (eventType === 'TRANSACTION.SUCCESS') {
        if (resource.appid !== settings.appId) throw new NoticeRefused(MSG_NOTICE_WRONG_APP);
        const outTradeNo = text(resource.out_trade_no);
        const tradeNo = text(resource.transaction_id);
        // The order's amount (total), not what the buyer paid after WeChat-side coupons (payer_total).
        const total = isJson(resource.amount) ? fenOf(resource.amount.total) : undefined;
        if (outTradeNo === undefined || tradeNo === undefined || total === undefined) throw new NoticeRefused(MSG_NOTICE_BAD_BODY);
        return {
          kind: 'payment',
          outTradeNo,
          tradeNo,
          amount: toYuan(total),
          paid: resource.trade_state === 'SUCCESS',
          merchant: settings.mchId,
          paidAt: dateOf(resource.success_time),
        };
      }

      if (eventType.startsWith('REFUND.')) {
        const outTradeNo = text(resource.out_trade_no);
        const outRefundNo = text(resource.out_refund_no);
        const channelRefundNo = text(resource.refund_id);
        const refunded = isJson(resource.amount) ? fenOf(resource.amount.refund) : undefined;
        if (outTradeNo === undefined || outRefundNo === undefined || channelRefundNo === undefined || refunded === undefined) {
          throw new NoticeRefused(MSG_NOTICE_BAD_BODY);
        }
        const status = resource.refund_status ?? eventType.slice('REFUND.'.length);
        const state = status === 'SUCCESS' ? 'success' : status === 'ABNORMAL' || status === 'CLOSED' ? 'failed' : 'processing';
        return { kind: 'refund', outTradeNo, outRefundNo, channelRefundNo, amount: toYuan(refunded), state, merchant: settings.mchId };
      }

      throw new NoticeRefused(MSG_NOTICE_UNKNOWN_EVENT);
    },

    answer(accepted: boolean, message?: string): NoticeAnswer {
      // "通知应答": success is 200/204 with no body; anything else makes WeChat send the notification again.
      if (accepted) return { status: 204, contentType: 'text/plain; charset=utf-8', body: '' };
      return { status: 500, contentType: 'application/json; charset=utf-8', body: JSON.stringify({ code: 'FAIL', message: message ?? MSG_NOTICE_ANSWER_FAIL }) };
    },
  };
}
