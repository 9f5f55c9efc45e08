import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { businessError, checkCron, formatShopTime, Id, JOB_STATUS_NORMAL, JOB_STATUS_STOPPED, Line, nextFireTimes, NO_INPUT, ok, permission, query, registerEntityRoutes, schedulerDb, type AppContext, type LabelResolver } from '../../../server/kit';
import { quartzJobEntity, quartzJobLogEntity, type CronPreview, type JobKindOption } from '../entities';

export const MSG_BAD_CRON = 'Cron表达式不正确';
export const MSG_UNKNOWN_KIND = '任务类型不存在，请从列表中选择';
export const MSG_JOB_NOT_FOUND = '未找到对应的定时任务';
export const MSG_STARTED = '定时任务已启动';
export const MSG_PAUSED = '定时任务已停止';
const PREVIEW_COUNT = 5;

const JobIdQuery = query({ id: Id });
type JobIdQuery = Static<typeof JobIdQuery>;
const CronQuery = query({ cron: Line(100, 1) });
type CronQuery = Static<typeof CronQuery>;

/**
 * 定时任务: the job list/CRUD (status only changes through 启动/停止), the run log (read-only), the kinds a
 * job may name (the server's registry, never code from the client), a cron preview, and 执行一次.
 */
export async function registerQuartzRoutes(api: FastifyInstance, ctx: AppContext, labels: LabelResolver): Promise<void> {
  const { scheduler } = ctx;
  const jobs = () => schedulerDb(ctx.db);

  await registerEntityRoutes(api, quartzJobEntity, {
    labels,
    actions: ['list', 'queryById', 'add', 'edit', 'delete', 'deleteBatch', 'exportXls'],
    beforeWrite: (values) => {
      if (typeof values.cronExpression === 'string' && !checkCron(values.cronExpression).ok) throw businessError(MSG_BAD_CRON);
      if (typeof values.jobClassName === 'string' && scheduler.kinds.get(values.jobClassName) === undefined) throw businessError(MSG_UNKNOWN_KIND);
      return values;
    },
    // A change here reschedules at once; other instances follow at their next sync.
    afterChange: () => scheduler.sync(),
  });
  await registerEntityRoutes(api, quartzJobLogEntity, { labels, actions: ['list', 'queryById', 'exportXls'] });

  api.get('/sys/quartzJob/kinds', { ...permission('system:quartzJob:list'), schema: NO_INPUT }, async () =>
    ok<JobKindOption[]>(scheduler.kinds.list().map(({ name, title }) => ({ name, title }))),
  );

  api.get<{ Querystring: CronQuery }>('/sys/quartzJob/cronPreview', { ...permission('system:quartzJob:list'), schema: { querystring: CronQuery } }, async (request) => {
    const { cron } = request.query;
    const preview: CronPreview = checkCron(cron).ok ? { valid: true, nextTimes: nextFireTimes(cron, PREVIEW_COUNT).map((time) => formatShopTime(time)) } : { valid: false, nextTimes: [] };
    return ok(preview);
  });

  async function setStatus(id: string, status: number, username: string | null): Promise<void> {
    const updated = await jobs().updateTable('sys_quartz_job').set({ status, update_by: username, update_time: new Date() }).where('id', '=', id).returning('id').executeTakeFirst();
    if (updated === undefined) throw businessError(MSG_JOB_NOT_FOUND);
    await scheduler.sync();
  }

  api.get<{ Querystring: JobIdQuery }>('/sys/quartzJob/resume', { ...permission('system:quartzJob:edit'), schema: { querystring: JobIdQuery } }, async (request) => {
    await setStatus(request.query.id, JOB_STATUS_NORMAL, request.auth?.username ?? null);
    return ok(null, MSG_STARTED);
  });

  api.get<{ Querystring: JobIdQuery }>('/sys/quartzJob/pause', { ...permission('system:quartzJob:edit'), schema: { querystring: JobIdQuery } }, async (request) => {
    await setStatus(request.query.id, JOB_STATUS_STOPPED, request.auth?.username ?? null);
    return ok(null, MSG_PAUSED);
  });

  api.get<{ Querystring: JobIdQuery }>('/sys/quartzJob/execute', { ...permission('system:quartzJob:execute'), schema: { querystring: JobIdQuery } }, async (request) => {
    const result = await scheduler.runNow(request.query.id);
    if (result === null) throw businessError(MSG_JOB_NOT_FOUND);
    if (result.status === 'failure') throw businessError(`执行失败：${result.message}`);
    return ok(result, '执行成功');
  });
}
