import type { ColumnType, Kysely } from 'kysely';
import type { Database } from '../db/schema';

export const LOG_TYPE_LOGIN = 1;
export const LOG_TYPE_OPERATION = 2;

/** sys_log as created by migration 0009. */
export interface SysLogTable {
  id: string;
  log_type: number;
  log_content: string | null;
  userid: string | null;
  username: string | null;
  ip: string | null;
  request_url: string | null;
  request_type: string | null;
  request_param: string | null;
  permission_code: string | null;
  status: number | null;
  success: boolean | null;
  cost_time: number | null;
  tenant_id: ColumnType<number, number | undefined, number>;
  create_by: string | null;
  create_time: ColumnType<Date, Date | string | undefined, Date | string>;
}

export type LogTables = { sys_log: SysLogTable };

export function logDb(db: Kysely<Database>): Kysely<Database & LogTables> {
  return db.withTables<LogTables>();
}

/**
 * The character limits of sys_log's text columns (migration 0009; `text` columns have none). A test
 * compares them with the database, so a migration that changes a column cannot leave them behind.
 */
export const SYS_LOG_LIMITS = {
  id: 32,
  log_content: 1000,
  userid: 32,
  username: 100,
  ip: 64,
  request_url: 500,
  request_type: 10,
  request_param: null,
  permission_code: 100,
  create_by: 50,
} as const satisfies Partial<Record<keyof SysLogTable, number | null>>;

/** The limits of sys_data_log's text columns (migration 0012). */
export const SYS_DATA_LOG_LIMITS = {
  id: 32,
  data_table: 64,
  data_id: 64,
  action: 16,
  create_by: 50,
} as const;

/** Ends a value cut to fit its column, so a reader sees that it was longer. */
export const CLIPPED_MARK = '…';

/** Half of a surrogate pair without its other half: not a character, and refused by jsonb. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * A logged text as its column can hold it: the NUL character (which PostgreSQL text cannot store) shown
 * as U+2400 ␀, half a surrogate pair as U+FFFD, and a value over the limit cut with CLIPPED_MARK as its last
 * character. Every log writer passes its values through here, so no value from a request can make a log
 * insert fail.
 */
export function fitText(value: string, limit: number | null): string {
  const stored = value.replaceAll('\u0000', '\u2400').replace(LONE_SURROGATE, '\uFFFD');
  if (limit === null || stored.length <= limit) return stored;
  // Limits count characters (code points), as PostgreSQL's varchar does.
  const characters = Array.from(stored);
  if (characters.length <= limit) return stored;
  return characters.slice(0, limit - 1).join('') + CLIPPED_MARK;
}

/** Every text of a row fitted to its column (see fitText); other values as they are. */
export function fitRow<Row extends object>(row: Row, limits: Readonly<Record<string, number | null>>): Row {
  const fitted: Record<string, unknown> = { ...(row as Record<string, unknown>) };
  for (const [column, value] of Object.entries(fitted)) {
    if (typeof value === 'string') fitted[column] = fitText(value, column in limits ? (limits[column] ?? null) : null);
  }
  return fitted as Row;
}

/** A JSON document with every string fitted (NUL and half surrogates replaced; no limit): what a jsonb column accepts. */
export function fitJson(value: unknown): unknown {
  if (typeof value === 'string') return fitText(value, null);
  if (Array.isArray(value)) return value.map(fitJson);
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, item]) => [fitText(key, null), fitJson(item)]));
  return value;
}
