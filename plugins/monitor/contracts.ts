/**
 * The monitoring plugin's wire contract, shared by its server routes and its screens: the API paths,
 * the permission codes each needs, and the shapes of the answers. Plain data, no secrets in any of it.
 */

export const MONITOR_API = {
  disk: '/monitor/disk',
  httpTrace: '/monitor/httpTrace',
  runtime: '/monitor/runtime',
  cache: '/monitor/cache',
  cacheClear: '/monitor/cache/clear',
  system: '/monitor/system',
  httpServer: '/monitor/httpServer',
} as const;

export const MONITOR_PERMISSIONS = {
  disk: 'monitor:disk:view',
  httpTrace: 'monitor:httpTrace:view',
  runtime: 'monitor:runtime:view',
  cache: 'monitor:cache:view',
  cacheClear: 'monitor:cache:clear',
  system: 'monitor:system:view',
  httpServer: 'monitor:httpServer:view',
} as const;

/** How often the screens refresh, and the server samples its trends. */
export const REFRESH_MS = 5000;

export interface DiskVolume {
  mountPoint: string;
  /** Device or source as the system names it (`/dev/vda1`, `overlay`). */
  device: string;
  fsType: string;
  sizeBytes: number;
  usedBytes: number;
  /** Free for an unprivileged process (what `df` shows as available). */
  freeBytes: number;
  /** Used share of what is usable, 0–100, as `df` computes it. */
  usedPercent: number;
  /** The volume holds the server's data directory. */
  holdsData: boolean;
}

export interface DiskInfo {
  volumes: DiskVolume[];
}

export interface TraceEntry {
  /** Sequence number since the server started (a stable row key). */
  id: number;
  /** ISO time the answer was complete. */
  time: string;
  method: string;
  /** Path without query values; route parameters that could be secrets shown as `***`. */
  path: string;
  /** Names of the query parameters (never values). */
  queryKeys: string[];
  status: number;
  durationMs: number;
  username: string | null;
}

export interface HttpTraceInfo {
  capacity: number;
  /** Newest first. */
  entries: TraceEntry[];
}

/** One point of a trend, sampled every REFRESH_MS by the server. */
export interface RuntimeSample {
  time: number;
  heapUsedBytes: number;
  rssBytes: number;
  eventLoopP50Ms: number;
  eventLoopP99Ms: number;
}

export interface GcKindFigures {
  kind: string;
  count: number;
  totalMs: number;
}

export interface RuntimeInfo {
  nodeVersion: string;
  v8Version: string;
  platform: string;
  pid: number;
  uptimeSeconds: number;
  heapUsedBytes: number;
  heapTotalBytes: number;
  heapLimitBytes: number;
  rssBytes: number;
  externalBytes: number;
  arrayBuffersBytes: number;
  /** Over the last sampling window (REFRESH_MS); null before the first window closes. */
  eventLoopDelay: { minMs: number; meanMs: number; p50Ms: number; p99Ms: number; maxMs: number } | null;
  /** Share of time the event loop was busy over the last window, 0–1. */
  eventLoopUtilization: number | null;
  gc: GcKindFigures[];
  /** Active libuv resources by type (sockets, timers …), when the runtime can tell. */
  activeResources: Array<{ type: string; count: number }>;
  history: RuntimeSample[];
}

export interface CacheFigures {
  /** Machine name; the screen translates it. */
  name: string;
  entries: number;
  hits: number;
  misses: number;
  /** hits / (hits + misses), 0–1, null before any use. */
  hitRatio: number | null;
}

export interface CacheInfo {
  caches: CacheFigures[];
}

export interface SystemSample {
  time: number;
  load1: number;
  processCpuPercent: number;
}

export interface SystemInfo {
  osType: string;
  osRelease: string;
  platform: string;
  arch: string;
  hostname: string;
  cpuModel: string;
  cpuCount: number;
  loadAverage: [number, number, number];
  totalMemoryBytes: number;
  freeMemoryBytes: number;
  /** The process's CPU time over the last window, as a share of one core (may pass 100 with threads). */
  processCpuPercent: number | null;
  systemUptimeSeconds: number;
  database: { kind: 'pglite' | 'postgresql'; version: string; sizeBytes: number };
  history: SystemSample[];
  /** The login, operation and data logs' writer: anything but zeros is shown as an alert. */
  logWriter: LogWriterFigures;
}

/** A log row the database refused even on its own (the server log has every one of them). */
export interface FailedLogRowInfo {
  failedAt: string;
  table: 'sys_log' | 'sys_data_log';
  /** The row as JSON, cut to a few hundred characters (parameters were redacted before queueing). */
  row: string;
  error: string;
}

export interface LogWriterFigures {
  failedRows: number;
  droppedRows: number;
  /** Newest first, at most the last hundred. */
  recentFailures: FailedLogRowInfo[];
}

export interface HttpServerInfo {
  /** Open TCP connections to this server, null when it is not listening (tests that inject). */
  connections: number | null;
  totalRequests: number;
  /** Answered requests per second, averaged over the last minute. */
  requestsPerSecond: number;
  clientErrors: number;
  serverErrors: number;
  /** (4xx + 5xx) / total, 0–1. */
  errorRate: number;
  statusCodes: Array<{ status: number; count: number }>;
  /** Over the last LATENCY_SAMPLES answers. */
  averageLatencyMs: number | null;
  p95LatencyMs: number | null;
  /** Requests answered in each of the last 60 seconds, oldest first. */
  perSecond: number[];
  startedAt: string;
}
