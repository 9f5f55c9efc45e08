/**
 * The audit trail cannot be erased by input: every logged value is fitted to its column, a batch the
 * database refuses is written again row by row, a row that still fails is counted and kept for 系统监控
 * (plugins/monitor/tests/server/monitor.test.ts),
 * and a flood of refused logins writes one row per window, not one per request.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { PageResult } from '../../../../src/contracts/entity';
import { LogWriter } from '../../../../server/logs/log-writer';
import { CLIPPED_MARK, fitText, LOG_TYPE_OPERATION, SYS_DATA_LOG_LIMITS, SYS_LOG_LIMITS } from '../../../../server/logs/log-tables';
import { call, useDemoServer } from '../../../../tests/server/helpers';
import type { SysLogRecord } from '../../entities';

const demo = useDemoServer();

async function logRows(query: string): Promise<SysLogRecord[]> {
  await demo.app.logWriter.flush();
  const answer = await call<PageResult<SysLogRecord>>(demo.app, 'GET', `/api/sys/log/list?pageNo=1&pageSize=200&${query}`, { token: demo.admin });
  expect(answer.body.success).toBe(true);
  return answer.body.result.records;
}

describe('the audit trail survives hostile input', () => {
  it('keeps every other row of the batch a 200-character login name lands in', async () => {
    const longName = `scanner${'x'.repeat(193)}`;
    const mobile = `139${String(Date.now()).slice(-8)}`;
    // All in one half-second batch window of the writer: the scanner's logins, an admin's 新增会员, the clerk's login.
    const answers = await Promise.all([
      call(demo.app, 'POST', '/api/sys/login', { body: { username: longName, password: 'x' }, remoteAddress: '10.9.9.1' }),
      call(demo.app, 'POST', '/api/sys/login', { body: { username: `${'长'.repeat(100)}`, password: 'x' }, remoteAddress: '10.9.9.2' }),
      call(demo.app, 'POST', '/api/sys/login', { body: { username: `a\u0000b`, password: 'x' }, remoteAddress: '10.9.9.3' }),
      call<{ id: string }>(demo.app, 'POST', '/api/cust/custMember/add', { token: demo.admin, body: { memberNo: `AU${mobile.slice(-6)}`, memberName: '审计会员', mobile, status: '1' } }),
      call(demo.app, 'POST', '/api/sys/login', { body: { username: 'clerk', password: '123456' }, remoteAddress: '10.9.9.4' }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([400, 200, 400, 200, 200]);
    expect(answers[3]?.body.success).toBe(true);
    const logins = await logRows('logType=1&column=createTime&order=desc');
    const byIp = (ip: string) => logins.find((row) => row.ip === ip);
    expect(byIp('10.9.9.4')).toMatchObject({ username: 'clerk', success: true });
    // The hostile names are there too, each fitted to its column and marked as cut.
    expect(byIp('10.9.9.1')?.username).toBe(fitText(longName, SYS_LOG_LIMITS.username));
    expect(byIp('10.9.9.1')?.username?.endsWith(CLIPPED_MARK)).toBe(true);
    expect(byIp('10.9.9.1')?.success).toBe(false);
    expect(byIp('10.9.9.2')?.username).toBe('长'.repeat(100));
    expect(byIp('10.9.9.3')?.username).toBe('a\u2400b');
    const operations = await logRows('logType=2&requestUrl=*custMember/add*&column=createTime&order=desc');
    expect(operations.some((row) => row.username === 'admin' && row.requestParam?.includes(mobile))).toBe(true);
    expect(demo.app.logWriter.health().failedRows).toBe(0);
  });

  it('declares each log column’s limit as the database has it', async () => {
    const columns = await sql<{ table_name: string; column_name: string; character_maximum_length: number | null; data_type: string }>`
      select table_name, column_name, character_maximum_length, data_type from information_schema.columns
      where table_name in ('sys_log', 'sys_data_log') and data_type in ('character varying', 'text')`.execute(demo.app.db);
    const declared: Record<string, Readonly<Record<string, number | null>>> = { sys_log: SYS_LOG_LIMITS, sys_data_log: SYS_DATA_LOG_LIMITS };
    for (const column of columns.rows) {
      const limits = declared[column.table_name] ?? {};
      // Columns the writers never set (update_by, update_time) need no limit of ours.
      if (column.column_name === 'update_by') continue;
      if (column.table_name === 'sys_log' || column.data_type === 'character varying') expect(limits[column.column_name], `${column.table_name}.${column.column_name}`).toBe(column.character_maximum_length);
    }
  });

  it('writes a refused batch again row by row, and keeps the one row that fails on its own for 系统监控', async () => {
    const failures: string[] = [];
    const writer = new LogWriter(demo.app.db, (message) => failures.push(message));
    const base = { log_type: LOG_TYPE_OPERATION, request_url: '/api/probe', request_type: 'POST', success: true, tenant_id: 0 };
    writer.write({ ...base, username: 'before-bad-row', status: 200 });
    // 70000 does not fit a smallint: no fitting can save this row, and it must not take the others with it.
    writer.write({ ...base, username: 'bad-row', status: 70000 });
    writer.write({ ...base, username: 'after-bad-row', status: 200 });
    await writer.flush();
    const written = await demo.app.db
      .withTables<{ sys_log: { username: string | null; request_url: string | null } }>()
      .selectFrom('sys_log')
      .select('username')
      .where('request_url', '=', '/api/probe')
      .execute();
    expect(written.map((row) => row.username).sort()).toEqual(['after-bad-row', 'before-bad-row']);
    const health = writer.health();
    expect(health.failedRows).toBe(1);
    expect(health.recentFailures[0]).toMatchObject({ table: 'sys_log', row: expect.objectContaining({ username: 'bad-row', status: 70000 }) });
    expect(health.recentFailures[0]?.error).toMatch(/smallint|out of range/);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toContain('bad-row');
  });

  it('logs the first login the limiter refuses from an address in a window, not every one after it', async () => {
    const ip = '10.7.7.7';
    const attempt = () => call(demo.app, 'POST', '/api/sys/login', { body: { username: 'admin', password: 'not-the-password' }, remoteAddress: ip });
    const statuses: number[] = [];
    for (let index = 0; index < 12; index += 1) statuses.push((await attempt()).status);
    // Five wrong passwords, then the account is blocked for this address.
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5)).toEqual(Array(7).fill(429));
    const rows = (await logRows('logType=1&column=createTime&order=desc')).filter((row) => row.ip === ip);
    expect(rows).toHaveLength(6);
    expect(rows.filter((row) => row.status === 429)).toHaveLength(1);
  });
});
