import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
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
