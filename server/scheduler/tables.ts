import type { ColumnType, Kysely } from 'kysely';
import type { Database } from '../db/schema';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** sys_quartz_job as created by migration 0008. */
export interface QuartzJobTable {
  id: string;
  job_class_name: string;
  cron_expression: string;
  parameter: string | null;
  description: string | null;
  /** 0 正常 (scheduled), -1 停止 (paused). */
  status: ColumnType<number, number | undefined, number>;
  create_by: string | null;
  create_time: Timestamp;
  update_by: string | null;
  update_time: NullableTimestamp;
}

export interface QuartzJobFireTable {
  job_id: string;
  fire_time: ColumnType<Date, Date, Date>;
  instance_id: string;
}

export interface QuartzJobLogTable {
  id: string;
  job_id: string;
  job_class_name: string;
  trigger_type: 'manual' | 'schedule';
  fire_time: NullableTimestamp;
  start_time: ColumnType<Date, Date, Date>;
  end_time: NullableTimestamp;
  status: 'running' | 'success' | 'failure';
  message: string | null;
  duration_ms: number | null;
  instance_id: string;
  create_by: ColumnType<string | null, string | null | undefined, string | null>;
  create_time: Timestamp;
}

export type SchedulerTables = {
  sys_quartz_job: QuartzJobTable;
  sys_quartz_job_fire: QuartzJobFireTable;
  sys_quartz_job_log: QuartzJobLogTable;
};

export function schedulerDb(db: Kysely<Database>): Kysely<Database & SchedulerTables> {
  return db.withTables<SchedulerTables>();
}

export const JOB_STATUS_NORMAL = 0;
export const JOB_STATUS_STOPPED = -1;
