import { isIP } from 'node:net';
import path from 'node:path';
import type { S3Settings } from './storage/s3-file-store';
import { DEFAULT_SHOP_TIME_ZONE } from '../src/contracts/session';
import { channelEnvOf, type ChannelEnv } from './channels/channel-env';
import { DEFAULT_CHANNEL_TIMEOUT_MS } from './channels/channel-env';
import { readSmsSettings, type SmsProvider } from './channels/sms/sms-settings';
import { wechatMiniProgramSettings } from './channels/wechat/mini-program';

/** Server settings, read once from the environment at start-up. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** When set the server talks to PostgreSQL through pg.Pool instead of the embedded PGlite. */
  databaseUrl: string | null;
  apiBase: string;
  clientDir: string;
  /** null: a random secret is generated once into DATA_DIR/token-secret. */
  tokenSecret: string | null;
  tokenIdleMinutes: number;
  /** SMS_MODE: where login and registration codes go (server/channels/sms): the log (demo), Aliyun or Tencent Cloud. */
  smsMode: SmsProvider;
  /** CHANNEL_TIMEOUT_MS: how long one call to an outside channel (payment, SMS, WeChat, express) may take before it counts as failed. */
  channelTimeoutMs: number;
  /** Largest accepted upload, in bytes. */
  uploadMaxBytes: number;
  /** Timeouts that drop stalled clients (slowloris), in milliseconds. */
  timeouts: ServerTimeouts;
  /** Whether this instance runs the scheduled jobs (off: they stay in the table for other instances). */
  schedulerEnabled: boolean;
  /** Run-log rows of scheduled jobs older than this many days are deleted. */
  jobLogRetentionDays: number;
  /** A fresh database gets its demo trade (orders, coupons, distribution) made through the services. */
  demoTrade: boolean;
  /** How many demo orders a fresh database gets: the first 120 at first start, the rest in the background. */
  demoOrders: number;
  /** The zone the reports cut days in (IANA name). */
  shopTimeZone: string;
  /** How many stored days the daily roll-up recomputes each run (facts that arrive late). */
  reportRerollDays: number;
  /** Where uploads are kept (FILE_STORAGE): DATA_DIR/uploads, or an S3-compatible bucket shared by instances. */
  fileStorage: FileStorageConfig;
  /**
   * MULTI_INSTANCE=on: this instance runs beside others behind a load balancer. Start-up then insists
   * on what they must share: PostgreSQL, one TOKEN_SECRET and the S3-compatible file store.
   */
  multiInstance: boolean;
  /**
   * TRUST_PROXY: the balancers whose X-Forwarded-For names the client (addresses, CIDR ranges or
   * proxy-addr's loopback / linklocal / uniquelocal); empty: the connecting address is the client.
   */
  trustProxy: readonly string[];
  /** The channels' variables (server/channels/channel-env.ts): each adapter reads its settings from here. */
  channels: ChannelEnv;
}

export type FileStorageConfig = { kind: 'local' } | { kind: 's3'; s3: S3Settings };

/** How long the HTTP server waits for a client before it drops the connection, in milliseconds. */
export interface ServerTimeouts {
  /** The request line and every header must have arrived within this time. */
  headersMs: number;
  /** The whole request, body included (so also the largest upload on a slow line), within this time. */
  requestMs: number;
  /** A connection with no traffic in either direction for this long is closed (websockets excepted). */
  idleMs: number;
  /** An idle keep-alive connection between two requests is kept this long. */
  keepAliveMs: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

function validTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(name);
  } catch {
    return false;
  }
}

function text(env: Env, name: string): string | null {
  const raw = env[name];
  if (raw === undefined) return null;
  const trimmed = raw.trim();
  return trimmed === '' ? null : trimmed;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number, problems: string[]): number {
  const raw = text(env, name);
  if (raw === null) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
    return fallback;
  }
  return Number(raw);
}

/** Parses and validates the environment; throws one ConfigError naming every problem. */
export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const problems: string[] = [];

  const port = integer(env, 'PORT', 8080, 0, 65535, problems);
  const host = text(env, 'HOST') ?? '0.0.0.0';
  const dataDir = path.resolve(cwd, text(env, 'DATA_DIR') ?? './data');
  const clientDir = path.resolve(cwd, text(env, 'CLIENT_DIR') ?? 'build/client');

  const databaseUrl = text(env, 'DATABASE_URL');
  if (databaseUrl !== null && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL must be a postgres:// or postgresql:// connection string');
  }

  const apiBase = text(env, 'API_BASE') ?? '/api';
  // The SPA owns every path outside the API base, so the base can be neither the root nor ambiguous.
  if (!/^(\/[A-Za-z0-9_-]+)+$/.test(apiBase)) {
    problems.push(`API_BASE must look like /api or /back/api (no trailing slash, not the root); got "${apiBase}"`);
  }

  const tokenSecret = text(env, 'TOKEN_SECRET');
  if (tokenSecret !== null && tokenSecret.length < 32) {
    problems.push('TOKEN_SECRET must be at least 32 characters (or leave it unset to generate one into DATA_DIR)');
  }

  // Absolute session lifetime is 7 days, so a longer idle limit would be meaningless.
  const tokenIdleMinutes = integer(env, 'TOKEN_IDLE_MINUTES', 120, 1, 7 * 24 * 60, problems);

  // The channels' variables are checked here, each missing one named, so a bad deployment stops at start-up: the SMS
  // provider chosen and the mini-program's API (the payment and express channels are checked by the orders plugin).
  const channels = channelEnvOf(env);
  const sms = readSmsSettings(channels);
  problems.push(...sms.problems, ...wechatMiniProgramSettings(channels).problems);
  const channelTimeoutMs = integer(env, 'CHANNEL_TIMEOUT_MS', DEFAULT_CHANNEL_TIMEOUT_MS, 100, DEFAULT_CHANNEL_TIMEOUT_MS, problems);

  const uploadMaxBytes = integer(env, 'UPLOAD_MAX_BYTES', 10 * 1024 * 1024, 1024, 1024 ** 3, problems);

  // An hour is the ceiling for any of them: longer means a stalled client is effectively never dropped.
  const HOUR_MS = 60 * 60 * 1000;
  const timeouts: ServerTimeouts = {
    headersMs: integer(env, 'HEADERS_TIMEOUT_MS', 30_000, 100, HOUR_MS, problems),
    requestMs: integer(env, 'REQUEST_TIMEOUT_MS', 300_000, 100, HOUR_MS, problems),
    idleMs: integer(env, 'IDLE_TIMEOUT_MS', 120_000, 100, HOUR_MS, problems),
    keepAliveMs: integer(env, 'KEEP_ALIVE_TIMEOUT_MS', 72_000, 100, HOUR_MS, problems),
  };
  // Node refuses a header deadline later than the whole-request deadline.
  if (timeouts.headersMs > timeouts.requestMs) {
    problems.push(`HEADERS_TIMEOUT_MS (${timeouts.headersMs}) must not exceed REQUEST_TIMEOUT_MS (${timeouts.requestMs})`);
  }
  const scheduler = text(env, 'SCHEDULER') ?? 'on';
  if (scheduler !== 'on' && scheduler !== 'off') problems.push(`SCHEDULER must be "on" or "off" (got "${scheduler}")`);
  const jobLogRetentionDays = integer(env, 'JOB_LOG_RETENTION_DAYS', 30, 1, 3650, problems);
  const demoTrade = text(env, 'DEMO_TRADE') ?? 'on';
  if (demoTrade !== 'on' && demoTrade !== 'off') problems.push(`DEMO_TRADE must be "on" or "off" (got "${demoTrade}")`);

  const demoOrders = integer(env, 'DEMO_ORDERS', 120, 0, 20_000, problems);
  const shopTimeZone = text(env, 'SHOP_TIME_ZONE') ?? DEFAULT_SHOP_TIME_ZONE;
  if (!validTimeZone(shopTimeZone)) problems.push(`SHOP_TIME_ZONE must be an IANA time zone such as Asia/Shanghai (got "${shopTimeZone}")`);
  const reportRerollDays = integer(env, 'REPORT_REROLL_DAYS', 7, 1, 366, problems);
  const fileStorage = fileStorageOf(env, problems);
  const multiInstance = text(env, 'MULTI_INSTANCE') ?? 'off';
  if (multiInstance !== 'on' && multiInstance !== 'off') problems.push(`MULTI_INSTANCE must be "on" or "off" (got "${multiInstance}")`);
  if (multiInstance === 'on') problems.push(...sharedByInstances(databaseUrl, tokenSecret, fileStorage));
  const trustProxy = trustedProxiesOf(text(env, 'TRUST_PROXY'), problems);

  if (problems.length > 0) throw new ConfigError(problems);
  return Object.freeze({
    port,
    host,
    dataDir,
    databaseUrl,
    apiBase,
    clientDir,
    tokenSecret,
    tokenIdleMinutes,
    smsMode: sms.settings.provider,
    channelTimeoutMs,
    uploadMaxBytes,
    timeouts: Object.freeze(timeouts),
    schedulerEnabled: scheduler === 'on',
    jobLogRetentionDays,
    demoTrade: demoTrade === 'on',
    demoOrders,
    shopTimeZone,
    reportRerollDays,
    fileStorage: Object.freeze(fileStorage),
    multiInstance: multiInstance === 'on',
    trustProxy: Object.freeze(trustProxy),
    channels,
  });
}

const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * TRUST_PROXY as a list for Fastify's trustProxy. Only named balancers are trusted: believing any
 * sender's X-Forwarded-For would let a client choose its address, and so its login-limit budget.
 */
function trustedProxiesOf(raw: string | null, problems: string[]): string[] {
  if (raw === null || raw === 'off') return [];
  const entries = raw.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => {
    if (PROXY_RANGE_NAMES.includes(entry)) return false;
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    if (family === 0 || rest.length > 0) return true;
    return prefix !== undefined && (!/^\d{1,3}$/.test(prefix) || Number(prefix) > (family === 4 ? 32 : 128));
  });
  if (bad.length > 0) {
    problems.push(`TRUST_PROXY must be "off" or a comma-separated list of addresses, CIDR ranges or ${PROXY_RANGE_NAMES.join(' / ')} (not ${bad.map((entry) => `"${entry}"`).join(', ')})`);
  }
  return entries;
}

/** What several instances behind one balancer must share, or a request answered by another instance fails. */
function sharedByInstances(databaseUrl: string | null, tokenSecret: string | null, fileStorage: FileStorageConfig): string[] {
  const problems: string[] = [];
  if (databaseUrl === null) {
    problems.push('MULTI_INSTANCE=on needs DATABASE_URL: the embedded database belongs to one process, several instances share one PostgreSQL');
  }
  if (tokenSecret === null) {
    problems.push('MULTI_INSTANCE=on needs TOKEN_SECRET: a secret generated into each DATA_DIR differs per instance, so a session signed by one would be refused by another');
  }
  if (fileStorage.kind === 'local') {
    problems.push(
      'MULTI_INSTANCE=on refuses FILE_STORAGE=local: a file uploaded to one instance\'s disk is missing on the others; set FILE_STORAGE=s3 and the S3_* variables (S3_BUCKET, S3_ENDPOINT …)',
    );
  }
  return problems;
}

/** FILE_STORAGE and, for s3, the S3_* settings: a bucket is required, keys come in pairs. */
function fileStorageOf(env: Env, problems: string[]): FileStorageConfig {
  const kind = text(env, 'FILE_STORAGE') ?? 'local';
  if (kind !== 'local' && kind !== 's3') {
    problems.push(`FILE_STORAGE must be "local" or "s3" (got "${kind}")`);
    return { kind: 'local' };
  }
  if (kind === 'local') return { kind: 'local' };
  const bucket = text(env, 'S3_BUCKET');
  if (bucket === null) problems.push('FILE_STORAGE=s3 needs S3_BUCKET (the bucket that holds the uploads)');
  const endpoint = text(env, 'S3_ENDPOINT');
  if (endpoint !== null && !/^https?:\/\/[^\s/]+/.test(endpoint)) problems.push(`S3_ENDPOINT must be an http:// or https:// URL (got "${endpoint}")`);
  const accessKeyId = text(env, 'S3_ACCESS_KEY_ID');
  const secretAccessKey = text(env, 'S3_SECRET_ACCESS_KEY');
  if ((accessKeyId === null) !== (secretAccessKey === null)) {
    problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the default AWS credentials');
  }
  const pathStyle = text(env, 'S3_FORCE_PATH_STYLE') ?? 'off';
  if (!['on', 'off', 'true', 'false'].includes(pathStyle)) problems.push(`S3_FORCE_PATH_STYLE must be "on" or "off" (got "${pathStyle}")`);
  return {
    kind: 's3',
    s3: Object.freeze({
      endpoint,
      region: text(env, 'S3_REGION') ?? 'us-east-1',
      bucket: bucket ?? '',
      accessKeyId,
      secretAccessKey,
      forcePathStyle: pathStyle === 'on' || pathStyle === 'true',
    }),
  };
}
