import type { RuntimeSample, SystemSample } from '../contracts';
import { RingBuffer } from './ring-buffer';
import type { RuntimeCollector } from './runtime';
import type { CpuMeter } from './system';
import os from 'node:os';

/** Five minutes of trend at one sample every REFRESH_MS. */
export const HISTORY_SAMPLES = 60;

/**
 * Takes the trend samples (heap, RSS, event-loop delay; load and process CPU) on a timer, so a
 * screen opened now shows the last minutes and every screen sees the same windows. The timer is
 * unref'd (it never keeps the process alive) and stopped when the app closes.
 */
export class TrendSampler {
  readonly runtimeHistory = new RingBuffer<RuntimeSample>(HISTORY_SAMPLES);
  readonly systemHistory = new RingBuffer<SystemSample>(HISTORY_SAMPLES);
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly runtime: RuntimeCollector,
    private readonly cpu: CpuMeter,
  ) {}

  sample(): void {
    const runtime = this.runtime.sample();
    this.runtimeHistory.push(runtime);
    this.systemHistory.push({ time: runtime.time, load1: Math.round((os.loadavg()[0] ?? 0) * 100) / 100, processCpuPercent: this.cpu.sample() });
  }

  start(intervalMs: number): void {
    if (this.timer !== null) return;
    this.timer = setInterval(() => this.sample(), intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }
}
