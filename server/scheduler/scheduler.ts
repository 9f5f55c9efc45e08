import { Cron } from 'croner';
import type { Kysely } from 'kysely';
import { newId } from '../db/ids';
import type { Database } from '../db/schema';
import { PluginServices } from '../plugin-services';
import { cronOptions, parseCron, scheduledFireTime } from './cron';
import type { JobKindRegistry } from './job-kinds';
import { JOB_STATUS_NORMAL, schedulerDb, type QuartzJobTable } from './tables';

export const MSG_UNKNOWN_KIND = '未知的任务类型';
const MAX_MESSAGE = 2000;
/** How often an instance re-reads the job table, so a change made on another instance applies here. */
const DEFAULT_SYNC_MS = 30_000;
const PRUNE_EVERY_MS = 3_600_000;

export interface SchedulerLogger {
  info: (message: string) => void;
  error: (message: string) => void;
}

export interface SchedulerOptions {
  db: Kysely<Database>;
  kinds: JobKindRegistry;
  /** Distinguishes instances in claims and logs (several servers may share one PostgreSQL). */
  instanceId: string;
  logger: SchedulerLogger;
  /** Run-log rows older than this are deleted. */
  logRetentionDays: number;
  syncIntervalMs?: number;
  /** Handed to every run (default: none provided). */
  services?: PluginServices;
}

export interface JobRunResult {
  logId: string;
  status: 'success' | 'failure';
  message: string;
}

type JobRow = Pick<QuartzJobTable, 'id' | 'job_class_name' | 'cron_expression' | 'parameter'> & { status: number; update_time: Date | null };

interface Scheduled {
  cron: Cron;
  /** What the schedule was built from; a change in any of these reschedules. */
  signature: string;
}

function signatureOf(job: JobRow): string {
  return `${job.cron_expression}\u0001${job.job_class_name}\u0001${job.status}`;
}

function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Runs the persisted jobs on croner timers. Every firing is claimed in `sys_quartz_job_fire` (primary
 * key: job and scheduled time) before it runs, so when several instances share one PostgreSQL each
 * firing runs exactly once; on the embedded database the same path runs with one instance. A failing
 * job is logged as a failed run and never stops the others.
 */
export class Scheduler {
  private readonly scheduled = new Map<string, Scheduled>();
  private readonly running = new Set<Promise<unknown>>();
  private syncTimer: NodeJS.Timeout | null = null;
  private lastPrune = 0;
  private stopped = false;

  private readonly services: PluginServices;

  constructor(private readonly options: SchedulerOptions) {
    this.services = options.services ?? new PluginServices();
  }

  /** The job kinds this instance can run. */
  get kinds(): JobKindRegistry {
    return this.options.kinds;
  }

  private get db() {
    return schedulerDb(this.options.db);
  }

  /** Schedules every enabled job and keeps following the table. */
  async start(): Promise<void> {
    this.stopped = false;
    await this.sync();
    const every = this.options.syncIntervalMs ?? DEFAULT_SYNC_MS;
    this.syncTimer = setInterval(() => {
      this.track(this.sync().catch((error: unknown) => this.options.logger.error(`Scheduler sync failed: ${describeError(error)}`)));
    }, every);
    this.syncTimer.unref();
  }

  /** Stops every timer and waits for runs under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.syncTimer !== null) clearInterval(this.syncTimer);
    this.syncTimer = null;
    for (const { cron } of this.scheduled.values()) cron.stop();
    this.scheduled.clear();
    await Promise.allSettled([...this.running]);
  }

  /** Brings the timers in line with the table (after a change here, or on another instance). */
  async sync(): Promise<void> {
    if (this.stopped) return;
    const jobs = await this.db.selectFrom('sys_quartz_job').select(['id', 'job_class_name', 'cron_expression', 'parameter', 'status', 'update_time']).execute();
    const seen = new Set<string>();
    for (const job of jobs) {
      seen.add(job.id);
      this.apply(job);
    }
    for (const id of [...this.scheduled.keys()]) {
      if (!seen.has(id)) this.unschedule(id);
    }
  }

  /** Whether a job has a live timer on this instance (for tests and the monitoring page). */
  isScheduled(jobId: string): boolean {
    return this.scheduled.has(jobId);
  }

  /** 执行一次: runs the job now, whatever its status, and answers the run's outcome. */
  async runNow(jobId: string): Promise<JobRunResult | null> {
    const job = await this.findJob(jobId);
    if (job === undefined) return null;
    return this.track(this.execute(job, 'manual', null));
  }

  private apply(job: JobRow): void {
    const signature = signatureOf(job);
    const current = this.scheduled.get(job.id);
    if (current !== undefined && current.signature === signature) return;
    this.unschedule(job.id);
    if (job.status !== JOB_STATUS_NORMAL || this.stopped) return;
    let pattern: Cron;
    try {
      pattern = parseCron(job.cron_expression);
    } catch (error) {
      this.options.logger.error(`Job ${job.job_class_name}: cron "${job.cron_expression}" refused: ${describeError(error)}`);
      return;
    }
    pattern.stop();
    // protect: a firing that comes while the previous run is still busy is skipped, not stacked.
    const cron = new Cron(job.cron_expression.trim(), { ...cronOptions(), protect: true, unref: true }, (self) =>
      this.track(this.fire(job.id, self)),
    );
    this.scheduled.set(job.id, { cron, signature });
  }

  private unschedule(jobId: string): void {
    this.scheduled.get(jobId)?.cron.stop();
    this.scheduled.delete(jobId);
  }

  private async fire(jobId: string, cron: Cron): Promise<void> {
    const fireTime = scheduledFireTime(cron);
    try {
      // Re-read: another instance may have paused, changed or deleted the job since our last sync.
      const job = await this.findJob(jobId);
      if (job === undefined || job.status !== JOB_STATUS_NORMAL) return;
      const claimed = await this.db
        .insertInto('sys_quartz_job_fire')
        .values({ job_id: jobId, fire_time: fireTime, instance_id: this.options.instanceId })
        .onConflict((conflict) => conflict.doNothing())
        .returning('job_id')
        .executeTakeFirst();
      if (claimed === undefined) return;
      await this.execute(job, 'schedule', fireTime);
      await this.pruneNow();
    } catch (error) {
      this.options.logger.error(`Job ${jobId} firing at ${fireTime.toISOString()} failed to start: ${describeError(error)}`);
    }
  }

  private async execute(job: JobRow, trigger: 'manual' | 'schedule', fireTime: Date | null): Promise<JobRunResult> {
    const logId = newId();
    const started = new Date();
    await this.db
      .insertInto('sys_quartz_job_log')
      .values({ id: logId, job_id: job.id, job_class_name: job.job_class_name, trigger_type: trigger, fire_time: fireTime, start_time: started, status: 'running', instance_id: this.options.instanceId })
      .execute();
    let status: 'success' | 'failure' = 'success';
    let message = '';
    const kind = this.options.kinds.get(job.job_class_name);
    if (kind === undefined) {
      status = 'failure';
      message = `${MSG_UNKNOWN_KIND}: ${job.job_class_name}`;
    } else {
      try {
        message = (await kind.run({ db: this.options.db, parameter: job.parameter, fireTime, services: this.services })) ?? '';
      } catch (error) {
        status = 'failure';
        message = describeError(error);
        this.options.logger.error(`Job ${job.job_class_name} failed: ${message}`);
      }
    }
    const ended = new Date();
    await this.db
      .updateTable('sys_quartz_job_log')
      .set({ end_time: ended, status, message: message.slice(0, MAX_MESSAGE), duration_ms: ended.getTime() - started.getTime() })
      .where('id', '=', logId)
      .execute();
    return { logId, status, message };
  }

  /** Retention: old run logs and claims go, at most once an hour per instance. */
  private async pruneNow(): Promise<void> {
    const now = Date.now();
    if (now - this.lastPrune < PRUNE_EVERY_MS) return;
    this.lastPrune = now;
    const logCutoff = new Date(now - this.options.logRetentionDays * 86_400_000);
    await this.db.deleteFrom('sys_quartz_job_log').where('start_time', '<', logCutoff).execute();
    await this.db.deleteFrom('sys_quartz_job_fire').where('fire_time', '<', new Date(now - 86_400_000)).execute();
  }

  private findJob(jobId: string): Promise<JobRow | undefined> {
    return this.db.selectFrom('sys_quartz_job').select(['id', 'job_class_name', 'cron_expression', 'parameter', 'status', 'update_time']).where('id', '=', jobId).executeTakeFirst();
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.running.add(work);
    void work.finally(() => this.running.delete(work)).catch(() => undefined);
    return work;
  }
}
