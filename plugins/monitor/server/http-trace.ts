import { formatShopTime, type CompletedRequest } from '../../../server/kit';
import type { HttpTraceInfo, TraceEntry } from '../contracts';
import { round } from './percentiles';
import { RingBuffer } from './ring-buffer';

export const TRACE_CAPACITY = 200;
const MAX_PATH = 300;

/**
 * Route parameters whose values may be credentials (a login ticket travels as `/thirdLogin/getLoginUser/:token`).
 * Their values are replaced; query values are never kept at all, only the parameter names.
 */
const SECRET_PARAM = /token|ticket|secret|password|passwd|pwd|code|key|sign|auth|credential|captcha/i;

/**
 * The path shown in the trace: for a matched route, its pattern filled with the request's parameters
 * except the secret-looking ones; for an unmatched one, the path as sent (no query), cut short.
 */
export function tracePath(request: Pick<CompletedRequest, 'path' | 'route' | 'params'>): string {
  if (request.route === null) return request.path.slice(0, MAX_PATH);
  const filled = request.route.replace(/:([A-Za-z_][A-Za-z0-9_]*)|\*/g, (match: string, name: string | undefined) => {
    const key = name ?? '*';
    const value = request.params[key];
    if (value === undefined) return match;
    return SECRET_PARAM.test(key) ? '***' : encodeURI(value);
  });
  return filled.slice(0, MAX_PATH);
}

/**
 * 请求追踪: the last TRACE_CAPACITY answered requests — time, method, path, status, duration, user —
 * and never a header, a body, a token or a query value (JeecgBoot's anonymous /actuator/httptrace
 * leaked headers with tokens: CVE-2021-37304). `skip` leaves out the monitoring screen's own polling.
 */
export class HttpTrace {
  private readonly buffer: RingBuffer<TraceEntry>;
  private sequence = 0;

  constructor(
    private readonly skip: (request: CompletedRequest) => boolean,
    capacity = TRACE_CAPACITY,
  ) {
    this.buffer = new RingBuffer<TraceEntry>(capacity);
  }

  record(request: CompletedRequest): void {
    if (this.skip(request)) return;
    this.sequence += 1;
    this.buffer.push({
      id: this.sequence,
      time: formatShopTime(request.at),
      method: request.method,
      path: tracePath(request),
      queryKeys: [...request.queryKeys],
      status: request.statusCode,
      durationMs: round(request.durationMs),
      username: request.username,
    });
  }

  snapshot(): HttpTraceInfo {
    return { capacity: this.buffer.capacity, entries: this.buffer.newestFirst() };
  }
}
