/**
 * The WeChat mini-program server API (api.weixin.qq.com, or WECHAT_API_BASE): login (code2Session), the member's
 * phone number (getPhoneNumber), the access token every other call needs, and 发货信息录入 (uploadShippingInfo).
 *
 * The access token is kept in the database (`wechat_access_token`, one row per appid) so that every instance of
 * the shop uses the same one, and only one instance at a time takes a new one: it locks the row (`select … for
 * update`) for the length of the call to WeChat, and the others wait on the lock and then read the new row. Never
 * call this client inside a database transaction: on the embedded database (one connection) the token's own
 * transaction would wait for the caller's forever.
 *
 * Tokens come from `POST /cgi-bin/stable_token` (获取稳定版接口调用凭据), not `GET /cgi-bin/token`: the stable
 * token's normal mode hands out the token that is current for the appid without invalidating it, so another system
 * using the same appid (a second deployment, WeChat's own tools, a script) cannot knock ours out, and ours cannot
 * knock theirs out; the platform also renews it itself in its last five minutes, which is when we ask again. The
 * forced mode (which does invalidate others' copies, 20 times a day) is used only when WeChat refuses the very
 * token its normal mode hands back.
 *
 * Secrets: the appsecret travels only to WeChat (query of jscode2session, body of stable_token); the access token
 * only in WeChat URLs. Neither is ever in a log line, an error message or an answer; code2Session's session_key is
 * dropped where it arrives (nothing in this shop decrypts with it), so it is never stored, logged or answered.
 */
import { inspect } from 'node:util';
import { sql, type Kysely } from 'kysely';
import type { ChannelEnv } from '../channel-env';
import type { Database } from '../../db/schema';
import { WechatApiFailure } from './failure';
import { shippingInfoBody, UPLOAD_SHIPPING_INFO_API, type ShippingInfoInput } from './shipping-info';

export { WechatApiFailure, WECHAT_FAILURE_MESSAGES, type WechatFailureKind } from './failure';
export {
  chinaRfc3339,
  maskContact,
  shippingInfoBody,
  WECHAT_LOGISTICS,
  WECHAT_SF_DELIVERY_ID,
  type ShippingInfoInput,
  type WechatLogisticsType,
  type WechatOrderKey,
} from './shipping-info';

export const WECHAT_API_DEFAULT_BASE = 'https://api.weixin.qq.com';
export const WECHAT_DEFAULT_TIMEOUT_MS = 10_000;

const CODE2SESSION_API = '/sns/jscode2session';
const STABLE_TOKEN_API = '/cgi-bin/stable_token';
const PHONE_NUMBER_API = '/wxa/business/getuserphonenumber';

/** errcodes that say the access token itself was refused: invalid / not latest, expired, malformed. */
const TOKEN_REFUSED = new Set([40001, 42001, 40014]);

// ---- settings ------------------------------------------------------------------------------------------

/** A secret that prints as *** wherever it is logged, inspected or serialised; `reveal()` only where it is sent. */
export class RedactedSecret {
  readonly #value: string;

  constructor(value: string) {
    this.#value = value;
  }

  reveal(): string {
    return this.#value;
  }

  toString(): string {
    return '***';
  }

  toJSON(): string {
    return '***';
  }

  [inspect.custom](): string {
    return 'RedactedSecret(***)';
  }
}

export interface WechatMiniProgramSettings {
  appId: string;
  appSecret: RedactedSecret;
  /** Without a trailing slash. */
  apiBase: string;
}

const APP_ID_PATTERN = /^wx[0-9A-Za-z]{16}$/;
const APP_SECRET_PATTERN = /^[0-9A-Za-z]{32}$/;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The mini-program's settings from WECHAT_APP_ID, WECHAT_APP_SECRET and WECHAT_API_BASE, and what is wrong with
 * them (each problem names the variable, never the secret's value). Null settings without a problem when no
 * secret is set: the shop does not use WeChat login (WECHAT_APP_ID alone may serve WeChat Pay). The base must be
 * https, except on a loopback host (a local fake in tests), because the appsecret travels in its query strings.
 */
export function wechatMiniProgramSettings(channels: ChannelEnv): { settings: WechatMiniProgramSettings | null; problems: string[] } {
  const problems: string[] = [];
  const appId = channels.WECHAT_APP_ID;
  const secret = channels.WECHAT_APP_SECRET;
  const rawBase = channels.WECHAT_API_BASE ?? WECHAT_API_DEFAULT_BASE;
  let apiBase = rawBase.replace(/\/+$/, '');
  try {
    const url = new URL(rawBase);
    const secure = url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
    if (!secure || url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
      problems.push(`WECHAT_API_BASE must be an https:// URL without query or credentials (http:// only on a loopback host); got "${rawBase}"`);
    }
    apiBase = `${url.origin}${url.pathname}`.replace(/\/+$/, '');
  } catch {
    problems.push(`WECHAT_API_BASE must be an https:// URL; got "${rawBase}"`);
  }
  if (secret === undefined) return { settings: null, problems };
  if (appId === undefined) problems.push('WECHAT_APP_SECRET is set but WECHAT_APP_ID is not: set both for WeChat login');
  else if (!APP_ID_PATTERN.test(appId)) problems.push(`WECHAT_APP_ID must be the mini-program's AppID ("wx" and 16 letters or digits); got "${appId}"`);
  if (!APP_SECRET_PATTERN.test(secret)) problems.push('WECHAT_APP_SECRET must be the 32-character AppSecret (value not shown)');
  if (problems.length > 0 || appId === undefined) return { settings: null, problems };
  return { settings: { appId, appSecret: new RedactedSecret(secret), apiBase }, problems };
}

// ---- the client ------------------------------------------------------------------------------------------

export interface WechatLogger {
  info: (message: string) => void;
  error: (message: string) => void;
}

export interface WechatMiniProgramOptions {
  db: Kysely<Database>;
  settings: WechatMiniProgramSettings;
  /** Deadline of each call to WeChat (AbortSignal.timeout); default 10 s. */
  timeoutMs?: number;
  logger?: WechatLogger;
}

/** Who logged in: the member's openid in this mini-program, and the unionid when the appid is bound to an open platform account. */
export interface WechatLogin {
  openid: string;
  unionid: string | null;
}

export interface WechatPhone {
  /** With the country code for numbers abroad, e.g. `+1 5551234567`; as `purePhoneNumber` in mainland China. */
  phoneNumber: string;
  purePhoneNumber: string;
  /** `86` for mainland China. */
  countryCode: string;
}

type Answer = Record<string, unknown>;

const isTimeout = (error: unknown) => error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');

/** The socket-level reason of a failed fetch (ECONNREFUSED …): never its message, which may quote the URL. */
function networkReason(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return typeof cause?.code === 'string' ? cause.code : '连接失败';
}

export class WechatMiniProgram {
  readonly appId: string;
  readonly #secret: RedactedSecret;
  readonly #base: string;
  readonly #db: Kysely<Database>;
  readonly #timeoutMs: number;
  readonly #logger: WechatLogger;
  /** The refresh under way in this instance: concurrent callers here share it rather than queue on the row lock. */
  #refreshing: Promise<string> | null = null;
  /** Tokens seen by this instance, to blank them out of any text WeChat echoes back. */
  readonly #seenTokens = new Set<string>();

  constructor(options: WechatMiniProgramOptions) {
    this.appId = options.settings.appId;
    this.#secret = options.settings.appSecret;
    this.#base = options.settings.apiBase;
    this.#db = options.db;
    this.#timeoutMs = options.timeoutMs ?? WECHAT_DEFAULT_TIMEOUT_MS;
    this.#logger = options.logger ?? { info: () => undefined, error: () => undefined };
  }

  /** Whether an error is this client's failure (plugins reach the class only through the context). */
  isFailure(error: unknown): error is WechatApiFailure {
    return error instanceof WechatApiFailure;
  }

  /** 小程序登录: exchanges the login code of wx.login() for the user's openid (and unionid). Each code works once. */
  async code2Session(code: string): Promise<WechatLogin> {
    const answer = await this.#call(CODE2SESSION_API, 'GET', {
      appid: this.appId,
      secret: this.#secret.reveal(),
      js_code: code,
      grant_type: 'authorization_code',
    });
    const openid = answer.openid;
    if (typeof openid !== 'string' || openid === '') throw this.#failed(WechatApiFailure.answer(CODE2SESSION_API, '缺少 openid'));
    const unionid = typeof answer.unionid === 'string' && answer.unionid !== '' ? answer.unionid : null;
    return { openid, unionid };
  }

  /**
   * 手机号快速验证: exchanges the code of the getPhoneNumber button for the user's phone. `openid` (optional, as the
   * API allows) makes WeChat check that the code belongs to that user.
   */
  async phoneNumber(phoneCode: string, openid?: string): Promise<WechatPhone> {
    const answer = await this.#withToken(PHONE_NUMBER_API, { code: phoneCode, ...(openid !== undefined ? { openid } : {}) });
    const info = answer.phone_info as Answer | undefined;
    const pure = info?.purePhoneNumber;
    const country = info?.countryCode;
    if (typeof pure !== 'string' || pure === '' || (typeof country !== 'string' && typeof country !== 'number')) {
      throw this.#failed(WechatApiFailure.answer(PHONE_NUMBER_API, '缺少 phone_info'));
    }
    const watermark = info?.watermark as Answer | undefined;
    if (watermark?.appid !== undefined && watermark.appid !== this.appId) {
      throw this.#failed(WechatApiFailure.answer(PHONE_NUMBER_API, '手机号水印的 appid 不是本小程序'));
    }
    return { phoneNumber: typeof info?.phoneNumber === 'string' ? info.phoneNumber : pure, purePhoneNumber: pure, countryCode: String(country) };
  }

  /**
   * 发货信息录入 for one WeChat Pay payment (统一发货). Resolves when WeChat accepted it; a refusal (10060001 支付单不存在
   * …) is a WechatApiFailure of kind `api` with WeChat's errcode and errmsg.
   */
  async uploadShippingInfo(input: ShippingInfoInput): Promise<void> {
    const body = shippingInfoBody(input);
    await this.#withToken(UPLOAD_SHIPPING_INFO_API, body);
    this.#logger.info(`WeChat shipping info uploaded (${describeOrder(input)})`);
  }

  /**
   * The access token shared by all instances: the stored one while it has more than five minutes left, otherwise a
   * new one (taken by one instance while the others wait on the row's lock).
   */
  async accessToken(): Promise<string> {
    const stored = await this.#stored(this.#db);
    if (stored?.fresh === true && stored.token !== '') return this.#seen(stored.token);
    return this.#refresh(null);
  }

  // ---- the token ------------------------------------------------------------------------------------------

  /** A new token, once per instance at a time; `rejected` is the token WeChat just refused (then any other will do). */
  #refresh(rejected: string | null): Promise<string> {
    const running = this.#refreshing;
    if (running !== null) return running.then((token) => (token !== rejected ? token : this.#refresh(rejected)));
    const started = this.#refreshShared(rejected);
    this.#refreshing = started;
    const clear = () => {
      if (this.#refreshing === started) this.#refreshing = null;
    };
    started.then(clear, clear);
    return started;
  }

  async #refreshShared(rejected: string | null): Promise<string> {
    // A row to lock, even on the very first call (two first callers both insert; one insert is kept).
    await sql`insert into wechat_access_token (appid, access_token, expires_at) values (${this.appId}, '', to_timestamp(0))
      on conflict (appid) do nothing`.execute(this.#db);
    return this.#db.transaction().execute(async (trx) => {
      // Whoever waited here while another instance refreshed now reads that instance's token and is done.
      const stored = await this.#stored(trx, true);
      if (stored !== undefined && stored.fresh && stored.token !== '' && stored.token !== rejected) return this.#seen(stored.token);
      let fetched = await this.#fetchToken(false);
      // The normal mode handed back the very token WeChat refused: only then force a new one.
      if (rejected !== null && fetched.token === rejected) fetched = await this.#fetchToken(true);
      await sql`update wechat_access_token set access_token = ${fetched.token}, expires_at = now() + ${fetched.expiresIn} * interval '1 second', updated_at = now()
        where appid = ${this.appId}`.execute(trx);
      this.#logger.info(`WeChat access token renewed for ${this.appId} (valid ${fetched.expiresIn} s)`);
      return fetched.token;
    });
  }

  async #stored(db: Kysely<Database>, lock = false): Promise<{ token: string; fresh: boolean } | undefined> {
    const { rows } = await sql<{ access_token: string; fresh: boolean }>`select access_token, expires_at > now() + interval '5 minutes' as fresh
      from wechat_access_token where appid = ${this.appId} ${lock ? sql`for update` : sql.raw('')}`.execute(db);
    const row = rows[0];
    return row === undefined ? undefined : { token: row.access_token, fresh: row.fresh };
  }

  async #fetchToken(forceRefresh: boolean): Promise<{ token: string; expiresIn: number }> {
    const answer = await this.#call(STABLE_TOKEN_API, 'POST', {}, {
      grant_type: 'client_credential',
      appid: this.appId,
      secret: this.#secret.reveal(),
      force_refresh: forceRefresh,
    });
    const token = answer.access_token;
    const expiresIn = answer.expires_in;
    if (typeof token !== 'string' || token === '' || typeof expiresIn !== 'number' || !Number.isInteger(expiresIn) || expiresIn <= 0) {
      throw this.#failed(WechatApiFailure.answer(STABLE_TOKEN_API, '缺少 access_token 或 expires_in'));
    }
    return { token: this.#seen(token), expiresIn };
  }

  #seen(token: string): string {
    this.#seenTokens.add(token);
    // Only the last few matter for blanking echoes; do not grow for the life of the process.
    if (this.#seenTokens.size > 8) this.#seenTokens.delete(this.#seenTokens.values().next().value as string);
    return token;
  }

  /** A call with the access token; when WeChat refuses the token, one new token (forcing past the refused one) and one retry. */
  async #withToken(api: string, body: Answer): Promise<Answer> {
    const token = await this.accessToken();
    try {
      return await this.#call(api, 'POST', { access_token: token }, body);
    } catch (error) {
      if (!(error instanceof WechatApiFailure) || error.kind !== 'api' || error.errcode === null || !TOKEN_REFUSED.has(error.errcode)) throw error;
      const renewed = await this.#refresh(token);
      return this.#call(api, 'POST', { access_token: renewed }, body);
    }
  }

  // ---- HTTP -----------------------------------------------------------------------------------------------

  /** One call; errcode ≠ 0, a timeout, an unreachable server or an unreadable answer throw a WechatApiFailure. */
  async #call(api: string, method: 'GET' | 'POST', query: Record<string, string>, body?: Answer): Promise<Answer> {
    const search = new URLSearchParams(query).toString();
    const url = `${this.#base}${api}${search === '' ? '' : `?${search}`}`;
    let status: number;
    let text: string;
    try {
      const response = await fetch(url, {
        method,
        ...(body !== undefined ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
      status = response.status;
      // The deadline covers the body too: a server that sends headers and then stalls is a timeout as well.
      text = await response.text();
    } catch (error) {
      throw this.#failed(isTimeout(error) ? WechatApiFailure.timeout(api, this.#timeoutMs) : WechatApiFailure.network(api, networkReason(error)));
    }
    if (status < 200 || status >= 300) throw this.#failed(WechatApiFailure.answer(api, `HTTP ${status}`));
    let answer: unknown;
    try {
      answer = JSON.parse(text);
    } catch {
      throw this.#failed(WechatApiFailure.answer(api, '不是 JSON'));
    }
    if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) throw this.#failed(WechatApiFailure.answer(api, '不是 JSON 对象'));
    const fields = answer as Answer;
    const errcode = typeof fields.errcode === 'number' ? fields.errcode : typeof fields.errcode === 'string' ? Number(fields.errcode) : 0;
    if (errcode !== 0) {
      const errmsg = typeof fields.errmsg === 'string' ? this.#blank(fields.errmsg) : '';
      throw this.#failed(WechatApiFailure.api(api, Number.isFinite(errcode) ? errcode : -1, errmsg));
    }
    return fields;
  }

  /** Blanks the appsecret and any access token out of text WeChat sent back, before it reaches a message or a log. */
  #blank(text: string): string {
    let blanked = text.split(this.#secret.reveal()).join('***');
    for (const token of this.#seenTokens) blanked = blanked.split(token).join('***');
    return blanked;
  }

  #failed(failure: WechatApiFailure): WechatApiFailure {
    // A refused login code is the user's business; an unreachable or hanging WeChat is the operator's.
    if (failure.kind === 'api') this.#logger.info(failure.message);
    else this.#logger.error(failure.message);
    return failure;
  }
}

function describeOrder(input: ShippingInfoInput): string {
  return 'transactionId' in input.order ? `transaction ${input.order.transactionId}` : `out_trade_no ${input.order.outTradeNo}`;
}

/**
 * The client for an app's context, or null when WeChat login is not configured. Configuration problems were
 * refused when the config was loaded (server/config.ts collects wechatMiniProgramSettings's problems); should one
 * reach here, the start fails with the same words.
 */
export function createWechatMiniProgram(db: Kysely<Database>, channels: ChannelEnv, logger?: WechatLogger, timeoutMs?: number): WechatMiniProgram | null {
  const { settings, problems } = wechatMiniProgramSettings(channels);
  if (problems.length > 0) throw new Error(`Invalid WeChat mini-program configuration:\n  - ${problems.join('\n  - ')}`);
  if (settings === null) return null;
  return new WechatMiniProgram({ db, settings, ...(logger !== undefined ? { logger } : {}), ...(timeoutMs !== undefined ? { timeoutMs } : {}) });
}
