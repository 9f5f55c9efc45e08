import { isAxiosError } from 'axios';

/** At most this many more attempts of a read whose request got no answer (3 in all). */
export const MAX_QUERY_RETRIES = 2;

/** Statuses of a server that is not there for a moment (a balancer while an instance restarts). */
const UNAVAILABLE = new Set([502, 503]);

/**
 * Whether a failed request may succeed when asked again: only when the server did not answer it — the network
 * dropped, or a balancer said the server is away for a moment. An answer is final: a 4xx (403 没有权限, 404, 400 …)
 * or a refusal (`success:false`) says the same the next time, and each attempt would show its notice again; a 500 or
 * a timeout would only make the user wait longer for the same failure. An error that already judged itself (the data
 * provider's) carries the verdict as `transient`.
 */
export function isTransientFailure(error: unknown): boolean {
  if (!isAxiosError(error)) return typeof error === 'object' && error !== null && 'transient' in error && error.transient === true;
  if (error.response !== undefined) return UNAVAILABLE.has(error.response.status);
  return error.code !== 'ERR_CANCELED' && error.code !== 'ECONNABORTED' && error.code !== 'ETIMEDOUT';
}

/** Refine's react-query `retry` for reads: a transient failure is asked again, at most MAX_QUERY_RETRIES times. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  return failureCount < MAX_QUERY_RETRIES && isTransientFailure(error);
}
