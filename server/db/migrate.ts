import { Migrator, type Kysely, type MigrationProvider } from 'kysely';
import type { Database } from './schema';
import { migrations } from './migrations/index';

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema to the newest version; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error !== undefined) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
