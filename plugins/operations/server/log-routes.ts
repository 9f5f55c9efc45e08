import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { addDays, LOG_TYPE_LOGIN, logDb, NO_INPUT, ok, registerEntityRoutes, shopDay, shopDayStart, tenantOf, type AppContext, type LabelResolver } from '../../../server/kit';
import { dataLogEntity, sysLogEntity, type LoginInfo, type VisitInfoRow } from '../entities';

const VISIT_DAYS = 7;

/** The first instant of a shop day (`YYYY-MM-DD`, a real date: it comes from shopDay or addDays). */
function dayStart(day: string): Date {
  const start = shopDayStart(day);
  if (start === null) throw new Error(`not a day: ${day}`);
  return start;
}

/**
 * 日志管理 (read-only lists and export of the login and operation logs), 数据日志 (the records' histories) and the dashboard's login and
 * visit statistics (`/sys/loginfo`, `/sys/visitInfo`), counted from successful staff logins by the
 * shop's days (SHOP_TIME_ZONE, server/time/shop-time.ts), whatever the server's own zone.
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
      readScope: (request) => [sql`${sql.id('tenant_id')} in (0, ${tenantOf(request)})`],
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
    const [total, todays] = await Promise.all([loginCounts(null, null), loginCounts(dayStart(shopDay()), null)]);
    return ok<LoginInfo>({ totalVisitCount: total.visit, todayVisitCount: todays.visit, todayIp: todays.ip });
  });

  api.get('/sys/visitInfo', { config: { access: 'authenticated' }, schema: NO_INPUT }, async () => {
    await ctx.logWriter.flush();
    const today = shopDay();
    const rows: VisitInfoRow[] = [];
    for (let back = VISIT_DAYS - 1; back >= 0; back -= 1) {
      const date = addDays(today, -back);
      const counts = await loginCounts(dayStart(date), dayStart(addDays(date, 1)));
      rows.push({ ...counts, tian: date, type: date.slice(5) });
    }
    return ok(rows);
  });
}
