import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { DATA_CONTENT_TEXT, DATA_ENTITY_TITLE, DATA_RECORD_NAME, isFieldChange, storedJson } from '../../../src/contracts/data-log';
import { nameFieldOf, plainNameOf } from '../../../src/contracts/entity';
import { addDays, businessError, findDataLogTable, Id, listQuerySchema, LOG_TYPE_LOGIN, logDb, MSG_NOT_FOUND_RECORD, nameLoggedVersions, NO_INPUT, ok, permission, query, registerEntityRoutes, shopDay, shopDayStart, tenantOf, type AppContext, type LabelResolver, type QueryParams, type WireRecord } from '../../../server/kit';
import { dataLogEntity, sysLogEntity, type LoginInfo, type VisitInfoRow } from '../entities';

const VISIT_DAYS = 7;

/**
 * Data-log rows with each version's codes and ids named (server/logs/data-log-names.ts): their changes' `beforeText` /
 * `afterText` in `dataChanges`, and what their content reads as beside it (`dataContentText`). A table no engine route
 * serves any more keeps its raw values.
 */
async function namedDataLogs(api: FastifyInstance, tenantId: number, records: readonly WireRecord[]): Promise<WireRecord[]> {
  const byTable = new Map<string, number[]>();
  records.forEach((record, index) => {
    const table = String(record.dataTable ?? '');
    byTable.set(table, [...(byTable.get(table) ?? []), index]);
  });
  const named = records.map((record) => ({ ...record }));
  for (const [table, indexes] of byTable) {
    const target = findDataLogTable(api, table);
    if (target === undefined) continue;
    const versions = indexes.map((index) => {
      const changes = storedJson(records[index]?.dataChanges);
      const content = storedJson(records[index]?.dataContent);
      return {
        changes: Array.isArray(changes) ? changes.filter(isFieldChange) : [],
        content: typeof content === 'object' && content !== null && !Array.isArray(content) ? (content as Record<string, unknown>) : {},
      };
    });
    const texts = await nameLoggedVersions(api, target.entity, tenantId, versions);
    const nameField = nameFieldOf(target.entity);
    indexes.forEach((index, at) => {
      const record = named[index];
      const text = texts[at];
      if (record === undefined || text === undefined) return;
      record.dataChanges = text.changes;
      record[DATA_CONTENT_TEXT] = text.contentText;
      if (target.entity.title !== undefined) record[DATA_ENTITY_TITLE] = target.entity.title;
      // The record by its name, never its id: a reference or a code only when it could be named.
      const name = (nameField === undefined ? undefined : text.contentText[nameField]) ?? plainNameOf(target.entity, versions[at]?.content ?? {});
      if (name !== null) record[DATA_RECORD_NAME] = name;
    });
  }
  return named;
}

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
    const dataLogs = await registerEntityRoutes(reads, dataLogEntity, {
      labels,
      actions: [],
      readScope: (request) => [sql`${sql.id('tenant_id')} in (0, ${tenantOf(request)})`],
    });
    // The engine's list and queryById, each version's codes and ids then named as the record's own lists name them.
    const access = permission(`${dataLogEntity.permission}:list`);
    reads.get(`${dataLogEntity.api}/list`, { ...access, schema: { querystring: listQuerySchema(dataLogEntity) } }, async (request) => {
      const page = await dataLogs.list(request, request.query as QueryParams);
      return ok({ ...page, records: await namedDataLogs(reads, tenantOf(request), page.records) });
    });
    reads.get<{ Querystring: { id: string } }>(`${dataLogEntity.api}/queryById`, { ...access, schema: { querystring: query({ id: Id }) } }, async (request) => {
      const record = await dataLogs.findById(request, request.query.id);
      if (record === null) throw businessError(MSG_NOT_FOUND_RECORD);
      return ok((await namedDataLogs(reads, tenantOf(request), [record]))[0]);
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
