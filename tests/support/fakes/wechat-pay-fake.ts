/**
 * A local WeChat Pay APIv3 (direct merchant, JSAPI) on 127.0.0.1, for tests of our adapter and of the
 * order flow (also a spawned product server: point WECHAT_PAY_BASE at `url`, see wechatPayTestEnv).
 *
 * It does what WeChat Pay does at the protocol level, with its own key pair standing in for "微信支付公钥":
 * - verifies every request's Authorization (WECHATPAY2-SHA256-RSA2048: mchid, serial_no, a timestamp
 *   within 5 minutes, the RSA-SHA256 signature of `METHOD\nPATH?QUERY\ntimestamp\nnonce\nbody\n` under
 *   the merchant's public key) and answers 401 SIGN_ERROR, unsigned, when it does not hold;
 * - signs every other answer (Wechatpay-Timestamp / -Nonce / -Signature / -Serial over
 *   `timestamp\nnonce\nbody\n`);
 * - sends notifications as WeChat does: the resource sealed with AEAD_AES_256_GCM under the APIv3 key,
 *   the whole body signed; the notify URL's answer is kept.
 * Transactions and refunds live in memory. The controls (pay, settleRefund, forgeNotification, hang, …)
 * are what a test does in the buyer's or WeChat's place.
 */
import { createCipheriv, generateKeyPairSync, randomBytes, randomInt, randomUUID, sign, verify, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { HangSwitch } from './hang-switch';

const MAX_SKEW_SECONDS = 5 * 60;
const AUTH_SCHEME = 'WECHATPAY2-SHA256-RSA2048';

export type FakeTradeState = 'NOTPAY' | 'SUCCESS' | 'REFUND' | 'CLOSED';
export type FakeRefundStatus = 'SUCCESS' | 'PROCESSING' | 'ABNORMAL' | 'CLOSED';

export interface WechatPayFakeOptions {
  mchId: string;
  appId: string;
  /** The merchant's APIv3 key (32 bytes): notifications are sealed with it. */
  apiV3Key: string;
  /** Verifies our requests' signatures. */
  merchantPublicKeyPem: string;
  /** The serial_no our Authorization must name. */
  merchantSerial: string;
  /** Default PUB_KEY_ID_ followed by 32 digits. */
  publicKeyId?: string;
}

export interface FakeTransaction {
  outTradeNo: string;
  appid: string;
  mchid: string;
  description: string;
  notifyUrl: string;
  /** Fen. */
  total: number;
  openid: string;
  /** As received (RFC 3339), or null when the request had none. */
  timeExpire: string | null;
  prepayId: string;
  tradeState: FakeTradeState;
  transactionId: string | null;
  successTime: string | null;
}

export interface FakeRefund {
  outRefundNo: string;
  outTradeNo: string;
  refundId: string;
  /** Fen. */
  refund: number;
  total: number;
  status: FakeRefundStatus;
  reason: string | null;
  notifyUrl: string | null;
  createTime: string;
  successTime: string | null;
}

/** What a notify URL answered (status 0: it could not be reached; body then says why). */
export interface DeliveryAnswer {
  status: number;
  body: string;
}

export interface FakeNotification {
  url: string;
  eventType: string;
  headers: Record<string, string>;
  /** The raw body as sent (what the signature covers). */
  body: string;
  /** The plaintext sealed inside, for a test's assertions. */
  resource: Record<string, unknown>;
  /** Filled once delivered. */
  answer: DeliveryAnswer | null;
}

/** How a notification may be built wrong, each the way an attacker or a misconfiguration would. */
export interface ForgeOptions {
  /** Merged into the sealed resource (objects one level deep: `{ amount: { total: 1 } }` keeps currency). */
  resource?: Record<string, unknown>;
  eventType?: string;
  /** Signed with a key that is not WeChat Pay's. */
  badSignature?: boolean;
  /** Another Wechatpay-Serial than the public key id. */
  serial?: string;
  /** Wechatpay-Timestamp in seconds (e.g. 10 minutes ago). */
  timestamp?: number;
  /** One byte of the ciphertext flipped after sealing (the signature is made over the tampered body). */
  tamperCiphertext?: boolean;
  /** Sealed under another APIv3 key. */
  apiV3Key?: string;
  /** Where it goes; default the order's (or refund's) notify_url. */
  url?: string;
}

/** Ways the fake can spoil its own answers, to prove our adapter checks them. */
export type AnswerTamper = 'signature' | 'serial' | 'body' | 'timestamp' | false;

export interface FakeRequest {
  method: string;
  path: string;
  status: number;
  code: string | null;
  /** The request body as received. */
  body: string;
}

export interface WechatPayFake {
  url: string;
  publicKeyPem: string;
  publicKeyId: string;
  /** WeChat Pay's private key in this fake; no test outside this file should need it. */
  privateKeyPem: string;
  /** Every notification delivered, in order, replays included. */
  readonly notifications: readonly FakeNotification[];
  /** Orders closed through the API, in order. */
  readonly closed: readonly string[];
  readonly requests: readonly FakeRequest[];
  state(outTradeNo: string): FakeTransaction | undefined;
  refundOf(outRefundNo: string): FakeRefund | undefined;
  /**
   * The buyer pays: SUCCESS with a transaction_id, then (unless notify is false) the signed, sealed
   * TRANSACTION.SUCCESS notification is POSTed to the order's notify_url; resolves with its answer.
   */
  pay(outTradeNo: string, options?: { notify?: boolean }): Promise<DeliveryAnswer | null>;
  /** A payment notification for the order as if paid, built (not sent), optionally forged. */
  forgeNotification(outTradeNo: string, options?: ForgeOptions): FakeNotification;
  /** The refund's notification for its current status (or `eventType`), built, not sent. */
  refundNotification(outRefundNo: string, options?: ForgeOptions): FakeNotification;
  /** POSTs a notification as it is (so also a replay of one from `notifications`). */
  deliver(notification: FakeNotification, url?: string): Promise<DeliveryAnswer>;
  /** The first delivered notification that matches, already sent or still to come. */
  waitForNotification(match: (notification: FakeNotification) => boolean): Promise<FakeNotification>;
  /**
   * true: calls are held unanswered until hang(false) or close(); a number: each call waits that many ms first;
   * 'lose': the held calls never reach WeChat Pay (dropped unanswered) and new ones are answered again.
   */
  hang(mode: number | boolean | 'lose'): void;
  tamperAnswers(mode: AnswerTamper): void;
  /** How new refunds come out: SUCCESS and ABNORMAL settle at once (and notify), PROCESSING waits for settleRefund. */
  refundOutcome(status: 'SUCCESS' | 'PROCESSING' | 'ABNORMAL'): void;
  /** Settles a PROCESSING refund and sends its notification; resolves with the answer (null without a notify_url). */
  settleRefund(outRefundNo: string, status?: 'SUCCESS' | 'ABNORMAL' | 'CLOSED'): Promise<DeliveryAnswer | null>;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;

const isJson = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value !== '';
const positiveFen = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
const digits = (count: number): string => Array.from({ length: count }, () => String(randomInt(10))).join('');

function parseJson(body: string): Json | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    return isJson(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

function shanghaiRfc3339(at: Date): string {
  return `${new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
}

/** notify_url: an absolute http(s) URL without parameters (the docs: "不能携带参数"); http allowed here for local tests. */
function goodNotifyUrl(value: unknown): value is string {
  if (!nonEmpty(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.search === '' && url.hash === '';
  } catch {
    return false;
  }
}

const TRADE_STATE_DESC: Record<FakeTradeState, string> = { NOTPAY: '订单未支付', SUCCESS: '支付成功', REFUND: '订单发生过退款', CLOSED: '订单已关闭' };
const REFUND_SUMMARY: Record<FakeRefundStatus, string> = { SUCCESS: '退款成功', PROCESSING: '退款处理中', ABNORMAL: '退款异常', CLOSED: '退款关闭' };

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function fail(status: number, code: string, message: string): never {
  throw new Refusal(status, code, message);
}

export async function startWechatPayFake(options: WechatPayFakeOptions): Promise<WechatPayFake> {
  const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
  // Signs "forged" notifications: a key WeChat Pay never had.
  const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const publicKeyId = options.publicKeyId ?? `PUB_KEY_ID_${digits(32)}`;
  const merchantKey = options.merchantPublicKeyPem;

  const trades = new Map<string, FakeTransaction>();
  const refunds = new Map<string, FakeRefund>();
  const notifications: FakeNotification[] = [];
  const waiters: Array<{ match: (n: FakeNotification) => boolean; resolve: (n: FakeNotification) => void }> = [];
  const closed: string[] = [];
  const requests: FakeRequest[] = [];
  const hanging = new HangSwitch();
  let tamper: AnswerTamper = false;
  let outcome: 'SUCCESS' | 'PROCESSING' | 'ABNORMAL' = 'SUCCESS';

  const nowSeconds = () => Math.floor(Date.now() / 1000);
  const signWith = (key: KeyObject, message: string) => sign('sha256', Buffer.from(message, 'utf8'), key).toString('base64');

  /** The headers WeChat puts on a signed answer or notification. */
  function signatureHeaders(body: string, forge: { badSignature?: boolean; serial?: string; timestamp?: number } = {}): Record<string, string> {
    const timestamp = String(forge.timestamp ?? nowSeconds());
    const nonce = randomBytes(16).toString('hex');
    return {
      'Wechatpay-Timestamp': timestamp,
      'Wechatpay-Nonce': nonce,
      'Wechatpay-Signature': signWith(forge.badSignature === true ? stranger.privateKey : platform.privateKey, `${timestamp}\n${nonce}\n${body}\n`),
      'Wechatpay-Serial': forge.serial ?? publicKeyId,
      'Wechatpay-Signature-Type': AUTH_SCHEME,
    };
  }

  /** Whether a request's Authorization is the merchant's, as WeChat checks it. */
  function authorized(req: http.IncomingMessage, body: string): boolean {
    const auth = req.headers.authorization;
    if (auth === undefined || !auth.startsWith(`${AUTH_SCHEME} `)) return false;
    const fields = Object.fromEntries([...auth.slice(AUTH_SCHEME.length + 1).matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    const { mchid, serial_no: serial, nonce_str: nonce, timestamp, signature } = fields;
    if (mchid !== options.mchId || serial !== options.merchantSerial || !nonEmpty(nonce) || !nonEmpty(signature)) return false;
    if (timestamp === undefined || !/^\d+$/.test(timestamp) || Math.abs(nowSeconds() - Number(timestamp)) > MAX_SKEW_SECONDS) return false;
    const message = `${req.method ?? ''}\n${req.url ?? ''}\n${timestamp}\n${nonce}\n${body}\n`;
    try {
      return verify('sha256', Buffer.from(message, 'utf8'), merchantKey, Buffer.from(signature, 'base64'));
    } catch {
      return false;
    }
  }

  function transactionResource(trade: FakeTransaction): Json {
    const paid = trade.tradeState === 'SUCCESS' || trade.tradeState === 'REFUND';
    return {
      appid: trade.appid,
      mchid: trade.mchid,
      out_trade_no: trade.outTradeNo,
      ...(paid ? { transaction_id: trade.transactionId, trade_type: 'JSAPI', bank_type: 'OTHERS', success_time: trade.successTime } : {}),
      trade_state: trade.tradeState,
      trade_state_desc: TRADE_STATE_DESC[trade.tradeState],
      attach: '',
      payer: { openid: trade.openid },
      amount: paid ? { total: trade.total, payer_total: trade.total, currency: 'CNY', payer_currency: 'CNY' } : { total: trade.total, currency: 'CNY', payer_currency: 'CNY' },
    };
  }

  function refundResource(refund: FakeRefund): Json {
    const trade = trades.get(refund.outTradeNo);
    return {
      refund_id: refund.refundId,
      out_refund_no: refund.outRefundNo,
      transaction_id: trade?.transactionId ?? '',
      out_trade_no: refund.outTradeNo,
      channel: 'ORIGINAL',
      user_received_account: '支付用户零钱',
      ...(refund.successTime === null ? {} : { success_time: refund.successTime }),
      create_time: refund.createTime,
      status: refund.status,
      funds_account: 'AVAILABLE',
      amount: {
        total: refund.total,
        refund: refund.refund,
        from: [],
        payer_total: refund.total,
        payer_refund: refund.refund,
        settlement_refund: refund.refund,
        settlement_total: refund.total,
        discount_refund: 0,
        currency: 'CNY',
      },
    };
  }

  function seal(plain: string, associatedData: string, key: string, tamperCiphertext: boolean): Json {
    const nonce = randomBytes(6).toString('hex');
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(key, 'utf8'), Buffer.from(nonce, 'utf8'));
    cipher.setAAD(Buffer.from(associatedData, 'utf8'));
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    if (tamperCiphertext && sealed.length > 0) sealed.writeUInt8(sealed.readUInt8(0) ^ 0x01, 0);
    return { original_type: associatedData, algorithm: 'AEAD_AES_256_GCM', ciphertext: sealed.toString('base64'), associated_data: associatedData, nonce };
  }

  function mergeResource(base: Json, overrides: Json | undefined): Json {
    const merged: Json = { ...base };
    for (const [key, value] of Object.entries(overrides ?? {})) {
      const current = merged[key];
      merged[key] = isJson(current) && isJson(value) ? { ...current, ...value } : value;
    }
    return merged;
  }

  function buildNotification(eventType: string, originalType: 'transaction' | 'refund', summary: string, resource: Json, url: string, forge: ForgeOptions): FakeNotification {
    const body = JSON.stringify({
      id: randomUUID(),
      create_time: shanghaiRfc3339(new Date()),
      resource_type: 'encrypt-resource',
      event_type: eventType,
      summary,
      resource: seal(JSON.stringify(resource), originalType, forge.apiV3Key ?? options.apiV3Key, forge.tamperCiphertext === true),
    });
    const headers = { 'Content-Type': 'application/json', ...signatureHeaders(body, forge) };
    return { url: forge.url ?? url, eventType, headers, body, resource, answer: null };
  }

  async function deliver(notification: FakeNotification, url = notification.url): Promise<DeliveryAnswer> {
    let answer: DeliveryAnswer;
    try {
      const response = await fetch(url, { method: 'POST', headers: notification.headers, body: notification.body, signal: AbortSignal.timeout(10_000) });
      answer = { status: response.status, body: await response.text() };
    } catch (error) {
      answer = { status: 0, body: error instanceof Error ? error.message : String(error) };
    }
    const sent: FakeNotification = { ...notification, url, answer };
    notifications.push(sent);
    for (const waiter of [...waiters]) {
      if (waiter.match(sent)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(sent);
      }
    }
    return answer;
  }

  function tradeOf(outTradeNo: string): FakeTransaction {
    const trade = trades.get(outTradeNo);
    if (trade === undefined) throw new Error(`the WeChat Pay fake has no order ${outTradeNo}`);
    return trade;
  }

  function refundNotificationOf(refund: FakeRefund, forge: ForgeOptions = {}): FakeNotification {
    const resource = mergeResource(
      {
        mchid: options.mchId,
        out_trade_no: refund.outTradeNo,
        transaction_id: trades.get(refund.outTradeNo)?.transactionId ?? '',
        out_refund_no: refund.outRefundNo,
        refund_id: refund.refundId,
        refund_status: refund.status,
        ...(refund.successTime === null ? {} : { success_time: refund.successTime }),
        user_received_account: '支付用户零钱',
        amount: { total: refund.total, refund: refund.refund, payer_total: refund.total, payer_refund: refund.refund },
      },
      forge.resource,
    );
    const eventType = forge.eventType ?? `REFUND.${refund.status}`;
    return buildNotification(eventType, 'refund', REFUND_SUMMARY[refund.status], resource, refund.notifyUrl ?? '', forge);
  }

  function settle(refund: FakeRefund, status: FakeRefundStatus): void {
    refund.status = status;
    if (status === 'SUCCESS') {
      refund.successTime = shanghaiRfc3339(new Date());
      const trade = trades.get(refund.outTradeNo);
      if (trade !== undefined) trade.tradeState = 'REFUND';
    }
  }

  // --- the API -------------------------------------------------------------------------------------

  function prepay(body: Json): { status: number; payload?: Json } {
    if (body.appid !== options.appId || body.mchid !== options.mchId) fail(400, 'APPID_MCHID_NOT_MATCH', 'AppID和mch_id不匹配');
    const { description, out_trade_no: no, notify_url: notifyUrl, time_expire: timeExpire } = body;
    const amount = isJson(body.amount) ? body.amount : {};
    const openid = isJson(body.payer) ? body.payer.openid : undefined;
    const total = amount.total;
    if (!nonEmpty(description) || Array.from(description).length > 127) return fail(400, 'PARAM_ERROR', '商品描述 description 不正确');
    if (!nonEmpty(no) || !/^[0-9A-Za-z_\-*|]{6,32}$/.test(no)) return fail(400, 'PARAM_ERROR', '商户订单号 out_trade_no 不正确');
    if (!goodNotifyUrl(notifyUrl)) return fail(400, 'PARAM_ERROR', '通知地址 notify_url 不正确');
    if (!positiveFen(total)) return fail(400, 'PARAM_ERROR', '订单金额 amount.total 须为正整数（分）');
    if (amount.currency !== undefined && amount.currency !== 'CNY') fail(400, 'PARAM_ERROR', '币种 currency 只能是 CNY');
    if (!nonEmpty(openid)) return fail(400, 'PARAM_ERROR', '支付者 payer.openid 必填');
    if (timeExpire !== undefined) {
      const rfc3339 = typeof timeExpire === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?[+-]\d{2}:\d{2}$/.test(timeExpire);
      const deadline = rfc3339 ? new Date(timeExpire).getTime() : Number.NaN;
      if (Number.isNaN(deadline)) fail(400, 'PARAM_ERROR', '支付截止时间 time_expire 格式不正确');
      if (deadline <= Date.now()) fail(400, 'PARAM_ERROR', '支付截止时间 time_expire 已过');
    }
    const existing = trades.get(no);
    if (existing !== undefined) {
      if (existing.tradeState === 'SUCCESS' || existing.tradeState === 'REFUND') fail(400, 'ORDERPAID', '该订单已支付');
      if (existing.tradeState === 'CLOSED') fail(400, 'ORDER_CLOSED', '订单已关闭');
      // The same order again gets the same prepay_id; the same number with other content is a duplicate.
      if (existing.total !== total || existing.description !== description || existing.openid !== openid) {
        fail(400, 'INVALID_REQUEST', '201 商户订单号重复');
      }
      return { status: 200, payload: { prepay_id: existing.prepayId } };
    }
    const trade: FakeTransaction = {
      outTradeNo: no,
      appid: options.appId,
      mchid: options.mchId,
      description,
      notifyUrl,
      total,
      openid,
      timeExpire: typeof timeExpire === 'string' ? timeExpire : null,
      prepayId: `wx${randomBytes(16).toString('hex')}`,
      tradeState: 'NOTPAY',
      transactionId: null,
      successTime: null,
    };
    trades.set(no, trade);
    return { status: 200, payload: { prepay_id: trade.prepayId } };
  }

  function query(no: string, mchid: string | null): { status: number; payload?: Json } {
    if (mchid !== options.mchId) fail(400, 'PARAM_ERROR', '商户号 mchid 不正确');
    const trade = trades.get(no);
    if (trade === undefined) return fail(404, 'ORDER_NOT_EXIST', '订单不存在');
    return { status: 200, payload: transactionResource(trade) };
  }

  function closeTrade(no: string, body: Json): { status: number; payload?: Json } {
    if (body.mchid !== options.mchId) fail(400, 'PARAM_ERROR', '商户号 mchid 不正确');
    const trade = trades.get(no);
    if (trade === undefined) return fail(404, 'ORDER_NOT_EXIST', '订单不存在');
    if (trade.tradeState === 'SUCCESS' || trade.tradeState === 'REFUND') fail(400, 'ORDERPAID', '订单已支付');
    if (trade.tradeState === 'NOTPAY') {
      trade.tradeState = 'CLOSED';
      closed.push(no);
    }
    return { status: 204 };
  }

  function createRefund(body: Json): { status: number; payload?: Json; after?: () => void } {
    const { out_trade_no: outTradeNo, out_refund_no: outRefundNo, amount, notify_url: notifyUrl, reason } = body;
    if (!nonEmpty(outRefundNo) || !/^[0-9A-Za-z_\-*|@]{1,64}$/.test(outRefundNo)) return fail(400, 'PARAM_ERROR', '商户退款单号 out_refund_no 不正确');
    const existing = refunds.get(outRefundNo);
    // The same out_refund_no again is the same refund: WeChat answers with it and refunds once.
    if (existing !== undefined) return { status: 200, payload: refundResource(existing) };
    if (!nonEmpty(outTradeNo)) return fail(400, 'PARAM_ERROR', '商户订单号 out_trade_no 必填');
    const trade = trades.get(outTradeNo);
    if (trade === undefined) return fail(404, 'RESOURCE_NOT_EXISTS', '订单不存在');
    if (!isJson(amount) || !positiveFen(amount.refund) || !positiveFen(amount.total)) return fail(400, 'PARAM_ERROR', '退款金额 amount.refund 与原订单金额 amount.total 须为正整数（分）');
    if (amount.currency !== 'CNY') fail(400, 'PARAM_ERROR', '币种 currency 只能是 CNY');
    if (notifyUrl !== undefined && !goodNotifyUrl(notifyUrl)) fail(400, 'PARAM_ERROR', '通知地址 notify_url 不正确');
    if (reason !== undefined && (typeof reason !== 'string' || Array.from(reason).length > 80)) fail(400, 'PARAM_ERROR', '退款原因 reason 过长');
    if (trade.tradeState !== 'SUCCESS' && trade.tradeState !== 'REFUND') fail(400, 'INVALID_REQUEST', '订单未支付，不能退款');
    if (amount.total !== trade.total) fail(400, 'PARAM_ERROR', '订单金额 amount.total 与原订单不一致');
    const refunded = [...refunds.values()]
      .filter((r) => r.outTradeNo === trade.outTradeNo && (r.status === 'SUCCESS' || r.status === 'PROCESSING'))
      .reduce((sum, r) => sum + r.refund, 0);
    if (amount.refund > trade.total - refunded) fail(400, 'INVALID_REQUEST', '退款金额超过订单可退金额');
    const refund: FakeRefund = {
      outRefundNo,
      outTradeNo: trade.outTradeNo,
      refundId: `50${digits(27)}`,
      refund: amount.refund,
      total: amount.total,
      status: 'PROCESSING',
      reason: typeof reason === 'string' ? reason : null,
      notifyUrl: typeof notifyUrl === 'string' ? notifyUrl : null,
      createTime: shanghaiRfc3339(new Date()),
      successTime: null,
    };
    refunds.set(refund.outRefundNo, refund);
    if (outcome !== 'PROCESSING') settle(refund, outcome);
    const notifyNow = outcome !== 'PROCESSING' && refund.notifyUrl !== null;
    return {
      status: 200,
      payload: refundResource(refund),
      after: notifyNow ? () => void deliver(refundNotificationOf(refund)) : undefined,
    };
  }

  function queryRefund(outRefundNo: string): { status: number; payload?: Json } {
    const refund = refunds.get(outRefundNo);
    if (refund === undefined) return fail(404, 'RESOURCE_NOT_EXISTS', '退款单不存在');
    return { status: 200, payload: refundResource(refund) };
  }

  function route(method: string, url: URL, rawBody: string): { status: number; payload?: Json; after?: (() => void) | undefined } {
    const body = method === 'POST' ? parseJson(rawBody) : {};
    if (body === undefined) return fail(400, 'PARAM_ERROR', '请求体不是合法的 JSON 对象');
    const parts = url.pathname.split('/').map((part) => decodeURIComponent(part));
    if (method === 'POST' && url.pathname === '/v3/pay/transactions/jsapi') return prepay(body);
    if (parts.length === 6 && url.pathname.startsWith('/v3/pay/transactions/out-trade-no/') && method === 'GET') return query(parts[5] ?? '', url.searchParams.get('mchid'));
    if (parts.length === 7 && url.pathname.startsWith('/v3/pay/transactions/out-trade-no/') && parts[6] === 'close' && method === 'POST') return closeTrade(parts[5] ?? '', body);
    if (method === 'POST' && url.pathname === '/v3/refund/domestic/refunds') return createRefund(body);
    if (parts.length === 6 && url.pathname.startsWith('/v3/refund/domestic/refunds/') && method === 'GET') return queryRefund(parts[5] ?? '');
    return fail(404, 'NOT_FOUND', '请求的资源不存在');
  }

  function send(res: http.ServerResponse, status: number, payload: Json | undefined, signed: boolean): void {
    if (res.destroyed || res.writableEnded) return;
    let body = payload === undefined ? '' : JSON.stringify(payload);
    const headers: Record<string, string> = { 'Request-ID': randomUUID() };
    if (body !== '') headers['Content-Type'] = 'application/json; charset=utf-8';
    if (signed) {
      const forge = tamper === 'signature' ? { badSignature: true } : tamper === 'serial' ? { serial: `PUB_KEY_ID_${digits(32)}` } : tamper === 'timestamp' ? { timestamp: nowSeconds() - 600 } : {};
      Object.assign(headers, signatureHeaders(body, forge));
      // Altered after signing, as a man in the middle would.
      if (tamper === 'body') body = body === '' ? ' ' : body.replace(/\d/, (d) => String((Number(d) + 1) % 10));
    }
    res.writeHead(status, headers);
    res.end(body);
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks).toString('utf8');
    if (!(await hanging.pass())) {
      res.destroy();
      return;
    }

    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://fake.invalid');
    const log = (status: number, code: string | null) => requests.push({ method, path: `${url.pathname}${url.search}`, status, code, body: rawBody });
    const accept = req.headers.accept ?? '';
    if (!accept.includes('application/json') && !accept.includes('*/*')) {
      log(400, 'INVALID_REQUEST');
      return send(res, 400, { code: 'INVALID_REQUEST', message: 'Http头缺少Accept或User-Agent' }, true);
    }
    if (req.headers['user-agent'] === undefined) {
      log(400, 'INVALID_REQUEST');
      return send(res, 400, { code: 'INVALID_REQUEST', message: 'Http头缺少Accept或User-Agent' }, true);
    }
    if (!authorized(req, rawBody)) {
      log(401, 'SIGN_ERROR');
      // WeChat signs an answer only when it could trust the request.
      return send(res, 401, { code: 'SIGN_ERROR', message: '签名错误' }, false);
    }
    const serial = req.headers['wechatpay-serial'];
    if (serial !== undefined && serial !== publicKeyId) {
      log(400, 'INVALID_REQUEST');
      return send(res, 400, { code: 'INVALID_REQUEST', message: 'Wechatpay-Serial 与微信支付公钥 ID 不符' }, true);
    }
    if (method === 'POST' && !(req.headers['content-type'] ?? '').includes('application/json')) {
      log(400, 'INVALID_REQUEST');
      return send(res, 400, { code: 'INVALID_REQUEST', message: 'Content-Type 须为 application/json' }, true);
    }
    try {
      const result = route(method, url, rawBody);
      log(result.status, null);
      send(res, result.status, result.payload, true);
      result.after?.();
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      log(error.status, error.code);
      send(res, error.status, { code: error.code, message: error.message }, true);
    }
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch(() => send(res, 500, { code: 'SYSTEM_ERROR', message: '系统错误' }, true));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    publicKeyPem: platform.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    publicKeyId,
    privateKeyPem: platform.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    notifications,
    closed,
    requests,
    state: (outTradeNo) => trades.get(outTradeNo),
    refundOf: (outRefundNo) => refunds.get(outRefundNo),

    async pay(outTradeNo, payOptions = {}) {
      const trade = tradeOf(outTradeNo);
      if (trade.tradeState !== 'NOTPAY') throw new Error(`order ${outTradeNo} is ${trade.tradeState}, it cannot be paid`);
      if (trade.timeExpire !== null && new Date(trade.timeExpire).getTime() <= Date.now()) throw new Error(`order ${outTradeNo} expired at ${trade.timeExpire}`);
      trade.tradeState = 'SUCCESS';
      trade.transactionId = `4200${digits(24)}`;
      trade.successTime = shanghaiRfc3339(new Date());
      if (payOptions.notify === false) return null;
      return deliver(buildNotification('TRANSACTION.SUCCESS', 'transaction', '支付成功', transactionResource(trade), trade.notifyUrl, {}));
    },

    forgeNotification(outTradeNo, forge = {}) {
      const trade = tradeOf(outTradeNo);
      const asPaid: FakeTransaction =
        trade.tradeState === 'NOTPAY' || trade.tradeState === 'CLOSED'
          ? { ...trade, tradeState: 'SUCCESS', transactionId: `4200${digits(24)}`, successTime: shanghaiRfc3339(new Date()) }
          : trade;
      const resource = mergeResource(transactionResource(asPaid), forge.resource);
      return buildNotification(forge.eventType ?? 'TRANSACTION.SUCCESS', 'transaction', '支付成功', resource, trade.notifyUrl, forge);
    },

    refundNotification(outRefundNo, forge = {}) {
      const refund = refunds.get(outRefundNo);
      if (refund === undefined) throw new Error(`the WeChat Pay fake has no refund ${outRefundNo}`);
      return refundNotificationOf(refund, forge);
    },

    deliver,

    waitForNotification(match) {
      const already = notifications.find(match);
      if (already !== undefined) return Promise.resolve(already);
      return new Promise((resolve) => waiters.push({ match, resolve }));
    },

    hang(mode) {
      hanging.set(mode);
    },

    tamperAnswers(mode) {
      tamper = mode;
    },

    refundOutcome(status) {
      outcome = status;
    },

    async settleRefund(outRefundNo, status = 'SUCCESS') {
      const refund = refunds.get(outRefundNo);
      if (refund === undefined) throw new Error(`the WeChat Pay fake has no refund ${outRefundNo}`);
      if (refund.status !== 'PROCESSING') throw new Error(`refund ${outRefundNo} is ${refund.status} already`);
      settle(refund, status);
      if (refund.notifyUrl === null) return null;
      return deliver(refundNotificationOf(refund));
    },

    async close() {
      server.closeAllConnections();
      hanging.release();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A merchant API key pair and certificate serial made for a test (what 商户平台 gives a real merchant). */
export function makeMerchantKeys(): { privateKeyPem: string; publicKeyPem: string; serial: string } {
  const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKeyPem: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKeyPem: pair.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    serial: randomBytes(20).toString('hex').toUpperCase(),
  };
}

/**
 * The environment (docs/business-api.md names) that points our WeChat Pay channel at a fake, with the
 * key files written into `dir`: for a test that builds the channel or spawns a product server.
 */
export function wechatPayTestEnv(
  dir: string,
  fake: Pick<WechatPayFake, 'url' | 'publicKeyPem' | 'publicKeyId'>,
  merchant: { appId: string; mchId: string; apiV3Key: string; privateKeyPem: string; serial: string },
): Record<string, string> {
  const privateKeyFile = path.join(dir, 'wechat-pay-apiclient_key.pem');
  const publicKeyFile = path.join(dir, 'wechat-pay-pub_key.pem');
  fs.writeFileSync(privateKeyFile, merchant.privateKeyPem, { mode: 0o600 });
  fs.writeFileSync(publicKeyFile, fake.publicKeyPem);
  return {
    WECHAT_APP_ID: merchant.appId,
    WECHAT_PAY_MCH_ID: merchant.mchId,
    WECHAT_PAY_CERT_SERIAL: merchant.serial,
    WECHAT_PAY_PRIVATE_KEY_FILE: privateKeyFile,
    WECHAT_PAY_API_V3_KEY: merchant.apiV3Key,
    WECHAT_PAY_PUBLIC_KEY_FILE: publicKeyFile,
    WECHAT_PAY_PUBLIC_KEY_ID: fake.publicKeyId,
    WECHAT_PAY_BASE: fake.url,
  };
}
