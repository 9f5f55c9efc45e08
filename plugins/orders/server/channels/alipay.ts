import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import Decimal from 'decimal.js';
import { AlipayRequestError, AlipaySdk } from 'alipay-sdk';
import {
  ChannelFailure,
  NoticeRefused,
  type ChannelOrder,
  type ChannelRefund,
  type NoticeAnswer,
  type PaymentState,
  type RawNotice,
  type RealPaymentChannel,
  type RefundState,
  type VerifiedNotice,
} from './contract';

/**
 * Alipay (支付宝开放平台, OpenAPI 2.0 "gateway.do" protocol) through the official alipay-sdk: the buyer pays
 * on Alipay's mobile web cashier (alipay.trade.wap.pay), the rest are server calls whose answers the SDK
 * checks against Alipay's public key. Alipay speaks Beijing time and yuan text with two decimals.
 */

export const ALIPAY_DEFAULT_GATEWAY = 'https://openapi.alipay.com/gateway.do';
export const ALIPAY_DEFAULT_TIMEOUT_MS = 10_000;

export const MSG_ALIPAY_TIMEOUT = '支付宝请求超时';
export const MSG_ALIPAY_UNAVAILABLE = '支付宝暂不可用';
export const MSG_ALIPAY_BAD_ANSWER = '支付宝应答验签失败';
/** Followed by Alipay's sub_msg and sub_code: "支付宝拒绝请求：验签出错（isv.invalid-signature）". */
export const MSG_ALIPAY_REFUSED = '支付宝拒绝请求';
export const MSG_ALIPAY_REFUND_NOT_FOUND = '支付宝未查到该退款成功（未受理或未成功），可用同一退款单号重试';
export const MSG_ALIPAY_BAD_AMOUNT = '金额无效';
export const MSG_ALIPAY_NOTICE_SIGNATURE = '签名验证失败';
export const MSG_ALIPAY_NOTICE_MERCHANT = '商户不符';
export const MSG_ALIPAY_NOTICE_MALFORMED = '通知格式错误';

export interface AlipaySettings {
  /** The app id at the open platform (also the merchant a notification must name). */
  appId: string;
  /** Our app's private key, normalised to PKCS#8 PEM. */
  privateKeyPem: string;
  /** Alipay's public key for this app (公钥模式), normalised to SPKI PEM. */
  alipayPublicKeyPem: string;
  /** The gateway URL (…/gateway.do). */
  gateway: string;
}

type Env = Readonly<Record<string, string | undefined>>;

const VARIABLES = ['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY_FILE', 'ALIPAY_PUBLIC_KEY_FILE', 'ALIPAY_GATEWAY'] as const;

function envText(env: Env, name: string): string | null {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? null : value;
}

/** Alipay's key tool writes bare base64 (no PEM armour); both forms are accepted. */
function bareBase64(text: string): Buffer | null {
  const compact = text.replace(/\s+/g, '');
  return /^[A-Za-z0-9+/]+={0,2}$/.test(compact) ? Buffer.from(compact, 'base64') : null;
}

function privateKeyFrom(text: string): KeyObject | null {
  try {
    if (text.includes('-----BEGIN')) {
      // Only an RSA or PKCS#8 private key block; anything else (a certificate, a public key) is the wrong file.
      if (!/-----BEGIN (RSA )?PRIVATE KEY-----/.test(text)) return null;
      return createPrivateKey(text);
    }
    const der = bareBase64(text);
    if (der === null) return null;
    for (const type of ['pkcs8', 'pkcs1'] as const) {
      try {
        return createPrivateKey({ key: der, format: 'der', type });
      } catch {
        // try the other layout
      }
    }
    return null;
  } catch {
    return null;
  }
}

function publicKeyFrom(text: string): KeyObject | null {
  try {
    if (text.includes('-----BEGIN')) {
      // createPublicKey would also derive a public key from a private key or read a certificate: refuse both.
      if (!/-----BEGIN (RSA )?PUBLIC KEY-----/.test(text)) return null;
      return createPublicKey(text);
    }
    const der = bareBase64(text);
    if (der === null) return null;
    for (const type of ['spki', 'pkcs1'] as const) {
      try {
        return createPublicKey({ key: der, format: 'der', type });
      } catch {
        // try the other layout
      }
    }
    return null;
  } catch {
    return null;
  }
}

function readKeyFile(path: string, name: string, problems: string[]): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    problems.push(`${name}: cannot read the file ${path}`);
    return null;
  }
}

/** RSA2 is SHA256withRSA with a key of at least 2048 bits (the open platform refuses shorter ones). */
function rsa2048(key: KeyObject): boolean {
  return key.asymmetricKeyType === 'rsa' && (key.asymmetricKeyDetails?.modulusLength ?? 0) >= 2048;
}

/**
 * Alipay's settings from the channel variables (docs/business-api.md "Channels"). None set: Alipay is not
 * configured (null, no problems). Any set: each missing or unusable one is named; key contents never appear.
 */
export function alipaySettings(env: Env): { settings: AlipaySettings | null; problems: string[] } {
  if (VARIABLES.every((name) => envText(env, name) === null)) return { settings: null, problems: [] };
  const problems: string[] = [];

  const appId = envText(env, 'ALIPAY_APP_ID');
  if (appId === null) problems.push('ALIPAY_APP_ID is not set (the app id from the Alipay open platform)');
  else if (!/^\d{1,32}$/.test(appId)) problems.push(`ALIPAY_APP_ID must be the app's numeric id (got "${appId}")`);

  let privateKey: KeyObject | null = null;
  const privateKeyFile = envText(env, 'ALIPAY_PRIVATE_KEY_FILE');
  if (privateKeyFile === null) {
    problems.push("ALIPAY_PRIVATE_KEY_FILE is not set (a PEM file with the app's RSA private key, PKCS#1 or PKCS#8)");
  } else {
    const text = readKeyFile(privateKeyFile, 'ALIPAY_PRIVATE_KEY_FILE', problems);
    if (text !== null) {
      privateKey = privateKeyFrom(text);
      if (privateKey === null) {
        problems.push(`ALIPAY_PRIVATE_KEY_FILE (${privateKeyFile}) is not an RSA private key in PEM (PKCS#1 or PKCS#8)`);
      } else if (!rsa2048(privateKey)) {
        problems.push(`ALIPAY_PRIVATE_KEY_FILE (${privateKeyFile}) must be an RSA key of at least 2048 bits (RSA2)`);
        privateKey = null;
      }
    }
  }

  let alipayPublicKey: KeyObject | null = null;
  const publicKeyFile = envText(env, 'ALIPAY_PUBLIC_KEY_FILE');
  if (publicKeyFile === null) {
    problems.push("ALIPAY_PUBLIC_KEY_FILE is not set (a PEM file with Alipay's public key for this app)");
  } else {
    const text = readKeyFile(publicKeyFile, 'ALIPAY_PUBLIC_KEY_FILE', problems);
    if (text !== null) {
      alipayPublicKey = publicKeyFrom(text);
      if (alipayPublicKey === null) {
        problems.push(`ALIPAY_PUBLIC_KEY_FILE (${publicKeyFile}) is not an RSA public key in PEM`);
      } else if (!rsa2048(alipayPublicKey)) {
        problems.push(`ALIPAY_PUBLIC_KEY_FILE (${publicKeyFile}) must be an RSA key of at least 2048 bits (RSA2)`);
        alipayPublicKey = null;
      }
    }
  }
  // The usual slip: the app's own public key (应用公钥) where Alipay's (支付宝公钥) belongs. Every answer would
  // then fail its check, so it is caught here.
  if (privateKey !== null && alipayPublicKey !== null) {
    const ownPublic = createPublicKey(privateKey).export({ type: 'spki', format: 'der' });
    if (ownPublic.equals(alipayPublicKey.export({ type: 'spki', format: 'der' }))) {
      problems.push(`ALIPAY_PUBLIC_KEY_FILE (${publicKeyFile ?? ''}) holds the app's own public key, not Alipay's public key (支付宝公钥)`);
    }
  }

  const gateway = envText(env, 'ALIPAY_GATEWAY') ?? ALIPAY_DEFAULT_GATEWAY;
  let gatewayOk = false;
  try {
    const url = new URL(gateway);
    gatewayOk = url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    gatewayOk = false;
  }
  if (!gatewayOk) problems.push(`ALIPAY_GATEWAY must be an http(s) URL such as ${ALIPAY_DEFAULT_GATEWAY} (got "${gateway}")`);

  if (problems.length > 0 || appId === null || privateKey === null || alipayPublicKey === null) {
    return { settings: null, problems };
  }
  return {
    settings: {
      appId,
      privateKeyPem: String(privateKey.export({ type: 'pkcs8', format: 'pem' })).trim(),
      alipayPublicKeyPem: String(alipayPublicKey.export({ type: 'spki', format: 'pem' })).trim(),
      gateway,
    },
    problems: [],
  };
}

/** Beijing time has had no daylight saving since 1991: a fixed +08:00 is exact. */
const BEIJING_OFFSET_MS = 8 * 60 * 60 * 1000;

/** "yyyy-MM-dd HH:mm:ss" on Alipay's clock (Beijing time), whatever zone this process runs in. */
export function alipayTime(at: Date): string {
  return new Date(at.getTime() + BEIJING_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** Reads Alipay's "yyyy-MM-dd HH:mm:ss" (Beijing time); null when absent or not such a time. */
export function parseAlipayTime(text: string | undefined): Date | null {
  const match = text === undefined ? null : /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (match === null) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as [number, number, number, number, number, number, number];
  const at = new Date(Date.UTC(y, mo - 1, d, h, mi, s) - BEIJING_OFFSET_MS);
  return alipayTime(at) === text ? at : null;
}

/** Yuan text with two decimals, through decimal.js; null when not a positive amount of whole fen. */
function yuan(value: string | undefined): string | null {
  if (value === undefined || !/^\d+(\.\d{1,2})?$/.test(value.trim())) return null;
  const amount = new Decimal(value.trim());
  return amount.isZero() ? null : amount.toFixed(2);
}

function requireYuan(value: string): string {
  const amount = yuan(value);
  if (amount === null) throw new ChannelFailure(MSG_ALIPAY_BAD_AMOUNT);
  return amount;
}

/** Alipay's subject must not carry "/", "=" or "&" (统一收单 subject 说明); 256 characters at most. */
function subjectOf(description: string): string {
  const cleaned = description.replace(/[/=&]/g, ' ').trim();
  return (cleaned === '' ? '订单' : cleaned).slice(0, 256);
}

/** Our refund's id at Alipay: a refund has no number of its own there, only the trade and our request number. */
function channelRefundNo(tradeNo: string, outRequestNo: string): string {
  return `${tradeNo}_${outRequestNo}`;
}

type Answer = Readonly<Record<string, unknown>>;

function text(answer: Answer, key: string): string | undefined {
  const value = answer[key];
  return typeof value === 'string' ? value : undefined;
}

function refusal(answer: Answer): ChannelFailure {
  const detail = text(answer, 'sub_msg') ?? text(answer, 'msg') ?? '';
  const code = text(answer, 'sub_code') ?? text(answer, 'code') ?? '';
  return new ChannelFailure(`${MSG_ALIPAY_REFUSED}：${detail}（${code}）`);
}

function isTimeout(error: unknown): boolean {
  for (let cause: unknown = error; cause instanceof Error; cause = cause.cause) {
    if (cause.name === 'HttpClientRequestTimeoutError' || cause.name === 'HttpClientConnectTimeoutError' || cause.name === 'TimeoutError') {
      return true;
    }
  }
  return false;
}

/** What the SDK threw, as a message safe for staff (the SDK's own texts carry raw answers; they stay out). */
function failureOf(error: unknown): ChannelFailure {
  if (error instanceof ChannelFailure) return error;
  if (isTimeout(error)) return new ChannelFailure(MSG_ALIPAY_TIMEOUT);
  if (error instanceof AlipayRequestError) {
    // "验签失败…": the answer's sign does not check out against Alipay's public key.
    if (error.message.startsWith('验签失败')) return new ChannelFailure(MSG_ALIPAY_BAD_ANSWER);
    return new ChannelFailure(MSG_ALIPAY_UNAVAILABLE);
  }
  // The SDK's verifier throws (rather than answers false) on an answer without any sign.
  return new ChannelFailure(MSG_ALIPAY_BAD_ANSWER);
}

/** Codes of a usable answer: 10000 done; 40004 a business refusal the caller maps. Others are failures. */
const SUCCESS = '10000';
const BUSINESS_FAILED = '40004';

export interface AlipayChannelOptions {
  /** Bound on each gateway call, in milliseconds (default 10 s). */
  timeoutMs?: number;
}

export function createAlipayChannel(settings: AlipaySettings, options: AlipayChannelOptions = {}): RealPaymentChannel {
  const timeoutMs = options.timeoutMs ?? ALIPAY_DEFAULT_TIMEOUT_MS;
  const sdk = new AlipaySdk({
    appId: settings.appId,
    privateKey: settings.privateKeyPem,
    keyType: 'PKCS8',
    alipayPublicKey: settings.alipayPublicKeyPem,
    gateway: settings.gateway,
    signType: 'RSA2',
    timeout: timeoutMs,
    // Answers keep Alipay's own snake_case names (out_trade_no), as the documentation writes them.
    camelcase: false,
  });

  /**
   * One gateway call. The SDK checks the answer's sign only when asked (validateSign); it is always asked.
   * The SDK's own timeout bounds the request; AbortSignal.timeout bounds the whole call as well (DNS, TLS,
   * a slow body), so a caller never waits past timeoutMs.
   */
  async function call(method: string, bizContent: Record<string, string>): Promise<Answer> {
    const signal = AbortSignal.timeout(timeoutMs);
    let onAbort = (): void => undefined;
    const deadline = new Promise<never>((_, reject) => {
      onAbort = () => reject(new ChannelFailure(MSG_ALIPAY_TIMEOUT));
      signal.addEventListener('abort', onAbort, { once: true });
    });
    try {
      // The SDK stamps requests with this process's clock; Alipay reads the stamp as Beijing time.
      const request = sdk.exec(method, { bizContent, timestamp: alipayTime(new Date()) }, { validateSign: true });
      const answer: Answer = await Promise.race([request, deadline]);
      return answer;
    } catch (error) {
      throw failureOf(error);
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
  }

  async function queryRefund(orderNo: string, refundNo: string): Promise<RefundState> {
    const answer = await call('alipay.trade.fastpay.refund.query', { out_trade_no: orderNo, out_request_no: refundNo });
    const code = text(answer, 'code');
    if (code === BUSINESS_FAILED && text(answer, 'sub_code') === 'ACQ.TRADE_NOT_EXIST') {
      return { state: 'failed', reason: MSG_ALIPAY_REFUND_NOT_FOUND };
    }
    if (code !== SUCCESS) throw refusal(answer);
    if (text(answer, 'refund_status') === 'REFUND_SUCCESS') {
      return { state: 'success', channelRefundNo: channelRefundNo(text(answer, 'trade_no') ?? '', refundNo) };
    }
    // 统一收单交易退款查询: without refund_status the refund was not received or did not succeed, and the
    // documented remedy is to call the refund again with the same request number, which refunds at most
    // once. So it is a failure staff may retry, not an open "processing" that nothing would ever settle.
    // (Asked within seconds of the refund the answer can still lag; a retry then just finds it done.)
    return { state: 'failed', reason: MSG_ALIPAY_REFUND_NOT_FOUND };
  }

  return {
    code: 'alipay',
    merchant: settings.appId,

    async prepay(order: ChannelOrder, notifyUrl: string) {
      // Signed here without a call: the buyer's browser takes the URL to the gateway, which opens the cashier.
      const payUrl = sdk.pageExecute('alipay.trade.wap.pay', 'GET', {
        bizContent: {
          out_trade_no: order.no,
          total_amount: requireYuan(order.payPrice),
          subject: subjectOf(order.description),
          product_code: 'QUICK_WAP_WAY',
          time_expire: alipayTime(order.expiresAt),
        },
        notify_url: notifyUrl,
        timestamp: alipayTime(new Date()),
      });
      return { payUrl };
    },

    async query(orderNo: string): Promise<PaymentState> {
      const answer = await call('alipay.trade.query', { out_trade_no: orderNo });
      const code = text(answer, 'code');
      // A wap payment exists at Alipay only once the buyer has opened the cashier: before that, "no such trade".
      if (code === BUSINESS_FAILED && text(answer, 'sub_code') === 'ACQ.TRADE_NOT_EXIST') return { state: 'unknown' };
      if (code !== SUCCESS) throw refusal(answer);
      switch (text(answer, 'trade_status')) {
        case 'TRADE_SUCCESS':
        case 'TRADE_FINISHED': {
          const amount = yuan(text(answer, 'total_amount'));
          const tradeNo = text(answer, 'trade_no');
          if (amount === null || tradeNo === undefined) throw new ChannelFailure(MSG_ALIPAY_UNAVAILABLE);
          return { state: 'paid', tradeNo, amount, paidAt: parseAlipayTime(text(answer, 'send_pay_date')) };
        }
        case 'WAIT_BUYER_PAY':
          return { state: 'unpaid' };
        case 'TRADE_CLOSED':
          return { state: 'closed' };
        default:
          throw new ChannelFailure(MSG_ALIPAY_UNAVAILABLE);
      }
    },

    async close(orderNo: string): Promise<void> {
      const answer = await call('alipay.trade.close', { out_trade_no: orderNo });
      const code = text(answer, 'code');
      if (code === SUCCESS) return;
      // The buyer never opened the cashier: there is nothing to close.
      if (code === BUSINESS_FAILED && text(answer, 'sub_code') === 'ACQ.TRADE_NOT_EXIST') return;
      throw refusal(answer);
    },

    // Alipay has no refund notify URL of its own: a refund's notification goes to the payment's notify_url.
    async refund(refund: ChannelRefund, _notifyUrl: string): Promise<RefundState> {
      const answer = await call('alipay.trade.refund', {
        out_trade_no: refund.orderNo,
        refund_amount: requireYuan(refund.refundPrice),
        out_request_no: refund.refundNo,
        refund_reason: refund.reason.slice(0, 256),
      });
      const code = text(answer, 'code');
      if (code === SUCCESS) {
        const tradeNo = text(answer, 'trade_no') ?? '';
        // fund_change Y: the money moved in this call. N: nothing moved now (typically a retry of a refund
        // already done); Alipay's advice is to ask the refund query, whose answer then decides.
        if (text(answer, 'fund_change') === 'Y') return { state: 'success', channelRefundNo: channelRefundNo(tradeNo, refund.refundNo) };
        const queried = await queryRefund(refund.orderNo, refund.refundNo);
        // Accepted (10000) but not yet seen by the query: still under way rather than refused.
        return queried.state === 'failed' ? { state: 'processing', channelRefundNo: channelRefundNo(tradeNo, refund.refundNo) } : queried;
      }
      const subCode = text(answer, 'sub_code');
      // ACQ.SYSTEM_ERROR: Alipay does not know the outcome yet (its advice: retry with the same number).
      if (code === BUSINESS_FAILED && subCode !== 'ACQ.SYSTEM_ERROR') {
        return { state: 'failed', reason: text(answer, 'sub_msg') ?? text(answer, 'msg') ?? subCode ?? MSG_ALIPAY_REFUSED };
      }
      throw refusal(answer);
    },

    queryRefund,

    async verify(notice: RawNotice): Promise<VerifiedNotice> {
      return verifyNotice(sdk, settings.appId, notice);
    },

    answer(accepted: boolean): NoticeAnswer {
      // Alipay resends the notification (for about a day) until the body is exactly "success".
      return { status: 200, contentType: 'text/plain; charset=utf-8', body: accepted ? 'success' : 'fail' };
    },
  };
}

function header(notice: RawNotice, name: string): string | undefined {
  const value = notice.headers[name] ?? notice.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** The notification's form fields; null when it is not a form of single-valued fields. */
function formFields(notice: RawNotice): Record<string, string> | null {
  const contentType = header(notice, 'content-type');
  if (contentType !== undefined && !/^application\/x-www-form-urlencoded\b/i.test(contentType.trim())) return null;
  const fields: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(notice.rawBody)) {
    if (key === '' || Object.hasOwn(fields, key)) return null;
    fields[key] = value;
  }
  return fields;
}

/**
 * 异步通知验签: every field but sign and sign_type, sorted, "k=v" joined by "&", checked (SHA256withRSA)
 * against Alipay's public key. checkNotifySignV2 tries that after the variant that keeps sign_type, and
 * takes the values as they are: URLSearchParams has already decoded the form once.
 */
function verifyNotice(sdk: AlipaySdk, appId: string, notice: RawNotice): VerifiedNotice {
  const fields = formFields(notice);
  if (fields === null || fields.sign === undefined || fields.sign === '') throw new NoticeRefused(MSG_ALIPAY_NOTICE_MALFORMED);
  if (fields.charset !== undefined && fields.charset.toLowerCase() !== 'utf-8') throw new NoticeRefused(MSG_ALIPAY_NOTICE_MALFORMED);
  // Only RSA2: the SDK would otherwise follow a notification's own sign_type down to SHA1.
  if (fields.sign_type !== undefined && fields.sign_type !== 'RSA2') throw new NoticeRefused(MSG_ALIPAY_NOTICE_SIGNATURE);
  let signed = false;
  try {
    signed = sdk.checkNotifySignV2(fields);
  } catch {
    signed = false;
  }
  if (!signed) throw new NoticeRefused(MSG_ALIPAY_NOTICE_SIGNATURE);
  if (fields.app_id !== appId) throw new NoticeRefused(MSG_ALIPAY_NOTICE_MERCHANT);

  const outTradeNo = fields.out_trade_no;
  const tradeNo = fields.trade_no;
  if (outTradeNo === undefined || outTradeNo === '' || tradeNo === undefined || tradeNo === '') {
    throw new NoticeRefused(MSG_ALIPAY_NOTICE_MALFORMED);
  }

  // A refund changes the trade and Alipay tells it with the same trade_status_sync notification, adding
  // out_biz_no (our refund's out_request_no) and refund_fee. Alipay documents refund_fee as the trade's
  // total refunded so far: this refund's amount for a first refund, the running total after that.
  if (fields.out_biz_no !== undefined && fields.refund_fee !== undefined) {
    const amount = yuan(fields.refund_fee);
    if (fields.out_biz_no === '' || amount === null) throw new NoticeRefused(MSG_ALIPAY_NOTICE_MALFORMED);
    return {
      kind: 'refund',
      outTradeNo,
      outRefundNo: fields.out_biz_no,
      channelRefundNo: channelRefundNo(tradeNo, fields.out_biz_no),
      amount,
      amountIsTotal: true,
      // Alipay refunds synchronously and tells a refund only once its money has moved.
      state: 'success',
      merchant: appId,
    };
  }

  const amount = yuan(fields.total_amount);
  if (amount === null) throw new NoticeRefused(MSG_ALIPAY_NOTICE_MALFORMED);
  switch (fields.trade_status) {
    case 'TRADE_SUCCESS':
    case 'TRADE_FINISHED':
      return { kind: 'payment', outTradeNo, tradeNo, amount, paid: true, merchant: appId, paidAt: parseAlipayTime(fields.gmt_payment) };
    case 'WAIT_BUYER_PAY':
    case 'TRADE_CLOSED':
      return { kind: 'payment', outTradeNo, tradeNo, amount, paid: false, merchant: appId, paidAt: null };
    default:
      throw new NoticeRefused(MSG_ALIPAY_NOTICE_MALFORMED);
  }
}
