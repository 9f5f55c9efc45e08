import { sql, type Kysely, type RawBuilder } from 'kysely';
import { cacheGroup, registerCache } from '../cache/cache-registry';
import { VersionedCache } from '../cache/versioned-cache';
import type { Database } from '../db/schema';

/**
 * Paging a list without scanning the table for every page (issue 17):
 * - the total is counted once per filter and kept until the table is written (server/cache);
 * - a deep page starts from an anchor, the sort key of every ANCHOR_SPACING-th row, found by one
 *   ordered pass per filter and sort (kept the same way), so page 5,000 reads at most
 *   ANCHOR_SPACING + pageSize rows instead of all earlier ones. The anchor path returns the same
 *   rows as `offset`: the order always ends with the unique id, so it is total.
 */

export const ANCHOR_SPACING = 1000;

export interface ListSort {
  /** Column names, already checked against the entity's sortable fields. */
  columns: string[];
  descending: boolean;
}

export interface PageRequest {
  /** The full where clause (scope, filters). */
  where: RawBuilder<unknown>;
  sort: ListSort;
  pageNo: number;
  pageSize: number;
}

/** Counts and anchors of one table live in caches depending on that table alone. */
interface TableCaches {
  totals: VersionedCache<string, number>;
  aggregates: VersionedCache<string, unknown>;
  anchors: VersionedCache<string, string[][]>;
  notNull: VersionedCache<'columns', ReadonlySet<string>>;
}

const caches = new Map<string, TableCaches>();
registerCache('listTotals', cacheGroup(() => [...caches.values()].map((table) => table.totals)));
registerCache('listAggregates', cacheGroup(() => [...caches.values()].map((table) => table.aggregates)));
registerCache('listAnchors', cacheGroup(() => [...caches.values()].map((table) => table.anchors)));
registerCache('listColumns', cacheGroup(() => [...caches.values()].map((table) => table.notNull)));

function cachesOf(table: string): TableCaches {
  let found = caches.get(table);
  if (found === undefined) {
    found = {
      totals: new VersionedCache([table], 2000),
      aggregates: new VersionedCache([table], 500),
      anchors: new VersionedCache([table], 50),
      // DDL (an added column) bumps every table, so the schema read lives as long as the schema.
      notNull: new VersionedCache([table], 1),
    };
    caches.set(table, found);
  }
  return found;
}

/** A cache key for a where clause: its SQL text and bound values. */
function keyOf(db: Kysely<Database>, fragment: RawBuilder<unknown>): string {
  const compiled = fragment.compile(db);
  return JSON.stringify([compiled.sql, compiled.parameters]);
}

function orderSql(sort: ListSort): RawBuilder<unknown> {
  const direction = sql.raw(sort.descending ? 'desc' : 'asc');
  return sql.join([...sort.columns, 'id'].map((column) => sql`${sql.id(column)} ${direction}`));
}

/**
 * Any other figure of `table` under `where` (a list's status-tab counts), computed once per filter and
 * `name` until the table is written, like the list's total.
 */
export function cachedAggregate<T>(db: Kysely<Database>, table: string, name: string, where: RawBuilder<unknown>, compute: () => Promise<T>): Promise<T> {
  return cachesOf(table).aggregates.get(db, JSON.stringify([name, keyOf(db, where)]), compute) as Promise<T>;
}

/** The number of rows matching `where`, counted once per filter until the table is written. */
export function countRows(db: Kysely<Database>, table: string, where: RawBuilder<unknown>): Promise<number> {
  return cachesOf(table).totals.get(db, keyOf(db, where), async () => {
    const counted = await sql<{ total: number }>`select count(*)::int as total from ${sql.id(table)} where ${where}`.execute(db);
    return counted.rows[0]?.total ?? 0;
  });
}

async function notNullColumns(db: Kysely<Database>, table: string): Promise<ReadonlySet<string>> {
  return cachesOf(table).notNull.get(db, 'columns', async () => {
    const result = await sql<{ column_name: string }>`
      select column_name from information_schema.columns
      where table_name = ${table} and table_schema = current_schema() and is_nullable = 'NO'`.execute(db);
    return new Set(result.rows.map((row) => row.column_name));
  });
}

/**
 * The sort keys (as text, so timestamps keep their microseconds and decimals their digits) of rows
 * ANCHOR_SPACING, 2·ANCHOR_SPACING, … in list order.
 */
function anchorsOf(db: Kysely<Database>, table: string, where: RawBuilder<unknown>, sort: ListSort): Promise<string[][]> {
  const keys = [...sort.columns, 'id'];
  const key = JSON.stringify([keyOf(db, where), keys, sort.descending]);
  return cachesOf(table).anchors.get(db, key, async () => {
    const selected = sql.join(keys.map((column, index) => sql`cast(${sql.id(column)} as text) as ${sql.id(`k${index}`)}`));
    const result = await sql<Record<string, string>>`
      select * from (
        select ${selected}, row_number() over (order by ${orderSql(sort)}) as position
        from ${sql.id(table)} where ${where}
      ) ranked
      where position % ${ANCHOR_SPACING} = 0
      order by position`.execute(db);
    return result.rows.map((row) => keys.map((_, index) => row[`k${index}`] ?? ''));
  });
}

/**
 * The SELECT of one page: `offset` for the first pages, from the nearest anchor for deep ones when
 * every sort column is NOT NULL (a row comparison skips NULLs, so nullable sorts keep `offset`).
 */
export async function pageQuery(db: Kysely<Database>, table: string, select: RawBuilder<unknown>, request: PageRequest): Promise<RawBuilder<unknown>> {
  const { where, sort, pageNo, pageSize } = request;
  const offset = (pageNo - 1) * pageSize;
  const plain = sql`select ${select} from ${sql.id(table)} where ${where} order by ${orderSql(sort)} limit ${pageSize} offset ${offset}`;
  if (offset < ANCHOR_SPACING) return plain;
  const required = await notNullColumns(db, table);
  if (!sort.columns.every((column) => required.has(column))) return plain;
  const anchors = await anchorsOf(db, table, where, sort);
  const index = Math.min(Math.floor(offset / ANCHOR_SPACING), anchors.length);
  const anchor = anchors[index - 1];
  if (anchor === undefined) return plain;
  const keys = sql.join([...sort.columns, 'id'].map((column) => sql.id(column)));
  const after = sql.raw(sort.descending ? '<' : '>');
  return sql`select ${select} from ${sql.id(table)}
    where ${where} and (${keys}) ${after} (${sql.join(anchor)})
    order by ${orderSql(sort)} limit ${pageSize} offset ${offset - index * ANCHOR_SPACING}`;
}
