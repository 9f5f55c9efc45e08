import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { registerEntityRoutes } from '../../../server/crud/register-entity-routes';
import type { LabelResolver } from '../../../server/crud/labels';
import type { AppContext } from '../../../server/context';
import { ok } from '../../../server/http/envelope';
import { NO_INPUT } from '../../../server/http/schemas';
import { LOG_TYPE_LOGIN, logDb } from '../../../server/logs/log-tables';
import { dataLogEntity, sysLogEntity, type LoginInfo, type VisitInfoRow } from '../entities';

const VISIT_DAYS = 7;

function startOfLocalDay(time: Date): Date {
  return new Date(time.getFullYear(), time.getMonth(), time.getDate());
}

function ymd(day: Date): string {
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}

/**
 * 日志管理 (read-only lists and export of the login and operation logs), 数据日志 (the records' histories) and the dashboard's login and
 * visit statistics (`/sys/loginfo`, `/sys/visitInfo`), counted from successful staff logins by the
 * server's local days.
 */
export async function registerLogRoutes(api: FastifyInstance, ctx: AppContext, labels: LabelResolver): Promise<void> {
  const logs = () => logDb(ctx.db);
  // The writer batches rows off the request path: the list and its export first write what is queued,
  // so a login or change made a moment ago is already there (the statistics below do the same).
  await api.register(async (reads) => {
    reads.addHook('preHandler', async () => ctx.logWriter.flush());
    await registerEntityRoutes(reads, sysLogEntity, { labels, actions: ['list', 'queryById', 'exportXls'] });
    // 数据日志: the caller's tenant's records and the tables outside tenants (users, roles, dictionaries…).
    await registerEntityRoutes(reads, dataLogEntity, {
      labels,
      actions: ['list', 'queryById'],
      readScope: (request) => [sql`${sql.id('tenant_id')} in (0, ${request.tenantId ?? 0})`],
    });
  });

  async function loginCounts(from: Date | null, to: Date | null): Promise<{ visit: number; ip: number }> {
    let query = logs()
      .selectFrom('sys_log')
      .select([sql<number>`count(*)::int`.as('visit'), sql<number>`count(distinct ip)::int`.as('ip')])
      .where('log_type', '=', LOG_TYPE_LOGIN)
      .where('success', '=', true);
    if (from !== null) query = query.where('create_time', '>=', from);
    if (to !== null) query = query.where('create_time', '<', to);
    const row = await query.executeTakeFirst();
    return { visit: row?.visit ?? 0, ip: row?.ip ?? 0 };
  }

  api.get('/sys/loginfo', { config: { access: 'authenticated' }, schema: NO_INPUT }, async () => {
    await ctx.logWriter.flush();
    const today = startOfLocalDay(new Date());
    const [total, todays] = await Promise.all([loginCounts(null, null), loginCounts(today, null)]);
    return ok<LoginInfo>({ totalVisitCount: total.visit, todayVisitCount: todays.visit, todayIp: todays.ip });
  });

  api.get('/sys/visitInfo', { config: { access: 'authenticated' }, schema: NO_INPUT }, async () => {
    await ctx.logWriter.flush();
    const today = startOfLocalDay(new Date());
    const rows: VisitInfoRow[] = [];
    for (let back = VISIT_DAYS - 1; back >= 0; back -= 1) {
      const day = new Date(today.getFullYear(), today.getMonth(), today.getDate() - back);
      const next = new Date(day.getFullYear(), day.getMonth(), day.getDate() + 1);
      const counts = await loginCounts(day, next);
      const date = ymd(day);
      rows.push({ ...counts, tian: date, type: date.slice(5) });
    }
    return ok(rows);
  });
}
