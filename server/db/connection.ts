import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, sql, type PostgresPool } from 'kysely';
import pg from 'pg';
import { TableVersions } from '../cache/table-versions';
import { registerCacheSource } from '../cache/versioned-cache';
import type { Database } from './schema';
import { trackedPool } from './tracked-pool';
import { WALL_CLOCK_TYPES } from './wall-clock-types';
import { WorkerPool } from './worker-pool';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  /** Bumped by every write through `db`: what the caches (server/cache) check their entries against. */
  versions: TableVersions;
  close: () => Promise<void>;
}

/** How long a cached answer (permissions, dictionaries, list totals) may live on a shared PostgreSQL. */
export const POSTGRES_CACHE_MS = 2000;

/** The embedded database's page cache (server/db/pglite-worker.ts says why it is small). */
export const EMBEDDED_SHARED_BUFFERS = '32MB';

/**
 * Opens the embedded PGlite store under DATA_DIR/pgdata, or a PostgreSQL server when a URL is given.
 * PGlite runs in a worker thread (server/db/pglite-worker.ts) so a long query never blocks the event
 * loop; it is a single connection, hence the pool of one. Callers must hold the PID lock first
 * because PGlite does not lock its own directory.
 */
export async function openDatabase(options: { dataDir: string; databaseUrl: string | null; shopTimeZone: string }): Promise<DatabaseHandle> {
  const versions = new TableVersions();
  const open = (pool: PostgresPool) => new Kysely<Database>({ dialect: new PostgresDialect({ pool: trackedPool(pool, versions) }) });
  const timeZone = options.shopTimeZone;
  if (options.databaseUrl !== null) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, types: WALL_CLOCK_TYPES });
    // An idle connection the server drops (restart, failover) is discarded by the pool and the next query
    // opens a new one; without a listener its 'error' event would end the process.
    pool.on('error', () => undefined);
    // A connection checked out between two queries (a transaction awaiting its own work) has no pool listener: when
    // the server goes away its 'error' event would end the process too. The next query on it fails instead.
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
      // Every connection keeps the shop's clock (server/time/shop-time.ts). Queued first on the new connection,
      // so it runs before whatever the caller that opened it sends (a refused zone fails the check below).
      client.query('select set_config($1, $2, false)', ['TimeZone', timeZone]).catch(() => undefined);
    });
    const db = open(pool);
    await checkSessionTimeZone(db, timeZone, () => db.destroy());
    // Other instances may write the same database unseen: cached answers live at most this long here.
    registerCacheSource(db, versions, POSTGRES_CACHE_MS);
    return { db, kind: 'postgres', versions, close: () => db.destroy() };
  }

  const pgdata = path.join(options.dataDir, 'pgdata');
  fs.mkdirSync(pgdata, { recursive: true });
  const pool = new WorkerPool({ pgdata, sharedBuffers: EMBEDDED_SHARED_BUFFERS, timeZone });
  try {
    await pool.waitReady();
  } catch (error) {
    await pool.end();
    throw error;
  }
  // Kysely's destroy ends the pool, which closes PGlite cleanly and stops the thread.
  const db = open(pool);
  await checkSessionTimeZone(db, timeZone, () => db.destroy());
  registerCacheSource(db, versions, Number.POSITIVE_INFINITY);
  return { db, kind: 'pglite', versions, close: () => db.destroy() };
}

/**
 * The session's zone is the shop's, so that `cast(t as text)`, `::date`, `date_trunc` and a wall-clock string bound
 * to a timestamptz agree with the shop's clock. A zone the database does not know stops the start with its name.
 */
async function checkSessionTimeZone(db: Kysely<Database>, timeZone: string, close: () => Promise<void>): Promise<void> {
  const shown = await sql<{ zone: string }>`select current_setting('TimeZone') as zone`.execute(db).catch(() => null);
  const zone = shown?.rows[0]?.zone;
  if (zone === timeZone) return;
  await close();
  throw new Error(`The database does not keep SHOP_TIME_ZONE "${timeZone}" (its session zone is ${zone ?? 'unknown'})`);
}
