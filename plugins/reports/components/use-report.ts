import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useCustomRead } from '../../../src/toolkit/crud';

/**
 * One report read: `useReport<T>(url, query)` GETs `url` with `query` through Refine's useCustom (the
 * toolkit's useCustomRead, so it rides the session and the envelope). `query` null asks nothing.
 * Answers `{ loading, value, error, retry }`: `value` is undefined while loading (Refine 5's useCustom
 * gives `{}` then; that never shows as an answer) and after a failure; `error` is the server's refusal
 * in its own words or the reports' generic failure text.
 */
export interface ReportRead<T> {
  loading: boolean;
  value: T | undefined;
  error: string | null;
  retry: () => void;
}

export function useReport<T>(url: string, query: Record<string, string | undefined> | null): ReportRead<T> {
  const { t } = useTranslation('reports');
  const key = query === null ? null : JSON.stringify(query);
  // A stable call per url and query, so a re-render does not ask again.
  const call = useMemo(() => (key === null ? null : { url, query: JSON.parse(key) as Record<string, unknown> }), [url, key]);
  const read = useCustomRead<T>(call, { failure: t('loadFailed') });
  return { loading: read.loading, value: read.value, error: read.error, retry: read.retry };
}
