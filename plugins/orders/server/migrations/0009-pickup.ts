import { sql, type Kysely } from 'kysely';
import { createEntityTable } from '../../../../server/kit';
import { pickupStoreEntity } from '../../pickup-entities';
import { pickupDicts } from '../pickup/dicts';
import { addDictsToSeededDatabase } from './seeded-dicts';

/**
 * 到店自提 (issue 36): the pickup stores, the staff bound to each as its verifiers, and an order's store, verification
 * code and who verified it when. `if not exists` on sale_order: 0001 builds the table from the entity as it is now, so a
 * fresh database has these columns (and their list indexes) already. A code is unique within the tenant among the
 * orders still open (待付款, 待发货); a verified or closed order keeps its code for the record.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createEntityTable(db, pickupStoreEntity);
  await db.schema
    .createTable('sale_pickup_store_staff')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('store_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('username', 'varchar(100)', (c) => c.notNull())
    .addColumn('create_by', 'varchar(50)')
    .addColumn('create_time', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('tenant_id', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`create unique index sale_pickup_store_staff_uq on sale_pickup_store_staff (tenant_id, store_id, username)`.execute(db);
  // 门店核销 asks which stores a user verifies for.
  await sql`create index sale_pickup_store_staff_user_idx on sale_pickup_store_staff (tenant_id, username)`.execute(db);

  await sql`alter table sale_order add column if not exists pickup_store_id varchar(32), add column if not exists pickup_code varchar(16),
    add column if not exists pickup_verify_time timestamptz, add column if not exists pickup_verifier varchar(64)`.execute(db);
  // The same names as the entity's list indexes (server/crud/table-ddl.ts), so a fresh database keeps one of each.
  await sql`create index if not exists sale_order_tenant_id_pickup_store_id_lidx on sale_order (tenant_id, pickup_store_id)`.execute(db);
  await sql`create index if not exists sale_order_tenant_id_pickup_code_lidx on sale_order (tenant_id, pickup_code)`.execute(db);
  await sql`create unique index sale_order_pickup_code_open_uq on sale_order (tenant_id, pickup_code) where pickup_code is not null and status in ('0', '10')`.execute(db);
  await sql`create index sale_order_pickup_verified_idx on sale_order (tenant_id, pickup_verify_time) where pickup_verify_time is not null`.execute(db);
  await addDictsToSeededDatabase(db, pickupDicts);
}
