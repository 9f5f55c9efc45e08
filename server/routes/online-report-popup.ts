import type { FastifyInstance } from 'fastify';
import { sql, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import { businessError, ok } from '../http/envelope';
import { Line, params, query } from '../http/schemas';
import type { PopupReportTables } from './online-report-tables';

export const POPUP_REPORT_PATHS = {
  columns: '/online/cgreport/api/getRpColumns',
  queryInfo: '/online/cgreport/api/getQueryInfo',
  data: '/online/cgreport/api/getData',
} as const;

export const MSG_REPORT_NOT_FOUND = '报表不存在';
export const MSG_REPORT_QUERY_FAILED = '报表查询失败';
const MAX_PAGE_SIZE = 100;
const QUERY_TIMEOUT_MS = 5000;

type ReportDb = Kysely<Database & PopupReportTables>;
type ItemRow = Selectable<PopupReportTables['onl_cgreport_item']>;

async function findHead(db: ReportDb, by: 'code' | 'id', value: string) {
  return db.selectFrom('onl_cgreport_head').selectAll().where(by, '=', value).executeTakeFirst();
}

async function itemsOf(db: ReportDb, headId: string): Promise<ItemRow[]> {
  return db.selectFrom('onl_cgreport_item').selectAll().where('cgrhead_id', '=', headId).orderBy('order_num').execute();
}

const isNumeric = (type: string) => type === 'Integer' || type === 'Decimal';
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

/** A range bound on a date: `YYYY-MM-DD` (the whole day: 00:00:00 / 23:59:59, conventions §2.2) or `YYYY-MM-DD HH:mm:ss`; else null. */
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

/** The popup report endpoints (spec §7 Online report popup) over definitions stored in the database. */
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
      })),
      dictOptions,
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
    const items = await itemsOf(db, head.id);
    const query = request.query;
    const pageNo = positiveInt(query.pageNo, 1, 1_000_000);
    const pageSize = positiveInt(query.pageSize, 10, MAX_PAGE_SIZE);
    const sortItem = items.find((item) => item.is_order === 1 && item.field_name === query.column);
    const direction = query.order === 'asc' ? sql.raw('asc') : sql.raw('desc');
    const orderBy = sortItem ? sql`order by ${sql.ref(`t.${sortItem.field_name}`)} ${direction}, t.id` : sql`order by t.id`;
    const conditions = conditionsFor(items, query);
    const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
    // The report text is authored on the server; only the values above travel as parameters.
    const source = sql.raw(head.cgr_sql);

    try {
      return await db.transaction().execute(async (trx) => {
        await sql`set transaction read only`.execute(trx);
        await sql.raw(`set local statement_timeout = ${QUERY_TIMEOUT_MS}`).execute(trx);
        const total = await sql<{ total: string | number }>`select count(*) as total from (${source}) t ${where}`.execute(trx);
        const records = await sql<Record<string, unknown>>`select t.* from (${source}) t ${where} ${orderBy} limit ${pageSize} offset ${(pageNo - 1) * pageSize}`.execute(trx);
        return ok({ records: records.rows, total: Number(total.rows[0]?.total ?? 0), current: pageNo, size: pageSize });
      });
    } catch (error) {
      request.log.warn({ err: error, report: head.code }, 'popup report query failed');
      throw businessError(MSG_REPORT_QUERY_FAILED);
    }
  });
}
