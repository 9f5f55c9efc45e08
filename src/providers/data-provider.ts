import type {
  BaseKey,
  BaseRecord,
  CrudFilter,
  CrudSort,
  DataProvider,
  HttpError,
  LogicalFilter,
  MetaQuery,
} from '@refinedev/core';
import type { ApiResult } from '../contracts/envelope';
import { DEFAULT_PAGE_SIZE } from '../contracts/constants';
import { isAxiosError } from 'axios';
import { http as defaultHttp, getApiBase, isTransientFailure, presentedTextOf } from './http';

/** The part of the http client the data provider needs (a fake can stand in for tests). */
export type DataHttp = Pick<typeof defaultHttp, 'get' | 'post' | 'put' | 'delete' | 'request' | 'download' | 'upload'>;

type QueryParams = Record<string, unknown>;

/** A `success:false` envelope becomes a Refine HttpError so Refine's notifications show the message. */
export class EnvelopeError extends Error implements HttpError {
  readonly statusCode: number;
  constructor(message: string, statusCode: number) {
    super(message);
    this.name = 'EnvelopeError';
    this.statusCode = statusCode;
  }
}

/**
 * A request the server refused with an HTTP status, or that got no answer: the http client has already shown it
 * (docs/spec.md §8), so the toolkit shows nothing more. Its message is what the user was told (the server's 没有权限，请联系
 * 管理员授权, not axios's "Request failed with status code 403"); its status code is the HTTP status (0: no answer).
 */
export class TransportError extends Error implements HttpError {
  readonly statusCode: number;
  /** Whether asking again may succeed (no answer at all, or a balancer's 502/503): the read retry rule reads it. */
  readonly transient: boolean;
  constructor(message: string, statusCode: number, transient: boolean) {
    super(message);
    this.name = 'TransportError';
    this.statusCode = statusCode;
    this.transient = transient;
  }
}

function asRefineError(error: unknown): unknown {
  if (!isAxiosError(error)) return error;
  return new TransportError(presentedTextOf(error) ?? error.message, error.response?.status ?? 0, isTransientFailure(error));
}

/** An http call whose transport failure reaches Refine as a TransportError. */
function transported<T>(call: Promise<T>): Promise<T> {
  return call.catch((error: unknown) => {
    throw asRefineError(error);
  });
}

/** The http client as the data provider uses it: every call's transport failure becomes a TransportError. */
function refineHttp(http: DataHttp): DataHttp {
  return {
    get: <T>(...args: Parameters<DataHttp['get']>) => transported(http.get<T>(...args)),
    post: <T>(...args: Parameters<DataHttp['post']>) => transported(http.post<T>(...args)),
    put: <T>(...args: Parameters<DataHttp['put']>) => transported(http.put<T>(...args)),
    delete: <T>(...args: Parameters<DataHttp['delete']>) => transported(http.delete<T>(...args)),
    request: <T>(...args: Parameters<DataHttp['request']>) => transported(http.request<T>(...args)),
    download: (...args: Parameters<DataHttp['download']>) => transported(http.download(...args)),
    upload: <T>(...args: Parameters<DataHttp['upload']>) => transported(http.upload<T>(...args)),
  };
}

export function unwrap<T>(response: ApiResult<T>): T {
  if (!response.success) {
    const code = Number(response.code);
    throw new EnvelopeError(response.message, Number.isFinite(code) && code !== 200 ? code : 500);
  }
  return response.result;
}

/**
 * A write's answer: Refine's `{ data }` plus the server's own words (`添加成功！`), which the
 * toolkit shows instead of a generic notification.
 */
export interface AnsweredResponse {
  message: string;
  /** The envelope code: 201 marks a partial success (an import with refused rows). */
  code: number;
}

function answered<R extends object>(response: R, envelope: ApiResult<unknown>): R & AnsweredResponse {
  return Object.assign(response, { message: envelope.message, code: Number(envelope.code) });
}

/** What a `custom` call may carry in `meta` besides the usual list parameters. */
export interface CustomCallMeta {
  /** Answer is a file (export): `data` is the Blob. */
  download?: boolean;
  /** Multipart upload of one file (import) through the one http client, with its progress. */
  upload?: { file: Blob; fileName: string; onProgress?: (percent: number) => void };
}

function customMetaOf(meta: MetaQuery | undefined): CustomCallMeta {
  return { download: meta?.download === true, upload: meta?.upload as CustomCallMeta['upload'] };
}

function apiBaseOf(resource: string, meta: MetaQuery | undefined): string {
  const api: unknown = meta?.api;
  return typeof api === 'string' && api !== '' ? api : `/${resource}`;
}

function isEmptyValue(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

function joinValues(value: unknown): string {
  return Array.isArray(value) ? value.map(String).join(',') : String(value);
}

/** Refine filters → the list filter conventions (docs/reference/jeecg-conventions.md §2.2, §2.4). */
function applyLogicalFilter(query: QueryParams, filter: LogicalFilter): void {
  const { field, operator, value } = filter;
  if (operator === 'between' && Array.isArray(value)) {
    const [begin, end] = value as unknown[];
    if (!isEmptyValue(begin)) query[`${field}_begin`] = begin;
    if (!isEmptyValue(end)) query[`${field}_end`] = end;
    return;
  }
  if (isEmptyValue(value)) return;
  switch (operator) {
    case 'eq':
    case 'eqs':
      query[field] = value;
      return;
    case 'contains':
    case 'containss':
      query[field] = `*${String(value)}*`;
      return;
    case 'startswith':
    case 'startswiths':
      query[field] = `${String(value)}*`;
      return;
    case 'endswith':
    case 'endswiths':
      query[field] = `*${String(value)}`;
      return;
    case 'in':
    case 'ina':
      query[field] = joinValues(value);
      return;
    case 'ne':
    case 'nes':
      query[field] = `!${String(value)}`;
      return;
    case 'gte':
    case 'gt':
      query[`${field}_begin`] = value;
      return;
    case 'lte':
    case 'lt':
      query[`${field}_end`] = value;
      return;
    default:
      // Operators the list contract cannot express (null, nin, nbetween …) fall back to equality.
      query[field] = value;
  }
}

function applyFilters(query: QueryParams, filters: CrudFilter[] | undefined): void {
  for (const filter of filters ?? []) {
    if ('field' in filter) {
      applyLogicalFilter(query, filter);
    } else if (filter.operator === 'and') {
      applyFilters(query, filter.value);
    }
    // `or` groups have no place in the simple-filter contract; callers use superQueryParams instead.
  }
}

function toCamelCase(field: string): string {
  return field.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());
}

function applySorters(query: QueryParams, sorters: CrudSort[] | undefined): void {
  const [first] = sorters ?? [];
  if (!first || !sorters) return;
  query.column = sorters.map((sorter) => toCamelCase(sorter.field)).join(',');
  query.order = first.order === 'asc' ? 'asc' : 'desc';
}

function applySuperQuery(query: QueryParams, meta: MetaQuery | undefined): void {
  const superQuery: unknown = meta?.superQueryParams;
  if (isEmptyValue(superQuery)) return;
  query.superQueryParams = typeof superQuery === 'string' ? superQuery : encodeURI(JSON.stringify(superQuery));
  const matchType: unknown = meta?.superQueryMatchType;
  if (matchType === 'and' || matchType === 'or') query.superQueryMatchType = matchType;
}

function stripEmpty(query: QueryParams): QueryParams {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => !isEmptyValue(value)));
}

function extraParams(meta: MetaQuery | undefined): QueryParams {
  const extra: unknown = meta?.params;
  return typeof extra === 'object' && extra !== null ? { ...(extra as QueryParams) } : {};
}

interface PageLike<T> {
  records?: T[];
  total?: number;
}

function readPage<T>(result: unknown): { data: T[]; total: number } {
  if (Array.isArray(result)) return { data: result as T[], total: result.length };
  const page = (typeof result === 'object' && result !== null ? result : {}) as PageLike<T>;
  const records = Array.isArray(page.records) ? page.records : [];
  return { data: records, total: typeof page.total === 'number' ? page.total : records.length };
}

export function buildListQuery(params: {
  pagination?: { currentPage?: number; pageSize?: number; mode?: 'client' | 'server' | 'off' };
  sorters?: CrudSort[];
  filters?: CrudFilter[];
  meta?: MetaQuery;
}): QueryParams {
  const query: QueryParams = extraParams(params.meta);
  const { pagination } = params;
  if (pagination?.mode !== 'off') {
    query.pageNo = pagination?.currentPage ?? 1;
    query.pageSize = pagination?.pageSize ?? DEFAULT_PAGE_SIZE;
  }
  applySorters(query, params.sorters);
  applyFilters(query, params.filters);
  applySuperQuery(query, params.meta);
  return stripEmpty(query);
}

/** Refine's data calls onto the list/CRUD contract (docs/design.md contracts). */
export function createDataProvider(client: DataHttp = defaultHttp): DataProvider {
  const http = refineHttp(client);
  const getOne = async <T extends BaseRecord>(resource: string, id: BaseKey, meta?: MetaQuery): Promise<T> =>
    unwrap(await http.get<T>(`${apiBaseOf(resource, meta)}/queryById`, { id }));

  return {
    getApiUrl: () => getApiBase(),

    async getList<TData extends BaseRecord = BaseRecord>({ resource, pagination, sorters, filters, meta }: Parameters<DataProvider['getList']>[0]) {
      const query = buildListQuery({ pagination, sorters, filters, meta });
      // meta.listUrl: a list served elsewhere than `<api>/list` (e.g. 我的消息's getMyAnnouncementSend).
      const listUrl: unknown = meta?.listUrl;
      const url = typeof listUrl === 'string' && listUrl !== '' ? listUrl : `${apiBaseOf(resource, meta)}/list`;
      const result = unwrap(await http.get<unknown>(url, query));
      return readPage<TData>(result);
    },

    async getOne<TData extends BaseRecord = BaseRecord>({ resource, id, meta }: Parameters<DataProvider['getOne']>[0]) {
      return { data: await getOne<TData>(resource, id, meta) };
    },

    async getMany<TData extends BaseRecord = BaseRecord>({ resource, ids, meta }: Parameters<NonNullable<DataProvider['getMany']>>[0]) {
      if (meta?.queryByIds) {
        const result = unwrap(await http.get<unknown>(`${apiBaseOf(resource, meta)}/queryByIds`, { ids: ids.join(',') }));
        return { data: readPage<TData>(result).data };
      }
      return { data: await Promise.all(ids.map((id) => getOne<TData>(resource, id, meta))) };
    },

    async create<TData extends BaseRecord = BaseRecord, TVariables = object>({ resource, variables, meta }: Parameters<DataProvider['create']>[0] & { variables: TVariables }) {
      const envelope = await http.post<TData>(`${apiBaseOf(resource, meta)}/add`, variables);
      const result = unwrap(envelope);
      return answered({ data: (result ?? variables) as TData }, envelope);
    },

    async update<TData extends BaseRecord = BaseRecord, TVariables = object>({ resource, id, variables, meta }: Parameters<DataProvider['update']>[0] & { variables: TVariables }) {
      const body = { ...(variables as object), id };
      const envelope = await http.put<TData>(`${apiBaseOf(resource, meta)}/edit`, body);
      const result = unwrap(envelope);
      return answered({ data: (result ?? body) as TData }, envelope);
    },

    async deleteOne<TData extends BaseRecord = BaseRecord>({ resource, id, meta }: Parameters<DataProvider['deleteOne']>[0]) {
      const envelope = await http.delete(`${apiBaseOf(resource, meta)}/delete`, { id });
      unwrap(envelope);
      return answered({ data: { id } as TData }, envelope);
    },

    async deleteMany<TData extends BaseRecord = BaseRecord>({ resource, ids, meta }: Parameters<NonNullable<DataProvider['deleteMany']>>[0]) {
      const envelope = await http.delete(`${apiBaseOf(resource, meta)}/deleteBatch`, { ids: ids.join(',') });
      unwrap(envelope);
      return answered({ data: ids.map((id) => ({ id }) as TData) }, envelope);
    },

    /**
     * Any other call (state transitions, export, import). `meta.download` answers the Blob;
     * `meta.upload` posts one file as multipart and reports its progress; otherwise the envelope's
     * result, with the server's message beside it.
     */
    async custom<TData extends BaseRecord = BaseRecord>({ url, method, filters, sorters, payload, query, headers, meta }: Parameters<NonNullable<DataProvider['custom']>>[0]) {
      // useCustomMutation has no `query`: a mutation's query parameters come in meta.query.
      const metaQuery: unknown = meta?.query;
      const params: QueryParams = {
        ...(typeof metaQuery === 'object' && metaQuery !== null ? (metaQuery as QueryParams) : {}),
        ...(typeof query === 'object' && query !== null ? (query as QueryParams) : {}),
      };
      applySorters(params, sorters);
      applyFilters(params, filters);
      const { download, upload } = customMetaOf(meta);
      if (download) {
        const blob = await http.download(url, stripEmpty(params));
        return { data: blob as unknown as TData };
      }
      if (upload !== undefined) {
        const form = new FormData();
        form.append('file', upload.file, upload.fileName);
        const envelope = await http.upload<TData>(url, form, { params: stripEmpty(params), onProgress: upload.onProgress ? (percent) => upload.onProgress?.(percent) : undefined });
        return answered({ data: unwrap(envelope) }, envelope);
      }
      const response = await http.request<TData>({
        method,
        url,
        data: payload,
        params: stripEmpty(params),
        headers: headers as Record<string, string> | undefined,
      });
      return answered({ data: unwrap(response) }, response);
    },
  };
}

export const dataProvider: DataProvider = createDataProvider();
