import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local kuaidi100 (快递100 企业版) for tests, with the service's protocol facts:
 * - 订阅 `POST /poll`: a form `schema=json&param=<JSON {company, number, key, parameters: {callbackurl, salt, phone,
 *   resultv2}}>`. The key is checked (600 "您不是合法的订阅者（即授权Key出错）"), the data too (700: company code, number of at
 *   most 32 characters, callback URL), a waybill already followed answers 501 "重复订阅"; accepted: {"result":true,
 *   "returnCode":"200","message":"提交成功"}.
 * - 实时查询 `POST /poll/query.do`: a form `customer`, `sign`, `param=<JSON {com, num, phone?}>`; the sign must be
 *   MD5(param + key + customer) in upper case (else 503 "验证签名失败"); 顺丰 without a phone answers 408; a waybill the
 *   carrier has said nothing about answers 500 "查询无结果，请隔段时间再查"; otherwise the lastResult fields
 *   {message, nu, ischeck, condition, com, status, state, data[newest first]}.
 * - 推送: `advance(number, events)` adds carrier events and POSTs the whole history, newest first, to the subscription's
 *   callbackurl as a form `param=<JSON {status, billstatus, message, autoCheck, comOld, comNew, lastResult}>&sign=
 *   MD5(param + salt)` in upper case, the salt being the subscription's; the answer is kept.
 * Times are Beijing wall-clock text ("yyyy-MM-dd HH:mm:ss"), as kuaidi100 writes them. A spawned product server reaches
 * the fake through the channel variables `env()` gives (KUAIDI100_BASE = `url`).
 */

export interface FakeSubscription {
  company: string;
  number: string;
  key: string;
  callbackurl: string;
  salt: string | null;
  phone: string | null;
  resultv2: string | null;
  /** polling until the waybill is signed for (shutdown) or given up (abort). */
  status: 'polling' | 'shutdown' | 'abort';
}

/** A carrier event as a test writes it: `time` in Beijing wall-clock text. */
export interface FakeEvent {
  time: string;
  context: string;
  areaName?: string;
  /** kuaidi100's word for the step (在途, 揽收, 派件, 签收 …). */
  status?: string;
}

export interface FakePush {
  number: string;
  url: string;
  /** The form body exactly as sent (for replays). */
  body: string;
  /** The callback's HTTP status and body text; null while unanswered or when it could not be reached. */
  status: number | null;
  answer: string | null;
}

export interface FakeCall {
  path: string;
  returnCode: string;
}

export interface AdvanceOptions {
  /** The waybill's state code after these events (kuaidi100's: 0 在途, 1 揽收, 3 签收, 5 派件 …); default kept, or 0. */
  state?: string;
  /** 1 once signed for; default 1 when state is 3, else 0. */
  ischeck?: '0' | '1';
  /** The monitoring status sent (default shutdown once signed for, else polling). */
  monitor?: 'polling' | 'shutdown' | 'abort';
  /** false: record the events without pushing them. */
  push?: boolean;
}

export interface Kuaidi100Fake {
  /** The base URL (KUAIDI100_BASE): subscribe at `${url}/poll`, query at `${url}/poll/query.do`. */
  url: string;
  key: string;
  customer: string;
  /** Every accepted subscription, in arrival order. */
  subscriptions: FakeSubscription[];
  /** Every subscribe and query request with the return code it got. */
  calls: FakeCall[];
  /** Every push sent, in order. */
  pushes: FakePush[];
  /** Pushes go to this origin instead of the callback URL's own (the shop's public origin standing in front of a test server). */
  callbackOrigin: string | null;
  /** The channel variables that point the product at this fake (PUBLIC_BASE_URL is the caller's). */
  env(): Record<string, string>;
  /** Adds carrier events to a waybill and (when it is subscribed, unless push is false) pushes its history, signed. */
  advance(number: string, events: readonly FakeEvent[], options?: AdvanceOptions): Promise<FakePush | null>;
  /** The push body for a waybill's history as it stands, signed with `salt` (default: its subscription's). */
  pushBody(number: string, salt?: string): string;
  /** The next `times` subscriptions are refused with this return code and message (e.g. "700", "订阅参数错误"). */
  failSubscribe(returnCode: string, message: string, times?: number): void;
  /** From now on every request is held without an answer (until close). */
  hang(): void;
  close(): Promise<void>;
}

export interface Kuaidi100FakeOptions {
  key: string;
  customer: string;
  host?: string;
  port?: number;
}

const md5Upper = (text: string): string => createHash('md5').update(text, 'utf8').digest('hex').toUpperCase();

interface Waybill {
  com: string;
  events: FakeEvent[];
  state: string;
  ischeck: '0' | '1';
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function objectOf(json: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(json);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export async function startKuaidi100Fake(options: Kuaidi100FakeOptions): Promise<Kuaidi100Fake> {
  const { key, customer } = options;
  const subscriptions: FakeSubscription[] = [];
  const calls: FakeCall[] = [];
  const pushes: FakePush[] = [];
  const waybills = new Map<string, Waybill>();
  const failures: Array<{ returnCode: string; message: string }> = [];
  let hanging = false;

  const waybillOf = (number: string, com = ''): Waybill => {
    let found = waybills.get(number);
    if (found === undefined) waybills.set(number, (found = { com, events: [], state: '0', ischeck: '0' }));
    if (found.com === '' && com !== '') found.com = com;
    return found;
  };
  const subscriptionOf = (number: string): FakeSubscription | undefined => subscriptions.findLast((s) => s.number === number);

  /** lastResult: the history newest first, as kuaidi100 sends it. */
  function lastResult(number: string): Record<string, unknown> {
    const bill = waybillOf(number);
    const data = [...bill.events].reverse().map((event) => ({
      time: event.time,
      ftime: event.time,
      context: event.context,
      ...(event.areaName === undefined ? {} : { areaName: event.areaName }),
      ...(event.status === undefined ? {} : { status: event.status }),
    }));
    return { message: 'ok', nu: number, ischeck: bill.ischeck, condition: 'F00', com: bill.com || subscriptionOf(number)?.company || '', status: '200', state: bill.state, data };
  }

  function answer(response: ServerResponse, path: string, body: Record<string, unknown>): void {
    calls.push({ path, returnCode: text(body.returnCode) || '200' });
    response.writeHead(200, { 'content-type': 'application/json;charset=UTF-8' });
    response.end(JSON.stringify(body));
  }

  function subscribe(form: URLSearchParams, response: ServerResponse): void {
    const refuse = (returnCode: string, message: string) => answer(response, '/poll', { result: false, returnCode, message });
    const param = objectOf(form.get('param') ?? '');
    if (form.get('schema') !== 'json' || param === null) return refuse('700', '订阅参数错误');
    if (text(param.key) !== key) return refuse('600', '您不是合法的订阅者（即授权Key出错）');
    const parameters = typeof param.parameters === 'object' && param.parameters !== null ? (param.parameters as Record<string, unknown>) : {};
    const company = text(param.company);
    const number = text(param.number);
    const callbackurl = text(parameters.callbackurl);
    if (!/^[a-z0-9]+$/.test(company)) return refuse('700', '不支持的快递公司');
    if (number === '' || number.length > 32) return refuse('700', '单号为空或超长');
    if (!/^https?:\/\//.test(callbackurl)) return refuse('700', '错误的回调地址');
    const failure = failures.shift();
    if (failure !== undefined) return refuse(failure.returnCode, failure.message);
    if (subscriptionOf(number)?.status === 'polling') return refuse('501', '重复订阅');
    subscriptions.push({
      company,
      number,
      key: text(param.key),
      callbackurl,
      salt: text(parameters.salt) || null,
      phone: text(parameters.phone) || null,
      resultv2: text(parameters.resultv2) || null,
      status: 'polling',
    });
    waybillOf(number, company);
    answer(response, '/poll', { result: true, returnCode: '200', message: '提交成功' });
  }

  function query(form: URLSearchParams, response: ServerResponse): void {
    const path = '/poll/query.do';
    const refuse = (returnCode: string, message: string) => answer(response, path, { result: false, returnCode, message });
    const paramText = form.get('param') ?? '';
    const sentCustomer = form.get('customer') ?? '';
    if (sentCustomer !== customer || (form.get('sign') ?? '') !== md5Upper(paramText + key + customer)) return refuse('503', '验证签名失败');
    const param = objectOf(paramText);
    const com = text(param?.com);
    const num = text(param?.num);
    if (param === null || com === '' || num === '') return refuse('400', '找不到对应公司');
    if (com === 'shunfeng' && text(param.phone) === '') return refuse('408', '快递公司参数异常：验证码错误');
    const bill = waybills.get(num);
    if (bill === undefined || bill.events.length === 0) return refuse('500', '查询无结果，请隔段时间再查');
    answer(response, path, lastResult(num));
  }

  const server = createServer((request, response) => {
    if (hanging) return;
    void readBody(request).then((raw) => {
      if (hanging) return;
      const url = new URL(request.url ?? '/', 'http://fake');
      const form = new URLSearchParams(raw);
      if (request.method === 'POST' && url.pathname === '/poll') return subscribe(form, response);
      if (request.method === 'POST' && url.pathname === '/poll/query.do') return query(form, response);
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('not found');
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  const url = `http://${address.address}:${address.port}`;

  const fake: Kuaidi100Fake = {
    url,
    key,
    customer,
    subscriptions,
    calls,
    pushes,
    callbackOrigin: null,
    env: () => ({ EXPRESS_MODE: 'kuaidi100', KUAIDI100_KEY: key, KUAIDI100_CUSTOMER: customer, KUAIDI100_BASE: url }),

    pushBody(number, salt) {
      const subscription = subscriptionOf(number);
      const monitor = subscription?.status ?? 'polling';
      const param = JSON.stringify({ status: monitor, billstatus: 'got', message: '', autoCheck: '0', comOld: '', comNew: '', lastResult: lastResult(number) });
      const saltUsed = salt ?? subscription?.salt ?? null;
      return new URLSearchParams({ param, sign: saltUsed === null ? '' : md5Upper(param + saltUsed) }).toString();
    },

    async advance(number, events, advanceOptions = {}) {
      const bill = waybillOf(number);
      bill.events.push(...events);
      bill.state = advanceOptions.state ?? bill.state;
      bill.ischeck = advanceOptions.ischeck ?? (bill.state === '3' ? '1' : '0');
      const subscription = subscriptionOf(number);
      if (subscription === undefined || advanceOptions.push === false) return null;
      subscription.status = advanceOptions.monitor ?? (bill.ischeck === '1' ? 'shutdown' : 'polling');
      const target = new URL(subscription.callbackurl);
      const pushUrl = fake.callbackOrigin === null ? subscription.callbackurl : `${fake.callbackOrigin}${target.pathname}${target.search}`;
      const record: FakePush = { number, url: pushUrl, body: fake.pushBody(number), status: null, answer: null };
      pushes.push(record);
      try {
        const response = await fetch(pushUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
          body: record.body,
          signal: AbortSignal.timeout(10_000),
        });
        record.status = response.status;
        record.answer = await response.text();
      } catch {
        // An unreachable callback: kuaidi100 would push again later; the record stays unanswered.
      }
      return record;
    },

    failSubscribe(returnCode, message, times = 1) {
      for (let index = 0; index < times; index += 1) failures.push({ returnCode, message });
    },

    hang() {
      hanging = true;
    },

    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return fake;
}
