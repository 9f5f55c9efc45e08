import { sql, type Kysely, type Migration } from 'kysely';

/**
 * 租户管理: the tenants table (core, server/db/migrations/0001 and 0013 for its validity) gains a unique name,
 * the indexes of its screen and a sequence for new tenant ids. New ids start above 1000, clear of the small ids the
 * demo and tests give by hand, and never reuse a deleted tenant's id (its logs and facts keep it).
 */
export const tenantMigrations: Record<string, Migration> = {
  '0401_tenant_screen': {
    up: async (db: Kysely<unknown>) => {
      await db.schema.createIndex('tenants_name_uq').on('tenants').column('name').unique().execute();
      await db.schema.createIndex('tenants_status_idx').on('tenants').columns(['status', 'create_time']).execute();
      await db.schema.createIndex('user_tenant_tenant_idx').on('user_tenant').columns(['tenant_id', 'user_id']).execute();
      await sql`create sequence tenants_id_seq minvalue 1001 start with 1001`.execute(db);
      await sql`select setval('tenants_id_seq', greatest(1001, (select coalesce(max(id), 0) + 1 from tenants)), false)`.execute(db);
    },
    down: async (db: Kysely<unknown>) => {
      await sql`drop sequence if exists tenants_id_seq`.execute(db);
      await db.schema.dropIndex('user_tenant_tenant_idx').ifExists().execute();
      await db.schema.dropIndex('tenants_status_idx').ifExists().execute();
      await db.schema.dropIndex('tenants_name_uq').ifExists().execute();
    },
  },
};
