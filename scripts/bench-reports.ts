/**
 * Every report and dashboard figure on a freshly started demo shop (issue 34: ≤ 300 ms from the first start):
 * a new data directory, the product's first start (its demo orders over the last 90 days), and at once, while
 * the start's catch-up (server/reports/rollup-job.ts) stores the shop's history, each report's answer for the
 * year; then the same once that catch-up has logged its end (stored days, only today asked of the sources live).
 * Medians of 5 per report, each with its goal. The 200,000-order figure is bench-lists.ts's sales summary.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MSG_CAUGHT_UP } from '../server/reports/rollup-job';
import { startProductServer } from '../tests/support/product-server';

const GOAL_MS = 300;
const RUNS = 5;
const DAY_MS = 86_400_000;
const ZONE = process.env.SHOP_TIME_ZONE ?? 'Asia/Shanghai';

/** 'YYYY-MM-DD' in the shop's zone, `offset` days from today. */
const shopDay = (offset = 0): string => new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date(Date.now() + offset * DAY_MS));
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

const YEAR = `beginDate=${shopDay(-365)}&endDate=${shopDay()}`;
/** Each report screen's calls for the year, as its page asks them. */
const REPORTS: ReadonlyArray<[string, string]> = [
  ['销售报表 summary', `/report/sales/summary?${YEAR}`],
  ['销售报表 cards', '/report/sales/cards'],
  ['订单报表 summary', `/report/order/summary?${YEAR}`],
  ['订单报表 trend (year)', '/report/order/trend?period=year'],
  ['商品报表 summary', `/report/goods/summary?${YEAR}`],
  ['商品报表 rank', `/report/goods/rank?${YEAR}&pageSize=20`],
  ['商品报表 trend', `/report/goods/trend?${YEAR}`],
  ['提现报表 summary', `/report/withdraw/summary?${YEAR}`],
  ['提现报表 trend', `/report/withdraw/trend?${YEAR}`],
  ['提现报表 top', `/report/withdraw/top?${YEAR}&limit=10`],
  ['首页 analysis', '/dashboard/analysis'],
  ['首页 chart', '/dashboard/chart'],
];

async function timed(api: string, token: string, url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${api}${url}`, { headers: { 'X-Access-Token': token, 'tenant-id': '1' } });
  const body = (await response.json()) as { success?: boolean; message?: string };
  if (!response.ok || body.success !== true) throw new Error(`${url}: HTTP ${response.status} ${body.message ?? ''}`);
  return performance.now() - started;
}

async function measureAll(api: string, token: string): Promise<Array<[string, string]>> {
  const rows: Array<[string, string]> = [];
  for (const [name, url] of REPORTS) {
    const times: number[] = [];
    for (let run = 0; run < RUNS; run += 1) times.push(await timed(api, token, url));
    const figure = median(times);
    rows.push([name, `${figure.toFixed(0)} ms (first ${times[0]?.toFixed(0)} ms) — goal ≤ ${GOAL_MS} ms: ${figure <= GOAL_MS ? 'meets' : 'misses'}`]);
  }
  return rows;
}

/** Resolves once the server's log holds the start's catch-up line (its time and rows), or says it never came. */
async function caughtUp(logFile: string, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const line = (existsSync(logFile) ? readFileSync(logFile, 'utf8') : '').split('\n').find((text) => text.includes(MSG_CAUGHT_UP));
    if (line !== undefined) return (JSON.parse(line) as { msg?: string }).msg ?? line;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return `not logged within ${timeoutMs / 1000} s`;
}

/** The figures as [name, value] rows, for bench.ts's table. */
export async function benchReports(): Promise<Array<[string, string]>> {
  const logFile = path.join(mkdtempSync(path.join(tmpdir(), 'bench-reports-')), 'server.log');
  const server = await startProductServer({ logFile });
  try {
    const api = `${server.baseURL}/api`;
    const login = await fetch(`${api}/sys/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: '123456' }) });
    const token = ((await login.json()) as { result?: { token?: string } }).result?.token ?? '';
    // At once: the shop's first minutes, while the start's catch-up stores its history.
    const rows: Array<[string, string]> = (await measureAll(api, token)).map(([name, value]) => [`fresh shop, at start: ${name}`, value]);
    rows.push(['fresh shop: the start\'s catch-up', await caughtUp(logFile, 120_000)]);
    rows.push(...(await measureAll(api, token)).map(([name, value]): [string, string] => [`fresh shop, after the catch-up: ${name}`, value]));
    return rows;
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await benchReports();
  const width = Math.max(...rows.map(([name]) => name.length));
  console.log('\nreports on a freshly started demo shop');
  for (const [name, value] of rows) console.log(`  ${name.padEnd(width)}  ${value}`);
}
