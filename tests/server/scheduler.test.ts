/** The scheduler: cron checks and previews, run-once, failing jobs, exactly-once firing across instances. */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/db/connection';
import { newId } from '../../server/db/ids';
import { migrateToLatest } from '../../server/db/migrate';
import { logDb } from '../../server/logs/log-tables';
import { purgeExpiredCredentials, purgeOldLogs } from '../../server/scheduler/core-jobs';
import { checkCron, nextFireTimes } from '../../server/scheduler/cron';
import { JobKindRegistry, type JobKind } from '../../server/scheduler/job-kinds';
import { MSG_UNKNOWN_KIND, Scheduler } from '../../server/scheduler/scheduler';
import { PluginServices } from '../../server/plugin-services';
import { JOB_STATUS_NORMAL, JOB_STATUS_STOPPED, schedulerDb } from '../../server/scheduler/tables';
import { startPostgres, type PostgresServer } from '../support/postgres-server';
import { DEFAULT_SHOP_TIME_ZONE as SHOP_ZONE } from '../../server/time/shop-time';
import { tempDir } from './helpers';

/** The core jobs use no plugin service. */
const SERVICES = new PluginServices();

const quiet = { info: () => undefined, error: () => undefined };

async function addJob(handle: DatabaseHandle, kind: string, cron: string, status = JOB_STATUS_NORMAL, parameter: string | null = null): Promise<string> {
  const id = newId();
  await schedulerDb(handle.db).insertInto('sys_quartz_job').values({ id, job_class_name: kind, cron_expression: cron, parameter, status }).execute();
  return id;
}

async function waitFor(check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('cron expressions', () => {
  it('accepts Quartz expressions (seconds, ?, step from a number, year) and refuses malformed or spent ones', () => {
    expect(checkCron('0/5 * * * * ?').ok).toBe(true);
    expect(checkCron('0 0 2 * * ?').ok).toBe(true);
    expect(checkCron('0 30 1 ? * MON-FRI').ok).toBe(true);
    expect(checkCron('0 0 2 * * ? 2099').ok).toBe(true);
    expect(checkCron('*/10 * * * *').ok).toBe(true);
    expect(checkCron('bad').ok).toBe(false);
    expect(checkCron('0 0 25 * * ?').ok).toBe(false);
    expect(checkCron('0 0 2 * * ? 2020')).toEqual({ ok: false, reason: 'never fires' });
    expect(checkCron('').ok).toBe(false);
  });

  it('previews the next fire times', () => {
    const from = new Date('2026-01-01T00:00:00.000Z');
    const times = nextFireTimes('0 0/15 * * * ?', 3, from).map((time) => time.getTime() - from.getTime());
    expect(times).toEqual([15 * 60_000, 30 * 60_000, 45 * 60_000]);
  });
});

describe('on the embedded database', () => {
  const dataDir = tempDir('scheduler');
  let handle: DatabaseHandle;
  let scheduler: Scheduler;
  const ran: string[] = [];
  const kinds: JobKind[] = [
    { name: 'test.echo', title: 'echo', run: async ({ parameter }) => { ran.push(`echo:${parameter ?? ''}`); return `echoed ${parameter ?? ''}`; } },
    { name: 'test.fail', title: 'fail', run: async () => { ran.push('fail'); throw new Error('数据库连接失败'); } },
    { name: 'test.tick', title: 'tick', run: async () => { ran.push('tick'); return undefined; } },
    { name: 'test.idle', title: 'idle', run: async () => undefined },
  ];

  beforeAll(async () => {
    handle = await openDatabase({ dataDir, databaseUrl: null, shopTimeZone: SHOP_ZONE });
    await migrateToLatest(handle.db);
    scheduler = new Scheduler({ db: handle.db, kinds: new JobKindRegistry(kinds), instanceId: 'solo', logger: quiet, logRetentionDays: 30 });
  });

  afterAll(async () => {
    await scheduler?.stop();
    await handle?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs a job once on demand and logs its outcome, whatever its status', async () => {
    const id = await addJob(handle, 'test.echo', '0 0 3 * * ?', JOB_STATUS_STOPPED, 'hello');
    const result = await scheduler.runNow(id);
    expect(result).toMatchObject({ status: 'success', message: 'echoed hello' });
    const log = await schedulerDb(handle.db).selectFrom('sys_quartz_job_log').selectAll().where('id', '=', result?.logId ?? '').executeTakeFirstOrThrow();
    expect(log).toMatchObject({ job_id: id, trigger_type: 'manual', status: 'success', message: 'echoed hello', fire_time: null });
    expect(log.end_time).not.toBeNull();
    expect(await scheduler.runNow('nonexistent')).toBeNull();
  });

  it('logs a failing job as failed and an unknown kind as such, and the others keep running', async () => {
    const failing = await addJob(handle, 'test.fail', '* * * * * *');
    const unknown = await addJob(handle, 'test.gone', '* * * * * *');
    const ticking = await addJob(handle, 'test.tick', '* * * * * *');
    await scheduler.start();
    const logs = () => schedulerDb(handle.db).selectFrom('sys_quartz_job_log').selectAll().where('trigger_type', '=', 'schedule').execute();
    let rows = await logs();
    const deadline = Date.now() + 10_000;
    while (!(rows.filter((row) => row.job_id === ticking && row.status === 'success').length >= 2 && rows.some((row) => row.job_id === failing && row.status === 'failure') && rows.some((row) => row.job_id === unknown && row.status === 'failure'))) {
      if (Date.now() > deadline) throw new Error(`not all jobs ran: ${JSON.stringify(rows.map((row) => [row.job_class_name, row.status]))}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      rows = await logs();
    }
    expect(rows.find((row) => row.job_id === failing && row.status === 'failure')?.message).toBe('数据库连接失败');
    expect(rows.find((row) => row.job_id === unknown)?.message).toBe(`${MSG_UNKNOWN_KIND}: test.gone`);
  });

  it('purges credentials that expired more than a day ago and keeps the rest', async () => {
    const db = handle.db;
    await db.insertInto('users').values({ id: 'u1', username: 'purge-test', realname: 'Purge', password: 'x' }).execute();
    const day = 86_400_000;
    await db.insertInto('sessions').values([
      { id: 's-old', user_id: 'u1', expires_at: new Date(Date.now() - 2 * day) },
      { id: 's-recent', user_id: 'u1', expires_at: new Date(Date.now() - day / 2) },
      { id: 's-live', user_id: 'u1', expires_at: new Date(Date.now() + day) },
    ]).execute();
    await db.insertInto('sms_codes').values([
      { id: 'c-old', mobile: '13800000000', code_hash: 'h', expires_at: new Date(Date.now() - 3 * day) },
      { id: 'c-live', mobile: '13800000000', code_hash: 'h', expires_at: new Date(Date.now() + 60_000) },
    ]).execute();
    const message = await purgeExpiredCredentials.run({ db, parameter: null, fireTime: null, services: SERVICES });
    expect(message).toBe('sessions 1, sms codes 1, login tickets 0, password tickets 0');
    expect((await db.selectFrom('sessions').select('id').orderBy('id').execute()).map((row) => row.id)).toEqual(['s-live', 's-recent']);
    expect((await db.selectFrom('sms_codes').select('id').execute()).map((row) => row.id)).toEqual(['c-live']);
  });

  it('purges log rows older than the parameter in days, and refuses a malformed parameter', async () => {
    const day = 86_400_000;
    await logDb(handle.db).insertInto('sys_log').values([
      { id: 'l-old', log_type: 2, create_time: new Date(Date.now() - 11 * day) },
      { id: 'l-new', log_type: 1, create_time: new Date(Date.now() - 9 * day) },
    ]).execute();
    expect(await purgeOldLogs.run({ db: handle.db, parameter: '10', fireTime: null, services: SERVICES })).toBe('kept 10 days, deleted 1');
    expect((await logDb(handle.db).selectFrom('sys_log').select('id').execute()).map((row) => row.id)).toEqual(['l-new']);
    await expect(purgeOldLogs.run({ db: handle.db, parameter: 'DROP TABLE', fireTime: null, services: SERVICES })).rejects.toThrow('参数应为保留天数');
  });

  it('stops firing a paused job after the next sync', async () => {
    const id = await addJob(handle, 'test.idle', '0 0 4 * * ?');
    await scheduler.sync();
    expect(scheduler.isScheduled(id)).toBe(true);
    await schedulerDb(handle.db).updateTable('sys_quartz_job').set({ status: JOB_STATUS_STOPPED }).where('id', '=', id).execute();
    await scheduler.sync();
    expect(scheduler.isScheduled(id)).toBe(false);
  });
});

describe('two instances on one PostgreSQL', () => {
  let postgres: PostgresServer;
  const handles: DatabaseHandle[] = [];
  const schedulers: Scheduler[] = [];
  const first = (): DatabaseHandle => {
    const [handle] = handles;
    if (handle === undefined) throw new Error('no database handle');
    return handle;
  };

  beforeAll(async () => {
    postgres = await startPostgres();
    for (let i = 0; i < 2; i += 1) handles.push(await openDatabase({ dataDir: tempDir('unused'), databaseUrl: postgres.url, shopTimeZone: SHOP_ZONE }));
    await migrateToLatest(first().db);
  }, 90_000);

  afterAll(async () => {
    for (const scheduler of schedulers) await scheduler.stop();
    for (const handle of handles) await handle.close();
    await postgres?.stop();
  });

  it('runs each firing exactly once', async () => {
    const runs: Array<{ instance: string; fireTime: string }> = [];
    for (const [index, handle] of handles.entries()) {
      const instance = `instance-${index}`;
      const kinds = new JobKindRegistry([{ name: 'test.count', title: 'count', run: async ({ fireTime }) => { runs.push({ instance, fireTime: fireTime?.toISOString() ?? '' }); return undefined; } }]);
      schedulers.push(new Scheduler({ db: handle.db, kinds, instanceId: instance, logger: quiet, logRetentionDays: 30 }));
    }
    await addJob(first(), 'test.count', '* * * * * *');
    await Promise.all(schedulers.map((scheduler) => scheduler.start()));
    await waitFor(() => runs.length >= 4, 15_000);
    await Promise.all(schedulers.map((scheduler) => scheduler.stop()));
    const fireTimes = runs.map((run) => run.fireTime);
    expect(new Set(fireTimes).size).toBe(fireTimes.length);
    const logged = await schedulerDb(first().db).selectFrom('sys_quartz_job_log').select(['fire_time', 'status']).execute();
    expect(logged).toHaveLength(runs.length);
    expect(logged.every((row) => row.status === 'success')).toBe(true);
  }, 60_000);
});
