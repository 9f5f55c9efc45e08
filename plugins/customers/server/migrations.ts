import type { Kysely, Migration } from 'kysely';
import { createEntityIndexes, createEntityTable } from '../../../server/crud/table-ddl';
import { memberEntity } from '../entities';

export const customerMigrations: Record<string, Migration> = {
  '0001_cust_member': {
    up: async (db: Kysely<unknown>) => {
      await createEntityTable(db, memberEntity);
    },
  },
  // Lists at scale: the indexes derived from the entity as it is now, after every earlier migration.
  '0090_list_indexes': {
    up: async (db: Kysely<unknown>) => {
      await createEntityIndexes(db, memberEntity);
    },
  },
};
