import { FIELD_TYPES, hrefProblem, type FieldType } from '../../cgreport-api';
import { sql, type Kysely, type Selectable } from 'kysely';
import { allowedReportTables, businessError, chartOf, checkCost, checkReportSql, inReportTransaction, lockAtVersion, newId, prepareReport, ReportSqlError, rowVersionSql, splitReportSql, type Database, type PopupReportTables, type ReportAllowListTables, type ReportChart, type ReportLog } from '../../../../server/kit';

/** The report builder's tables: the core's popup report tables plus the columns and tables of cgreport/migrations.ts. */
export type CgreportTables = Omit<PopupReportTables, 'onl_cgreport_head'> &
  ReportAllowListTables & {
    onl_cgreport_head: PopupReportTables['onl_cgreport_head'] & { chart_type: string | null; chart_x: string | null; chart_y: string | null; update_time: Date | null };
  };
export type CgreportDb = Kysely<Database & CgreportTables>;
export type HeadRow = Selectable<CgreportTables['onl_cgreport_head']>;

export { FIELD_TYPES, type FieldType };

export interface ReportItemInput {
  fieldName: string;
  fieldTxt: string;
  fieldType: FieldType;
  fieldWidth?: number | null;
  isShow: number;
  isOrder: number;
  isSearch: number;
  searchMode?: 'single' | 'range';
  dictCode?: string | null;
  orderNum?: number;
  isTotal: number;
  fieldHref?: string | null;
}

export interface ReportParamInput {
  paramName: string;
  paramTxt: string;
  paramValue?: string | null;
}

export interface ReportInput {
  code: string;
  name: string;
  cgrSql: string;
  items: ReportItemInput[];
  params?: ReportParamInput[];
  chart?: ReportChart | null;
  /** The version the builder read (edit only): a save over a newer one is refused. */
  rowVersion?: string;
}

export const CGREPORT_MESSAGES = {
  codeTaken: (code: string) => `报表编码已存在：${code}`,
  notFound: '报表不存在',
  noItems: '报表至少需要一列',
  duplicateField: (name: string) => `字段名重复：${name}`,
  fieldNotInSql: (name: string) => `字段不在SQL的结果列中：${name}`,
  duplicateParam: (name: string) => `参数名重复：${name}`,
  paramNotInSql: (name: string) => `参数未在SQL中使用：${name}`,
  totalNotNumeric: (name: string) => `只有数值列可以合计：${name}`,
  badHref: (name: string) => `链接格式不正确（以 / 开头的本系统路径或 http(s) 地址）：${name}`,
  hrefColumn: (name: string, column: string) => `链接引用的列不存在：${name} 中的 \${${column}}`,
  chartField: (name: string) => `图表字段不是报表的列：${name}`,
  tableForbidden: (name: string) => `该数据表不能用于报表：${name}`,
  tableMissing: (name: string) => `数据表不存在：${name}`,
  tableListed: (name: string) => `数据表已在允许列表中：${name}`,
} as const;

/** A column of the statement's result: its name, the item type it maps to and the database type. */
export interface ReportColumnInfo {
  fieldName: string;
  fieldType: FieldType;
  dbType: string;
}

function fieldTypeOf(dbType: string): FieldType {
  if (/^(smallint|integer|bigint)$/.test(dbType)) return 'Integer';
  if (/^(numeric|real|double precision)/.test(dbType)) return 'Decimal';
  if (dbType === 'date') return 'Date';
  if (dbType.startsWith('timestamp')) return 'Datetime';
  return 'String';
}

/** Turns a guard refusal into the business message shown to the user. */
async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ReportSqlError) throw businessError(error.message);
    throw error;
  }
}

/**
 * 解析SQL: the guard, then the statement run with every parameter null inside the read-only transaction
 * (a one-row outer join keeps the column names when the result is empty); the types from `pg_typeof`.
 */
export async function describeReportSql(db: CgreportDb, text: string, tenantId: number, log: ReportLog): Promise<{ columns: ReportColumnInfo[]; params: string[] }> {
  const names = await guarded(async () => splitReportSql(text).names);
  const nulls = Object.fromEntries(names.map((name) => [name, null]));
  const columns = await inReportTransaction(
    db,
    log,
    'parseSql',
    async (trx) => {
      const { prefix, source } = await prepareReport(trx, text, nulls, tenantId);
      const probe = sql`${prefix}select t.* from (select 1) as probe left join (${source}) t on true limit 1`;
      await checkCost(trx, probe);
      const first = (await sql<Record<string, unknown>>`${probe}`.execute(trx)).rows[0] ?? {};
      const fields = Object.keys(first);
      if (fields.length === 0) return [];
      const typed = sql.join(fields.map((field) => sql`pg_typeof(${sql.ref(`t.${field}`)})::text as ${sql.id(field)}`));
      const types = (await sql<Record<string, string>>`${prefix}select ${typed} from (select 1) as probe left join (${source}) t on true limit 1`.execute(trx)).rows[0] ?? {};
      return fields.map((field) => ({ fieldName: field, dbType: types[field] ?? 'text', fieldType: fieldTypeOf(types[field] ?? 'text') }));
    },
    { detail: true },
  );
  return { columns, params: names };
}

/** The checks of a definition beyond its schema; returns the parameters to store (every `${name}` of the SQL). */
async function validate(db: CgreportDb, input: ReportInput, tenantId: number, log: ReportLog): Promise<ReportParamInput[]> {
  await guarded(async () => checkReportSql(input.cgrSql, await allowedReportTables(db)));
  if (input.items.length === 0) throw businessError(CGREPORT_MESSAGES.noItems);
  const { columns, params } = await describeReportSql(db, input.cgrSql, tenantId, log);
  const resultNames = new Set(columns.map((column) => column.fieldName));
  const seen = new Set<string>();
  for (const item of input.items) {
    if (seen.has(item.fieldName)) throw businessError(CGREPORT_MESSAGES.duplicateField(item.fieldName));
    seen.add(item.fieldName);
    if (!resultNames.has(item.fieldName)) throw businessError(CGREPORT_MESSAGES.fieldNotInSql(item.fieldName));
    if (item.isTotal === 1 && item.fieldType !== 'Integer' && item.fieldType !== 'Decimal') throw businessError(CGREPORT_MESSAGES.totalNotNumeric(item.fieldName));
  }
  for (const item of input.items) {
    const problem = item.fieldHref ? hrefProblem(item.fieldHref, [...resultNames]) : null;
    if (problem === 'shape') throw businessError(CGREPORT_MESSAGES.badHref(item.fieldName));
    if (problem !== null) throw businessError(CGREPORT_MESSAGES.hrefColumn(item.fieldName, problem.unknownColumn));
  }
  const given = input.params ?? [];
  const paramNames = new Set<string>();
  for (const param of given) {
    if (paramNames.has(param.paramName)) throw businessError(CGREPORT_MESSAGES.duplicateParam(param.paramName));
    paramNames.add(param.paramName);
    if (!params.includes(param.paramName)) throw businessError(CGREPORT_MESSAGES.paramNotInSql(param.paramName));
  }
  if (input.chart) {
    for (const field of [input.chart.x, input.chart.y]) if (!seen.has(field)) throw businessError(CGREPORT_MESSAGES.chartField(field));
  }
  return params.map((name) => given.find((param) => param.paramName === name) ?? { paramName: name, paramTxt: name, paramValue: null });
}

async function writeChildren(trx: CgreportDb, headId: string, input: ReportInput, params: ReportParamInput[]): Promise<void> {
  // The popup's "shown when the query form is expanded" flag is not edited here: a column keeps its own.
  const hidden = new Map((await trx.selectFrom('onl_cgreport_item').select(['field_name', 'search_hidden']).where('cgrhead_id', '=', headId).execute()).map((row) => [row.field_name, row.search_hidden]));
  await trx.deleteFrom('onl_cgreport_item').where('cgrhead_id', '=', headId).execute();
  await trx.deleteFrom('onl_cgreport_param').where('cgrhead_id', '=', headId).execute();
  await trx
    .insertInto('onl_cgreport_item')
    .values(
      input.items.map((item, index) => ({
        id: newId(),
        cgrhead_id: headId,
        field_name: item.fieldName,
        field_txt: item.fieldTxt,
        field_type: item.fieldType,
        field_width: item.fieldWidth ?? null,
        is_show: item.isShow,
        is_order: item.isOrder,
        is_search: item.isSearch,
        search_hidden: hidden.get(item.fieldName) ?? '0',
        search_mode: item.searchMode ?? 'single',
        dict_code: item.dictCode ? item.dictCode : null,
        order_num: item.orderNum ?? index + 1,
        is_total: item.isTotal,
        field_href: item.fieldHref ? item.fieldHref : null,
      })),
    )
    .execute();
  if (params.length > 0) {
    await trx
      .insertInto('onl_cgreport_param')
      .values(params.map((param, index) => ({ id: newId(), cgrhead_id: headId, param_name: param.paramName, param_txt: param.paramTxt, param_value: param.paramValue ?? null, order_num: index + 1 })))
      .execute();
  }
}

/** The caller's transaction when there is one (the demo seed), else a new one. */
function inOwnTransaction(db: CgreportDb, work: (trx: CgreportDb) => Promise<void>): Promise<void> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/** Saves a new definition after the guard and the checks; returns its id. */
export async function addReport(db: CgreportDb, input: ReportInput, tenantId: number, log: ReportLog): Promise<string> {
  const params = await validate(db, input, tenantId, log);
  const taken = await db.selectFrom('onl_cgreport_head').select('id').where('code', '=', input.code).executeTakeFirst();
  if (taken !== undefined) throw businessError(CGREPORT_MESSAGES.codeTaken(input.code));
  const id = newId();
  await inOwnTransaction(db, async (trx) => {
    await trx
      .insertInto('onl_cgreport_head')
      .values({ id, code: input.code, name: input.name, cgr_sql: input.cgrSql, chart_type: input.chart?.type ?? null, chart_x: input.chart?.x ?? null, chart_y: input.chart?.y ?? null })
      .execute();
    await writeChildren(trx, id, input, params);
  });
  return id;
}

/** Replaces a definition's head, items and parameters after the same checks as add. */
export async function editReport(db: CgreportDb, id: string, input: ReportInput, tenantId: number, log: ReportLog): Promise<void> {
  const current = await db.selectFrom('onl_cgreport_head').select('id').where('id', '=', id).executeTakeFirst();
  if (current === undefined) throw businessError(CGREPORT_MESSAGES.notFound);
  const params = await validate(db, input, tenantId, log);
  const taken = await db.selectFrom('onl_cgreport_head').select('id').where('code', '=', input.code).where('id', '<>', id).executeTakeFirst();
  if (taken !== undefined) throw businessError(CGREPORT_MESSAGES.codeTaken(input.code));
  await inOwnTransaction(db, async (trx) => {
    // Locked at the version the builder read: of two saves of it only the first writes.
    await lockAtVersion(trx, { table: 'onl_cgreport_head', id }, input.rowVersion);
    await trx
      .updateTable('onl_cgreport_head')
      .set({ code: input.code, name: input.name, cgr_sql: input.cgrSql, chart_type: input.chart?.type ?? null, chart_x: input.chart?.x ?? null, chart_y: input.chart?.y ?? null, update_time: new Date() })
      .where('id', '=', id)
      .execute();
    await writeChildren(trx, id, input, params);
  });
}

/** A definition as the builder edits it. */
export async function reportById(db: CgreportDb, id: string): Promise<(ReportInput & { id: string }) | null> {
  const head = await db.selectFrom('onl_cgreport_head').selectAll().select(rowVersionSql().as('row_version')).where('id', '=', id).executeTakeFirst();
  if (head === undefined) return null;
  const items = await db.selectFrom('onl_cgreport_item').selectAll().where('cgrhead_id', '=', id).orderBy('order_num').execute();
  const params = await db.selectFrom('onl_cgreport_param').selectAll().where('cgrhead_id', '=', id).orderBy('order_num').execute();
  return {
    id: head.id,
    rowVersion: head.row_version,
    code: head.code,
    name: head.name,
    cgrSql: head.cgr_sql,
    chart: chartOf(head),
    items: items.map((item) => ({
      fieldName: item.field_name,
      fieldTxt: item.field_txt,
      fieldType: (FIELD_TYPES as readonly string[]).includes(item.field_type) ? (item.field_type as FieldType) : 'String',
      fieldWidth: item.field_width,
      isShow: item.is_show,
      isOrder: item.is_order,
      isSearch: item.is_search,
      searchMode: item.search_mode === 'range' ? 'range' : 'single',
      dictCode: item.dict_code,
      orderNum: item.order_num,
      isTotal: item.is_total,
      fieldHref: item.field_href,
    })),
    params: params.map((param) => ({ paramName: param.param_name, paramTxt: param.param_txt, paramValue: param.param_value })),
  };
}

/** Adds a table to the reports' allow-list: an existing table of the public schema that the guard does not forbid. */
export async function allowTable(db: CgreportDb, tableName: string, remark: string | null, forbidden: (name: string) => boolean): Promise<string> {
  if (forbidden(tableName)) throw businessError(CGREPORT_MESSAGES.tableForbidden(tableName));
  const exists = await sql<{ n: number }>`select 1 as n from information_schema.tables where table_schema = 'public' and table_name = ${tableName}`.execute(db);
  if (exists.rows.length === 0) throw businessError(CGREPORT_MESSAGES.tableMissing(tableName));
  const listed = await db.selectFrom('onl_cgreport_table').select('id').where('table_name', '=', tableName).executeTakeFirst();
  if (listed !== undefined) throw businessError(CGREPORT_MESSAGES.tableListed(tableName));
  const id = newId();
  await db.insertInto('onl_cgreport_table').values({ id, table_name: tableName, remark }).execute();
  return id;
}
