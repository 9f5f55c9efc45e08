import { loadModule, parseSync } from 'libpg-query';
import { sql, type Generated, type Kysely } from 'kysely';

/** Tables of migrations 0005 and 0006, used through `db.withTables<PopupReportTables>()` (no edit of the core schema). */
export type PopupReportTables = {
  onl_cgreport_head: {
    id: string;
    code: string;
    name: string;
    cgr_sql: string;
    create_time: Generated<Date>;
  };
  onl_cgreport_item: {
    id: string;
    cgrhead_id: string;
    field_name: string;
    field_txt: string;
    field_type: string;
    field_width: number | null;
    is_show: number;
    is_order: number;
    is_search: number;
    search_hidden: string;
    /** 'single' or 'range' (`<field>_begin` / `<field>_end`); migration 0006. */
    search_mode: Generated<string>;
    dict_code: string | null;
    order_num: number;
    /** 1: the column has a sum row; column added by the online plugin's migration (absent without it). */
    is_total: Generated<number>;
    /** The cell's link with `${column}` placeholders (migration 0015), or null. */
    field_href: string | null;
  };
  /** A report's `${name}` parameters with their defaults; table of the online plugin's migration. */
  onl_cgreport_param: {
    id: string;
    cgrhead_id: string;
    param_name: string;
    param_txt: string;
    param_value: string | null;
    order_num: number;
  };
  demo_member: { id: string; member_no: string; member_name: string; phone: string; level_name: string; points: number; sex: Generated<string>; join_date: Generated<Date> };
  demo_goods: { id: string; goods_code: string; goods_name: string; spec: string; price: number; stock: number };
};

// ---- the report builder's allow-list and SQL guard (issue 18) -------------------------------------

/**
 * The administrator's allow-list of tables reports may read (`online` plugin migration). Read by the
 * guard below at save and at run; a name the guard forbids outright never counts even when listed.
 */
export type ReportAllowListTables = {
  onl_cgreport_table: { id: string; table_name: string; remark: string | null; create_time: Generated<Date> };
};

export const REPORT_SQL_MESSAGES = {
  empty: '报表SQL不能为空',
  syntax: (detail: string) => `报表SQL语法错误：${detail}`,
  oneStatement: '报表SQL只能是一条查询语句',
  selectOnly: '报表SQL只能是查询语句（SELECT）',
  modifying: '报表SQL不能包含修改数据的语句（INSERT/UPDATE/DELETE/MERGE）',
  locking: '报表SQL不能加锁（FOR UPDATE/FOR SHARE）',
  into: '报表SQL不能使用 SELECT INTO',
  table: (name: string) => `报表不允许读取数据表：${name}`,
  func: (name: string) => `报表不允许使用函数：${name}`,
  type: (name: string) => `报表不允许使用类型：${name}`,
  construct: (name: string) => `报表SQL不能使用${name}`,
  rawParam: '报表SQL不能直接使用 $n 参数，请写成 ${参数名}',
  paramName: (name: string) => `报表参数名不合法：${name}`,
} as const;

/** A refused report SQL: its message is shown to the user as it is. */
export class ReportSqlError extends Error {}

/** Tables no allow-list can open: credentials, sessions, tokens, logs, system and catalogue tables. */
const NEVER_FOR_REPORTS = new Set([
  'users', 'sessions', 'roles', 'permissions', 'role_permission', 'user_role', 'user_tenant', 'user_depart', 'departments',
  'tenants', 'login_tickets', 'password_reset_tickets', 'sms_codes', 'cust_member_session', 'app_meta', 'app_visit', 'dicts', 'dict_items',
]);

export function isForbiddenReportTable(name: string): boolean {
  const lower = name.toLowerCase();
  if (NEVER_FOR_REPORTS.has(lower)) return true;
  if (/^(pg_|sys_|sql_|onl_|information_schema)/.test(lower)) return true;
  return /(session|token|ticket|password|secret|credential)/.test(lower) || /(^|_)logs?$/.test(lower);
}

/** Tables the popup pickers' seeded definitions read (migrations 0005/0006): always allowed. */
export const BUILT_IN_REPORT_TABLES: readonly string[] = ['demo_member', 'demo_goods'];

/** The allow-list as it is now: the built-in demo tables plus the administrator's rows (when the online plugin made its table). */
export async function allowedReportTables<DB>(db: Kysely<DB>): Promise<Set<string>> {
  const allowed = new Set(BUILT_IN_REPORT_TABLES);
  const exists = await sql<{ name: string | null }>`select to_regclass('public.onl_cgreport_table')::text as name`.execute(db);
  if (exists.rows[0]?.name) {
    const { rows } = await sql<{ table_name: string }>`select table_name from onl_cgreport_table`.execute(db);
    for (const row of rows) if (!isForbiddenReportTable(row.table_name)) allowed.add(row.table_name);
  }
  return allowed;
}

/** Aggregates, window, date/number/string and conditional functions; nothing that reads files, sleeps, sets or reaches outside. */
const ALLOWED_FUNCTIONS = new Set([
  'count', 'sum', 'avg', 'min', 'max', 'string_agg', 'array_agg', 'bool_and', 'bool_or', 'every', 'stddev', 'stddev_pop', 'stddev_samp',
  'variance', 'var_pop', 'var_samp', 'percentile_cont', 'percentile_disc', 'mode',
  'row_number', 'rank', 'dense_rank', 'ntile', 'lag', 'lead', 'first_value', 'last_value', 'nth_value', 'cume_dist', 'percent_rank',
  'coalesce', 'nullif', 'greatest', 'least',
  'round', 'trunc', 'floor', 'ceil', 'ceiling', 'abs', 'mod', 'power', 'sqrt', 'sign', 'div',
  'date_trunc', 'date_part', 'extract', 'to_char', 'to_date', 'to_timestamp', 'to_number', 'now', 'age', 'make_date', 'make_interval',
  'date', 'timezone', 'generate_series',
  'lower', 'upper', 'initcap', 'concat', 'concat_ws', 'length', 'char_length', 'character_length', 'substring', 'substr', 'left', 'right',
  'trim', 'btrim', 'ltrim', 'rtrim', 'replace', 'lpad', 'rpad', 'position', 'strpos', 'split_part', 'reverse', 'overlay',
]);

/** Types a cast may name (the parser writes `::int` as pg_catalog.int4). */
const ALLOWED_TYPES = new Set([
  'int2', 'int4', 'int8', 'int', 'integer', 'smallint', 'bigint', 'numeric', 'decimal', 'float4', 'float8', 'real', 'text', 'varchar',
  'bpchar', 'char', 'date', 'timestamp', 'timestamptz', 'time', 'timetz', 'interval', 'bool', 'boolean',
]);

/** Nodes a report never needs, by the name the message shows. */
const REFUSED_NODES: Record<string, string> = {
  RangeTableFunc: 'XMLTABLE',
  RangeTableSample: 'TABLESAMPLE',
  XmlExpr: 'XML 函数',
  XmlSerialize: 'XML 函数',
  JsonTable: 'JSON_TABLE',
};

const PARAM_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
/** `'${name}'` (the quotes belong to the placeholder) or `${name}`. */
const PLACEHOLDER = /'\$\{([^}]*)\}'|\$\{([^}]*)\}/g;

/** A report SQL cut at its placeholders: `texts.length === slots.length + 1`; `names` in first-use order. */
export interface ReportSqlTemplate {
  texts: string[];
  slots: string[];
  names: string[];
}

export function splitReportSql(text: string): ReportSqlTemplate {
  const texts: string[] = [];
  const slots: string[] = [];
  let last = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    const name = (match[1] ?? match[2] ?? '').trim();
    if (!PARAM_NAME.test(name)) throw new ReportSqlError(REPORT_SQL_MESSAGES.paramName(name));
    texts.push(text.slice(last, match.index));
    slots.push(name);
    last = match.index + match[0].length;
  }
  // A trailing `;` ends the one statement; the statement runs wrapped in a subquery, where it would not parse.
  texts.push(text.slice(last).replace(/[\s;]+$/, ''));
  return { texts, slots, names: [...new Set(slots)] };
}

/** The statement the parser checks: each placeholder becomes `$n`, one number per distinct name. */
export function numberedReportSql(template: ReportSqlTemplate): string {
  return template.texts.reduce((out, text, index) => {
    const slot = template.slots[index];
    return slot === undefined ? out + text : `${out}${text}$${template.names.indexOf(slot) + 1}`;
  }, '');
}

let parserReady: Promise<void> | null = null;
/** Loads the PostgreSQL parser (WASM) once per process. */
export function loadReportParser(): Promise<void> {
  parserReady ??= loadModule();
  return parserReady;
}

type AstObject = Record<string, unknown>;
const isObject = (value: unknown): value is AstObject => typeof value === 'object' && value !== null && !Array.isArray(value);
const stringsOf = (list: unknown): string[] =>
  Array.isArray(list) ? list.map((part) => (isObject(part) && isObject(part.String) && typeof part.String.sval === 'string' ? part.String.sval : '')) : [];

interface Walk {
  allowed: ReadonlySet<string>;
  params: number;
  tables: Set<string>;
}

function refuse(message: string): never {
  throw new ReportSqlError(message);
}

function checkRangeVar(node: AstObject, scope: ReadonlySet<string>, walk: Walk): void {
  const relname = typeof node.relname === 'string' ? node.relname : '';
  const qualifiers = [node.catalogname, node.schemaname].filter((part): part is string => typeof part === 'string' && part !== '');
  // Qualified names are refused: the tenant filter (see online-report-popup.ts) shadows the bare table names.
  if (qualifiers.length > 0) refuse(REPORT_SQL_MESSAGES.table([...qualifiers, relname].join('.')));
  if (scope.has(relname)) return;
  if (!walk.allowed.has(relname) || isForbiddenReportTable(relname)) refuse(REPORT_SQL_MESSAGES.table(relname));
  walk.tables.add(relname);
}

function checkFunction(node: AstObject): void {
  const names = stringsOf(node.funcname);
  const name = (names[names.length - 1] ?? '').toLowerCase();
  const schema = names.length > 1 ? names.slice(0, -1).join('.').toLowerCase() : null;
  if ((schema !== null && schema !== 'pg_catalog') || !ALLOWED_FUNCTIONS.has(name)) refuse(REPORT_SQL_MESSAGES.func(names.join('.')));
}

function checkType(typeName: unknown): void {
  if (!isObject(typeName)) return;
  const names = stringsOf(typeName.names);
  const name = (names[names.length - 1] ?? '').toLowerCase();
  const schema = names.length > 1 ? names.slice(0, -1).join('.').toLowerCase() : null;
  if ((schema !== null && schema !== 'pg_catalog') || !ALLOWED_TYPES.has(name)) refuse(REPORT_SQL_MESSAGES.type(names.join('.')));
}

/** A SELECT body: its WITH names are visible to its other parts (and, when recursive, to every CTE). */
function visitSelect(body: AstObject, scope: ReadonlySet<string>, walk: Walk): void {
  if (body.intoClause !== undefined) refuse(REPORT_SQL_MESSAGES.into);
  if (Array.isArray(body.lockingClause) && body.lockingClause.length > 0) refuse(REPORT_SQL_MESSAGES.locking);
  let inner = scope;
  const withClause = body.withClause;
  if (isObject(withClause) && Array.isArray(withClause.ctes)) {
    const ctes = withClause.ctes.map((entry) => (isObject(entry) && isObject(entry.CommonTableExpr) ? entry.CommonTableExpr : {}));
    const names = ctes.map((cte) => (typeof cte.ctename === 'string' ? cte.ctename : ''));
    ctes.forEach((cte, index) => {
      const query = cte.ctequery;
      const select = isObject(query) && isObject(query.SelectStmt) ? query.SelectStmt : null;
      if (select === null) refuse(REPORT_SQL_MESSAGES.modifying);
      const visible = withClause.recursive === true ? names : names.slice(0, index);
      visitSelect(select, new Set([...scope, ...visible]), walk);
    });
    inner = new Set([...scope, ...names]);
  }
  for (const [key, value] of Object.entries(body)) {
    if (key === 'withClause') continue;
    if ((key === 'larg' || key === 'rarg') && isObject(value)) visitSelect(value, inner, walk);
    else visit(value, inner, walk);
  }
}

function visit(node: unknown, scope: ReadonlySet<string>, walk: Walk): void {
  if (Array.isArray(node)) {
    for (const item of node) visit(item, scope, walk);
    return;
  }
  if (!isObject(node)) return;
  for (const [key, value] of Object.entries(node)) {
    const refused = REFUSED_NODES[key];
    if (refused !== undefined) refuse(REPORT_SQL_MESSAGES.construct(refused));
    switch (key) {
      case 'SelectStmt':
        if (isObject(value)) visitSelect(value, scope, walk);
        break;
      case 'InsertStmt':
      case 'UpdateStmt':
      case 'DeleteStmt':
      case 'MergeStmt':
        refuse(REPORT_SQL_MESSAGES.modifying);
        break;
      case 'LockingClause':
        refuse(REPORT_SQL_MESSAGES.locking);
        break;
      case 'IntoClause':
        refuse(REPORT_SQL_MESSAGES.into);
        break;
      case 'RangeVar':
        if (isObject(value)) checkRangeVar(value, scope, walk);
        break;
      case 'FuncCall':
        if (isObject(value)) checkFunction(value);
        visit(value, scope, walk);
        break;
      case 'TypeCast':
        if (isObject(value)) checkType(value.typeName);
        visit(value, scope, walk);
        break;
      case 'ParamRef':
        if (!isObject(value) || typeof value.number !== 'number' || value.number < 1 || value.number > walk.params) refuse(REPORT_SQL_MESSAGES.rawParam);
        break;
      default:
        visit(value, scope, walk);
    }
  }
}

/** What a checked report reads: its tables (allow-listed, unqualified) and its parameter names. */
export interface CheckedReportSql {
  template: ReportSqlTemplate;
  tables: string[];
  /** The statement has its own top-level ORDER BY (kept when the caller asks for no other order). */
  ordered: boolean;
}

/**
 * The report guard, at save and at run: placeholders are replaced by `$n` first, so the real PostgreSQL
 * parser checks the statement that will run — exactly one SELECT (WITH … SELECT allowed) with no
 * data-modifying CTE, no locking clause, no INTO; every table in the allow-list, unqualified; every
 * function and cast type in its allow-list. Throws ReportSqlError with the message to show.
 */
export async function checkReportSql(text: string, allowed: ReadonlySet<string>): Promise<CheckedReportSql> {
  if (text.trim() === '') throw new ReportSqlError(REPORT_SQL_MESSAGES.empty);
  const template = splitReportSql(text);
  await loadReportParser();
  let tree: unknown;
  try {
    tree = parseSync(numberedReportSql(template));
  } catch (error) {
    throw new ReportSqlError(REPORT_SQL_MESSAGES.syntax(error instanceof Error ? error.message : String(error)));
  }
  const statements = isObject(tree) && Array.isArray(tree.stmts) ? tree.stmts : [];
  if (statements.length === 0) throw new ReportSqlError(REPORT_SQL_MESSAGES.empty);
  if (statements.length > 1) throw new ReportSqlError(REPORT_SQL_MESSAGES.oneStatement);
  const first: unknown = statements[0];
  const statement = isObject(first) && isObject(first.stmt) ? first.stmt : {};
  if (!isObject(statement.SelectStmt)) {
    const kind = Object.keys(statement)[0] ?? '';
    throw new ReportSqlError(['InsertStmt', 'UpdateStmt', 'DeleteStmt', 'MergeStmt'].includes(kind) ? REPORT_SQL_MESSAGES.modifying : REPORT_SQL_MESSAGES.selectOnly);
  }
  const walk: Walk = { allowed, params: template.names.length, tables: new Set() };
  visit(statement, new Set(), walk);
  const sortClause = statement.SelectStmt.sortClause;
  return { template, tables: [...walk.tables], ordered: Array.isArray(sortClause) && sortClause.length > 0 };
}
