import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { parseShopTime } from '../../../../server/kit';
import {
  ExpressChannelFailure,
  MSG_KUAIDI100_BAD_ANSWER,
  MSG_KUAIDI100_TIMEOUT,
  MSG_KUAIDI100_UNREACHABLE,
  MSG_PUSH_MALFORMED,
  PushRefused,
  TRACK_STATE,
  type ExpressAdapter,
  type ExpressTrack,
  type ParsedPush,
  type PushAnswer,
  type SubscribeOutcome,
  type TrackEvent,
  type TrackSnapshot,
} from './contract';
import { DEFAULT_KUAIDI100_TIMEOUT_MS } from './settings';

/**
 * kuaidi100 (快递100 企业版), as its documents describe it:
 * - 订阅 (快递信息推送服务): POST `${base}/poll`, form `schema=json&param={company, number, key, parameters: {callbackurl,
 *   salt, resultv2, phone}}`; answers {result, returnCode, message}: 200 提交成功, 501 重复订阅 (already followed: fine for
 *   us), 600/601 the key, 700/701/702 the data.
 * - 推送: kuaidi100 POSTs a form `param` (JSON: status, message, lastResult {state, ischeck, com, nu, data[{time, context,
 *   ftime, areaName, status}]}, the whole history, newest first) and `sign` = MD5(param + salt) in upper case, salt being
 *   the one sent when subscribing; it expects {"result":true,"returnCode":"200","message":"成功"} back, else it retries.
 * - 实时查询: POST `${base}/poll/query.do`, form `customer`, `sign` = MD5(param + key + customer) upper case, `param`
 *   JSON {com, num, phone?, resultv2}; answers lastResult's fields, or {result:false, returnCode, message}.
 * Times (`ftime`) are Beijing wall-clock text whatever zone the server or the shop runs in.
 */

const BEIJING = 'Asia/Shanghai';
/** No more than this is read of an answer: kuaidi100's largest (a long history) is well under it. */
const MAX_ANSWER_BYTES = 1024 * 1024;

export const md5Upper = (text: string): string => createHash('md5').update(text, 'utf8').digest('hex').toUpperCase();

/**
 * The salt a shop's pushes are signed with: derived from the server's secret and the tenant, so it is never stored, never
 * the key, differs per shop and stays the same across restarts (and instances sharing the secret).
 */
export function pushSaltOf(secret: Uint8Array, tenantId: number): string {
  return createHmac('sha256', secret).update(`express.kuaidi100.salt:${tenantId}`).digest('hex').slice(0, 32);
}

export interface Kuaidi100Options {
  key: string;
  customer: string;
  base: string;
  notifyUrl: string;
  /** The shop's push salt (pushSaltOf). */
  saltOf: (tenantId: number) => string;
  timeoutMs?: number;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');
const record = (value: unknown): Record<string, unknown> | null => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null);

/** kuaidi100's `ftime` ("yyyy-MM-dd HH:mm:ss", Beijing); `time` is the same unformatted and serves when ftime is missing. */
function eventTime(item: Record<string, unknown>): Date | null {
  for (const field of ['ftime', 'time']) {
    const value = text(item[field]).trim();
    if (value === '') continue;
    const at = parseShopTime(value, BEIJING);
    if (at !== null) return at;
  }
  return null;
}

/** lastResult (a push's) or the query's answer (the same fields) as a snapshot; events without a readable time are left out. */
export function snapshotOf(result: Record<string, unknown>): TrackSnapshot {
  const state = text(result.state).trim() || null;
  const data = Array.isArray(result.data) ? result.data : [];
  const events: TrackEvent[] = [];
  for (const raw of data) {
    const item = record(raw);
    if (item === null) continue;
    const time = eventTime(item);
    const context = text(item.context).trim();
    if (time === null || context === '') continue;
    events.push({ time, context, location: text(item.areaName).trim() || text(item.location).trim() || null, status: text(item.status).trim() || null });
  }
  return { state, signed: text(result.ischeck) === '1' || state === TRACK_STATE.signed, events };
}

/** Reads a push's form; throws PushRefused when it is not a kuaidi100 push. */
export function parseKuaidi100Push(rawBody: string): ParsedPush {
  const form = new URLSearchParams(rawBody);
  const param = form.get('param');
  const sign = form.get('sign');
  if (param === null || param === '') throw new PushRefused('push without param');
  if (sign === null || sign === '') throw new PushRefused('push without sign');
  let parsed: unknown;
  try {
    parsed = JSON.parse(param);
  } catch {
    throw new PushRefused('push param is not JSON');
  }
  const body = record(parsed);
  const lastResult = record(body?.lastResult);
  if (body === null || lastResult === null) throw new PushRefused('push param has no lastResult');
  const logisticsNo = text(lastResult.nu).trim();
  if (logisticsNo === '') throw new PushRefused('push lastResult has no nu');
  return {
    logisticsNo,
    com: text(lastResult.com).trim() || null,
    monitor: text(body.status).trim(),
    message: text(body.message).trim(),
    snapshot: snapshotOf(lastResult),
    param,
    sign,
  };
}

/** Whether `sign` is MD5(param + salt) in upper case (compared in constant time). */
export function pushSignMatches(param: string, sign: string, salt: string): boolean {
  const expected = Buffer.from(md5Upper(param + salt));
  const given = Buffer.from(sign.trim().toUpperCase());
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The answer kuaidi100 reads; `success` repeats `result` so that it is also the product's envelope (every API answer is). */
export function kuaidi100Answer(accepted: boolean, message: string): PushAnswer {
  return { status: 200, body: { result: accepted, returnCode: accepted ? '200' : '500', message, success: accepted } };
}

export class Kuaidi100Adapter implements ExpressAdapter {
  readonly mode = 'kuaidi100' as const;
  readonly selfDriven = false;
  private readonly timeoutMs: number;

  constructor(private readonly options: Kuaidi100Options) {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_KUAIDI100_TIMEOUT_MS;
  }

  async subscribe(track: ExpressTrack): Promise<SubscribeOutcome> {
    const parameters: Record<string, string> = { callbackurl: this.options.notifyUrl, salt: this.options.saltOf(track.tenantId), resultv2: '1' };
    if (track.phone !== null && track.phone !== '') parameters.phone = track.phone;
    const param = JSON.stringify({ company: track.com, number: track.logisticsNo, key: this.options.key, parameters });
    const answer = await this.post('/poll', { schema: 'json', param });
    const code = text(answer.returnCode);
    // 501 重复订阅: kuaidi100 is following this waybill already and keeps pushing to the same callback.
    if (answer.result === true || code === '200' || code === '501') return { ok: true };
    return { ok: false, reason: `快递100 订阅失败：${text(answer.message) || '未知错误'}（${code || '无返回码'}）` };
  }

  async query(track: ExpressTrack): Promise<TrackSnapshot> {
    const fields: Record<string, string> = { com: track.com, num: track.logisticsNo, resultv2: '1' };
    if (track.phone !== null && track.phone !== '') fields.phone = track.phone;
    const param = JSON.stringify(fields);
    const answer = await this.post('/poll/query.do', { customer: this.options.customer, sign: md5Upper(param + this.options.key + this.options.customer), param });
    if (answer.result === false || (answer.returnCode !== undefined && text(answer.returnCode) !== '200')) {
      const code = text(answer.returnCode);
      // 500 查询无结果: the carrier has said nothing yet, which is an answer, not a failure.
      if (code === '500') return { state: null, signed: false, events: [] };
      throw new ExpressChannelFailure(`快递100 查询失败：${text(answer.message) || '未知错误'}（${code || '无返回码'}）`);
    }
    return snapshotOf(answer);
  }

  parsePush(rawBody: string): ParsedPush {
    return parseKuaidi100Push(rawBody);
  }

  verifyPush(push: ParsedPush, tenantId: number): boolean {
    return pushSignMatches(push.param, push.sign, this.options.saltOf(tenantId));
  }

  answer(accepted: boolean, message?: string): PushAnswer {
    return kuaidi100Answer(accepted, message ?? (accepted ? '成功' : MSG_PUSH_MALFORMED));
  }

  /** A form POST to kuaidi100 and its JSON answer; every way it can go wrong is an ExpressChannelFailure. */
  private async post(path: string, form: Record<string, string>): Promise<Record<string, unknown>> {
    let response: Response;
    let body: string;
    try {
      // The rule is for client code (src/providers/http); this is the server talking to kuaidi100.
      response = await fetch(`${this.options.base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8', accept: 'application/json' },
        body: new URLSearchParams(form).toString(),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      body = await response.text();
    } catch (error) {
      const name = error instanceof Error ? error.name : '';
      throw new ExpressChannelFailure(name === 'TimeoutError' || name === 'AbortError' ? MSG_KUAIDI100_TIMEOUT : MSG_KUAIDI100_UNREACHABLE);
    }
    if (!response.ok) throw new ExpressChannelFailure(`快递100 返回 HTTP ${response.status}`);
    if (body.length > MAX_ANSWER_BYTES) throw new ExpressChannelFailure(MSG_KUAIDI100_BAD_ANSWER);
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      throw new ExpressChannelFailure(MSG_KUAIDI100_BAD_ANSWER);
    }
    const answer = record(parsed);
    if (answer === null) throw new ExpressChannelFailure(MSG_KUAIDI100_BAD_ANSWER);
    return answer;
  }
}
