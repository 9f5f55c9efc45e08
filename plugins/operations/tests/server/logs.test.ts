/** 日志管理: login attempts and mutating requests are logged (secrets removed); login and visit statistics. */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { PageResult } from '../../../../src/contracts/entity';
import { call, login, useDemoServer } from '../../../../tests/server/helpers';
import type { LoginInfo, SysLogRecord, VisitInfoRow } from '../../entities';
import { addDays } from '../../../../server/reports/fact-store';
import { parseShopTime, shopDay } from '../../../../server/time/shop-time';

const demo = useDemoServer();

async function logs(query: string): Promise<SysLogRecord[]> {
  await demo.app.logWriter.flush();
  const answer = await call<PageResult<SysLogRecord>>(demo.app, 'GET', `/api/sys/log/list?pageNo=1&pageSize=50&${query}`, { token: demo.admin });
  expect(answer.body.success).toBe(true);
  return answer.body.result.records;
}

describe('login log', () => {
  it('records every login attempt with user, ip, time and result', async () => {
    await call(demo.app, 'POST', '/api/sys/login', { body: { username: 'admin', password: 'wrong-password' }, remoteAddress: '10.1.2.3' });
    await login(demo.app, 'clerk');
    const rows = await logs('logType=1&column=createTime&order=desc');
    const failed = rows.find((row) => row.ip === '10.1.2.3');
    expect(failed).toMatchObject({ username: 'admin', success: false, logType_dictText: '登录日志', requestUrl: '/api/sys/login' });
    expect(failed?.logContent).toMatch(/^登录失败：/);
    const clerk = rows.find((row) => row.username === 'clerk' && row.success === true);
    expect(clerk?.logContent).toBe('用户名: clerk,登录成功！');
    expect(clerk?.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // The password never reaches the log.
    expect(JSON.stringify(rows)).not.toContain('wrong-password');
  });

  it('lists a login made a moment ago: the list first writes what the batching writer holds', async () => {
    const before = (await logs('logType=1&username=clerk')).length;
    await login(demo.app, 'clerk');
    // No flush here: the route does it (the writer would otherwise wait up to half a second).
    const answer = await call<PageResult<SysLogRecord>>(demo.app, 'GET', '/api/sys/log/list?pageNo=1&pageSize=50&logType=1&username=clerk', { token: demo.admin });
    expect(answer.body.result.total).toBe(before + 1);
  });

  it('counts successful logins for /sys/loginfo and /sys/visitInfo', async () => {
    const info = await call<LoginInfo>(demo.app, 'GET', '/api/sys/loginfo', { token: demo.admin });
    const successful = (await logs('logType=1&success=true')).length;
    expect(info.body.result.totalVisitCount).toBe(successful);
    expect(info.body.result.todayVisitCount).toBe(successful);
    expect(info.body.result.todayIp).toBeGreaterThanOrEqual(1);
    const visits = await call<VisitInfoRow[]>(demo.app, 'GET', '/api/sys/visitInfo', { token: demo.clerk });
    expect(visits.body.result).toHaveLength(7);
    const today = visits.body.result[6];
    expect(today?.visit).toBe(successful);
    expect(today?.type).toBe(today?.tian.slice(5));
    expect(visits.body.result.slice(0, 6).every((row) => row.visit === 0)).toBe(true);
    // Days are the shop's (the process runs on UTC in the tests): today is the shop's today, then the six before it.
    expect(visits.body.result.map((row) => row.tian)).toEqual(Array.from({ length: 7 }, (_unused, index) => addDays(shopDay(), index - 6)));
  });

  it('counts a login made at 07:30 in Shanghai (23:30 the day before in UTC) on the shop day it was made', async () => {
    await demo.app.logWriter.flush();
    const morning = parseShopTime(`${shopDay()} 07:30:00`);
    const moved = await sql<{ id: string }>`update sys_log set create_time = ${morning} where id = (select id from sys_log where log_type = 1 and success = true order by create_time desc limit 1) returning id`.execute(demo.app.db);
    expect(moved.rows).toHaveLength(1);
    const visits = await call<VisitInfoRow[]>(demo.app, 'GET', '/api/sys/visitInfo', { token: demo.clerk });
    const info = await call<LoginInfo>(demo.app, 'GET', '/api/sys/loginfo', { token: demo.admin });
    const successful = (await logs('logType=1&success=true')).length;
    expect(visits.body.result[6]?.visit).toBe(successful);
    expect(info.body.result.todayVisitCount).toBe(successful);
  });
});

describe('operation log', () => {
  it('records a mutating request with user, method, route, permission code, result and duration, secrets removed', async () => {
    const added = await call<{ id: string }>(demo.app, 'POST', '/api/sys/user/add', {
      token: demo.admin,
      body: { username: 'oplogger', realname: '日志测试', password: 'Secret#1234', confirmPassword: 'Secret#1234', selectedroles: '', selecteddeparts: '' },
    });
    const rows = await logs('logType=2&requestUrl=*sys/user/add*');
    const row = rows[0];
    expect(row).toMatchObject({ username: 'admin', requestType: 'POST', requestUrl: '/api/sys/user/add', permissionCode: 'system:user:add', status: 200, success: added.body.success });
    expect(row?.costTime).toBeGreaterThanOrEqual(0);
    expect(row?.requestParam).toContain('"username":"oplogger"');
    expect(row?.requestParam).toContain('"password":"***"');
    expect(row?.requestParam).not.toContain('Secret#1234');
  });

  it('does not log reads, and is read-only and guarded', async () => {
    await call(demo.app, 'GET', '/api/sys/user/list?pageNo=1&pageSize=5', { token: demo.admin });
    expect((await logs('logType=2')).some((row) => row.requestUrl === '/api/sys/user/list')).toBe(false);
    expect((await call(demo.app, 'POST', '/api/sys/log/add', { token: demo.admin, body: {} })).status).toBe(404);
    expect((await call(demo.app, 'GET', '/api/sys/log/list', { token: demo.clerk })).status).toBe(403);
  });
});
