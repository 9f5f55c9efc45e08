import type { FastifyRequest, FastifySchema } from 'fastify';
import { Type, type TSchema, type TString } from 'typebox';
import { ApiError } from './envelope';
import { RECORD_ID_PATTERN, RECORD_ID_SOURCE } from '../../src/contracts/record-id';

/**
 * The shared pieces of every route's input schema, and the one wording of a refused input. Route
 * files compose these; none of them writes its own id, code or mobile pattern.
 */

export const MSG_INVALID_INPUT = '参数校验失败';

/** `参数校验失败：<field> <reason>` — the message of every refused input, from Ajv or from the CRUD engine. */
export function invalidInputMessage(field: string, reason: string): string {
  return field === '' ? `${MSG_INVALID_INPUT}：${reason}` : `${MSG_INVALID_INPUT}：${field} ${reason}`;
}

/** HTTP 400 with the envelope's code 400. */
export function invalidInput(field: string, reason: string): ApiError {
  return new ApiError(invalidInputMessage(field, reason), 400, 400);
}

export const REASON = {
  required: '不能为空',
  notInteger: '必须是整数',
  notNumber: '必须是数字',
  notBoolean: '必须是 true 或 false',
  notDate: '不是存在的日期（应为 YYYY-MM-DD）',
  notDateTime: '不是存在的日期时间（应为 YYYY-MM-DD 或 YYYY-MM-DD HH:mm:ss）',
  badFormat: '格式不正确',
  controlCharacters: '含有不允许的控制字符',
  outOfRange: '超出允许的范围',
  tooLong: (max: number) => `长度不能超过${max}个字符`,
  tooShort: (min: number) => `长度不能少于${min}个字符`,
  atLeast: (min: number) => `不能小于${min}`,
  atMost: (max: number) => `不能大于${max}`,
  wrongType: (type: string) => `类型不正确，应为${type}`,
  notAllowed: '不是允许的值',
} as const;

// ---- text ----------------------------------------------------------------------------------

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/**
 * Whether text holds a C0 control character or DEL (NUL included: PostgreSQL refuses it in text).
 * Multiline text may hold tabs and line breaks; a one-line value (a name, a code, a filter) may not.
 */
export function hasControlCharacters(text: string, multiline = true): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code >= 0x20 && code !== 0x7f) continue;
    if (multiline && (code === TAB || code === LINE_FEED || code === CARRIAGE_RETURN)) continue;
    return true;
  }
  return false;
}

const MULTILINE_TEXT = '^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F]*$';
const ONE_LINE_TEXT = '^[^\\u0000-\\u001F\\u007F]*$';

/** Free text that may span lines (a description, a rich-text body): no NUL or other control characters. */
export const SafeText = (maxLength: number, minLength = 0): TString => Type.String({ maxLength, minLength, pattern: MULTILINE_TEXT });
/** One line of free text (a name, a keyword, a filter value). */
export const Line = (maxLength = 255, minLength = 0): TString => Type.String({ maxLength, minLength, pattern: ONE_LINE_TEXT });
/**
 * The reason a change by hand carries (it becomes a ledger row's title): one line, not blank. A blank or
 * missing reason is a 400 like any other malformed input.
 */
export const Reason = (maxLength = 200): TString =>
  Type.String({ minLength: 1, maxLength, pattern: '^[^\\u0000-\\u001F\\u007F]*\\S[^\\u0000-\\u001F\\u007F]*$' });

// ---- identifiers and codes -------------------------------------------------------------------

/** The record id pattern of src/contracts/record-id.ts, as the server's routes name it. */
export const ID_PATTERN = RECORD_ID_PATTERN;
/** A record id: letters, digits, `_` and `-` (the server's own ids are 32 hex characters). */
export const Id = Type.String({ pattern: `^${RECORD_ID_SOURCE}$` });
export const MAX_IDS = 1000;
/** A comma-separated id list; the client leaves a trailing comma. */
export const IdList = Type.String({ maxLength: MAX_IDS * 65, pattern: '^[A-Za-z0-9_,\\s-]*$' });

/** A dictionary code: a plain name (no `table,text,code` strings). */
export const DICT_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
/**
 * A dictionary code as a path or query parameter: one line of text. Only registered plain names
 * resolve (server/services/dictionaries.ts); anything else answers 字典不存在, not a schema error.
 */
export const DictCodeParam = Line(100);

export const MOBILE_PATTERN_SOURCE = '^\\+?[0-9]{5,20}$';
/** A phone number as the SMS and phone-login routes accept it. */
export const Mobile = Type.String({ pattern: MOBILE_PATTERN_SOURCE });

/** The longest login name: what sys_user.username (varchar(100)) and the login log's username column hold. */
export const USERNAME_MAX = 100;
/** A login name as every login, SSO and password route accepts it: never longer than a user can have. */
export const Username = Line(USERNAME_MAX, 1);

// ---- numbers, dates and pages ----------------------------------------------------------------

export const INT4 = { min: -2_147_483_648, max: 2_147_483_647 } as const;
export const INT2 = { min: -32_768, max: 32_767 } as const;

/** An integer in a range (query strings are coerced by Fastify's Ajv). */
export const Int = (minimum: number = INT4.min, maximum: number = INT4.max) => Type.Integer({ minimum, maximum });

/** Whether `YYYY-MM-DD` names a day that exists. */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (match === null) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Whether `YYYY-MM-DD[ T]HH:mm[:ss]` (or a bare date) names a moment that exists. */
export function isCalendarDateTime(text: string): boolean {
  const match = /^(\d{4}-\d{2}-\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text);
  if (match === null || !isCalendarDate(match[1] ?? '')) return false;
  const [hour, minute, second] = [Number(match[2] ?? 0), Number(match[3] ?? 0), Number(match[4] ?? 0)];
  return hour <= 23 && minute <= 59 && second <= 59;
}

/** Ajv formats the shared schemas use; registered on Fastify's validator in server/app.ts. */
export const APP_FORMATS = { 'calendar-date': isCalendarDate, 'calendar-datetime': isCalendarDateTime } as const;

interface FormatRegistry {
  addFormat: (name: string, format: (value: string) => boolean) => unknown;
}

/** An Ajv plugin (Fastify's `ajv.plugins`) adding APP_FORMATS. */
export function addAppFormats<T extends FormatRegistry>(ajv: T): T {
  for (const [name, check] of Object.entries(APP_FORMATS)) ajv.addFormat(name, check);
  return ajv;
}

export const DateString = Type.String({ format: 'calendar-date' });
export const DateTimeString = Type.String({ format: 'calendar-datetime' });

/**
 * Page parameters of a list; their clamping is the list's business (server/crud/list-query.ts readPage).
 * A sort column or order off the allow-list is ignored there, not refused: they are only bounded here.
 */
export const PAGE_PARAMS = {
  pageNo: Type.Optional(Int()),
  pageSize: Type.Optional(Int()),
  column: Type.Optional(Line(200)),
  order: Type.Optional(Line(200)),
  _t: Type.Optional(Line(32)),
};

// ---- whole-route schemas ---------------------------------------------------------------------

/**
 * Query keys a route does not name are ignored, but still may not carry control characters or be
 * huge: every key of the query string is at least one line of text.
 */
export const ANY_QUERY_VALUE = Type.Union([Line(20_000), Type.Array(Line(20_000), { maxItems: 100 })]);

/** A query string object: the named keys typed, every other key one line of text. */
export function query<P extends Record<string, TSchema>>(properties: P) {
  return Type.Object(properties, { additionalProperties: ANY_QUERY_VALUE });
}

/** Path parameters. */
export function params<P extends Record<string, TSchema>>(properties: P) {
  return Type.Object(properties);
}

/** A JSON body object: the named keys typed, unknown keys ignored. */
export function body<P extends Record<string, TSchema>>(properties: P) {
  return Type.Object(properties);
}

/**
 * A route whose handler reads a few query keys with its own checks (ids by ID_PATTERN, lists by
 * idList): every value is still one bounded line of text.
 */
export const TEXT_QUERY = { querystring: query({}) } as const satisfies FastifySchema;

/** One key of a TEXT_QUERY route's query, trimmed ('' when absent): its schema has made it one line of text. */
export function queryText(request: FastifyRequest, name: string): string {
  const value = (request.query as Record<string, unknown>)[name];
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * A JSON object body read field by field by its handler (ids re-checked there); its strings are
 * refused when they carry control characters (server/http/input-guard.ts).
 */
export const JSON_OBJECT_BODY = { querystring: query({}), body: Type.Object({}) } as const satisfies FastifySchema;

/** The schema of a route that takes no input beyond what the access check reads (token, tenant). */
export const NO_INPUT = { querystring: query({}) } as const satisfies FastifySchema;

/** A route reading a multipart body: its parts are checked by the handler (server/crud/multipart.ts). */
export const MULTIPART_INPUT = { querystring: query({}) } as const satisfies FastifySchema;
