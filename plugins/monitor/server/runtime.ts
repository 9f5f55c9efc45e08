import { monitorEventLoopDelay, performance, PerformanceObserver, type EventLoopUtilization, type IntervalHistogram } from 'node:perf_hooks';
import v8 from 'node:v8';
import type { GcKindFigures, RuntimeInfo, RuntimeSample } from '../contracts';
import { round } from './percentiles';

const NS_PER_MS = 1e6;

/** Node's numeric GC kinds (perf_hooks constants NODE_PERFORMANCE_GC_*). */
const GC_KINDS: Record<number, string> = { 1: 'minor', 2: 'major', 4: 'incremental', 8: 'weakcb' };

interface LoopWindow {
  minMs: number;
  meanMs: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

/** Node ≥ 17 lists its active libuv resources; older runtimes (and some embedders) do not. */
function activeResources(): Array<{ type: string; count: number }> {
  const info = (process as { getActiveResourcesInfo?: () => string[] }).getActiveResourcesInfo;
  if (typeof info !== 'function') return [];
  const counts = new Map<string, number>();
  for (const type of info.call(process)) counts.set(type, (counts.get(type) ?? 0) + 1);
  return [...counts.entries()].sort(([, a], [, b]) => b - a).map(([type, count]) => ({ type, count }));
}

/**
 * The Node runtime's figures (运行时信息). Memory comes straight from process.memoryUsage() and
 * v8.getHeapStatistics() at the moment of the request; the event-loop delay and utilisation are per
 * sampling window (a histogram accumulated since start would hide a stall behind hours of calm), so
 * `sample()` closes a window every few seconds; GC pauses are counted by a PerformanceObserver.
 * `stop()` releases the histogram and the observer (tests build many apps in one process).
 */
export class RuntimeCollector {
  private readonly loop: IntervalHistogram = monitorEventLoopDelay({ resolution: 10 });
  private readonly gc = new Map<string, { count: number; totalMs: number }>();
  private readonly observer: PerformanceObserver;
  private lastLoop: LoopWindow | null = null;
  private lastUtilization: number | null = null;
  private utilizationMark: EventLoopUtilization = performance.eventLoopUtilization();

  constructor() {
    this.loop.enable();
    this.observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const detail = (entry as { detail?: unknown }).detail as { kind?: number } | null | undefined;
        const kind = GC_KINDS[detail?.kind ?? 0] ?? 'other';
        const figures = this.gc.get(kind) ?? { count: 0, totalMs: 0 };
        figures.count += 1;
        figures.totalMs += entry.duration;
        this.gc.set(kind, figures);
      }
    });
    this.observer.observe({ entryTypes: ['gc'] });
  }

  private loopWindow(): LoopWindow | null {
    if (this.loop.count === 0) return null;
    return {
      minMs: round(this.loop.min / NS_PER_MS),
      meanMs: round(this.loop.mean / NS_PER_MS),
      p50Ms: round(this.loop.percentile(50) / NS_PER_MS),
      p99Ms: round(this.loop.percentile(99) / NS_PER_MS),
      maxMs: round(this.loop.max / NS_PER_MS),
    };
  }

  /** Closes the current window: event-loop delay percentiles and utilisation since the last call. */
  sample(): RuntimeSample {
    this.lastLoop = this.loopWindow() ?? this.lastLoop;
    this.loop.reset();
    const now = performance.eventLoopUtilization();
    this.lastUtilization = round(performance.eventLoopUtilization(now, this.utilizationMark).utilization, 4);
    this.utilizationMark = now;
    const memory = process.memoryUsage();
    return {
      time: Date.now(),
      heapUsedBytes: memory.heapUsed,
      rssBytes: memory.rss,
      eventLoopP50Ms: this.lastLoop?.p50Ms ?? 0,
      eventLoopP99Ms: this.lastLoop?.p99Ms ?? 0,
    };
  }

  snapshot(history: RuntimeSample[]): RuntimeInfo {
    const memory = process.memoryUsage();
    const heap = v8.getHeapStatistics();
    const gc: GcKindFigures[] = [...this.gc.entries()].map(([kind, figures]) => ({ kind, count: figures.count, totalMs: round(figures.totalMs) }));
    return {
      nodeVersion: process.version,
      v8Version: process.versions.v8,
      platform: `${process.platform}-${process.arch}`,
      pid: process.pid,
      uptimeSeconds: Math.round(process.uptime()),
      heapUsedBytes: memory.heapUsed,
      heapTotalBytes: memory.heapTotal,
      heapLimitBytes: heap.heap_size_limit,
      rssBytes: memory.rss,
      externalBytes: memory.external,
      arrayBuffersBytes: memory.arrayBuffers,
      // Before the first window closes, the one still open.
      eventLoopDelay: this.lastLoop ?? this.loopWindow(),
      eventLoopUtilization: this.lastUtilization,
      gc,
      activeResources: activeResources(),
      history,
    };
  }

  stop(): void {
    this.loop.disable();
    this.observer.disconnect();
  }
}
