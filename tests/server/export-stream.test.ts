/**
 * The engine's export (every entity's `exportXls`, the form builder's tables included) streams its rows in pages:
 * a long export of the whole operation log never holds the server, and the file still holds every row.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useDemoServer } from './helpers';

const demo = useDemoServer();
const LOG_ROWS = 12_000;
const PARAMS = JSON.stringify({ remark: '说明'.repeat(60), items: Array.from({ length: 8 }, (_unused, i) => ({ skuId: `sku${i}`, count: i + 1 })) });

beforeAll(async () => {
  await demo.app.logWriter.flush();
  await sql`insert into sys_log (id, log_type, log_content, userid, username, ip, request_url, request_type, request_param, permission_code, status, success, cost_time, tenant_id, create_by, create_time)
    select 'bulk' || lpad(n::text, 28, '0'), 2, '编辑订单', 'u1', 'admin', '127.0.0.1', '/api/saleorder/saleOrder/edit', 'PUT', ${PARAMS}, 'saleorder:order:edit', 200, true, n % 97, 0, 'admin',
      now() - make_interval(secs => n)
    from generate_series(1, ${LOG_ROWS}) as n`.execute(demo.app.db);
});

async function operationLogCount(): Promise<number> {
  const rows = await sql<{ n: string }>`select count(*) as n from sys_log where log_type = 2`.execute(demo.app.db);
  return Number(rows.rows[0]?.n ?? 0);
}

describe('GET /sys/log/exportXls of the whole operation log', () => {
  it('holds the event loop for no long stretch while it runs, answers other requests meanwhile, and writes every row', async () => {
    // The first export loads the spreadsheet library (about half a second, once per process): not what is measured.
    expect((await demo.app.inject({ method: 'GET', url: '/api/sys/log/exportXls?logType=1', headers: { 'x-access-token': demo.admin } })).statusCode).toBe(200);
    await demo.app.logWriter.flush();
    const expected = await operationLogCount();
    expect(expected).toBeGreaterThanOrEqual(LOG_ROWS);
    const delay = monitorEventLoopDelay({ resolution: 5 });
    const healthLatencies: number[] = [];
    let exportDone = false;
    delay.enable();
    const exported = demo.app
      .inject({ method: 'GET', url: '/api/sys/log/exportXls?logType=2', headers: { 'x-access-token': demo.admin } })
      .finally(() => {
        exportDone = true;
      });
    // Other requests keep arriving while the export runs; each is answered in its turn, not after the file.
    while (!exportDone) {
      const started = performance.now();
      const health = await demo.app.inject({ method: 'GET', url: '/api/sys/permission/getUserPermissionByToken', headers: { 'x-access-token': demo.admin } });
      expect(health.statusCode).toBe(200);
      if (!exportDone) healthLatencies.push(performance.now() - started);
      // A cached answer settles without leaving the microtask queue: give the export's turn back between calls.
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const response = await exported;
    delay.disable();

    expect(response.statusCode).toBe(200);
    expect(String(response.headers['content-type'])).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).getCell(1).text).toBe('日志管理');
    expect(sheet?.getRow(2).getCell(1).text).toBe('导出人:admin');
    // Title, exported-by and header rows, then one row per log entry: the whole log as it was when the export began.
    expect((sheet?.rowCount ?? 0) - 3).toBe(expected);

    // The file is written a page at a time: the event loop never stops for long and other calls get through.
    expect(healthLatencies.length).toBeGreaterThan(5);
    // (A call's latency also carries the machine's other work, the suite's other files; the loop's delay is the measure.)
    expect(Math.max(...healthLatencies)).toBeLessThan(2_000);
    expect(delay.max / 1e6).toBeLessThan(400);
  }, 120_000);
});
