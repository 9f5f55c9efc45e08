import { defineEntity, type EntityRecord } from '../../src/contracts/entity';

/** The operations plugin's entities: scheduled jobs and their run log (定时任务). */

export const QUARTZ_STATUS_DICT = 'quartz_status';
export const QUARTZ_RUN_STATUS_DICT = 'quartz_run_status';
export const QUARTZ_TRIGGER_DICT = 'quartz_trigger';

export const quartzJobEntity = defineEntity({
  table: 'sys_quartz_job',
  api: '/sys/quartzJob',
  permission: 'system:quartzJob',
  title: 'operations:job.title',
  fields: {
    jobClassName: { type: 'string', label: 'operations:job.fields.jobClassName', required: true, max: 100, search: 'like', unique: true, sortable: true },
    cronExpression: { type: 'string', label: 'operations:job.fields.cronExpression', required: true, max: 100 },
    parameter: { type: 'string', label: 'operations:job.fields.parameter', max: 1000 },
    description: { type: 'string', label: 'operations:job.fields.description', max: 255, search: 'like' },
    status: { type: 'int', label: 'operations:job.fields.status', dict: QUARTZ_STATUS_DICT, search: 'eq', sortable: true, form: false, readonly: true },
  },
});

export type QuartzJobRecord = EntityRecord<typeof quartzJobEntity>;

export const quartzJobLogEntity = defineEntity({
  table: 'sys_quartz_job_log',
  api: '/sys/quartzJobLog',
  permission: 'system:quartzJobLog',
  title: 'operations:jobLog.title',
  fields: {
    jobId: { type: 'ref', label: 'operations:jobLog.fields.jobId', search: 'eq', list: false, readonly: true },
    jobClassName: { type: 'string', label: 'operations:jobLog.fields.jobClassName', max: 100, search: 'like', readonly: true },
    triggerType: { type: 'dict', label: 'operations:jobLog.fields.triggerType', dict: QUARTZ_TRIGGER_DICT, max: 16, search: 'eq', readonly: true },
    fireTime: { type: 'datetime', label: 'operations:jobLog.fields.fireTime', readonly: true },
    startTime: { type: 'datetime', label: 'operations:jobLog.fields.startTime', search: 'range', sortable: true, readonly: true },
    endTime: { type: 'datetime', label: 'operations:jobLog.fields.endTime', readonly: true },
    status: { type: 'dict', label: 'operations:jobLog.fields.status', dict: QUARTZ_RUN_STATUS_DICT, max: 16, search: 'eq', readonly: true },
    durationMs: { type: 'int', label: 'operations:jobLog.fields.durationMs', sortable: true, readonly: true },
    message: { type: 'string', label: 'operations:jobLog.fields.message', max: 2000, readonly: true },
    instanceId: { type: 'string', label: 'operations:jobLog.fields.instanceId', max: 64, list: false, readonly: true },
  },
});

export type QuartzJobLogRecord = EntityRecord<typeof quartzJobLogEntity>;

/** Wire shapes of the scheduler's own calls. */
export interface JobKindOption {
  name: string;
  title: string;
}

export interface CronPreview {
  valid: boolean;
  /** Next fire times, `YYYY-MM-DD HH:mm:ss`. */
  nextTimes: string[];
}
