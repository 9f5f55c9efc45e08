import type { Kysely } from 'kysely';
import { ensureTrigramExtension } from '../../crud/table-ddl';

/**
 * Lists at scale (issue 17): pg_trgm for `like` searches, once for every later migration (PGlite
 * loads it in server/db/pglite-worker.ts; a PostgreSQL server has it with contrib; without it like
 * searches get no index). The list indexes themselves are derived from each entity description by
 * createEntityIndexes (server/crud/table-ddl.ts), in the owning plugin's migrations.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await ensureTrigramExtension(db);
}
