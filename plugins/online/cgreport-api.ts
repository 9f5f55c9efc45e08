/** The report builder's calls and shapes on the client (server: plugins/online/server/cgreport/routes.ts). */
export const CGREPORT_API = {
  list: '/online/cgreport/head/list',
  add: '/online/cgreport/head/add',
  edit: '/online/cgreport/head/edit',
  remove: '/online/cgreport/head/delete',
  queryById: '/online/cgreport/head/queryById',
  parseSql: '/online/cgreport/head/parseSql',
  exportXls: '/online/cgreport/api/exportXls',
  columns: '/online/cgreport/api/getRpColumns',
  queryInfo: '/online/cgreport/api/getQueryInfo',
  data: '/online/cgreport/api/getData',
  tableList: '/online/cgreport/table/list',
  tableAdd: '/online/cgreport/table/add',
  tableDelete: '/online/cgreport/table/delete',
} as const;

export const CGREPORT_PERMS = {
  list: 'online:cgreport:list',
  add: 'online:cgreport:add',
  edit: 'online:cgreport:edit',
  remove: 'online:cgreport:delete',
  run: 'online:cgreport:run',
  tables: 'online:cgreport:tables',
} as const;

/** Where a report opens: the generated list at `/online/cgreportList/<code>`. */
export const reportPath = (code: string) => `/online/cgreportList/${encodeURIComponent(code)}`;

export const FIELD_TYPES = ['String', 'Integer', 'Decimal', 'Date', 'Datetime'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];
export type ChartType = 'bar' | 'line' | 'pie';

export interface ReportItem {
  fieldName: string;
  fieldTxt: string;
  fieldType: FieldType;
  fieldWidth: number | null;
  isShow: 0 | 1;
  isOrder: 0 | 1;
  isSearch: 0 | 1;
  searchMode: 'single' | 'range';
  dictCode: string | null;
  isTotal: 0 | 1;
  /** The cell's link: a product path or an http(s) address with `${column}` placeholders (see reportHref). */
  fieldHref?: string | null;
}

export interface ReportParam {
  paramName: string;
  paramTxt: string;
  paramValue: string | null;
}

export interface ReportChart {
  type: ChartType;
  x: string;
  y: string;
}

export interface ReportDefinition {
  id?: string;
  /** The version it was read at (edit carries it back). */
  rowVersion?: string;
  code: string;
  name: string;
  cgrSql: string;
  items: ReportItem[];
  params: ReportParam[];
  chart: ReportChart | null;
}

export interface ReportHeadRow {
  id: string;
  code: string;
  name: string;
  cgrSql: string;
  chartType: ChartType | null;
  createTime: string;
}

export interface ParsedSql {
  columns: { fieldName: string; fieldType: FieldType; dbType: string }[];
  params: string[];
}

/** getRpColumns/{code}: what the generated list shows. */
export interface ReportConfig {
  cgRpConfigId: string;
  cgRpConfigName: string;
  columns: { title: string; dataIndex: string; width: number | null; sorter: boolean; fieldType: string; isTotal: boolean; href: string | null }[];
  dictOptions: Record<string, { value: string; text: string }[]>;
  params: ReportParam[];
  chart: ReportChart | null;
}

export interface ReportQueryItem {
  field: string;
  label: string;
  view: 'number' | 'date' | 'text';
  mode: 'single' | 'range';
  dictCode: string | null;
}

export interface ReportPageData {
  records: Record<string, unknown>[];
  total: number;
  totals?: Record<string, string | null>;
}

const HREF_PLACEHOLDER = /\$\{([A-Za-z_][A-Za-z0-9_]{0,63})\}/g;

/**
 * Why a column link cannot be saved, or null when it can: a path in the product (`/…`, not `//…`) or an http(s)
 * address, without spaces or control characters, at most 500 characters, whose `${name}` placeholders are columns
 * of the report. Anything else (`javascript:`, `data:`, another scheme) is refused.
 */
export function hrefProblem(href: string, columns: readonly string[]): 'shape' | { unknownColumn: string } | null {
  const controlOrSpace = [...href].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f || /\s/.test(char));
  if (href.length > 500 || controlOrSpace || /[<>"'`]/.test(href) || !(/^\/(?!\/)/.test(href) || /^https?:\/\/[^/]/i.test(href))) return 'shape';
  for (const [, name] of href.matchAll(HREF_PLACEHOLDER)) if (name !== undefined && !columns.includes(name)) return { unknownColumn: name };
  return null;
}

/** A row's link: each `${column}` replaced by the row's value, URL-encoded (a missing value by nothing). */
export function reportHref(href: string, row: Record<string, unknown>): string {
  return href.replace(HREF_PLACEHOLDER, (_match, name: string) => {
    const value = row[name];
    return value === null || value === undefined ? '' : encodeURIComponent(String(value));
  });
}
