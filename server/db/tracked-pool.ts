import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import { writtenTables, type TableVersions } from '../cache/table-versions';

/**
 * Wraps a pg-like pool so every write bumps the versions of the tables it names. Inside a
 * transaction the tables are bumped again at COMMIT/ROLLBACK: on PostgreSQL another connection may
 * read (and cache) the old rows until then.
 */
export function trackedPool(inner: PostgresPool, versions: TableVersions): PostgresPool {
  return {
    end: () => inner.end(),
    connect: async (): Promise<PostgresPoolClient> => {
      const client = await inner.connect();
      // Tables written in the open transaction, bumped once more when it ends.
      let dirty: Set<string> | 'all' | null = null;
      const before = (statement: string) => {
        if (/^\s*(begin|start\s+transaction)\b/i.test(statement)) dirty = new Set();
        const written = writtenTables(statement);
        if (written !== 'all' && written.length === 0) return written;
        versions.bump(written);
        if (dirty !== null) {
          if (written === 'all') dirty = 'all';
          else if (dirty !== 'all') for (const table of written) dirty.add(table);
        }
        return written;
      };
      const after = (statement: string, written: string[] | 'all') => {
        if (written === 'all' || written.length > 0) versions.bump(written);
        if (/^\s*(commit|end|rollback)\s*;?\s*$/i.test(statement)) {
          if (dirty !== null) versions.bump(dirty === 'all' ? 'all' : [...dirty]);
          dirty = null;
        }
      };
      function query<R>(sqlText: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
      function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
      function query<R>(first: string | PostgresCursor<R>, parameters: ReadonlyArray<unknown> = []): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
        if (typeof first !== 'string') return client.query(first);
        // Bumped before and after: a reader that started in between must not keep its answer.
        const written = before(first);
        return client.query<R>(first, parameters).finally(() => after(first, written));
      }
      return { query, release: () => client.release() };
    },
  };
}
