/**
 * A local WeChat mini-program server API (api.weixin.qq.com) on 127.0.0.1, for tests of our client and of the
 * member login (also a spawned product server: point WECHAT_API_BASE at `url`, see wechatApiTestEnv).
 *
 * It answers as the platform documents, errcode/errmsg JSON with HTTP 200 (the errmsg ends in a `rid`, as WeChat's do):
 * - GET  /sns/jscode2session (小程序登录): 40002 invalid grant_type, 40013 invalid appid, 40125 invalid appsecret,
 *   40029 invalid code (unknown, or older than 5 minutes), 40163 code been used (each code works once);
 * - POST /cgi-bin/stable_token (获取稳定版接口调用凭据): the normal mode hands out the current token while it has more
 *   than 5 minutes left and a new one after (the old one stays valid to its end); force_refresh invalidates the
 *   current one (at most once per 30 s: a second force within 30 s hands back the current token); 40013 / 40125 /
 *   40002 as above, 47001 data format error for a body that is not JSON;
 * - GET  /cgi-bin/token (获取接口调用凭据): a new token on every call, the previous one kept 5 more minutes;
 * - POST /wxa/business/getuserphonenumber (获取手机号): 41001 access_token missing, 40001 for a token it did not
 *   issue or that expired, 40029 invalid code (unknown or used), then phone_info with its watermark;
 * - POST /wxa/sec/order/upload_shipping_info (发货信息录入): the token as above, 47001 data format error for a body
 *   that does not follow the documented shape (order_key by type, logistics_type 1–4, delivery_mode 1–2 with
 *   is_all_delivered for 2, shipping_list an array of 1–15 with item_desc ≤ 120, tracking_no and express_company
 *   for express, a masked contact for 顺丰 (SF), upload_time RFC 3339, payer.openid), else {errcode: 0}.
 * The controls stand in for the user's phone (login and phone codes) and WeChat's side (expiring tokens, refusing a
 * shipment, hanging).
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { HangSwitch } from './hang-switch';

const LOGIN_CODE_TTL_MS = 5 * 60_000;
const RENEW_WITHIN_MS = 5 * 60_000;
const FORCE_SPACING_MS = 30_000;

export interface WechatApiFakeOptions {
  appId: string;
  appSecret: string;
  /** Lifetime of the tokens it issues, seconds (default 7200, as WeChat's). */
  tokenLifetimeSeconds?: number;
}

/** An upload_shipping_info the fake accepted: the body as sent. */
export interface ReceivedShipment {
  body: Record<string, unknown>;
  receivedAt: Date;
}

export interface ReceivedRequest {
  method: string;
  /** The path without the query (which holds the secret or the token). */
  path: string;
  errcode: number;
}

export interface WechatApiFakeControls {
  /** The code wx.login() would give this user in the mini-program. */
  issueLoginCode(user: { openid: string; unionid?: string }): string;
  /** The code the getPhoneNumber button would give for this phone (`countryCode` default '86'). */
  issuePhoneCode(purePhoneNumber: string, options?: { countryCode?: string }): string;
  /** Calls to the token endpoints (stable_token and token), answered or refused. */
  readonly tokenCalls: number;
  /** Every token issued so far stops being valid (business calls answer 40001; the next stable_token gives a new one). */
  expireTokens(): void;
  /** The next upload_shipping_info that passes the checks is refused with this errcode and errmsg. */
  failNextShipping(errcode: number, errmsg: string): void;
  readonly shipments: readonly ReceivedShipment[];
  readonly requests: readonly ReceivedRequest[];
  /** true (default): requests are held unanswered until hang(false) or close(); a number: each waits that many ms first. */
  hang(mode?: boolean | number): void;
  /** Token answers wait this many ms (0 default): lets two instances' refreshes overlap for certain. */
  delayTokens(ms: number): void;
  /** While true, every call with an access token answers 40001, whatever the token (a platform that keeps refusing). */
  refuseTokens(on: boolean): void;
}

export interface WechatApiFake {
  /** The base URL (WECHAT_API_BASE). */
  url: string;
  controls: WechatApiFakeControls;
  close(): Promise<void>;
}

interface IssuedToken {
  expiresAt: number;
  valid: boolean;
}

type Json = Record<string, unknown>;

const rid = () => `${randomBytes(4).toString('hex')}-${randomBytes(4).toString('hex')}-${randomBytes(4).toString('hex')}`;
const error = (errcode: number, errmsg: string): Json => ({ errcode, errmsg: `${errmsg} rid: ${rid()}` });

const INVALID_APPID = () => error(40013, 'invalid appid');
const INVALID_SECRET = () => error(40125, 'invalid appsecret');
const INVALID_GRANT = () => error(40002, 'invalid grant_type');
const INVALID_CODE = () => error(40029, 'invalid code');
const CODE_USED = () => error(40163, 'code been used');
const TOKEN_MISSING = () => error(41001, 'access_token missing');
const TOKEN_INVALID = () => error(40001, 'invalid credential, access_token is invalid or not latest');
const DATA_FORMAT = (hint: string) => error(47001, `data format error, hint: [${hint}]`);

const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;

function parseJson(raw: string): Json | null {
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : null;
  } catch {
    return null;
  }
}

const text = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** What is wrong with an upload_shipping_info body, as the hint of a 47001, or null when it follows the documented shape. */
function shippingProblem(body: Json): string | null {
  const key = body.order_key as Json | undefined;
  if (typeof key !== 'object' || key === null) return 'order_key';
  if (key.order_number_type === 1) {
    if (!text(key.mchid) || !text(key.out_trade_no)) return 'order_key.mchid/out_trade_no';
  } else if (key.order_number_type === 2) {
    if (!text(key.transaction_id)) return 'order_key.transaction_id';
  } else return 'order_key.order_number_type';
  const logistics = body.logistics_type;
  if (logistics !== 1 && logistics !== 2 && logistics !== 3 && logistics !== 4) return 'logistics_type';
  if (body.delivery_mode !== 1 && body.delivery_mode !== 2) return 'delivery_mode';
  if (body.delivery_mode === 2 && typeof body.is_all_delivered !== 'boolean') return 'is_all_delivered';
  const list = body.shipping_list;
  if (!Array.isArray(list) || list.length < 1 || list.length > 15) return 'shipping_list';
  if (body.delivery_mode === 1 && list.length !== 1) return 'shipping_list (统一发货 has one package)';
  for (const item of list as unknown[]) {
    if (typeof item !== 'object' || item === null) return 'shipping_list[]';
    const shipping = item as Json;
    if (!text(shipping.item_desc) || Array.from(shipping.item_desc).length > 120) return 'item_desc';
    if (logistics === 1) {
      if (!text(shipping.tracking_no) || Buffer.byteLength(shipping.tracking_no) > 128) return 'tracking_no';
      if (!text(shipping.express_company)) return 'express_company';
      if (shipping.express_company === 'SF') {
        const contact = shipping.contact as Json | undefined;
        const given = [contact?.consignor_contact, contact?.receiver_contact].filter(text);
        if (given.length === 0) return 'contact (顺丰 needs the consignor or receiver contact)';
        // 采用掩码传输: the number is sent masked, the last four digits shown.
        if (given.some((value) => !/^[0-9*+-]*\*[0-9*+-]*\d{4}$/.test(value))) return 'contact (not masked)';
      }
    }
  }
  if (!text(body.upload_time) || !RFC3339.test(body.upload_time)) return 'upload_time';
  const payer = body.payer as Json | undefined;
  if (!text(payer?.openid)) return 'payer.openid';
  return null;
}

export async function startWechatApiFake(options: WechatApiFakeOptions): Promise<WechatApiFake> {
  const lifetimeMs = (options.tokenLifetimeSeconds ?? 7200) * 1000;
  const loginCodes = new Map<string, { openid: string; unionid?: string; issuedAt: number; used: boolean }>();
  const phoneCodes = new Map<string, { pure: string; countryCode: string; used: boolean }>();
  const tokens = new Map<string, IssuedToken>();
  let stableCurrent: string | null = null;
  let plainCurrent: string | null = null;
  let lastForceAt = 0;
  let tokenCalls = 0;
  let tokenDelayMs = 0;
  let refusingTokens = false;
  let nextShippingFailure: { errcode: number; errmsg: string } | null = null;
  const hanging = new HangSwitch();
  const shipments: ReceivedShipment[] = [];
  const requests: ReceivedRequest[] = [];
  let serial = 0;

  const issueToken = (): string => {
    serial += 1;
    const token = `${serial}_${randomBytes(60).toString('base64url')}`;
    tokens.set(token, { expiresAt: Date.now() + lifetimeMs, valid: true });
    return token;
  };
  const live = (token: string | null): IssuedToken | null => {
    if (token === null) return null;
    const issued = tokens.get(token);
    return issued !== undefined && issued.valid && issued.expiresAt > Date.now() ? issued : null;
  };
  const tokenAnswer = (token: string): Json => ({ access_token: token, expires_in: Math.floor(((tokens.get(token)?.expiresAt ?? 0) - Date.now()) / 1000) });

  /** appid, secret and grant_type as jscode2session and the token endpoints check them. */
  const credentialsProblem = (appid: unknown, secret: unknown, grantType: unknown, expectedGrant: string): Json | null => {
    if (appid !== options.appId) return INVALID_APPID();
    if (secret !== options.appSecret) return INVALID_SECRET();
    if (grantType !== expectedGrant) return INVALID_GRANT();
    return null;
  };

  const tokenProblem = (url: URL): Json | null => {
    const token = url.searchParams.get('access_token');
    if (token === null || token === '') return TOKEN_MISSING();
    return refusingTokens || live(token) === null ? TOKEN_INVALID() : null;
  };

  const delayed = async <T>(answer: T): Promise<T> => {
    if (tokenDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, tokenDelayMs));
    return answer;
  };

  async function answer(method: string, url: URL, raw: string): Promise<Json> {
    const route = `${method} ${url.pathname}`;
    switch (route) {
      case 'GET /sns/jscode2session': {
        const q = url.searchParams;
        const refused = credentialsProblem(q.get('appid'), q.get('secret'), q.get('grant_type'), 'authorization_code');
        if (refused !== null) return refused;
        const code = loginCodes.get(q.get('js_code') ?? '');
        if (code === undefined || Date.now() - code.issuedAt > LOGIN_CODE_TTL_MS) return INVALID_CODE();
        if (code.used) return CODE_USED();
        code.used = true;
        return { session_key: randomBytes(16).toString('base64'), openid: code.openid, ...(code.unionid !== undefined ? { unionid: code.unionid } : {}) };
      }
      case 'POST /cgi-bin/stable_token': {
        tokenCalls += 1;
        const body = parseJson(raw);
        if (body === null) return DATA_FORMAT('body is not a JSON object');
        const refused = credentialsProblem(body.appid, body.secret, body.grant_type, 'client_credential');
        if (refused !== null) return refused;
        const current = live(stableCurrent);
        if (body.force_refresh === true) {
          // Forced at most once per 30 s; inside that, the current token is handed back unchanged.
          if (current !== null && Date.now() - lastForceAt < FORCE_SPACING_MS) return delayed(tokenAnswer(stableCurrent as string));
          lastForceAt = Date.now();
          if (stableCurrent !== null) tokens.set(stableCurrent, { expiresAt: 0, valid: false });
          stableCurrent = issueToken();
          return delayed(tokenAnswer(stableCurrent));
        }
        if (current === null || current.expiresAt - Date.now() <= RENEW_WITHIN_MS) stableCurrent = issueToken();
        return delayed(tokenAnswer(stableCurrent as string));
      }
      case 'GET /cgi-bin/token': {
        tokenCalls += 1;
        const q = url.searchParams;
        const refused = credentialsProblem(q.get('appid'), q.get('secret'), q.get('grant_type'), 'client_credential');
        if (refused !== null) return refused;
        // A new token on every call; the one before stays valid five more minutes.
        const previous = live(plainCurrent);
        if (previous !== null) previous.expiresAt = Math.min(previous.expiresAt, Date.now() + RENEW_WITHIN_MS);
        plainCurrent = issueToken();
        return delayed(tokenAnswer(plainCurrent));
      }
      case 'POST /wxa/business/getuserphonenumber': {
        const refused = tokenProblem(url);
        if (refused !== null) return refused;
        const body = parseJson(raw);
        if (body === null) return DATA_FORMAT('body is not a JSON object');
        const code = typeof body.code === 'string' ? phoneCodes.get(body.code) : undefined;
        if (code === undefined || code.used) return INVALID_CODE();
        code.used = true;
        const phoneNumber = code.countryCode === '86' ? code.pure : `+${code.countryCode} ${code.pure}`;
        return {
          errcode: 0,
          errmsg: 'ok',
          phone_info: { phoneNumber, purePhoneNumber: code.pure, countryCode: code.countryCode, watermark: { timestamp: Math.floor(Date.now() / 1000), appid: options.appId } },
        };
      }
      case 'POST /wxa/sec/order/upload_shipping_info': {
        const refused = tokenProblem(url);
        if (refused !== null) return refused;
        const body = parseJson(raw);
        if (body === null) return DATA_FORMAT('body is not a JSON object');
        const problem = shippingProblem(body);
        if (problem !== null) return DATA_FORMAT(problem);
        if (nextShippingFailure !== null) {
          const failure = nextShippingFailure;
          nextShippingFailure = null;
          return error(failure.errcode, failure.errmsg);
        }
        shipments.push({ body, receivedAt: new Date() });
        return { errcode: 0, errmsg: 'ok' };
      }
      default:
        return error(-1, `the WeChat API fake does not serve ${route}`);
    }
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        await hanging.pass();
        if (res.destroyed) return;
        const method = req.method ?? 'GET';
        const url = new URL(req.url ?? '/', 'http://fake.invalid');
        const body = await answer(method, url, Buffer.concat(chunks).toString('utf8'));
        requests.push({ method, path: url.pathname, errcode: typeof body.errcode === 'number' ? body.errcode : 0 });
        if (res.destroyed) return;
        const payload = JSON.stringify(body);
        res.writeHead(200, { 'content-type': 'application/json; encoding=utf-8', 'content-length': Buffer.byteLength(payload) });
        res.end(payload);
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    controls: {
      issueLoginCode(user) {
        const code = randomBytes(16).toString('hex');
        loginCodes.set(code, { ...user, issuedAt: Date.now(), used: false });
        return code;
      },
      issuePhoneCode(purePhoneNumber, phoneOptions) {
        const code = randomBytes(32).toString('hex');
        phoneCodes.set(code, { pure: purePhoneNumber, countryCode: phoneOptions?.countryCode ?? '86', used: false });
        return code;
      },
      get tokenCalls() {
        return tokenCalls;
      },
      expireTokens() {
        for (const issued of tokens.values()) issued.valid = false;
        stableCurrent = null;
        plainCurrent = null;
      },
      failNextShipping(errcode, errmsg) {
        nextShippingFailure = { errcode, errmsg };
      },
      shipments,
      requests,
      hang(mode = true) {
        hanging.set(mode);
      },
      delayTokens(ms) {
        tokenDelayMs = ms;
      },
      refuseTokens(on) {
        refusingTokens = on;
      },
    },
    async close() {
      server.closeAllConnections();
      hanging.release();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The environment (docs/business-api.md names) that points the product's WeChat login at a fake. */
export function wechatApiTestEnv(fake: Pick<WechatApiFake, 'url'>, app: { appId: string; appSecret: string }): Record<string, string> {
  return { WECHAT_APP_ID: app.appId, WECHAT_APP_SECRET: app.appSecret, WECHAT_API_BASE: fake.url };
}
