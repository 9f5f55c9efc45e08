/** 定时任务 through the API: CRUD with cron and kind checks, 启动/停止, 执行一次 with its log, the preview. */
import { describe, expect, it } from 'vitest';
import type { PageResult } from '../../../../src/contracts/entity';
import { call, useDemoServer } from '../../../../tests/server/helpers';
import type { CronPreview, JobKindOption, QuartzJobLogRecord, QuartzJobRecord } from '../../entities';
import { MSG_BAD_CRON, MSG_UNKNOWN_KIND, MSG_STARTED, MSG_PAUSED } from '../../server/quartz-routes';
import { formatShopTime, shopDay } from '../../../../server/time/shop-time';

const demo = useDemoServer();

describe('定时任务', () => {
  it('lists the kinds from the server registry and the seeded nightly purge job', async () => {
    const kinds = await call<JobKindOption[]>(demo.app, 'GET', '/api/sys/quartzJob/kinds', { token: demo.admin });
    expect(kinds.body.result.map((kind) => kind.name)).toContain('sys.purgeExpiredCredentials');
    // Searched by its kind: the plugins' seeded jobs are more than a page.
    const list = await call<PageResult<QuartzJobRecord>>(demo.app, 'GET', '/api/sys/quartzJob/list?pageNo=1&pageSize=10&jobClassName=sys.purgeExpiredCredentials', { token: demo.admin });
    const seeded = list.body.result.records.find((job) => job.jobClassName === 'sys.purgeExpiredCredentials');
    expect(seeded).toMatchObject({ cronExpression: '0 0 3 * * ?', status: 0, status_dictText: '正常' });
  });

  it('previews the next fire times and flags a bad expression', async () => {
    const good = await call<CronPreview>(demo.app, 'GET', `/api/sys/quartzJob/cronPreview?cron=${encodeURIComponent('0 0/30 * * * ?')}`, { token: demo.admin });
    expect(good.body.result.valid).toBe(true);
    expect(good.body.result.nextTimes).toHaveLength(5);
    expect(good.body.result.nextTimes[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:(00|30):00$/);
    const bad = await call<CronPreview>(demo.app, 'GET', '/api/sys/quartzJob/cronPreview?cron=nonsense', { token: demo.admin });
    expect(bad.body.result).toEqual({ valid: false, nextTimes: [] });
    // 02:00 every day is 02:00 on the shop's clock (the server process runs on UTC in the tests), on consecutive days.
    const nightly = await call<CronPreview>(demo.app, 'GET', `/api/sys/quartzJob/cronPreview?cron=${encodeURIComponent('0 0 2 * * ?')}`, { token: demo.admin });
    expect(nightly.body.result.nextTimes.map((time) => time.slice(10))).toEqual(Array.from({ length: 5 }, () => ' 02:00:00'));
    const first = nightly.body.result.nextTimes[0] ?? '';
    expect(first > formatShopTime(Date.now())).toBe(true);
    expect(first <= `${shopDay(Date.now() + 86_400_000)} 02:00:00`).toBe(true);
  });

  it('refuses a bad cron expression and a kind the registry does not have', async () => {
    const list = await call<PageResult<QuartzJobRecord>>(demo.app, 'GET', '/api/sys/quartzJob/list?pageNo=1&pageSize=10', { token: demo.admin });
    const job = list.body.result.records[0];
    const badCron = await call(demo.app, 'PUT', '/api/sys/quartzJob/edit', { token: demo.admin, body: { id: job?.id, jobClassName: job?.jobClassName, cronExpression: '0 0 25 * * ?' } });
    expect(badCron.body).toMatchObject({ success: false, message: MSG_BAD_CRON });
    const badKind = await call(demo.app, 'POST', '/api/sys/quartzJob/add', { token: demo.admin, body: { jobClassName: 'java.lang.Runtime', cronExpression: '0 0 3 * * ?' } });
    expect(badKind.body).toMatchObject({ success: false, message: MSG_UNKNOWN_KIND });
  });

  it('starts and stops a job, runs it once with a log row, and never lets add or edit set the status', async () => {
    const list = await call<PageResult<QuartzJobRecord>>(demo.app, 'GET', '/api/sys/quartzJob/list?pageNo=1&pageSize=10&jobClassName=sys.purgeExpiredCredentials', { token: demo.admin });
    const job = list.body.result.records[0];
    if (job === undefined) throw new Error('seeded job missing');
    expect(demo.server.app.hasRoute({ method: 'GET', url: '/api/sys/quartzJob/pause' })).toBe(true);

    const paused = await call(demo.app, 'GET', `/api/sys/quartzJob/pause?id=${job.id}`, { token: demo.admin });
    expect(paused.body).toMatchObject({ success: true, message: MSG_PAUSED });
    const edited = await call<QuartzJobRecord>(demo.app, 'PUT', '/api/sys/quartzJob/edit', { token: demo.admin, body: { id: job.id, jobClassName: job.jobClassName, cronExpression: '0 30 3 * * ?', status: 0 } });
    expect(edited.body.result).toMatchObject({ cronExpression: '0 30 3 * * ?', status: -1 });
    const resumed = await call(demo.app, 'GET', `/api/sys/quartzJob/resume?id=${job.id}`, { token: demo.admin });
    expect(resumed.body).toMatchObject({ success: true, message: MSG_STARTED });

    const run = await call<{ status: string; message: string }>(demo.app, 'GET', `/api/sys/quartzJob/execute?id=${job.id}`, { token: demo.admin });
    expect(run.body.success).toBe(true);
    expect(run.body.result.message).toMatch(/^sessions \d+, sms codes \d+, login tickets \d+, password tickets \d+$/);
    const logs = await call<PageResult<QuartzJobLogRecord>>(demo.app, 'GET', `/api/sys/quartzJobLog/list?pageNo=1&pageSize=10&jobId=${job.id}`, { token: demo.admin });
    expect(logs.body.result.records[0]).toMatchObject({ jobClassName: 'sys.purgeExpiredCredentials', triggerType: 'manual', triggerType_dictText: '手动执行', status: 'success', status_dictText: '成功' });
  });

  it('keeps the run log read-only and the job calls behind their permissions', async () => {
    const write = await call(demo.app, 'POST', '/api/sys/quartzJobLog/add', { token: demo.admin, body: { message: 'forged' } });
    expect(write.status).toBe(404);
    for (const url of ['/api/sys/quartzJob/list', '/api/sys/quartzJob/kinds', '/api/sys/quartzJob/execute?id=x', '/api/sys/quartzJobLog/list']) {
      const refused = await call(demo.app, 'GET', url, { token: demo.clerk });
      expect(refused.status, url).toBe(403);
    }
  });
});
