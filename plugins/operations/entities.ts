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
    jobId: { type: 'ref', label: 'operations:jobLog.fields.jobId', search: 'eq', list: false, readonly: true, ref: 'quartzJob' },
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

/** 日志管理: the login log (logType 1) and the operation log (logType 2), read-only. */
export const sysLogEntity = defineEntity({
  table: 'sys_log',
  api: '/sys/log',
  permission: 'system:log',
  title: 'operations:log.title',
  fields: {
    logType: { type: 'int', label: 'operations:log.fields.logType', dict: 'log_type', search: 'eq', list: false, readonly: true },
    username: { type: 'string', label: 'operations:log.fields.username', max: 100, search: 'like', sortable: true, readonly: true },
    ip: { type: 'string', label: 'operations:log.fields.ip', max: 64, search: 'like', readonly: true },
    logContent: { type: 'string', label: 'operations:log.fields.logContent', max: 1000, search: 'like', readonly: true },
    requestType: { type: 'string', label: 'operations:log.fields.requestType', max: 10, search: 'eq', readonly: true },
    requestUrl: { type: 'string', label: 'operations:log.fields.requestUrl', max: 500, search: 'like', readonly: true },
    permissionCode: { type: 'string', label: 'operations:log.fields.permissionCode', max: 100, search: 'like', readonly: true },
    requestParam: { type: 'text', label: 'operations:log.fields.requestParam', readonly: true },
    status: { type: 'int', label: 'operations:log.fields.status', readonly: true },
    success: { type: 'boolean', label: 'operations:log.fields.success', search: 'eq', readonly: true },
    costTime: { type: 'int', label: 'operations:log.fields.costTime', sortable: true, readonly: true },
  },
});

export type SysLogRecord = EntityRecord<typeof sysLogEntity>;

/** `GET /sys/loginfo`: successful staff logins. */
export interface LoginInfo {
  totalVisitCount: number;
  todayVisitCount: number;
  todayIp: number;
}

/** `GET /sys/visitInfo`: one row per day of the last seven, oldest first. */
export interface VisitInfoRow {
  visit: number;
  ip: number;
  /** `YYYY-MM-DD` */
  tian: string;
  /** `MM-DD`, the chart's label */
  type: string;
}

export const DATA_LOG_ACTION_DICT = 'data_log_action';

/** 数据日志: the history of the records written through the CRUD engine, read-only. */
export const dataLogEntity = defineEntity({
  table: 'sys_data_log',
  api: '/sys/dataLog',
  permission: 'system:dataLog',
  title: 'operations:dataLog.title',
  // When and by whom each version was written (the toolkit's 时间 and 操作人 columns).
  ledger: true,
  fields: {
    dataTable: { type: 'string', label: 'operations:dataLog.fields.dataTable', max: 64, search: 'eq', sortable: true, readonly: true },
    // The record's id: a filter (a record's history) and the version drawer's title, never a column.
    dataId: { type: 'string', label: 'operations:dataLog.fields.dataId', max: 64, search: 'eq', readonly: true, list: false },
    dataVersion: { type: 'int', label: 'operations:dataLog.fields.dataVersion', sortable: true, readonly: true },
    action: { type: 'dict', label: 'operations:dataLog.fields.action', dict: DATA_LOG_ACTION_DICT, max: 16, search: 'eq', readonly: true },
    dataChanges: { type: 'text', label: 'operations:dataLog.fields.dataChanges', readonly: true, list: true },
    dataContent: { type: 'text', label: 'operations:dataLog.fields.dataContent', readonly: true },
  },
});

export type DataLogRecord = EntityRecord<typeof dataLogEntity>;
