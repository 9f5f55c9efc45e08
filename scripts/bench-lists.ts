/**
 * npm run bench (after bench.ts), or alone: npm run bench:lists. Lists at scale (issue 17) on the
 * built server: 100,000 members seeded into a fresh data directory by the customers plugin's own
 * generator (demoMembers, in batches), then p50 / p95 and throughput at concurrency 1, 10 and 50 for
 * the member list (page 1, page 5,000, a filter sorted by points), the permission call alone and
 * while lists run, and the server's RSS after the run. On the embedded database, and on PostgreSQL
 * too when a server can be started here (/usr/lib/postgresql/<n>/bin/initdb), side by side.
 * Loopback only, every loop bounded.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { memberEntity } from '../plugins/customers/entities';
import { seedMembers } from '../plugins/customers/server/seed';
import { openDatabase } from '../server/db/connection';
import { fieldEntries } from '../src/contracts/entity';
import { startPostgres, type PostgresServer } from '../tests/support/postgres-server';
import { freePort, repoRoot } from '../tests/support/product-server';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const BATCH = 2000;
const TENANT = 1;
const CONCURRENCY = [1, 10, 50] as const;
/** Requests per measurement: enough for a p95, bounded so a slow machine still finishes. */
const REQUESTS: Record<number, number> = { 1: 60, 10: 200, 50: 400 };

interface Figures {
  p50: number;
  p95: number;
  perSecond: number;
}

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

/** The int field the list sorts by in the issue's third request ("sort by points"). */
const pointsField = fieldEntries(memberEntity).find(([, field]) => field.type === 'int' && field.sortable === true)?.[0] ?? 'points';

const SCENARIOS = {
  'member list, page 1, default sort, 10 rows': 'pageNo=1&pageSize=10',
  'member list, page 5,000': 'pageNo=5000&pageSize=10',
  [`member list, status filter + sort by ${pointsField}, 20 rows`]: `status=1&column=${pointsField}&order=desc&pageNo=1&pageSize=20`,
} as const;

/** The built server on a fresh data directory; started and stopped here (first starts may be slow on a busy machine). */
interface BenchServer {
  baseURL: string;
  dataDir: string;
  start(): Promise<void>;
  halt(): Promise<void>;
  stop(): Promise<void>;
}

const START_TIMEOUT_MS = 300_000;

async function benchServer(env: Record<string, string> = {}): Promise<BenchServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'merchant-bench-'));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  const halt = async () => {
    const running = child;
    child = null;
    if (running === null || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
  };
  const start = async () => {
    const started = spawn(process.execPath, [path.join(repoRoot, 'build/server/main.js')], {
      cwd: repoRoot,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'production', ...env },
      stdio: 'ignore',
    });
    child = started;
    const deadline = Date.now() + START_TIMEOUT_MS;
    while (Date.now() < deadline && started.exitCode === null) {
      const up = await fetch(`${baseURL}/api/health`).then((response) => response.ok, () => false);
      if (up) return;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    await halt();
    throw new Error(`the built server did not start within ${START_TIMEOUT_MS / 1000} s (run npm run build first)`);
  };
  await start();
  return {
    baseURL,
    dataDir,
    start,
    halt,
    stop: async () => {
      await halt();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface Target {
  api: string;
  token: string;
}

async function timedGet(target: Target, url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${target.api}${url}`, { headers: { 'X-Access-Token': target.token, 'tenant-id': String(TENANT) } });
  const body = (await response.json()) as { success?: boolean; message?: string };
  if (!response.ok || body.success !== true) throw new Error(`${url}: HTTP ${response.status} ${body.message ?? ''}`);
  return performance.now() - started;
}

/** `total` requests spread over `concurrency` loops; latency percentiles and requests per second. */
async function measure(target: Target, url: string, concurrency: number, total: number): Promise<Figures> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        next += 1;
        latencies.push(await timedGet(target, url));
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { p50: percentile(latencies, 50), p95: percentile(latencies, 95), perSecond: latencies.length / seconds };
}

/** Lists running in the background until stopped (at most `limit` requests per loop). */
function backgroundLists(target: Target, concurrency: number, limit = 5000): { stop: () => Promise<number> } {
  let running = true;
  let served = 0;
  const urls = Object.values(SCENARIOS).map((query) => `/cust/custMember/list?${query}`);
  const loops = Array.from({ length: concurrency }, async (_unused, loop) => {
    for (let index = 0; running && index < limit; index += 1) {
      await timedGet(target, urls[(loop + index) % urls.length] ?? urls[0] ?? '');
      served += 1;
    }
  });
  return {
    stop: async () => {
      running = false;
      await Promise.all(loops);
      return served;
    },
  };
}

/** The server process (and its database thread): found by its data directory, which it alone uses. */
function serverRssMb(dataDir: string): number {
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!cmdline.includes('build/server/main.js')) continue;
      if (!readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(`DATA_DIR=${dataDir}`)) continue;
      const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
      return rss === undefined ? Number.NaN : Number(rss) / 1024;
    } catch {
      // a process that ended meanwhile, or not ours
    }
  }
  return Number.NaN;
}

async function seed(options: { dataDir: string; databaseUrl: string | null }): Promise<number> {
  const started = performance.now();
  const handle = await openDatabase(options);
  try {
    for (let offset = 0; offset < MEMBERS; offset += BATCH) {
      // The demo generator numbers from 1 within a prefix: one prefix per batch keeps member numbers unique.
      await seedMembers(handle.db, { tenantId: TENANT, count: Math.min(BATCH, MEMBERS - offset), prefix: `B${String(offset / BATCH).padStart(3, '0')}` });
    }
    await sql`analyze ${sql.id(memberEntity.table)}`.execute(handle.db);
  } finally {
    await handle.close();
  }
  return (performance.now() - started) / 1000;
}

async function login(api: string): Promise<string> {
  const response = await fetch(`${api}/sys/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: '123456' }) });
  const body = (await response.json()) as { result?: { token?: string } };
  if (body.result?.token === undefined) throw new Error('admin login failed');
  return body.result.token;
}

/** Figures as they are measured (printed at once too: a long run on a busy machine shows progress). */
class Results extends Map<string, string> {
  constructor(private readonly label: string) {
    super();
  }

  override set(name: string, value: string): this {
    if (this.label !== '') console.log(`[${this.label}] ${name}: ${value}`);
    return super.set(name, value);
  }
}

async function run(label: string, server: BenchServer, databaseUrl: string | null): Promise<Results> {
  const results = new Results(label);
  if (databaseUrl === null) await server.halt();
  const seconds = await seed({ dataDir: server.dataDir, databaseUrl });
  if (databaseUrl === null) await server.start();
  results.set(`seed ${MEMBERS.toLocaleString('en')} members`, `${seconds.toFixed(0)} s`);
  const api = `${server.baseURL}/api`;
  const target: Target = { api, token: await login(api) };
  console.log(`[${label}] seeded in ${seconds.toFixed(0)} s, measuring…`);

  const firstDeep = await timedGet(target, `/cust/custMember/list?${SCENARIOS['member list, page 5,000']}`);
  results.set('first page 5,000 after a write (anchor pass)', `${firstDeep.toFixed(0)} ms`);
  for (const [name, query] of Object.entries(SCENARIOS)) {
    const url = `/cust/custMember/list?${query}`;
    await measure(target, url, 2, 6);
    for (const concurrency of CONCURRENCY) {
      const figures = await measure(target, url, concurrency, REQUESTS[concurrency] ?? 100);
      results.set(`${name} @${concurrency}`, format(figures));
    }
  }
  const permissions = '/sys/permission/getUserPermissionByToken';
  for (const concurrency of [1, 10] as const) {
    results.set(`getUserPermissionByToken alone @${concurrency}`, format(await measure(target, permissions, concurrency, REQUESTS[concurrency] ?? 100)));
  }
  const lists = backgroundLists(target, 10);
  const underLoad = await measure(target, permissions, 1, 100);
  const health = await measure(target, '/health', 1, 100);
  const served = await lists.stop();
  results.set('getUserPermissionByToken while lists run @10', format(underLoad));
  results.set('GET /api/health while lists run @10', format(health));
  results.set('lists served meanwhile', String(served));
  results.set('server RSS after the run', `${serverRssMb(server.dataDir).toFixed(0)} MB`);
  return results;
}

function format(figures: Figures): string {
  return `p50 ${figures.p50.toFixed(1)} ms, p95 ${figures.p95.toFixed(1)} ms, ${figures.perSecond.toFixed(0)} req/s`;
}

function postgresAvailable(): boolean {
  const root = '/usr/lib/postgresql';
  return existsSync(root) && readdirSync(root).some((version) => existsSync(path.join(root, version, 'bin/initdb')));
}

async function main(): Promise<void> {
  const columns: Array<[string, Results]> = [];
  const embedded = await benchServer();
  try {
    columns.push(['embedded (PGlite)', await run('embedded', embedded, null)]);
  } finally {
    await embedded.stop();
  }
  if (postgresAvailable()) {
    let postgres: PostgresServer | null = null;
    let server: BenchServer | null = null;
    try {
      postgres = await startPostgres();
      server = await benchServer({ DATABASE_URL: postgres.url, TOKEN_SECRET: 'bench-only-secret-bench-only-secret-0123' });
      columns.push(['PostgreSQL', await run('postgres', server, postgres.url)]);
    } finally {
      await server?.stop();
      await postgres?.stop();
    }
  }
  const names = [...new Set(columns.flatMap(([, results]) => [...results.keys()]))];
  const width = Math.max(...names.map((name) => name.length));
  console.log(`\nlists at scale (${MEMBERS.toLocaleString('en')} members, admin, tenant ${TENANT})`);
  for (const name of names) {
    console.log(`  ${name.padEnd(width)}  ${columns.map(([label, results]) => `${label}: ${results.get(name) ?? '—'}`).join('  |  ')}`);
  }
}

await main();
