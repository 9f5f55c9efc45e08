import { formatShopTime, type CompletedRequest } from '../../../server/kit';
import type { HttpServerInfo } from '../contracts';
import { mean, percentile, round } from './percentiles';
import { RingBuffer } from './ring-buffer';

/** How many recent answers the latency figures are computed from: recent enough to move, enough for a p95. */
export const LATENCY_SAMPLES = 1000;
const WINDOW_SECONDS = 60;

/**
 * The HTTP server's counters (HTTP服务): totals, status codes, per-second counts over the last minute
 * and recent latencies, fed by the core's request-completed events. Constant memory: 60 second buckets
 * and a ring of LATENCY_SAMPLES durations.
 */
export class HttpCounters {
  private total = 0;
  private clientErrors = 0;
  private serverErrors = 0;
  private readonly byStatus = new Map<number, number>();
  private readonly latencies = new RingBuffer<number>(LATENCY_SAMPLES);
  /** Bucket i counts the answers of the second stored in seconds[i]; a stale bucket is reused. */
  private readonly buckets = new Array<number>(WINDOW_SECONDS).fill(0);
  private readonly seconds = new Array<number>(WINDOW_SECONDS).fill(-1);
  readonly startedAt = new Date();

  constructor(private readonly now: () => number = Date.now) {}

  record(request: Pick<CompletedRequest, 'statusCode' | 'durationMs' | 'at'>): void {
    this.total += 1;
    if (request.statusCode >= 500) this.serverErrors += 1;
    else if (request.statusCode >= 400) this.clientErrors += 1;
    this.byStatus.set(request.statusCode, (this.byStatus.get(request.statusCode) ?? 0) + 1);
    this.latencies.push(request.durationMs);
    const second = Math.floor(request.at / 1000);
    const slot = second % WINDOW_SECONDS;
    if (this.seconds[slot] !== second) {
      this.seconds[slot] = second;
      this.buckets[slot] = 0;
    }
    this.buckets[slot] = (this.buckets[slot] ?? 0) + 1;
  }

  /** Answers in each of the last 60 whole seconds up to now, oldest first (the current second last). */
  perSecond(): number[] {
    const current = Math.floor(this.now() / 1000);
    const out: number[] = [];
    for (let second = current - WINDOW_SECONDS + 1; second <= current; second += 1) {
      const slot = ((second % WINDOW_SECONDS) + WINDOW_SECONDS) % WINDOW_SECONDS;
      out.push(this.seconds[slot] === second ? (this.buckets[slot] ?? 0) : 0);
    }
    return out;
  }

  snapshot(connections: number | null): HttpServerInfo {
    const perSecond = this.perSecond();
    const lastMinute = perSecond.reduce((sum, count) => sum + count, 0);
    // A server younger than a minute averages over its own lifetime, not over seconds it did not exist.
    const windowSeconds = Math.min(WINDOW_SECONDS, Math.max(1, (this.now() - this.startedAt.getTime()) / 1000));
    const latencies = this.latencies.toArray();
    const average = mean(latencies);
    return {
      connections,
      totalRequests: this.total,
      requestsPerSecond: round(lastMinute / windowSeconds),
      clientErrors: this.clientErrors,
      serverErrors: this.serverErrors,
      errorRate: this.total === 0 ? 0 : round((this.clientErrors + this.serverErrors) / this.total, 4),
      statusCodes: [...this.byStatus.entries()].sort(([a], [b]) => a - b).map(([status, count]) => ({ status, count })),
      averageLatencyMs: average === null ? null : round(average),
      p95LatencyMs: latencies.length === 0 ? null : round(percentile(latencies, 95) ?? 0),
      perSecond,
      startedAt: formatShopTime(this.startedAt),
    };
  }
}
