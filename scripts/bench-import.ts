/**
 * npm run bench (last), or alone: npm run bench:import. The generic Excel import at scale (issue 34): an .xlsx
 * of 100,000 members (unique member numbers and mobiles, dictionary columns as their texts, as the export writes
 * them) is uploaded to the member list's /importExcel route of the built server on a fresh data directory, and
 * the time from the upload's first byte to the answer gives rows per second, printed with its goal. Meanwhile a
 * dictionary request is made every 50 ms: its latencies show the server still answering others while the import
 * runs. The server's RSS is sampled throughout (its peak) and read after the answer.
 * Env knobs: BENCH_IMPORT_ROWS (default 100,000). Loopback only, every loop bounded.
 */
import ExcelJS from 'exceljs';
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { startProductServer } from '../tests/support/product-server';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
if (!Number.isInteger(ROWS) || ROWS < 1) throw new Error('BENCH_IMPORT_ROWS must be a positive integer');
const GOAL_ROWS_PER_SECOND = 5000;
const TENANT_HEADERS = { 'tenant-id': '1' };
const PROBE_EVERY_MS = 50;
const RSS_EVERY_MS = 200;
/** Mobiles of the file start here, far from the demo members' (13800000000 + n). */
const FIRST_MOBILE = 15_900_000_000;

/** The member list's columns as its export heads them; dictionary columns hold their texts. */
const HEADER = ['会员编号', '会员姓名', '手机号', '昵称', '性别', '生日', '分组', '状态', '备注'];

async function membersWorkbook(rows: number): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('会员列表');
  sheet.addRow(['会员列表']);
  sheet.addRow(['导出人:admin']);
  sheet.addRow(HEADER);
  for (let index = 0; index < rows; index += 1) {
    const day = String((index % 28) + 1).padStart(2, '0');
    sheet.addRow([
      `IMP${String(index).padStart(7, '0')}`,
      `导入会员${index}`,
      String(FIRST_MOBILE + index),
      `昵称${index}`,
      index % 2 === 0 ? '男' : '女',
      `1990-01-${day}`,
      '新客',
      '有效',
      `批量导入的会员，第${index + 1}个`,
    ]);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function login(api: string): Promise<string> {
  const response = await fetch(`${api}/sys/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: '123456' }) });
  const body = (await response.json()) as { result?: { token?: string } };
  if (body.result?.token === undefined) throw new Error('admin login failed');
  return body.result.token;
}

/** The server process: found by its data directory, which it alone uses. */
function serverPid(dataDir: string): string | null {
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('build/server/main.js')) continue;
      if (readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(`DATA_DIR=${dataDir}`)) return pid;
    } catch {
      // a process that ended meanwhile, or not ours
    }
  }
  return null;
}

function rssMb(pid: string): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return kb === undefined ? Number.NaN : Number(kb) / 1024;
}

interface ImportAnswer {
  success: boolean;
  message: string;
  result?: { total: number; imported: number; skipped: number; errors: Array<{ row: number; message: string }> };
}

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

async function main(): Promise<void> {
  console.log(`Excel import at scale: ${ROWS.toLocaleString('en')} members (${availableParallelism()} cores, load ${loadavg()[0]?.toFixed(2)})`);
  let started = performance.now();
  const file = await membersWorkbook(ROWS);
  console.log(`  workbook built with exceljs: ${(file.length / 1024 / 1024).toFixed(1)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const server = await startProductServer();
  try {
    const api = `${server.baseURL}/api`;
    const token = await login(api);
    const headers = { 'X-Access-Token': token, ...TENANT_HEADERS };
    const pid = serverPid(server.dataDir);
    if (pid === null) throw new Error('the server process was not found');
    const rssBefore = rssMb(pid);

    let importing = true;
    let peakRss = rssBefore;
    const rssSampler = (async () => {
      while (importing) {
        peakRss = Math.max(peakRss, rssMb(pid));
        await new Promise((resolve) => setTimeout(resolve, RSS_EVERY_MS));
      }
    })();
    const latencies: number[] = [];
    const prober = (async () => {
      while (importing) {
        const asked = performance.now();
        const response = await fetch(`${api}/sys/dict/getDictItems/sex`, { headers });
        if (!response.ok) throw new Error(`dictionary request: HTTP ${response.status}`);
        await response.arrayBuffer();
        latencies.push(performance.now() - asked);
        await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
      }
    })();

    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), 'members.xlsx');
    started = performance.now();
    const response = await fetch(`${api}/cust/custMember/importExcel`, { method: 'POST', headers, body: form });
    const answer = (await response.json()) as ImportAnswer;
    const seconds = (performance.now() - started) / 1000;
    importing = false;
    await Promise.all([rssSampler, prober]);
    const rssAfter = rssMb(pid);

    if (answer.success !== true || answer.result?.imported !== ROWS) {
      const reasons = answer.result?.errors.slice(0, 5).map((error) => error.message).join(' | ') ?? '';
      throw new Error(`the import did not take every row: ${answer.message} ${reasons}`);
    }
    const list = (await (await fetch(`${api}/cust/custMember/list?memberNo=IMP*&pageSize=1`, { headers })).json()) as { result?: { total?: number } };
    const rowsPerSecond = ROWS / seconds;
    console.log(`  answer: ${answer.message} (${list.result?.total ?? '?'} IMP members listed)`);
    console.log(`  import through POST /cust/custMember/importExcel: ${seconds.toFixed(1)} s, ${Math.round(rowsPerSecond).toLocaleString('en')} rows/s — goal ≥ ${GOAL_ROWS_PER_SECOND.toLocaleString('en')} rows/s: ${rowsPerSecond >= GOAL_ROWS_PER_SECOND ? 'meets' : 'misses'}`);
    console.log(`  dictionary requests meanwhile: ${latencies.length}, p50 ${percentile(latencies, 50).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms, max ${Math.max(...latencies).toFixed(0)} ms`);
    console.log(`  server RSS: ${rssBefore.toFixed(0)} MB before, peak ${peakRss.toFixed(0)} MB while importing, ${rssAfter.toFixed(0)} MB after`);
  } finally {
    await server.stop();
  }
}

await main();
