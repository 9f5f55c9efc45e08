import { http } from '../../providers/http';
import { POPUP_CACHE_MS, TimedCache } from './popup-params';

export const POPUP_API = {
  columns: '/online/cgreport/api/getRpColumns',
  queryInfo: '/online/cgreport/api/getQueryInfo',
  data: '/online/cgreport/api/getData',
} as const;

export interface ReportColumn {
  title: string;
  dataIndex: string;
  width?: number | null;
  sorter?: boolean;
}

export interface ReportConfig {
  cgRpConfigId: string;
  cgRpConfigName: string;
  columns: ReportColumn[];
  dictOptions: Record<string, { value: string; text: string }[]>;
}

export interface QueryItem {
  field: string;
  label: string;
  view?: string;
  mode?: string;
  dictCode?: string | null;
  /** '1': shown only when the query form is expanded. */
  hidden?: string;
}

export interface ReportPage {
  records: Record<string, unknown>[];
  total: number;
}

/** A failed call carries the server message for the warning. */
export class PopupQueryError extends Error {}

const configCache = new TimedCache<ReportConfig>(POPUP_CACHE_MS);
const queryInfoCache = new TimedCache<QueryItem[]>(POPUP_CACHE_MS);

async function unwrap<T>(call: Promise<{ success: boolean; message: string; result: T }>): Promise<T> {
  const answer = await call;
  if (!answer.success) throw new PopupQueryError(answer.message);
  return answer.result;
}

export function loadReportConfig(code: string): Promise<ReportConfig> {
  return configCache.get(code, () => unwrap(http.get<ReportConfig>(`${POPUP_API.columns}/${encodeURIComponent(code)}`)));
}

export function loadQueryInfo(configId: string): Promise<QueryItem[]> {
  return queryInfoCache.get(configId, () => unwrap(http.get<QueryItem[]>(`${POPUP_API.queryInfo}/${encodeURIComponent(configId)}`)));
}

export function loadReportPage(configId: string, params: Record<string, string | number>): Promise<ReportPage> {
  return unwrap(http.get<ReportPage>(`${POPUP_API.data}/${encodeURIComponent(configId)}`, params));
}
