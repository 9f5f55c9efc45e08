import type { Kysely, Migration } from 'kysely';
import { createEntityIndexes } from '../../../../server/kit';
import { userEntity } from '../entities';

/** The optional profile columns of the users screen that the core users table lacks. */
const userProfile: Migration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema
      .alterTable('users')
      .addColumn('sex', 'smallint')
      .addColumn('birthday', 'date')
      .addColumn('work_no', 'varchar(100)')
      .execute();
  },
  async down(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable('users').dropColumn('work_no').dropColumn('birthday').dropColumn('sex').execute();
  },
};

export const userMigrations: Record<string, Migration> = {
  '0101_user_profile': userProfile,
  // Lists at scale: the indexes derived from the entity as it is now, after every earlier migration.
  '0190_list_indexes': {
    up: async (db: Kysely<unknown>) => {
      await createEntityIndexes(db, userEntity);
    },
  },
};
