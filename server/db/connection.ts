import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
}

/**
 * Opens the embedded PGlite store under DATA_DIR/pgdata, or a PostgreSQL server when a URL is given.
 * PGlite is a single connection, hence the pool of one; callers must hold the PID lock first because
 * PGlite does not lock its own directory.
 */
export async function openDatabase(options: { dataDir: string; databaseUrl: string | null }): Promise<DatabaseHandle> {
  if (options.databaseUrl !== null) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }

  const pgdata = path.join(options.dataDir, 'pgdata');
  fs.mkdirSync(pgdata, { recursive: true });
  const pglite = new PGlite(pgdata);
  await pglite.waitReady;
  const pool = new pg.Pool({ ...createPgConfig(pglite), max: 1 });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    kind: 'pglite',
    close: async () => {
      await db.destroy();
      // The adapter leaves the PGlite instance to its owner.
      await pglite.close();
    },
  };
}
