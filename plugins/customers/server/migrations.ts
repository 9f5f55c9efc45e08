import type { Kysely, Migration } from 'kysely';
import { createEntityTable } from '../../../server/crud/table-ddl';
import { memberEntity } from '../entities';

export const customerMigrations: Record<string, Migration> = {
  '0001_cust_member': {
    up: async (db: Kysely<unknown>) => {
      await createEntityTable(db, memberEntity);
    },
  },
};
