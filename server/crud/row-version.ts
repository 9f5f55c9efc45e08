import { sql, type QueryExecutorProvider, type RawBuilder } from 'kysely';
import { Type } from 'typebox';
import { ROW_VERSION_FIELD, ROW_VERSION_PATTERN } from '../../src/contracts/entity';
import { ApiError } from '../http/envelope';
import { invalidInput, REASON } from '../http/schemas';

/**
 * Optimistic concurrency for every edit: a record's version is its `update_time` to the microsecond
 * (`rowVersion` on the wire, epoch microseconds as text; '0' for a record never edited). Every write a
 * user makes to a record stamps `update_time = now()` in its UPDATE, so the stamp moves with each save and
 * status change, while counters no user edits (views, sales, stock) leave it alone and never refuse a save.
 * An edit that carries the version it read is refused when the stored one differs — checked in the
 * UPDATE's own WHERE (or after `select … for update` in a transaction that writes several tables), so
 * of two saves of the same version exactly one wins on PostgreSQL: the second waits for the first's row
 * lock and then sees the new stamp. Every table the engine serves already has `update_time`
 * (server/crud/table-ddl.ts), the runtime tables of the form builder included: no column to add.
 *
 * An edit without a version (an API tool written before versions existed) is not checked, as MyBatis-Plus
 * treats an entity whose @Version is null; the product's forms always send it.
 */

export const MSG_STALE = '数据已被他人修改，请刷新后重试';
/** The envelope code of a stale save: HTTP 200 (a business refusal, docs/reference/jeecg-conventions.md §2.1) with code 409. */
export const STALE_CODE = 409;

export const staleError = (): ApiError => new ApiError(MSG_STALE, 200, STALE_CODE);

/** The route schema of the version an edit carries. */
export const RowVersion = Type.String({ pattern: ROW_VERSION_PATTERN.source, maxLength: 20 });
/** `{ rowVersion?: RowVersion }`, to spread into a hand-made edit body schema. */
export const ROW_VERSION_BODY = { [ROW_VERSION_FIELD]: Type.Optional(RowVersion) } as const;

/**
 * The version an edit body carries, or undefined when it carries none (absent or null); a malformed one is a
 * 400, never taken for "no version" (routes whose schema names it never get that far).
 */
export function rowVersionOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const value = (body as Record<string, unknown>)[ROW_VERSION_FIELD];
  if (value === undefined || value === null) return undefined;
  const text = typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? String(value) : value;
  if (typeof text === 'string' && ROW_VERSION_PATTERN.test(text)) return text;
  throw invalidInput(ROW_VERSION_FIELD, REASON.badFormat);
}

/**
 * The version of a row as SQL text (epoch microseconds of update_time, '0' when never updated). The same
 * expression reads it and checks it, so a read and a check always agree on a row that did not change.
 */
export function rowVersionSql(alias?: string): RawBuilder<string> {
  const column = alias === undefined ? sql.id('update_time') : sql.id(alias, 'update_time');
  return sql<string>`coalesce(floor(extract(epoch from ${column}) * 1000000)::bigint, 0)::text`;
}

/** The select-list entry of a row's version (`row_version`, read back as `rowVersion` by toRecord). */
export const ROW_VERSION_COLUMN = 'row_version';
export const rowVersionSelect = (alias?: string): RawBuilder<unknown> => sql`${rowVersionSql(alias)} as ${sql.id(ROW_VERSION_COLUMN)}`;

/** A WHERE condition: the row is still at this version. */
export function rowVersionIs(version: string, alias?: string): RawBuilder<unknown> {
  return sql`${rowVersionSql(alias)} = ${version}`;
}

export interface VersionedRow {
  table: string;
  id: string;
  /** Extra conditions naming the row (its tenant, not deleted). */
  where?: readonly RawBuilder<unknown>[];
}

/**
 * For a hand-made edit that writes several statements in one transaction: locks the row and refuses the
 * save when its version is not the one the edit read. Call it first in the transaction, then write the
 * row with `update_time = now()`. Returns false when the row is not there (the caller's not-found answer);
 * without a version it only locks.
 */
export async function lockAtVersion(trx: QueryExecutorProvider, row: VersionedRow, version: string | undefined): Promise<boolean> {
  const conditions = [sql`id = ${row.id}`, ...(row.where ?? [])];
  const found = await sql<{ version: string }>`select ${rowVersionSql()} as version from ${sql.id(row.table)} where ${sql.join(conditions, sql` and `)} for update`.execute(trx);
  const stored = found.rows[0];
  if (stored === undefined) return false;
  if (version !== undefined && stored.version !== version) throw staleError();
  return true;
}
