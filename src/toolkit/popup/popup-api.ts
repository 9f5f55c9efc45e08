import { useCustom, type BaseRecord } from '@refinedev/core';
import { EnvelopeError } from '../../providers/data-provider';
import { QUIET } from '../crud/use-server-feedback';
import { POPUP_CACHE_MS } from './popup-params';

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

export interface PopupRead<T> {
  /** The answer (for a page: the previous page's while the next one loads); undefined before one arrived. */
  value: T | undefined;
  /** True while a call (or a retry) is under way. */
  fetching: boolean;
  /** null, or why the read failed: the server's message ('' when the call itself failed and the client showed it). */
  error: string | null;
  retry: () => void;
}

/**
 * One GET of the popup through Refine's useCustom and the data provider; null asks nothing.
 * `definition` reads (report config, query info) stay cached for POPUP_CACHE_MS (docs/spec.md §9);
 * a page read keeps the previous rows on screen while the next page loads.
 */
function usePopupRead<T>(url: string | null, params: Record<string, string | number> | undefined, kind: 'definition' | 'page'): PopupRead<T> {
  const enabled = url !== null;
  const { query } = useCustom<BaseRecord>({
    url: url ?? '',
    method: 'get',
    config: params === undefined ? {} : { query: params },
    ...QUIET,
    queryOptions: {
      enabled,
      retry: false,
      ...(kind === 'definition' ? { staleTime: POPUP_CACHE_MS, gcTime: POPUP_CACHE_MS } : { placeholderData: (previous) => previous }),
    },
  });
  const { error } = query;
  return {
    value: enabled && query.data !== undefined ? (query.data.data as unknown as T) : undefined,
    fetching: enabled && query.isFetching,
    error: enabled && query.isError && !query.isFetching ? (error instanceof EnvelopeError ? error.message : '') : null,
    retry: () => void query.refetch(),
  };
}

/** The report's title, columns and dictionaries, by its code (null: nothing asked, the popup is closed). */
export function useReportConfig(code: string | null): PopupRead<ReportConfig> {
  return usePopupRead<ReportConfig>(code === null ? null : `${POPUP_API.columns}/${encodeURIComponent(code)}`, undefined, 'definition');
}

/** The report's query form items, once its config is known. */
export function useQueryInfo(configId: string | null): PopupRead<QueryItem[]> {
  return usePopupRead<QueryItem[]>(configId === null ? null : `${POPUP_API.queryInfo}/${encodeURIComponent(configId)}`, undefined, 'definition');
}

/** One page of the report's rows, keyed by its parameters (page, size, sort, filters). */
export function useReportPage(configId: string | null, params: Record<string, string | number>): PopupRead<ReportPage> {
  return usePopupRead<ReportPage>(configId === null ? null : `${POPUP_API.data}/${encodeURIComponent(configId)}`, params, 'page');
}
