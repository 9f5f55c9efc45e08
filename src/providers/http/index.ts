import type { AxiosProgressEvent, Method } from 'axios';
import { UPLOAD_TIMEOUT_MS } from '../../contracts/constants';
import type { ApiResult } from '../../contracts/envelope';
import { httpClient } from './client';

export { configureHttp, getApiBase } from './config';
export type { HttpConfig } from './config';
export { setHttpPresenter, takePresented } from './presenter';
export { presentedTextOf } from './error-handler';
export { isTransientFailure, MAX_QUERY_RETRIES, shouldRetryQuery } from './retry';
export type { HttpPresenter } from './presenter';

/** Query parameters; any plain object (interfaces included). */
type Params = object;

export interface HttpRequestConfig {
  headers?: Record<string, string>;
  timeout?: number;
  signal?: AbortSignal;
}

export interface HttpRequest extends HttpRequestConfig {
  method: Method;
  url: string;
  data?: unknown;
  params?: Params;
}

export interface UploadOptions {
  /** Percent 0–100 as the upload proceeds. */
  onProgress?: (percent: number, event: AxiosProgressEvent) => void;
  headers?: Record<string, string>;
  /** Query parameters of the upload (an import's id, under which the server reports its progress). */
  params?: Params;
}

/** Every call resolves to the envelope (callers test `success`), except download (a Blob). */
export const http = {
  get<T = unknown>(url: string, params?: Params, config?: HttpRequestConfig): Promise<ApiResult<T>> {
    return httpClient.get<ApiResult<T>>(url, { ...config, params }).then((response) => response.data);
  },

  post<T = unknown>(url: string, data?: unknown, config?: HttpRequestConfig): Promise<ApiResult<T>> {
    return httpClient.post<ApiResult<T>>(url, data, config).then((response) => response.data);
  },

  put<T = unknown>(url: string, data?: unknown, config?: HttpRequestConfig): Promise<ApiResult<T>> {
    return httpClient.put<ApiResult<T>>(url, data, config).then((response) => response.data);
  },

  /** DELETE sends its arguments as query parameters (docs/reference/jeecg-conventions.md §1.3). */
  delete<T = unknown>(url: string, params?: Params, config?: HttpRequestConfig): Promise<ApiResult<T>> {
    return httpClient.delete<ApiResult<T>>(url, { ...config, params }).then((response) => response.data);
  },

  request<T = unknown>({ method, url, data, params, ...config }: HttpRequest): Promise<ApiResult<T>> {
    return httpClient.request<ApiResult<T>>({ ...config, method, url, data, params }).then((response) => response.data);
  },

  download(url: string, params?: Params, config?: HttpRequestConfig): Promise<Blob> {
    return httpClient
      .get<Blob>(url, { ...config, params, responseType: 'blob' })
      .then((response) => response.data);
  },

  upload<T = unknown>(url: string, formData: FormData, options: UploadOptions = {}): Promise<ApiResult<T>> {
    const { onProgress, headers, params } = options;
    return httpClient
      .post<ApiResult<T>>(url, formData, {
        params,
        timeout: UPLOAD_TIMEOUT_MS,
        headers: { ...headers, 'Content-Type': 'multipart/form-data' },
        onUploadProgress: onProgress
          ? (event) => onProgress(event.total ? Math.round((event.loaded * 100) / event.total) : 0, event)
          : undefined,
      })
      .then((response) => response.data);
  },
};
