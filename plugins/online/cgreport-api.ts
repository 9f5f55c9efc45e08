/** The report builder's calls and shapes on the client (server: plugins/online/server/cgreport-routes.ts). */
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
  columns: { title: string; dataIndex: string; width: number | null; sorter: boolean; fieldType: string; isTotal: boolean }[];
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
