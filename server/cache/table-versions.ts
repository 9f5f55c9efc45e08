/**
 * Which tables changed since a cached value was computed. Every statement the server sends goes
 * through one tracked connection (server/db/tracked-pool.ts), which bumps the tables a write names,
 * so caches need no list of writers to stay right: a plugin that writes a grant table with its own
 * SQL invalidates the permission cache like the core does.
 */

/** A snapshot to compare with later; equal snapshots mean nothing the value depends on was written. */
export type VersionStamp = number;

export class TableVersions {
  private counter = 0;
  /** Bumped by writes whose tables could not be told (DDL, unusual statements): invalidates everything. */
  private everything = 0;
  private readonly byTable = new Map<string, number>();
  /** Told of every bump made here (not of applyRemote): server/bus/table-sync.ts shares them with other instances. */
  private readonly listeners = new Set<(tables: readonly string[] | 'all') => void>();

  bump(tables: readonly string[] | 'all'): void {
    this.apply(tables);
    for (const listener of this.listeners) listener(tables);
  }

  /** A bump another instance made (heard on the bus): applied here, never passed on again. */
  applyRemote(tables: readonly string[] | 'all'): void {
    this.apply(tables);
  }

  onBump(listener: (tables: readonly string[] | 'all') => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  private apply(tables: readonly string[] | 'all'): void {
    this.counter += 1;
    if (tables === 'all') {
      this.everything = this.counter;
      return;
    }
    for (const table of tables) this.byTable.set(table, this.counter);
  }

  /** The newest write among these tables (or 'all' tables). */
  stamp(tables: readonly string[] | 'all'): VersionStamp {
    if (tables === 'all') return this.counter;
    let newest = this.everything;
    for (const table of tables) newest = Math.max(newest, this.byTable.get(table) ?? 0);
    return newest;
  }
}

const READ_ONLY = /^\s*(select|show|explain|values|begin|start\s+transaction|commit|end|rollback|release|savepoint|set|listen|unlisten|fetch|declare|close|deallocate|discard|prepare)\b/i;
const WRITE_TARGET =
  /\b(?:insert\s+into|update|delete\s+from|truncate(?:\s+table)?|merge\s+into|copy)\s+(?:only\s+)?(?:"?[a-z_][a-z0-9_$]*"?\s*\.\s*)?"?([a-z_][a-z0-9_$]*)"?/gi;

/**
 * The tables a statement may write: [] for a read, 'all' when it cannot be told (DDL, function calls
 * in a `select` that writes are not used by the server). A `with … insert` CTE is read as a write of
 * the tables named after insert/update/delete.
 */
export function writtenTables(statement: string): string[] | 'all' {
  if (/^\s*with\b/i.test(statement)) {
    const tables = targets(statement);
    return tables.length === 0 && !/\b(insert|update|delete)\b/i.test(statement) ? [] : tables.length === 0 ? 'all' : tables;
  }
  // `select … for update` locks but does not write.
  if (READ_ONLY.test(statement)) return [];
  if (/^\s*(insert|update|delete|truncate|merge|copy)\b/i.test(statement)) {
    const tables = targets(statement);
    return tables.length === 0 ? 'all' : tables;
  }
  return 'all';
}

function targets(statement: string): string[] {
  const tables = new Set<string>();
  for (const match of statement.matchAll(WRITE_TARGET)) {
    const name = match[1]?.toLowerCase();
    // `on conflict … do update set` names no table.
    if (name !== undefined && name !== 'set') tables.add(name);
  }
  return [...tables];
}
