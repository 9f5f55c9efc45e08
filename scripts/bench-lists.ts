/**
 * npm run bench (after bench.ts), or alone: npm run bench:lists. Lists at scale (issues 17, 11, 12, 13, 15)
 * on the built server: a fresh data directory gets 100,000 members (the customers plugin's own generator,
 * in batches), 100,000 SKUs (25,000 multi-spec SPUs × 4, plugins/goods/server/bulk-skus.ts) and 200,000
 * orders over the last 365 days (plugins/orders/server/bulk-orders.ts), both bulk generators applying
 * the services' rules in set-based SQL. Then p50 / p95 and throughput for the member list (page 1,
 * page 5,000, a filter sorted by points) at concurrency 1, 10 and 50; the SPU, stock (SKU) and order lists
 * (page 1, a deep page, status tabs, sorts, date filters, tab counts) at 1 and 10; the permission call
 * alone and while lists run; the year's sales summary (GET /report/sales/summary) before and after the
 * 报表日结 job; the server's RSS; and EXPLAIN ANALYZE of the lists' own queries (built by the CRUD
 * engine's functions) with the slowest one's plan. Each figure is printed with its goal (issue 17's Goal,
 * #15's 300 ms) and whether it meets it. On the embedded database, and on PostgreSQL too when a server
 * can be started here (/usr/lib/postgresql/<n>/bin/initdb; BENCH_POSTGRES=off skips it), side by side.
 * Scale-out (issue 19): on that PostgreSQL, the member list's throughput with 1, 2 and 3 instances of the
 * server (child processes on the one database) behind a round-robin client (BENCH_INSTANCES=off skips it;
 * BENCH_ONLY=instances seeds the members alone on PostgreSQL and measures only that).
 * Env knobs: BENCH_MEMBERS, BENCH_SKUS, BENCH_ORDERS (defaults 100,000 / 100,000 / 200,000);
 * BENCH_SERVER_MAIN, a built server other than build/server/main.js (inside the repository, so that it
 * finds node_modules). Loopback only, every loop bounded.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { memberEntity } from '../plugins/customers/entities';
import { seedMembers } from '../plugins/customers/server/seed';
import { spuEntity, stockEntity } from '../plugins/goods/entities';
import { bulkSpusWithSkus } from '../plugins/goods/server/bulk-skus';
import { orderEntity } from '../plugins/orders/entities';
import { bulkOrders } from '../plugins/orders/server/bulk-orders';
import { pageQuery } from '../server/crud/list-paging';
import { readPage, sortColumns, whereSql } from '../server/crud/list-query';
import { selectColumnsSql } from '../server/crud/records';
import { openDatabase } from '../server/db/connection';
import { SERVER_NODE_FLAGS } from '../server/node-flags';
import type { Database } from '../server/db/schema';
import { fieldEntries, type EntityDefinition } from '../src/contracts/entity';
import { startPostgres, type PostgresServer } from '../tests/support/postgres-server';
import { freePort, repoRoot } from '../tests/support/product-server';

const count = (name: string, fallback: number): number => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
};
const MEMBERS = count('BENCH_MEMBERS', 100_000);
const SKUS = count('BENCH_SKUS', 100_000);
const ORDERS = count('BENCH_ORDERS', 200_000);
const SKUS_PER_SPU = 4;
const SPUS = Math.max(1, Math.round(SKUS / SKUS_PER_SPU));
const BATCH = 2000;
const TENANT = 1;
const SHOP_ZONE = process.env.SHOP_TIME_ZONE ?? 'Asia/Shanghai';
const CONCURRENCY = [1, 10, 50] as const;
/** The goods, stock and order lists: the goal's two concurrencies (issue 17 measures 50 on members). */
const LIST_CONCURRENCY = [1, 10] as const;
/** Requests per measurement: enough for a p95, bounded so a slow machine still finishes. */
const REQUESTS: Record<number, number> = { 1: 60, 10: 200, 50: 400 };

interface Figures {
  p50: number;
  p95: number;
  perSecond: number;
  /** Requests made (fewer than asked when the budget ran out). */
  requests: number;
  asked: number;
}

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

/** The int field the list sorts by in the issue's third request ("sort by points"). */
const pointsField = fieldEntries(memberEntity).find(([, field]) => field.type === 'int' && field.sortable === true)?.[0] ?? 'points';

/** A deep page: page 5,000 of 10 rows where the list is that long, else 80 % of the way down. */
const deepPage = (rows: number): number => Math.max(2, Math.min(5000, Math.floor((rows / 10) * 0.8)));
const MEMBER_DEEP = deepPage(MEMBERS);

/** A day in the shop's zone, n days from today. */
function shopDay(offset = 0): string {
  const day = new Date(Date.now() + offset * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(day);
}

/** What a figure is measured against (issue 17's Goal, #15's summary). */
interface Goal {
  text: string;
  met: (figures: Figures) => boolean;
}
const GOALS = {
  page1: { text: 'p95 ≤ 25 ms', met: (figures: Figures) => figures.p95 <= 25 },
  throughput: { text: '≥ 150 req/s', met: (figures: Figures) => figures.perSecond >= 150 },
  deep: { text: 'p95 ≤ 50 ms', met: (figures: Figures) => figures.p95 <= 50 },
  permission: { text: 'p95 ≤ 30 ms', met: (figures: Figures) => figures.p95 <= 30 },
  summary: { text: 'p95 ≤ 300 ms', met: (figures: Figures) => figures.p95 <= 300 },
} satisfies Record<string, Goal>;

/** A list request: page 1 kinds (default sort, filtered, sorted) and deep pages have goals; the rest are shown. */
interface Scenario {
  name: string;
  api: string;
  query: string;
  kind: 'page1' | 'deep' | 'other';
  concurrency: readonly number[];
  /** The entity whose engine list this is (for EXPLAIN). */
  entity?: EntityDefinition;
}

const MEMBER_API = '/cust/custMember/list';
const memberScenarios: Scenario[] = [
  { name: 'member list, page 1, default sort, 10 rows', api: MEMBER_API, query: 'pageNo=1&pageSize=10', kind: 'page1', concurrency: CONCURRENCY, entity: memberEntity },
  { name: `member list, page ${MEMBER_DEEP.toLocaleString('en')}`, api: MEMBER_API, query: `pageNo=${MEMBER_DEEP}&pageSize=10`, kind: 'deep', concurrency: CONCURRENCY, entity: memberEntity },
  {
    name: `member list, status filter + sort by ${pointsField}, 20 rows`,
    api: MEMBER_API,
    query: `status=1&column=${pointsField}&order=desc&pageNo=1&pageSize=20`,
    kind: 'page1',
    concurrency: CONCURRENCY,
    entity: memberEntity,
  },
];

function scaleScenarios(): Scenario[] {
  const spu = '/goods/goodsSpu/list';
  const stock = '/goods/goodsStock/list';
  const order = '/saleorder/saleOrder/list';
  const list = { concurrency: LIST_CONCURRENCY };
  const spuDeep = deepPage(SPUS);
  const skuDeep = deepPage(SKUS);
  const orderDeep = deepPage(ORDERS);
  return [
    { ...list, name: 'SPU list, page 1, default sort', api: spu, query: 'pageNo=1&pageSize=10', kind: 'page1', entity: spuEntity },
    { ...list, name: `SPU list, page ${spuDeep.toLocaleString('en')}`, api: spu, query: `pageNo=${spuDeep}&pageSize=10`, kind: 'deep', entity: spuEntity },
    { ...list, name: 'SPU list, 出售中 tab sorted by price desc', api: spu, query: 'status=1&column=price&order=desc&pageNo=1&pageSize=10', kind: 'page1', entity: spuEntity },
    { ...list, name: 'SPU list, 已售罄 tab', api: spu, query: 'stock_end=0&status=1,0&pageNo=1&pageSize=10', kind: 'page1', entity: spuEntity },
    {
      ...list,
      name: 'SPU list, 创建时间 last 90 days, 仓库中 tab',
      api: spu,
      query: `createdTime_begin=${shopDay(-90)}&createdTime_end=${shopDay()}&status=0&pageNo=1&pageSize=10`,
      kind: 'page1',
      entity: spuEntity,
    },
    { ...list, name: 'SPU tab counts', api: '/goods/goodsSpu/tabCounts', query: '', kind: 'other' },
    { ...list, name: 'stock (SKU) list, page 1, default sort', api: stock, query: 'pageNo=1&pageSize=10', kind: 'page1', entity: stockEntity },
    { ...list, name: `stock (SKU) list, page ${skuDeep.toLocaleString('en')}`, api: stock, query: `pageNo=${skuDeep}&pageSize=10`, kind: 'deep', entity: stockEntity },
    { ...list, name: 'stock (SKU) list sorted by stock asc', api: stock, query: 'column=stock&order=asc&pageNo=1&pageSize=10', kind: 'page1', entity: stockEntity },
    { ...list, name: 'order list, page 1, default sort', api: order, query: 'pageNo=1&pageSize=10', kind: 'page1', entity: orderEntity },
    { ...list, name: `order list, page ${orderDeep.toLocaleString('en')}`, api: order, query: `pageNo=${orderDeep}&pageSize=10`, kind: 'deep', entity: orderEntity },
    { ...list, name: 'order list, 待发货 tab', api: order, query: 'status=10&pageNo=1&pageSize=10', kind: 'page1', entity: orderEntity },
    { ...list, name: 'order list, 已完成 tab, page 100', api: order, query: 'status=30&pageNo=100&pageSize=10', kind: 'other', entity: orderEntity },
    {
      ...list,
      name: 'order list, paid last 30 days, sort by pay price',
      api: order,
      query: `payTime_begin=${shopDay(-30)}&payTime_end=${shopDay()}&column=payPrice&order=desc&pageNo=1&pageSize=10`,
      kind: 'page1',
      entity: orderEntity,
    },
    { ...list, name: 'order tab counts', api: '/saleorder/saleOrder/tabCounts', query: '', kind: 'other' },
  ];
}

const urlOf = (scenario: Scenario) => (scenario.query === '' ? scenario.api : `${scenario.api}?${scenario.query}`);

function goalFor(kind: Scenario['kind'], concurrency: number): Goal | null {
  if (kind === 'page1') return concurrency === 1 ? GOALS.page1 : concurrency === 10 ? GOALS.throughput : null;
  if (kind === 'deep') return concurrency === 1 ? GOALS.deep : null;
  return null;
}

/** The built server on a fresh data directory; started and stopped here (first starts may be slow on a busy machine). */
interface BenchServer {
  baseURL: string;
  dataDir: string;
  start(): Promise<void>;
  halt(): Promise<void>;
  stop(): Promise<void>;
}

const START_TIMEOUT_MS = 300_000;
const SERVER_MAIN = path.resolve(repoRoot, process.env.BENCH_SERVER_MAIN ?? 'build/server/main.js');
/** Every PostgreSQL instance signs sessions with it, so one login is good on all of them. */
const POSTGRES_ENV = { TOKEN_SECRET: 'bench-only-secret-bench-only-secret-0123' };

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
    const started = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_MAIN], {
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

/** Time one measurement may take: a slow request on a busy machine shortens it, never the whole run. */
const MEASURE_BUDGET_MS = Number(process.env.BENCH_MEASURE_BUDGET_MS ?? 90_000);
/** `summary`: measure only the year's sales summary (and RSS) after seeding. */
const ONLY = process.env.BENCH_ONLY ?? '';

/**
 * `total` requests spread over `concurrency` loops (no new request once the budget is spent, so at least
 * `concurrency` are made); latency percentiles and requests per second. Several targets (instances) take
 * the requests in turn, as a round-robin balancer would hand them out.
 */
async function measure(target: Target | readonly Target[], url: string, concurrency: number, total: number): Promise<Figures> {
  const targets: readonly Target[] = 'api' in target ? [target] : target;
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total && (next < concurrency || performance.now() - started < MEASURE_BUDGET_MS)) {
        const chosen = targets[next % targets.length];
        if (chosen === undefined) throw new Error('no target to measure');
        next += 1;
        latencies.push(await timedGet(chosen, url));
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { p50: percentile(latencies, 50), p95: percentile(latencies, 95), perSecond: latencies.length / seconds, requests: latencies.length, asked: total };
}

/** Lists running in the background until stopped (at most `limit` requests per loop). */
function backgroundLists(target: Target, concurrency: number, limit = 5000): { stop: () => Promise<number> } {
  let running = true;
  let served = 0;
  const urls = memberScenarios.map(urlOf);
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
function serverPid(dataDir: string): string | null {
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!cmdline.includes('build/server/main.js')) continue;
      if (readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(`DATA_DIR=${dataDir}`)) return pid;
    } catch {
      // a process that ended meanwhile, or not ours
    }
  }
  return null;
}

interface ServerMemory {
  rssMb: number;
  /** PGlite's WebAssembly heap, part of the RSS. */
  databaseHeapMb: number;
}

/**
 * The server's RSS and, of it, the embedded database's WebAssembly memory: V8 reserves each wasm32 memory as
 * several gigabytes of inaccessible address space and opens its used part for reading and writing, so the
 * resident part of a read-write mapping directly followed by such a reservation is PGlite's heap.
 */
function serverMemory(dataDir: string): ServerMemory | null {
  const pid = serverPid(dataDir);
  const rss = pid === null ? undefined : /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  if (pid === null || rss === undefined) return null;
  const mappings: Array<{ start: bigint; end: bigint; perms: string; size: number; rss: number }> = [];
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) /.exec(line);
    if (head !== null) mappings.push({ start: BigInt(`0x${head[1]}`), end: BigInt(`0x${head[2]}`), perms: head[3] ?? '', size: 0, rss: 0 });
    const field = /^(Size|Rss):\s+(\d+) kB/.exec(line);
    const last = mappings.at(-1);
    if (field !== null && last !== undefined) last[field[1] === 'Size' ? 'size' : 'rss'] = Number(field[2]);
  }
  let wasmKb = 0;
  mappings.forEach((mapping, index) => {
    const next = mappings[index + 1];
    if (mapping.perms.startsWith('rw') && next !== undefined && next.start === mapping.end && next.perms.startsWith('---') && next.size >= 4 * 1024 * 1024) wasmKb += mapping.rss;
  });
  return { rssMb: Number(rss) / 1024, databaseHeapMb: wasmKb / 1024 };
}

const describeMemory = (memory: ServerMemory | null): string =>
  memory === null ? 'server not found' : `${memory.rssMb.toFixed(0)} MB (database heap ${memory.databaseHeapMb.toFixed(0)} MB)`;

interface SeedTimes {
  members: number;
  goods: number;
  orders: number;
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return (performance.now() - started) / 1000;
}

/**
 * The embedded database runs no checkpointer of its own while a script holds it: without one its WAL grew by
 * about 2 GB a minute while 100,000 members were seeded (17 GB after 11 minutes), so seeding checkpoints as it goes.
 */
async function checkpoint(db: Kysely<Database>): Promise<void> {
  await sql`checkpoint`.execute(db);
}

async function seed(options: { dataDir: string; databaseUrl: string | null; membersOnly?: boolean }): Promise<SeedTimes> {
  const handle = await openDatabase({ ...options, shopTimeZone: SHOP_ZONE });
  try {
    const members = await timed(async () => {
      for (let offset = 0; offset < MEMBERS; offset += BATCH) {
        // The demo generator numbers from 1 within a prefix: one prefix per batch keeps member numbers
        // unique; `from` keeps each batch's mobiles apart from the others' and from the demo members'.
        await seedMembers(handle.db, { tenantId: TENANT, count: Math.min(BATCH, MEMBERS - offset), prefix: `B${String(offset / BATCH).padStart(3, '0')}`, from: 1_000_000 + offset });
        if ((offset / BATCH) % 5 === 4) await checkpoint(handle.db);
      }
    });
    await checkpoint(handle.db);
    if (options.membersOnly === true) {
      await sql`analyze ${sql.id(memberEntity.table)}`.execute(handle.db);
      return { members, goods: 0, orders: 0 };
    }
    const goods = await timed(() => bulkSpusWithSkus(handle.db, { tenantId: TENANT, spus: SPUS, skusPerSpu: SKUS_PER_SPU }));
    await checkpoint(handle.db);
    const orders = await timed(() => bulkOrders(handle.db, { tenantId: TENANT, orders: ORDERS, timeZone: SHOP_ZONE }));
    await checkpoint(handle.db);
    const tables = [memberEntity.table, 'goods_spu', 'goods_sku', 'goods_stock_record', 'sale_order', 'sale_order_item', 'sale_pay_record', 'sale_refund_order', 'sale_after_sale', 'sale_order_log'];
    for (const table of tables) await sql`analyze ${sql.id(table)}`.execute(handle.db);
    return { members, goods, orders };
  } finally {
    await handle.close();
  }
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

/**
 * BENCH_SEED_CACHE=<dir> (embedded database only): the first run seeds as usual and keeps a copy of the seeded
 * data directory there; later runs with the same sizes start from a copy of it (seconds instead of minutes),
 * so a change can be measured again against the same data.
 */
const SEED_CACHE = process.env.BENCH_SEED_CACHE ?? '';

async function seedEmbedded(dataDir: string): Promise<SeedTimes> {
  const marker = path.join(SEED_CACHE, 'bench-seeded.json');
  const sizes = { MEMBERS, SPUS, SKUS_PER_SPU, ORDERS };
  if (SEED_CACHE !== '' && existsSync(marker)) {
    const kept = JSON.parse(readFileSync(marker, 'utf8')) as { sizes: typeof sizes; times: SeedTimes };
    if (JSON.stringify(kept.sizes) === JSON.stringify(sizes)) {
      rmSync(dataDir, { recursive: true, force: true });
      cpSync(path.join(SEED_CACHE, 'data'), dataDir, { recursive: true });
      console.log(`[embedded] seeded data copied from ${SEED_CACHE} (seed times are the first run's)`);
      return kept.times;
    }
  }
  const times = await seed({ dataDir, databaseUrl: null });
  if (SEED_CACHE !== '') {
    rmSync(SEED_CACHE, { recursive: true, force: true });
    cpSync(dataDir, path.join(SEED_CACHE, 'data'), { recursive: true });
    writeFileSync(marker, JSON.stringify({ sizes, times }));
  }
  return times;
}

async function run(label: string, server: BenchServer, databaseUrl: string | null): Promise<Results> {
  const results = new Results(label);
  if (databaseUrl === null) await server.halt();
  const seeded = databaseUrl === null ? await seedEmbedded(server.dataDir) : await seed({ dataDir: server.dataDir, databaseUrl });
  if (databaseUrl === null) await server.start();
  results.set(`seed ${MEMBERS.toLocaleString('en')} members (service generator)`, `${seeded.members.toFixed(0)} s`);
  results.set(`seed ${SPUS.toLocaleString('en')} SPUs × ${SKUS_PER_SPU} = ${(SPUS * SKUS_PER_SPU).toLocaleString('en')} SKUs (bulk)`, `${seeded.goods.toFixed(0)} s`);
  results.set(`seed ${ORDERS.toLocaleString('en')} orders over 365 days (bulk)`, `${seeded.orders.toFixed(0)} s`);
  const api = `${server.baseURL}/api`;
  const target: Target = { api, token: await login(api) };
  console.log(`[${label}] seeded, measuring…`);
  results.set('server RSS after start', describeMemory(serverMemory(server.dataDir)));
  // BENCH_ONLY=summary: the year's sales summary and RSS alone (a quick check of the reports at scale).
  if (ONLY === 'summary') {
    await salesSummary(target, results, server.dataDir);
    results.set('server RSS after the run', describeMemory(serverMemory(server.dataDir)));
    return results;
  }

  const deepMember = memberScenarios[1];
  if (deepMember !== undefined) results.set(`first member page ${MEMBER_DEEP.toLocaleString('en')} after a write (anchor pass)`, `${(await timedGet(target, urlOf(deepMember))).toFixed(0)} ms`);
  const p50s = new Map<Scenario, number>();
  for (const scenario of [...memberScenarios, ...scaleScenarios()]) {
    const url = urlOf(scenario);
    // Warm-up: the count and the deep page's anchors are computed once per filter.
    const first = await timedGet(target, url);
    if (scenario.kind === 'deep') results.set(`${scenario.name}: first request (count + anchor pass)`, `${first.toFixed(0)} ms`);
    await measure(target, url, 2, 6);
    for (const concurrency of scenario.concurrency) {
      const figures = await measure(target, url, concurrency, REQUESTS[concurrency] ?? 100);
      if (concurrency === 1) p50s.set(scenario, figures.p50);
      results.set(`${scenario.name} @${concurrency}`, withGoal(figures, goalFor(scenario.kind, concurrency)));
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
  results.set('getUserPermissionByToken while lists run @10', withGoal(underLoad, GOALS.permission));
  results.set('GET /api/health while lists run @10', format(health));
  results.set('lists served meanwhile', String(served));
  results.set('server RSS after the lists', describeMemory(serverMemory(server.dataDir)));

  await salesSummary(target, results, server.dataDir);
  const memory = serverMemory(server.dataDir);
  results.set('server RSS after the run', `${describeMemory(memory)} — goal ≤ 500 MB: ${memory !== null && memory.rssMb <= 500 ? 'meets' : 'misses'}`);

  // EXPLAIN ANALYZE of the lists' own statements: the embedded database has one owner, so the server stops first.
  if (databaseUrl === null) await server.halt();
  const handle = await openDatabase({ dataDir: server.dataDir, databaseUrl, shopTimeZone: SHOP_ZONE });
  try {
    await explainLists(handle.db, label, p50s, results);
  } finally {
    await handle.close();
  }
  return results;
}

const AT_START = 'at start, while the start\'s catch-up stores the year';
const AFTER_ROLL_UP = 'stored, after 报表日结';

/** The year's sales summary (#15: ≤ 300 ms on the embedded database), at start and once the days are stored. */
async function salesSummary(target: Target, results: Results, dataDir: string): Promise<void> {
  const url = `/report/sales/summary?beginDate=${shopDay(-365)}&endDate=${shopDay()}`;
  const probe = await fetch(`${target.api}${url}`, { headers: { 'X-Access-Token': target.token, 'tenant-id': String(TENANT) } });
  const body = (await probe.json().catch(() => ({}))) as { success?: boolean; message?: string };
  if (!probe.ok || body.success !== true) {
    const why = probe.status === 404 ? 'not available (404: the route is not there yet)' : `not available (HTTP ${probe.status} ${body.message ?? ''})`;
    for (const when of [AT_START, AFTER_ROLL_UP]) for (const concurrency of [1, 10]) results.set(`sales summary, 365 days, ${when} @${concurrency}`, why);
    return;
  }
  // #15's goal is for the summary the reports read once the days are stored; the one at start shares the one
  // database with the start's catch-up (server/reports/rollup-job.ts), which stores the year meanwhile.
  const measureSummary = async (when: string, goal: Goal | null) => {
    const first = await timedGet(target, url);
    // A summary that takes seconds is measured with a few requests at concurrency 1 only: ten at once
    // would queue behind each other on the one database for minutes and say nothing more.
    const slow = first > 3000;
    for (const concurrency of slow ? [1] : [1, 10]) {
      const figures = await measure(target, url, concurrency, slow ? 3 : concurrency === 1 ? 30 : 100);
      results.set(`sales summary, 365 days, ${when} @${concurrency}`, withGoal(figures, concurrency === 1 ? goal : null));
    }
    if (slow) results.set(`sales summary, 365 days, ${when} @10`, `skipped: one request took ${(first / 1000).toFixed(1)} s`);
  };
  await measureSummary(AT_START, null);
  results.set('server RSS after the live summary', describeMemory(serverMemory(dataDir)));
  const jobs = await fetch(`${target.api}/sys/quartzJob/list?pageNo=1&pageSize=100`, { headers: { 'X-Access-Token': target.token, 'tenant-id': String(TENANT) } });
  const listed = (await jobs.json()) as { result?: { records?: Array<{ id: string; jobClassName?: string }> } };
  const job = listed.result?.records?.find((record) => record.jobClassName === 'report.rollUp');
  if (job === undefined) {
    results.set('报表日结 job (report.rollUp)', 'not found in /sys/quartzJob/list');
    return;
  }
  const started = performance.now();
  const executed = await fetch(`${target.api}/sys/quartzJob/execute?id=${job.id}`, { headers: { 'X-Access-Token': target.token, 'tenant-id': String(TENANT) } });
  const outcome = (await executed.json()) as { success?: boolean; message?: string; result?: { message?: string } };
  results.set('报表日结 job (report.rollUp) run by hand after start (waits for the start\'s catch-up)', `${((performance.now() - started) / 1000).toFixed(1)} s — ${outcome.success === true ? (outcome.result?.message ?? 'done') : `failed: ${outcome.message ?? executed.status}`}`);
  await measureSummary(AFTER_ROLL_UP, GOALS.summary);
}

/**
 * The engine's own statement for each list scenario (whereSql, sortColumns, pageQuery with its anchors,
 * exactly as register-entity-routes builds it) under EXPLAIN ANALYZE: its time and whether a table is read
 * whole; the full plan of the slowest scenario as measured.
 */
async function explainLists(db: Kysely<Database>, label: string, p50s: Map<Scenario, number>, results: Results): Promise<void> {
  let slowest: { scenario: Scenario; plan: string[] } | null = null;
  const ranked = [...p50s].filter(([scenario]) => scenario.entity !== undefined).sort(([, a], [, b]) => b - a);
  for (const [scenario] of ranked) {
    const entity = scenario.entity;
    if (entity === undefined) continue;
    const query: Record<string, string> = Object.fromEntries(new URLSearchParams(scenario.query));
    const where = whereSql(entity, query, TENANT);
    const { pageNo, pageSize } = readPage(query);
    const statement = await pageQuery(db, entity.table, selectColumnsSql(entity, { rows: 'page' }), { where, sort: sortColumns(entity, query), pageNo, pageSize });
    // Twice: the first run reads the pages from disk into a freshly opened database; the second is the server's warm case.
    await sql`explain analyze ${statement}`.execute(db);
    const explained = await sql<{ 'QUERY PLAN': string }>`explain analyze ${statement}`.execute(db);
    const plan = explained.rows.map((row) => row['QUERY PLAN']);
    const time = plan.find((line) => line.startsWith('Execution Time'))?.replace('Execution Time: ', '') ?? '?';
    const whole = plan.filter((line) => line.includes('Seq Scan')).map((line) => /Seq Scan on (\w+)/.exec(line)?.[1] ?? '');
    results.set(`EXPLAIN ${scenario.name}`, `${time} (warm); ${whole.length === 0 ? 'indexes, no Seq Scan' : `Seq Scan on ${[...new Set(whole)].join(', ')}`}`);
    slowest ??= { scenario, plan };
  }
  if (slowest !== null) console.log(`[${label}] plan of the slowest list as measured (${slowest.scenario.name}):\n    ${slowest.plan.join('\n    ')}`);
}

function format(figures: Figures): string {
  const cut = figures.requests < figures.asked ? ` (${figures.requests} of ${figures.asked} requests within the time budget)` : '';
  return `p50 ${figures.p50.toFixed(1)} ms, p95 ${figures.p95.toFixed(1)} ms, ${figures.perSecond.toFixed(figures.perSecond < 10 ? 1 : 0)} req/s${cut}`;
}

function withGoal(figures: Figures, goal: Goal | null): string {
  return goal === null ? format(figures) : `${format(figures)} — goal ${goal.text}: ${goal.met(figures) ? 'meets' : 'misses'}`;
}

const load = () => loadavg().map((value) => value.toFixed(2)).join(', ');

/** How many instances share the PostgreSQL in the scale-out figures, and the client's concurrencies. */
const INSTANCE_COUNTS = [1, 2, 3] as const;
const SCALE_CONCURRENCY = [10, 50] as const;

/**
 * The member list's throughput with 1, 2 and 3 instances on one PostgreSQL: `first` is the instance already
 * running (it migrated and seeded); the others are started beside it as child processes, each with its own
 * data directory and port, and the requests go to them in turn.
 */
async function scaleOut(databaseUrl: string, first: BenchServer): Promise<Results> {
  const results = new Results('scale-out');
  // More instances only help while CPUs are free: the instances, PostgreSQL and this client share them.
  results.set('CPUs shared by the instances, PostgreSQL and the client', String(availableParallelism()));
  const others: BenchServer[] = [];
  try {
    const token = await login(`${first.baseURL}/api`);
    for (const instances of INSTANCE_COUNTS) {
      while (others.length + 1 < instances) others.push(await benchServer({ ...POSTGRES_ENV, DATABASE_URL: databaseUrl, SCHEDULER: 'off' }));
      const targets = [first, ...others].map((server) => ({ api: `${server.baseURL}/api`, token }));
      for (const scenario of memberScenarios) {
        const url = urlOf(scenario);
        // Warm-up on every instance: each keeps its own count and deep-page anchors.
        await measure(targets, url, 2 * instances, 6 * instances);
        for (const concurrency of SCALE_CONCURRENCY) {
          const figures = await measure(targets, url, concurrency, REQUESTS[concurrency] ?? 100);
          results.set(`${scenario.name} @${concurrency}, ${instances} instance${instances === 1 ? '' : 's'}`, format(figures));
        }
      }
    }
  } finally {
    for (const server of others) await server.stop();
  }
  return results;
}

/** BENCH_ONLY=instances: a fresh PostgreSQL with the members alone, then the scale-out figures. */
async function scaleOutOnly(): Promise<Results> {
  let postgres: PostgresServer | null = null;
  let server: BenchServer | null = null;
  try {
    postgres = await startPostgres();
    server = await benchServer({ ...POSTGRES_ENV, DATABASE_URL: postgres.url });
    const seeded = await seed({ dataDir: server.dataDir, databaseUrl: postgres.url, membersOnly: true });
    console.log(`[scale-out] ${MEMBERS.toLocaleString('en')} members seeded in ${seeded.members.toFixed(0)} s, measuring…`);
    return await scaleOut(postgres.url, server);
  } finally {
    await server?.stop();
    await postgres?.stop();
  }
}

function postgresAvailable(): boolean {
  const root = '/usr/lib/postgresql';
  return existsSync(root) && readdirSync(root).some((version) => existsSync(path.join(root, version, 'bin/initdb')));
}

async function main(): Promise<void> {
  const loadBefore = load();
  const seeded = ONLY === 'instances' ? `${MEMBERS.toLocaleString('en')} members; requests handed to the instances in turn` : `${MEMBERS.toLocaleString('en')} members, ${(SPUS * SKUS_PER_SPU).toLocaleString('en')} SKUs in ${SPUS.toLocaleString('en')} SPUs, ${ORDERS.toLocaleString('en')} orders`;
  console.log(`load average before: ${loadBefore} (${seeded})`);
  const columns: Array<[string, Results]> = [];
  if (ONLY === 'instances') {
    if (!postgresAvailable()) throw new Error('BENCH_ONLY=instances needs PostgreSQL (/usr/lib/postgresql/<n>/bin/initdb)');
    columns.push(['PostgreSQL', await scaleOutOnly()]);
  } else {
    const embedded = await benchServer();
    try {
      columns.push(['embedded (PGlite)', await run('embedded', embedded, null)]);
    } finally {
      await embedded.stop();
    }
  }
  if (ONLY !== 'instances' && postgresAvailable() && process.env.BENCH_POSTGRES !== 'off') {
    let postgres: PostgresServer | null = null;
    let server: BenchServer | null = null;
    try {
      postgres = await startPostgres();
      server = await benchServer({ ...POSTGRES_ENV, DATABASE_URL: postgres.url });
      columns.push(['PostgreSQL', await run('postgres', server, postgres.url)]);
      if (ONLY === '' && process.env.BENCH_INSTANCES !== 'off') columns.push(['PostgreSQL, several instances', await scaleOut(postgres.url, server)]);
    } finally {
      await server?.stop();
      await postgres?.stop();
    }
  }
  const names = [...new Set(columns.flatMap(([, results]) => [...results.keys()]))];
  const width = Math.max(...names.map((name) => name.length));
  console.log(`\nlists at scale (${seeded}; admin, tenant ${TENANT})`);
  console.log(`load average before: ${loadBefore}; after: ${load()} (1, 5, 15 min; the machine is shared)`);
  for (const name of names) {
    console.log(`  ${name.padEnd(width)}  ${columns.map(([label, results]) => `${label}: ${results.get(name) ?? '—'}`).join('  |  ')}`);
  }
}

await main();
