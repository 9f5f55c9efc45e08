import { useCustom, type BaseRecord } from '@refinedev/core';
import { useSyncExternalStore } from 'react';
import { REFRESH_MS } from '../contracts';

function subscribeVisibility(listener: () => void): () => void {
  document.addEventListener('visibilitychange', listener);
  return () => document.removeEventListener('visibilitychange', listener);
}

/** Whether the browser tab shows the page (document.hidden is false). */
export function useDocumentVisible(): boolean {
  return useSyncExternalStore(subscribeVisibility, () => !document.hidden, () => true);
}

export interface MonitorData<T> {
  /** The last answer; undefined until the first arrives (Refine's `result.data` is `{}` then, so it is not used). */
  data: T | undefined;
  loading: boolean;
  /** The refusal's or failure's message, when the last fetch failed. */
  error: string | null;
  /** When the shown figures were fetched. */
  updatedAt: number;
  refresh: () => void;
  refreshing: boolean;
}

/**
 * One monitoring endpoint through Refine's useCustom, re-fetched every REFRESH_MS while the page is
 * seen: not while the browser tab is hidden (document.hidden), and not while the page's app tab is in
 * the background — the tab view keeps it mounted in a hidden <Activity>, whose effects (react-query's
 * subscription among them) are torn down until it shows again, which stops the interval. After a
 * failure it waits for 刷新 rather than repeating the error every few seconds.
 */
export function useMonitor<T extends BaseRecord>(url: string): MonitorData<T> {
  const visible = useDocumentVisible();
  const { query } = useCustom<T>({
    url,
    method: 'get',
    queryOptions: {
      refetchInterval: (current) => (visible && current.state.status !== 'error' ? REFRESH_MS : false),
      refetchIntervalInBackground: false,
      retry: false,
    },
  });
  const error = query.error;
  return {
    data: query.data?.data,
    loading: query.isLoading,
    error: error === null ? null : error instanceof Error ? error.message : String(error),
    updatedAt: query.dataUpdatedAt,
    refresh: () => void query.refetch(),
    refreshing: query.isFetching,
  };
}
