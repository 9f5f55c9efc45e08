import { keys, useCustom, type BaseRecord } from '@refinedev/core';
import { EnvelopeError } from '../../providers/data-provider';
import { QUIET } from './use-server-feedback';

export interface CustomRead<T> {
  /** True from the moment the call (or a retry) asks until its answer arrives. */
  loading: boolean;
  /** The answer for the current call; undefined while loading, after a failure or with no call. */
  value: T | undefined;
  /** The server's refusal, or `failure` when the call itself failed; null while loading or after success. */
  error: string | null;
  retry: () => void;
}

/**
 * A GET that is not a list or a record (a dialog's choices, an assignment) through Refine's useCustom
 * and the data provider: cached per url and query, so the answer for another call never shows; null
 * asks nothing. The cache entry is dropped once nothing shows it, so reopening a dialog reads afresh.
 * A refusal or failure shows nothing by itself: the screen shows `error` (e.g. in <LoadErrorAlert>).
 */
export function useCustomRead<T>(call: { url: string; query?: Record<string, unknown> } | null, options: { failure: string; family?: string }): CustomRead<T> {
  const enabled = call !== null;
  // A read about an entity's lists (status-tab counts) is keyed among them, so the writes, imports and live
  // events that refresh the entity's lists refresh it too, whichever tab or page made them.
  const family =
    options.family === undefined ? {} : { queryKey: keys().data('default').resource(options.family).action('list').params({ url: call?.url, query: call?.query }).get() };
  const { query } = useCustom<BaseRecord>({
    url: call?.url ?? '',
    method: 'get',
    config: { query: call?.query },
    ...QUIET,
    queryOptions: { enabled, gcTime: 0, retry: false, ...family },
  });
  // Another call's answer kept while this one loads (placeholder data) is no answer to this call.
  const answer = query.isPlaceholderData ? undefined : query.data;
  const loading = enabled && query.isFetching && answer === undefined;
  const { error } = query;
  const refused = error instanceof EnvelopeError && error.message !== '' ? error.message : options.failure;
  return {
    loading,
    value: enabled && answer !== undefined ? (answer.data as unknown as T) : undefined,
    error: enabled && !loading && query.isError ? refused : null,
    retry: () => void query.refetch(),
  };
}
