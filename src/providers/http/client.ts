import axios from 'axios';
import type { InternalAxiosRequestConfig } from 'axios';
import { HEADER_TENANT, HEADER_TOKEN, REQUEST_TIMEOUT_MS } from '../../contracts/constants';
import { API } from '../../contracts/api-paths';
import { session } from '../session';
import { getApiBase } from './config';
import { handleHttpError } from './error-handler';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Skip the docs/spec.md §8 error presentation (used by the best-effort logout call). */
    silent?: boolean;
  }
}

/** The one axios instance of the app; only src/providers/http uses it directly. */
export const httpClient = axios.create({ timeout: REQUEST_TIMEOUT_MS });

/** Dictionary item fetches go out without `_t` (docs/reference/jeecg-conventions.md §5.4), so the browser may cache them. */
function isDictItemsRequest(url: string | undefined): boolean {
  return typeof url === 'string' && url.includes(API.dictItems);
}

export function addRequestDefaults(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  config.baseURL ??= getApiBase();
  const token = session.getToken();
  if (token && !config.headers.has(HEADER_TOKEN)) config.headers.set(HEADER_TOKEN, token);
  config.headers.set(HEADER_TENANT, String(session.getTenantId()));
  if ((config.method ?? 'get').toLowerCase() === 'get' && !isDictItemsRequest(config.url)) {
    const params: unknown = config.params;
    const existing = typeof params === 'object' && params !== null ? params : {};
    config.params = { _t: Math.floor(Date.now() / 1000), ...existing };
  }
  return config;
}

/**
 * Ends the session after a token failure: clears it at once and tells the server best-effort.
 * The token is captured first because the logout call still needs it.
 */
export async function endSessionQuietly(): Promise<void> {
  const token = session.getToken();
  session.clear();
  if (!token) return;
  try {
    await httpClient.post(API.logout, undefined, { headers: { [HEADER_TOKEN]: token }, silent: true });
  } catch {
    // Best effort: the token may already be void on the server.
  }
}

httpClient.interceptors.request.use(addRequestDefaults);
httpClient.interceptors.response.use(undefined, async (error: unknown) => {
  await handleHttpError(error, { endSession: endSessionQuietly });
  throw error;
});
