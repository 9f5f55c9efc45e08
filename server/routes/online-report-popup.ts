import type { FastifyInstance } from 'fastify';
import { sql, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import { ApiError, businessError, ok } from '../http/envelope';
import { invalidInput, Line, params, query } from '../http/schemas';
import { allowedReportTables, checkReportSql, ReportSqlError, splitReportSql, type PopupReportTables } from './online-report-tables';
import { formatShopTime } from '../time/shop-time';

export const POPUP_REPORT_PATHS = {
  columns: '/online/cgreport/api/getRpColumns',
  queryInfo: '/online/cgreport/api/getQueryInfo',
  data: '/online/cgreport/api/getData',
} as const;

export const MSG_REPORT_NOT_FOUND = '报表不存在';
export const MSG_REPORT_QUERY_FAILED = '报表查询失败';
export const MSG_REPORT_SQL_FAILED = (reason: string) => `报表SQL无法执行：${reason}`;
export const MSG_REPORT_TIMEOUT = '报表查询超时，请缩小查询范围';
/** A parameter the database could not read as its type (a date that is no date, a number that is none). */
export const MSG_REPORT_PARAM_INVALID = (reason: string) => `查询条件的值格式不正确：${reason}`;

/**
 * SQLSTATE class 22, data exception: the value of a parameter does not fit its type (invalid_datetime_format,
 * datetime_field_overflow, invalid_text_representation, numeric_value_out_of_range …). That is the reader's
 * input, not a fault of the report: answered 400 and left to the request log, without a stack trace. A division
 * by zero (22012) is the report's own fault and stays one.
 */
function isDataException(error: unknown): error is Error {
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return error instanceof Error && typeof code === 'string' && code.startsWith('22') && code !== '22012';
}
export const MSG_REPORT_TOO_COSTLY = '报表查询过于复杂，请缩小查询范围或增加条件';
const MAX_PAGE_SIZE = 100;

/**
 * Execution limits of every report run. The statement timeout stops a long query on PostgreSQL; the
 * embedded PGlite (WASM, no timer signals) cannot interrupt a running statement, so the planner's cost
 * estimate (EXPLAIN) is checked first and a query over `maxCost` never starts, on either database.
 */
export const REPORT_LIMITS = { timeoutMs: 5000, maxCost: 1_000_000, exportRows: 5000 };

export type ReportDb = Kysely<Database & PopupReportTables>;
type ItemRow = Selectable<PopupReportTables['onl_cgreport_item']>;
type ParamRow = Selectable<PopupReportTables['onl_cgreport_param']>;

export async function findHead(db: ReportDb, by: 'code' | 'id', value: string) {
  return db.selectFrom('onl_cgreport_head').selectAll().where(by, '=', value).executeTakeFirst();
}

export async function itemsOf(db: ReportDb, headId: string): Promise<ItemRow[]> {
  return db.selectFrom('onl_cgreport_item').selectAll().where('cgrhead_id', '=', headId).orderBy('order_num').execute();
}

/** The report's `${name}` parameters (none before the online plugin made their table). */
export async function paramsOf(db: ReportDb, headId: string): Promise<ParamRow[]> {
  const exists = await sql<{ name: string | null }>`select to_regclass('public.onl_cgreport_param')::text as name`.execute(db);
  if (!exists.rows[0]?.name) return [];
  return db.selectFrom('onl_cgreport_param').selectAll().where('cgrhead_id', '=', headId).orderBy('order_num').execute();
}

export interface ReportChart {
  type: 'bar' | 'line' | 'pie';
  x: string;
  y: string;
}

/** The chart settings of a head (columns of the online plugin's migration; null when none). */
export function chartOf(head: object): ReportChart | null {
  const { chart_type: type, chart_x: x, chart_y: y } = head as { chart_type?: unknown; chart_x?: unknown; chart_y?: unknown };
  if ((type === 'bar' || type === 'line' || type === 'pie') && typeof x === 'string' && typeof y === 'string' && x !== '' && y !== '') return { type, x, y };
  return null;
}

export const isNumeric = (type: string) => type === 'Integer' || type === 'Decimal';
const isDate = (type: string) => type === 'Date' || type === 'Datetime';
const isRange = (item: ItemRow) => item.search_mode === 'range' && (isNumeric(item.field_type) || isDate(item.field_type));

function positiveInt(raw: unknown, fallback: number, max: number): number {
  const value = typeof raw === 'string' ? Number(raw) : NaN;
  return Number.isInteger(value) && value > 0 ? Math.min(value, max) : fallback;
}

function filled(raw: unknown): string | null {
  return typeof raw === 'string' && raw.trim() !== '' ? raw.trim() : null;
}

const DATE_VALUE = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/;

/** A range bound on a date: `YYYY-MM-DD` (the whole day: 00:00:00 / 23:59:59, docs/reference/jeecg-conventions.md §2.2) or `YYYY-MM-DD HH:mm:ss`; else null. */
export function dateBound(raw: string, end: boolean): string | null {
  const match = DATE_VALUE.exec(raw);
  if (match === null) return null;
  const [year = '', month = '', day = '', hour = end ? '23' : '00', minute = end ? '59' : '00', second = end ? '59' : '00'] = match.slice(1);
  const [y, mo, d, h, mi, s] = [year, month, day, hour, minute, second].map(Number) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d));
  const real = date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && h < 24 && mi < 60 && s < 60;
  return real ? `${year}-${month}-${day} ${hour}:${minute}:${second}` : null;
}

/** A bound of a range item as a bound parameter, or null when the value does not fit the item's type. */
function rangeBound(item: ItemRow, raw: string, end: boolean): RawBuilder<unknown> | null {
  if (isNumeric(item.field_type)) {
    const number = Number(raw);
    return Number.isFinite(number) ? sql`${number}` : null;
  }
  const bound = dateBound(raw, end);
  return bound === null ? null : sql`cast(${bound} as timestamp)`;
}

/**
 * One WHERE condition per searchable item the request fills; names come from the report's items only.
 * Range items read `<field>_begin` / `<field>_end` (>= / <=); values that do not fit the type are ignored.
 */
function conditionsFor(items: ItemRow[], query: Record<string, unknown>): RawBuilder<unknown>[] {
  const conditions: RawBuilder<unknown>[] = [];
  for (const item of items) {
    if (item.is_search !== 1) continue;
    const column = sql.ref(`t.${item.field_name}`);
    if (isRange(item)) {
      const compared = isDate(item.field_type) ? sql`cast(${column} as timestamp)` : column;
      const begin = filled(query[`${item.field_name}_begin`]);
      const end = filled(query[`${item.field_name}_end`]);
      const low = begin === null ? null : rangeBound(item, begin, false);
      const high = end === null ? null : rangeBound(item, end, true);
      if (low !== null) conditions.push(sql`${compared} >= ${low}`);
      if (high !== null) conditions.push(sql`${compared} <= ${high}`);
      continue;
    }
    const value = filled(query[item.field_name]);
    if (value === null) continue;
    if (isNumeric(item.field_type)) {
      const number = Number(value);
      if (Number.isFinite(number)) conditions.push(sql`${column} = ${number}`);
    } else if (item.dict_code) {
      // A dictionary value is chosen from a list: it matches exactly.
      conditions.push(sql`${column}::text = ${value}`);
    } else {
      const pattern = `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      conditions.push(sql`${column}::text ilike ${pattern}`);
    }
  }
  return conditions;
}

/** The popup report endpoints (docs/spec.md §7 Online report popup) over definitions stored in the database. */
export function registerOnlineReportPopupRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db: ReportDb = ctx.db.withTables<PopupReportTables>();
  const access = { access: 'authenticated' as const };

  app.get<{ Params: { code: string } }>(`${POPUP_REPORT_PATHS.columns}/:code`, { config: access, schema: { params: params({ code: Line(100) }) } }, async (request) => {
    const head = await findHead(db, 'code', request.params.code);
    if (head === undefined) throw businessError(MSG_REPORT_NOT_FOUND);
    const items = (await itemsOf(db, head.id)).filter((item) => item.is_show === 1);
    const dictOptions: Record<string, unknown> = {};
    for (const item of items) {
      if (item.dict_code) dictOptions[item.field_name] = (await ctx.dictionaries.items(item.dict_code)) ?? [];
    }
    return ok({
      cgRpConfigId: head.id,
      cgRpConfigName: head.name,
      columns: items.map((item) => ({
        title: item.field_txt,
        dataIndex: item.field_name,
        width: item.field_width,
        sorter: item.is_order === 1,
        fieldType: item.field_type,
        isTotal: item.is_total === 1,
        href: item.field_href,
      })),
      dictOptions,
      params: (await paramsOf(db, head.id)).map((param) => ({ paramName: param.param_name, paramTxt: param.param_txt, paramValue: param.param_value })),
      chart: chartOf(head),
    });
  });

  app.get<{ Params: { id: string } }>(`${POPUP_REPORT_PATHS.queryInfo}/:id`, { config: access, schema: { params: params({ id: Line(64) }) } }, async (request) => {
    const head = await findHead(db, 'id', request.params.id);
    if (head === undefined) throw businessError(MSG_REPORT_NOT_FOUND);
    const items = (await itemsOf(db, head.id)).filter((item) => item.is_search === 1);
    return ok(
      items.map((item) => ({
        field: item.field_name,
        label: item.field_txt,
        view: isNumeric(item.field_type) ? 'number' : isDate(item.field_type) ? 'date' : 'text',
        mode: isRange(item) ? 'range' : 'single',
        dictCode: item.dict_code,
        hidden: item.search_hidden === '1' ? '1' : '0',
      })),
    );
  });

  app.get<{ Params: { id: string }; Querystring: Record<string, unknown> }>(`${POPUP_REPORT_PATHS.data}/:id`, { config: access, schema: { params: params({ id: Line(64) }), querystring: query({}) } }, async (request) => {
    const head = await findHead(db, 'id', request.params.id);
    if (head === undefined) throw businessError(MSG_REPORT_NOT_FOUND);
    const pageNo = positiveInt(request.query.pageNo, 1, 1_000_000);
    const pageSize = positiveInt(request.query.pageSize, 10, MAX_PAGE_SIZE);
    const page = await runReport(db, head, request.query, request.tenantId ?? 0, { limit: pageSize, offset: (pageNo - 1) * pageSize }, request.log);
    return ok({ records: page.records, total: page.total, totals: page.totals, current: pageNo, size: pageSize });
  });
}

/** Values of a report's parameters: the request's, else the definition's default, else SQL null. */
function paramValues(names: readonly string[], defaults: readonly ParamRow[], query: Record<string, unknown>): Record<string, string | null> {
  const values: Record<string, string | null> = {};
  for (const name of names) {
    const given = query[name];
    const fallback = defaults.find((param) => param.param_name === name)?.param_value ?? null;
    values[name] = typeof given === 'string' && given !== '' ? given : fallback === '' ? null : fallback;
  }
  return values;
}

/** A checked report as SQL to embed: the tenant-filtered tables (a WITH prefix) and the statement with every value bound. */
/** Where a failed report query is logged (a request's logger, or the seed's). */
export type ReportLog = { warn: (details: object, message: string) => void };

export interface PreparedReport {
  prefix: RawBuilder<unknown>;
  source: RawBuilder<unknown>;
  ordered: boolean;
}

/**
 * Checks the report SQL (server/routes/online-report-tables.ts `checkReportSql`, the same guard as at
 * save) and binds its parameters. Tenant isolation: every tenant-scoped table the statement reads (one
 * with a `tenant_id` column) is shadowed by a CTE of the same name holding only the caller's tenant's
 * rows; the guard refuses schema-qualified names, so the statement cannot step around the CTE, and an
 * author need not remember a tenant condition.
 */
export async function prepareReport<DB>(db: Kysely<DB>, text: string, values: Record<string, string | null>, tenantId: number): Promise<PreparedReport> {
  const checked = await checkReportSql(text, await allowedReportTables(db));
  const pieces: RawBuilder<unknown>[] = [];
  checked.template.texts.forEach((piece, index) => {
    pieces.push(sql.raw(piece));
    const slot = checked.template.slots[index];
    if (slot !== undefined) pieces.push(sql`${values[slot] ?? null}`);
  });
  // A trailing line comment must not swallow the closing parenthesis of the wrapper.
  pieces.push(sql.raw('\n'));
  const scoped = checked.tables.length === 0 ? [] : (
    await sql<{ table_name: string }>`select distinct table_name::text as table_name from information_schema.columns
      where table_schema = 'public' and column_name = 'tenant_id' and table_name in (${sql.join(checked.tables)})`.execute(db)
  ).rows.map((row) => row.table_name);
  const prefix = scoped.length === 0 ? sql`` : sql`with ${sql.join(scoped.map((table) => sql`${sql.id(table)} as (select * from ${sql.id('public', table)} where tenant_id = ${tenantId})`))} `;
  return { prefix, source: sql.join(pieces, sql``), ordered: checked.ordered };
}

/** The report's parameter names and values for a request (defaults from the definition). */
export async function reportValues(db: ReportDb, head: { id: string; cgr_sql: string }, query: Record<string, unknown>): Promise<Record<string, string | null>> {
  let names: string[];
  try {
    names = splitReportSql(head.cgr_sql).names;
  } catch (error) {
    if (error instanceof ReportSqlError) throw businessError(error.message);
    throw error;
  }
  return paramValues(names, await paramsOf(db, head.id), query);
}

/** Starts a read-only transaction with the statement timeout; maps refusals and failures to their messages. */
export async function inReportTransaction<DB, T>(
  db: Kysely<DB>,
  log: ReportLog,
  code: string,
  work: (trx: Kysely<DB>) => Promise<T>,
  options: { detail?: boolean } = {},
): Promise<T> {
  const timeout = sql.raw(`set local statement_timeout = ${Math.max(1, Math.floor(REPORT_LIMITS.timeoutMs))}`);
  try {
    // Inside a caller's transaction (the demo seed saving its reports through the builder's service) the
    // mode can no longer change; the statement there is the seed's own, already through the same guard.
    if (db.isTransaction) return await work(db);
    return await db.transaction().execute(async (trx) => {
      await sql`set transaction read only`.execute(trx);
      await timeout.execute(trx);
      return work(trx);
    });
  } catch (error) {
    if (error instanceof ReportSqlError) throw businessError(error.message);
    if (error instanceof ApiError) throw error;
    if (typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '57014') throw businessError(MSG_REPORT_TIMEOUT);
    if (isDataException(error)) throw invalidInput('', MSG_REPORT_PARAM_INVALID(error.message));
    log.warn({ err: error, report: code }, 'report query failed');
    // The builder (报表配置, administrators) sees the database's reason; a report's readers do not.
    if (options.detail === true && error instanceof Error) throw businessError(MSG_REPORT_SQL_FAILED(error.message));
    throw businessError(MSG_REPORT_QUERY_FAILED);
  }
}

/** Refuses a query whose estimated cost is over the limit (see REPORT_LIMITS). */
export async function checkCost<DB>(trx: Kysely<DB>, query: RawBuilder<unknown>): Promise<void> {
  const plan = await sql<{ 'QUERY PLAN': unknown }>`explain (format json) ${query}`.execute(trx);
  const raw: unknown = plan.rows[0]?.['QUERY PLAN'];
  const parsed: unknown = typeof raw === 'string' ? JSON.parse(raw) : raw;
  const root: unknown = Array.isArray(parsed) ? parsed[0] : null;
  const cost = typeof root === 'object' && root !== null ? Number((root as { Plan?: { 'Total Cost'?: unknown } }).Plan?.['Total Cost']) : NaN;
  if (!Number.isFinite(cost) || cost > REPORT_LIMITS.maxCost) throw businessError(MSG_REPORT_TOO_COSTLY);
}

/** A report row's instants (timestamptz columns) on the shop's clock, as every other screen shows times. */
function withShopTimes(row: Record<string, unknown>): Record<string, unknown> {
  for (const [key, value] of Object.entries(row)) if (value instanceof Date) row[key] = formatShopTime(value);
  return row;
}

export interface ReportPage {
  records: Record<string, unknown>[];
  total: number;
  /** Sums over the whole filtered result of the numeric columns marked 合计, as text (exact). */
  totals: Record<string, string | null>;
}

/**
 * Runs a report: the guard, the parameters bound (request value, else the definition's default), the
 * search items of the existing popup contract, the sort, the page — in a read-only transaction with the
 * statement timeout and the cost ceiling, over the caller's tenant's rows only.
 */
export async function runReport(
  db: ReportDb,
  head: { id: string; code: string; cgr_sql: string },
  query: Record<string, unknown>,
  tenantId: number,
  page: { limit: number; offset: number },
  log: ReportLog,
): Promise<ReportPage> {
  const items = await itemsOf(db, head.id);
  const values = await reportValues(db, head, query);
  const sortItem = items.find((item) => item.is_order === 1 && item.field_name === query.column);
  const direction = query.order === 'asc' ? sql.raw('asc') : sql.raw('desc');
  const conditions = conditionsFor(items, query);
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const summed = items.filter((item) => item.is_total === 1 && isNumeric(item.field_type));
  return inReportTransaction(db, log, head.code, async (trx) => {
    const { prefix, source, ordered } = await prepareReport(trx, head.cgr_sql, values, tenantId);
    // Without a chosen sort: the statement's own ORDER BY, else its first column (stable pages).
    const orderBy = sortItem ? sql`order by ${sql.ref(`t.${sortItem.field_name}`)} ${direction}, 1` : ordered ? sql`` : sql`order by 1`;
    const sums = summed.map((item) => sql`, sum(${sql.ref(`t.${item.field_name}`)})::text as ${sql.id(`sum_${item.field_name}`)}`);
    const countQuery = sql`${prefix}select count(*) as total${sql.join(sums, sql``)} from (${source}) t ${where}`;
    await checkCost(trx, countQuery);
    const counted = await sql<Record<string, unknown>>`${countQuery}`.execute(trx);
    const records = await sql<Record<string, unknown>>`${prefix}select t.* from (${source}) t ${where} ${orderBy} limit ${page.limit} offset ${page.offset}`.execute(trx);
    const first = counted.rows[0] ?? {};
    const totals: Record<string, string | null> = {};
    for (const item of summed) {
      const value = first[`sum_${item.field_name}`];
      totals[item.field_name] = typeof value === 'string' ? value : null;
    }
    return { records: records.rows.map(withShopTimes), total: Number(first.total ?? 0), totals };
  });
}
