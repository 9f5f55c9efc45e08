import { createSign, createVerify, generateKeyPairSync, randomBytes, randomInt } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import Decimal from 'decimal.js';

/**
 * A local Alipay open-platform gateway (OpenAPI 2.0, "gateway.do") for tests: the mobile web cashier
 * (alipay.trade.wap.pay), trade query / close / refund / refund query, and the trade_status_sync
 * notifications, with Alipay's protocol facts:
 * - every request is checked as the gateway does: app_id, sign_type RSA2, and the RSA2 signature over all
 *   parameters but sign (empty ones left out), sorted by name and joined as "k=v" with "&", against the app
 *   public key the fake was given; a failure answers code 40002 isv.invalid-signature "验签出错";
 * - answers are `{"<method>_response":{…},"sign":"…"}`, signed with the fake's own Alipay key pair over the
 *   exact JSON text of the *_response object;
 * - notifications are forms signed over every field but sign and sign_type (异步通知验签), POSTed to the
 *   notify_url the payment was created with; a refund that moves money is told the same way, with
 *   out_biz_no and refund_fee.
 * Other tests (a spawned product server) reach it through ALIPAY_GATEWAY = `url` and a PEM file with
 * `alipayPublicKeyPem` (alipayEnvFiles below writes both).
 */

export type FakeTradeStatus = 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_FINISHED' | 'TRADE_CLOSED';

export interface FakeRefund {
  outRequestNo: string;
  amount: string;
  reason: string;
  /** Beijing time with milliseconds, as Alipay's gmt_refund. */
  gmtRefund: string;
}

export interface FakeTrade {
  outTradeNo: string;
  tradeNo: string;
  status: FakeTradeStatus;
  totalAmount: string;
  subject: string;
  productCode: string;
  timeExpire: string | null;
  notifyUrl: string | null;
  returnUrl: string | null;
  /** Beijing time ("yyyy-MM-dd HH:mm:ss"). */
  gmtCreate: string;
  gmtPayment: string | null;
  gmtClose: string | null;
  refunds: FakeRefund[];
}

export interface FakeNotification {
  kind: 'payment' | 'refund';
  url: string;
  /** The raw form body as sent (for replays). */
  body: string;
  /** The notify URL's HTTP status and body text; null while unanswered or when it could not be reached. */
  status: number | null;
  answer: string | null;
}

export interface FakeRequest {
  method: string;
  /** The request's signature checked out against the app public key. */
  signatureValid: boolean;
  /** The answer's code and sub_code ("10000" / undefined when it succeeded). */
  code: string;
  subCode: string | undefined;
}

export interface AlipayFakeOptions {
  appId: string;
  /** The app's public key (应用公钥), PEM: requests are verified with it. */
  appPublicKeyPem: string;
  host?: string;
  port?: number;
  /** How far a request's timestamp may lie from Beijing time now (default 15 minutes). */
  clockSkewMs?: number;
}

/** Fields to change in a built notification: a string sets the field, null removes it. */
export type NotificationOverrides = Readonly<Record<string, string | null>>;

export interface AlipayFake {
  /** The gateway, ending in /gateway.do (ALIPAY_GATEWAY). */
  url: string;
  appId: string;
  /** Alipay's public key (支付宝公钥) for the app, SPKI PEM (the file ALIPAY_PUBLIC_KEY_FILE names). */
  alipayPublicKeyPem: string;
  /** Every gateway request, in arrival order. */
  requests: FakeRequest[];
  /** Every notification the fake sent, in order. */
  notifications: FakeNotification[];
  /**
   * The buyer pays an opened (WAIT_BUYER_PAY) trade: TRADE_SUCCESS with gmt_payment now, and (unless
   * notify is false) the signed notification POSTed to its notify_url. Resolves with the notify URL's
   * answer text (null without a notification).
   */
  pay(outTradeNo: string, options?: { notify?: boolean }): Promise<string | null>;
  /** A trade_status_sync notification for the trade as it stands, changed by `overrides`, correctly signed. */
  paymentNotification(outTradeNo: string, overrides?: NotificationOverrides): string;
  /** The notification of an earlier refund of the trade (out_biz_no, refund_fee), correctly signed. */
  refundNotification(outTradeNo: string, outRequestNo: string, overrides?: NotificationOverrides): string;
  /** Any fields as a notification body, signed with Alipay's key. */
  signNotification(fields: Readonly<Record<string, string>>): string;
  /** Like paymentNotification, but signed with a key that is not Alipay's. */
  forgedNotification(outTradeNo: string, overrides?: NotificationOverrides): string;
  /** From now on every request is held without an answer (until close). */
  hang(): void;
  /** The next refund is refused: code 40004 with this sub_msg (and sub_code). */
  failRefund(subMsg: string, subCode?: string): void;
  /** A copy of the trade as the fake holds it. */
  state(outTradeNo: string): FakeTrade | undefined;
  close(): Promise<void>;
}

/** An RSA2 key pair in PEM (private PKCS#8 unless asked for PKCS#1; public SPKI). */
export function makeRsaKeys(privateType: 'pkcs8' | 'pkcs1' = 'pkcs8'): { privateKeyPem: string; publicKeyPem: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: privateType, format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  return { privateKeyPem: privateKey, publicKeyPem: publicKey };
}

/** Writes the key files into `dir` and gives the channel variables that point the product at `fake`. */
export function alipayEnvFiles(dir: string, fake: AlipayFake, appPrivateKeyPem: string): Record<string, string> {
  const privateKeyFile = path.join(dir, 'alipay-app-private-key.pem');
  const publicKeyFile = path.join(dir, 'alipay-public-key.pem');
  writeFileSync(privateKeyFile, appPrivateKeyPem, { mode: 0o600 });
  writeFileSync(publicKeyFile, fake.alipayPublicKeyPem);
  return {
    ALIPAY_APP_ID: fake.appId,
    ALIPAY_PRIVATE_KEY_FILE: privateKeyFile,
    ALIPAY_PUBLIC_KEY_FILE: publicKeyFile,
    ALIPAY_GATEWAY: fake.url,
  };
}

const BEIJING_OFFSET_MS = 8 * 60 * 60 * 1000;

/** "yyyy-MM-dd HH:mm:ss" in Beijing time (Alipay's clock). */
export function beijingTime(at: Date = new Date(), withMillis = false): string {
  const iso = new Date(at.getTime() + BEIJING_OFFSET_MS).toISOString();
  return iso.slice(0, withMillis ? 23 : 19).replace('T', ' ');
}

function parseBeijing(text: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (match === null) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as [number, number, number, number, number, number, number];
  const at = Date.UTC(y, mo - 1, d, h, mi, s) - BEIJING_OFFSET_MS;
  return beijingTime(new Date(at)) === text ? at : null;
}

/** Yuan with at most two decimals, 0.01 to 100000000; null otherwise. */
function yuanOf(value: unknown): Decimal | null {
  if (typeof value !== 'string' || !/^\d+(\.\d{1,2})?$/.test(value)) return null;
  const amount = new Decimal(value);
  return amount.lt('0.01') || amount.gt('100000000') ? null : amount;
}

/** Alipay's content to sign or check: the given fields sorted by name, "k=v" joined with "&". */
function signContent(fields: Readonly<Record<string, string>>, leaveOut: readonly string[]): string {
  return Object.keys(fields)
    .filter((key) => !leaveOut.includes(key) && fields[key] !== '')
    .sort()
    .map((key) => `${key}=${fields[key] ?? ''}`)
    .join('&');
}

function rsa2Sign(content: string, privateKeyPem: string): string {
  return createSign('RSA-SHA256').update(content, 'utf8').sign(privateKeyPem, 'base64');
}

class GatewayError extends Error {
  constructor(
    readonly code: string,
    readonly msg: string,
    readonly subCode: string,
    readonly subMsg: string,
  ) {
    super(subMsg);
  }
}

const missing = (subCode: string, subMsg: string) => new GatewayError('40001', 'Missing Required Arguments', subCode, subMsg);
const invalid = (subCode: string, subMsg: string) => new GatewayError('40002', 'Invalid Arguments', subCode, subMsg);
const business = (subCode: string, subMsg: string) => new GatewayError('40004', 'Business Failed', subCode, subMsg);
const notExist = () => business('ACQ.TRADE_NOT_EXIST', '交易不存在');

const METHODS = new Set(['alipay.trade.wap.pay', 'alipay.trade.query', 'alipay.trade.close', 'alipay.trade.refund', 'alipay.trade.fastpay.refund.query']);

const BUYER = { buyer_id: '2088102177846880', buyer_logon_id: '159****5620' };
const SELLER = { seller_id: '2088101117955611', seller_email: 'shop@example.com' };

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(res: ServerResponse, title: string, body: string): void {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>${body}</body></html>`);
}

export async function startAlipayFake(options: AlipayFakeOptions): Promise<AlipayFake> {
  const { appId, appPublicKeyPem } = options;
  const clockSkewMs = options.clockSkewMs ?? 15 * 60 * 1000;
  const alipayKeys = makeRsaKeys();
  const strangerKeys = makeRsaKeys();
  const trades = new Map<string, FakeTrade>();
  const requests: FakeRequest[] = [];
  const notifications: FakeNotification[] = [];
  const held = new Set<ServerResponse>();
  const deliveries = new Set<Promise<unknown>>();
  let hanging = false;
  let nextRefundFailure: { subMsg: string; subCode: string } | null = null;
  let tradeCounter = 0;

  function newTradeNo(): string {
    tradeCounter += 1;
    const day = beijingTime().slice(0, 10).replaceAll('-', '');
    return `${day}22001${String(randomInt(10 ** 9)).padStart(9, '0')}${String(tradeCounter).padStart(6, '0')}`;
  }

  function trade(outTradeNo: unknown): FakeTrade {
    const found = typeof outTradeNo === 'string' ? trades.get(outTradeNo) : undefined;
    if (found === undefined) throw notExist();
    return found;
  }

  function refundedTotal(t: FakeTrade): Decimal {
    return t.refunds.reduce((sum, r) => sum.plus(r.amount), new Decimal(0));
  }

  /** The request's common parameters checked as the gateway checks them, before any business. */
  function checkCommon(params: Record<string, string>): string {
    const method = params.method;
    if (method === undefined || method === '') throw missing('isv.missing-method', '缺少方法名参数');
    if (!METHODS.has(method)) throw invalid('isv.invalid-method', '不存在的方法名');
    if (params.app_id === undefined || params.app_id === '') throw missing('isv.missing-app-id', '缺少AppID参数');
    if (params.sign === undefined || params.sign === '') throw missing('isv.missing-signature', '缺少签名参数');
    if (params.sign_type === undefined || params.sign_type === '') throw missing('isv.missing-signature-type', '缺少签名类型参数');
    if (params.timestamp === undefined || params.timestamp === '') throw missing('isv.missing-timestamp', '缺少时间戳参数');
    if (params.app_id !== appId) throw invalid('isv.invalid-app-id', '无效的AppID参数');
    if (params.sign_type !== 'RSA2') throw invalid('isv.invalid-signature-type', '无效的签名类型');
    let valid = false;
    try {
      valid = createVerify('RSA-SHA256').update(signContent(params, ['sign']), 'utf8').verify(appPublicKeyPem, params.sign, 'base64');
    } catch {
      valid = false;
    }
    if (!valid) throw invalid('isv.invalid-signature', '验签出错');
    // Alipay reads the stamp as Beijing time: a request stamped on a UTC server's clock lies 8 hours off.
    const stamped = parseBeijing(params.timestamp);
    if (stamped === null || Math.abs(stamped - Date.now()) > clockSkewMs) throw invalid('isv.invalid-timestamp', '非法的时间戳参数');
    if (params.charset !== undefined && params.charset.toLowerCase() !== 'utf-8') throw invalid('isv.invalid-charset', '字符集错误');
    return method;
  }

  function bizOf(params: Record<string, string>): Record<string, unknown> {
    try {
      const parsed: unknown = JSON.parse(params.biz_content ?? '{}');
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch {
      // answered below
    }
    throw invalid('isv.invalid-parameter', 'biz_content 格式错误');
  }

  function requiredText(biz: Record<string, unknown>, key: string, max = 64): string {
    const value = biz[key];
    if (typeof value !== 'string' || value === '') throw missing('isv.missing-parameter', `缺少参数 ${key}`);
    if (value.length > max) throw invalid('isv.invalid-parameter', `参数 ${key} 过长`);
    return value;
  }

  function wapPay(params: Record<string, string>): FakeTrade {
    const biz = bizOf(params);
    const outTradeNo = requiredText(biz, 'out_trade_no');
    const subject = requiredText(biz, 'subject', 256);
    const total = yuanOf(biz.total_amount);
    if (total === null) throw invalid('isv.invalid-parameter', '参数 total_amount 无效');
    if (biz.product_code !== 'QUICK_WAP_WAY') throw invalid('isv.invalid-parameter', '参数 product_code 无效');
    const timeExpire = typeof biz.time_expire === 'string' ? biz.time_expire : null;
    if (timeExpire !== null && parseBeijing(timeExpire) === null) throw invalid('isv.invalid-parameter', '参数 time_expire 无效');
    const existing = trades.get(outTradeNo);
    if (existing !== undefined) {
      if (existing.status === 'TRADE_SUCCESS' || existing.status === 'TRADE_FINISHED') throw business('ACQ.TRADE_HAS_SUCCESS', '交易已被支付');
      if (existing.status === 'TRADE_CLOSED') throw business('ACQ.TRADE_HAS_CLOSE', '交易已经关闭');
      if (!new Decimal(existing.totalAmount).eq(total)) throw business('ACQ.CONTEXT_INCONSISTENT', '交易信息被篡改');
      return existing;
    }
    const created: FakeTrade = {
      outTradeNo,
      tradeNo: newTradeNo(),
      status: 'WAIT_BUYER_PAY',
      totalAmount: total.toFixed(2),
      subject,
      productCode: 'QUICK_WAP_WAY',
      timeExpire,
      notifyUrl: params.notify_url ?? null,
      returnUrl: params.return_url ?? null,
      gmtCreate: beijingTime(),
      gmtPayment: null,
      gmtClose: null,
      refunds: [],
    };
    trades.set(outTradeNo, created);
    return created;
  }

  function query(biz: Record<string, unknown>): Record<string, string> {
    const t = trade(biz.out_trade_no);
    const paid = t.gmtPayment !== null;
    return {
      code: '10000',
      msg: 'Success',
      trade_no: t.tradeNo,
      out_trade_no: t.outTradeNo,
      buyer_logon_id: BUYER.buyer_logon_id,
      trade_status: t.status,
      total_amount: t.totalAmount,
      buyer_pay_amount: paid ? t.totalAmount : '0.00',
      point_amount: '0.00',
      invoice_amount: paid ? t.totalAmount : '0.00',
      receipt_amount: paid ? t.totalAmount : '0.00',
      ...(t.gmtPayment === null ? {} : { send_pay_date: t.gmtPayment }),
      buyer_user_id: BUYER.buyer_id,
    };
  }

  function close(biz: Record<string, unknown>): Record<string, string> {
    const t = trade(biz.out_trade_no);
    if (t.status === 'TRADE_SUCCESS' || t.status === 'TRADE_FINISHED') throw business('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
    if (t.status === 'WAIT_BUYER_PAY') {
      t.status = 'TRADE_CLOSED';
      t.gmtClose = beijingTime();
    }
    return { code: '10000', msg: 'Success', trade_no: t.tradeNo, out_trade_no: t.outTradeNo };
  }

  function refund(biz: Record<string, unknown>): Record<string, string> {
    const t = trade(biz.out_trade_no);
    // Without out_request_no the refund is the whole trade's (the documented default: out_trade_no).
    const outRequestNo = typeof biz.out_request_no === 'string' && biz.out_request_no !== '' ? biz.out_request_no : t.outTradeNo;
    const answerFor = (fundChange: 'Y' | 'N'): Record<string, string> => ({
      code: '10000',
      msg: 'Success',
      trade_no: t.tradeNo,
      out_trade_no: t.outTradeNo,
      buyer_logon_id: BUYER.buyer_logon_id,
      fund_change: fundChange,
      refund_fee: refundedTotal(t).toFixed(2),
      gmt_refund_pay: beijingTime(),
      buyer_user_id: BUYER.buyer_id,
    });
    // The same request number again refunds nothing more: the earlier result, with no change of funds.
    if (t.refunds.some((r) => r.outRequestNo === outRequestNo)) return answerFor('N');
    const amount = yuanOf(biz.refund_amount);
    if (amount === null) throw invalid('isv.invalid-parameter', '参数 refund_amount 无效');
    if (t.status !== 'TRADE_SUCCESS') throw business('ACQ.TRADE_STATUS_ERROR', '交易状态不合法');
    if (nextRefundFailure !== null) {
      const failure = nextRefundFailure;
      nextRefundFailure = null;
      throw business(failure.subCode, failure.subMsg);
    }
    if (refundedTotal(t).plus(amount).gt(t.totalAmount)) throw business('ACQ.REFUND_AMT_NOT_EQUAL_TOTAL', '退款金额超限');
    t.refunds.push({
      outRequestNo,
      amount: amount.toFixed(2),
      reason: typeof biz.refund_reason === 'string' ? biz.refund_reason : '',
      gmtRefund: beijingTime(new Date(), true),
    });
    // Refunded in full, the trade closes.
    if (refundedTotal(t).eq(t.totalAmount)) {
      t.status = 'TRADE_CLOSED';
      t.gmtClose = beijingTime();
    }
    if (t.notifyUrl !== null) {
      const delivery = deliver('refund', t.notifyUrl, refundNotification(t.outTradeNo, outRequestNo));
      deliveries.add(delivery);
      void delivery.finally(() => deliveries.delete(delivery));
    }
    return answerFor('Y');
  }

  function refundQuery(biz: Record<string, unknown>): Record<string, string> {
    const t = trade(biz.out_trade_no);
    const outRequestNo = typeof biz.out_request_no === 'string' && biz.out_request_no !== '' ? biz.out_request_no : t.outTradeNo;
    const found = t.refunds.find((r) => r.outRequestNo === outRequestNo);
    // Not refunded (never received, or refused): a bare success with no refund data.
    if (found === undefined) return { code: '10000', msg: 'Success' };
    return {
      code: '10000',
      msg: 'Success',
      trade_no: t.tradeNo,
      out_trade_no: t.outTradeNo,
      out_request_no: found.outRequestNo,
      total_amount: t.totalAmount,
      refund_amount: found.amount,
      refund_status: 'REFUND_SUCCESS',
    };
  }

  function tradeFields(t: FakeTrade): Record<string, string> {
    const paid = t.gmtPayment !== null;
    const fields: Record<string, string> = {
      notify_time: beijingTime(),
      notify_type: 'trade_status_sync',
      notify_id: randomBytes(16).toString('hex'),
      app_id: appId,
      auth_app_id: appId,
      charset: 'utf-8',
      version: '1.0',
      sign_type: 'RSA2',
      trade_no: t.tradeNo,
      out_trade_no: t.outTradeNo,
      ...BUYER,
      ...SELLER,
      trade_status: t.status,
      total_amount: t.totalAmount,
      receipt_amount: paid ? t.totalAmount : '0.00',
      invoice_amount: paid ? t.totalAmount : '0.00',
      buyer_pay_amount: paid ? t.totalAmount : '0.00',
      point_amount: '0.00',
      subject: t.subject,
      gmt_create: t.gmtCreate,
    };
    if (t.gmtPayment !== null) {
      fields.gmt_payment = t.gmtPayment;
      // A JSON text inside a form field: the signature covers it exactly as sent.
      fields.fund_bill_list = JSON.stringify([{ amount: t.totalAmount, fundChannel: 'ALIPAYACCOUNT' }]);
    }
    if (t.gmtClose !== null) fields.gmt_close = t.gmtClose;
    return fields;
  }

  function withOverrides(fields: Record<string, string>, overrides: NotificationOverrides): Record<string, string> {
    const merged = Object.entries({ ...fields, ...overrides });
    return Object.fromEntries(merged.filter((entry): entry is [string, string] => entry[1] !== null));
  }

  function encode(fields: Readonly<Record<string, string>>, privateKeyPem: string): string {
    // 异步通知: sign and sign_type are left out of the signed content.
    const sign = rsa2Sign(signContent(fields, ['sign', 'sign_type']), privateKeyPem);
    return new URLSearchParams({ ...fields, sign }).toString();
  }

  function knownTrade(outTradeNo: string): FakeTrade {
    const t = trades.get(outTradeNo);
    if (t === undefined) throw new Error(`alipay fake: no trade ${outTradeNo}`);
    return t;
  }

  function paymentNotification(outTradeNo: string, overrides: NotificationOverrides = {}): string {
    return encode(withOverrides(tradeFields(knownTrade(outTradeNo)), overrides), alipayKeys.privateKeyPem);
  }

  function refundNotification(outTradeNo: string, outRequestNo: string, overrides: NotificationOverrides = {}): string {
    const t = knownTrade(outTradeNo);
    const index = t.refunds.findIndex((r) => r.outRequestNo === outRequestNo);
    const found = t.refunds[index];
    if (found === undefined) throw new Error(`alipay fake: no refund ${outRequestNo} of ${outTradeNo}`);
    // refund_fee is the trade's total refunded up to and including this refund.
    const refundFee = t.refunds.slice(0, index + 1).reduce((sum, r) => sum.plus(r.amount), new Decimal(0));
    const fields = {
      ...tradeFields(t),
      out_biz_no: found.outRequestNo,
      refund_fee: refundFee.toFixed(2),
      gmt_refund: found.gmtRefund,
    };
    return encode(withOverrides(fields, overrides), alipayKeys.privateKeyPem);
  }

  async function deliver(kind: FakeNotification['kind'], url: string, body: string): Promise<string | null> {
    const record: FakeNotification = { kind, url, body, status: null, answer: null };
    notifications.push(record);
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      record.status = res.status;
      record.answer = await res.text();
    } catch {
      // Unreachable notify URL: Alipay would retry later; the record stays unanswered.
    }
    return record.answer;
  }

  async function pay(outTradeNo: string, payOptions: { notify?: boolean } = {}): Promise<string | null> {
    const t = knownTrade(outTradeNo);
    if (t.status !== 'WAIT_BUYER_PAY') throw new Error(`alipay fake: trade ${outTradeNo} is ${t.status}, not payable`);
    t.status = 'TRADE_SUCCESS';
    t.gmtPayment = beijingTime();
    if (payOptions.notify === false || t.notifyUrl === null) return null;
    return deliver('payment', t.notifyUrl, paymentNotification(outTradeNo));
  }

  function answer(res: ServerResponse, method: string | undefined, body: Record<string, string>): void {
    const key = method !== undefined && METHODS.has(method) ? `${method.replaceAll('.', '_')}_response` : 'error_response';
    const inner = JSON.stringify(body);
    const sign = rsa2Sign(inner, alipayKeys.privateKeyPem);
    res.writeHead(200, { 'content-type': 'text/html;charset=utf-8' });
    res.end(`{"${key}":${inner},"sign":"${sign}"}`);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const bodyText = req.method === 'POST' ? await readBody(req) : '';
    if (hanging) {
      held.add(res);
      return;
    }
    if (url.pathname === '/cashier/pay' && req.method === 'POST') {
      // The cashier page's button, for a browser test: the buyer pays.
      const outTradeNo = new URLSearchParams(bodyText).get('out_trade_no') ?? '';
      const t = trades.get(outTradeNo);
      if (t === undefined || t.status !== 'WAIT_BUYER_PAY') {
        page(res, '支付宝', '<p>交易不存在或已结束</p>');
        return;
      }
      await pay(outTradeNo);
      const back = t.returnUrl === null ? '' : `<p><a id="return" href="${escapeHtml(t.returnUrl)}">返回商家</a></p>`;
      page(res, '支付成功', `<p id="paid">支付成功</p>${back}`);
      return;
    }
    if (url.pathname !== '/gateway.do') {
      res.writeHead(404).end();
      return;
    }
    const params: Record<string, string> = {};
    for (const [key, value] of url.searchParams) params[key] = value;
    for (const [key, value] of new URLSearchParams(bodyText)) params[key] = value;

    let method: string | undefined = params.method;
    let signatureValid = false;
    try {
      method = checkCommon(params);
      signatureValid = true;
      if (method === 'alipay.trade.wap.pay') {
        const t = wapPay(params);
        requests.push({ method, signatureValid, code: '10000', subCode: undefined });
        page(
          res,
          '支付宝 - 手机网站支付',
          `<p id="subject">${escapeHtml(t.subject)}</p><p id="amount">￥${escapeHtml(t.totalAmount)}</p>` +
            `<form method="post" action="/cashier/pay"><input type="hidden" name="out_trade_no" value="${escapeHtml(t.outTradeNo)}">` +
            '<button id="pay" type="submit">确认付款</button></form>',
        );
        return;
      }
      const biz = bizOf(params);
      const body =
        method === 'alipay.trade.query'
          ? query(biz)
          : method === 'alipay.trade.close'
            ? close(biz)
            : method === 'alipay.trade.refund'
              ? refund(biz)
              : refundQuery(biz);
      requests.push({ method, signatureValid, code: '10000', subCode: undefined });
      answer(res, method, body);
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      requests.push({ method: method ?? '', signatureValid, code: error.code, subCode: error.subCode });
      if (method === 'alipay.trade.wap.pay') {
        // The cashier shows the refusal as a page, as Alipay's does.
        page(res, '支付宝 - 错误', `<p id="error">错误代码：${escapeHtml(error.subCode)}</p><p>错误原因：${escapeHtml(error.subMsg)}</p>`);
        return;
      }
      answer(res, method, { code: error.code, msg: error.msg, sub_code: error.subCode, sub_msg: error.subMsg });
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const host = options.host ?? '127.0.0.1';

  return {
    url: `http://${host}:${port}/gateway.do`,
    appId,
    alipayPublicKeyPem: alipayKeys.publicKeyPem,
    requests,
    notifications,
    pay,
    paymentNotification,
    refundNotification,
    signNotification: (fields) => encode(fields, alipayKeys.privateKeyPem),
    forgedNotification: (outTradeNo, overrides = {}) =>
      encode(withOverrides(tradeFields(knownTrade(outTradeNo)), overrides), strangerKeys.privateKeyPem),
    hang: () => {
      hanging = true;
    },
    failRefund: (subMsg, subCode = 'ACQ.SELLER_BALANCE_NOT_ENOUGH') => {
      nextRefundFailure = { subMsg, subCode };
    },
    state: (outTradeNo) => {
      const t = trades.get(outTradeNo);
      return t === undefined ? undefined : structuredClone(t);
    },
    close: async () => {
      for (const res of held) res.destroy();
      held.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.allSettled([...deliveries]);
    },
  };
}
