import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import pg from 'pg';
import type { Database } from './schema';
import { migrations as coreMigrations } from './migrations/index';

/**
 * Brings the schema to the newest version: core migrations, then the plugins' (which sort after
 * core by name). A plugin added later may bring names that sort before ones already run, hence
 * unordered migrations are allowed. Throws with the failing migration's name.
 */
export async function migrateToLatest(db: Kysely<Database>, extra: Record<string, Migration> = {}): Promise<string[]> {
  const provider: MigrationProvider = { getMigrations: async () => ({ ...coreMigrations, ...extra }) };
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error !== undefined) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Held by one instance at a time from migrating to its last seed; see takeStartLock. */
export interface StartLock {
  release: () => Promise<void>;
}

// A two-key advisory lock ('mbo', 1): its own key space, apart from Kysely's one-key migration lock.
const START_LOCK_KEYS = [0x6d626f, 1];

/**
 * On PostgreSQL, instances started together take turns through migrating and seeding: a session-level
 * advisory lock on a connection of its own, so each migration and each seed runs once (the seeds
 * check a marker, then write; two at once would both write). Should the instance die, the server
 * drops its connection and with it the lock. On the embedded database the PID lock already keeps
 * out every other process, so nothing is taken.
 */
export async function takeStartLock(databaseUrl: string | null, onWait: () => void): Promise<StartLock> {
  if (databaseUrl === null) return { release: async () => undefined };
  const client = new pg.Client({ connectionString: databaseUrl, application_name: 'mbo-start-lock' });
  // A dropped connection has already released the lock; release() then only finds it closed.
  client.on('error', () => undefined);
  await client.connect();
  try {
    const tried = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1, $2) as locked', START_LOCK_KEYS);
    if (tried.rows[0]?.locked !== true) {
      onWait();
      await client.query('select pg_advisory_lock($1, $2)', START_LOCK_KEYS);
    }
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
  let released = false;
  return {
    release: async () => {
      if (released) return;
      released = true;
      try {
        await client.query('select pg_advisory_unlock($1, $2)', START_LOCK_KEYS);
      } finally {
        await client.end().catch(() => undefined);
      }
    },
  };
}
