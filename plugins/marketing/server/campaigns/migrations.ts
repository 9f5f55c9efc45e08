import { sql, type Kysely, type Migration } from 'kysely';
import { createEntityTable, createStateLogTable } from '../../../../server/kit';
import { couponPackageEntity, couponPackageRecordEntity, giftActivityEntity, giftActivityOrderEntity } from '../../campaign-entities';

/**
 * The tables of gift campaigns and coupon packets (tenant first in every index). Money is NUMERIC(14,2);
 * the database backs the services' counters with check constraints.
 */

async function money(db: Kysely<unknown>, table: string, columns: readonly string[]): Promise<void> {
  const changes = columns.map((column) => sql`alter column ${sql.id(column)} type numeric(14, 2), alter column ${sql.id(column)} set default 0, alter column ${sql.id(column)} set not null`);
  await sql`alter table ${sql.id(table)} ${sql.join(changes)}`.execute(db);
}

async function campaignTables(db: Kysely<unknown>): Promise<void> {
  await createEntityTable(db, giftActivityEntity);
  await sql`alter table mkt_gift_activity alter column status set default '1', alter column status set not null, alter column rules set not null`.execute(db);
  await sql`alter table mkt_gift_activity add constraint mkt_gift_activity_time_ck check (end_time > start_time)`.execute(db);
  // The list (newest first), its time-status filters and pricing's "running now" look-up.
  await db.schema.createIndex('mkt_gift_activity_list_idx').on('mkt_gift_activity').columns(['tenant_id', 'create_time', 'id']).execute();
  await db.schema.createIndex('mkt_gift_activity_running_idx').on('mkt_gift_activity').columns(['tenant_id', 'status', 'start_time', 'end_time']).execute();
  await createStateLogTable(db, 'mkt_gift_activity_log', 'activity_id');

  await createEntityTable(db, giftActivityOrderEntity);
  await money(db, 'mkt_gift_activity_order', ['rule_limit', 'discount_price']);
  await sql`alter table mkt_gift_activity_order alter column activity_id set not null, alter column order_id set not null,
    alter column point set default 0, alter column point set not null, alter column granted_point set default 0, alter column granted_point set not null,
    alter column status set not null`.execute(db);
  await db.schema.createIndex('mkt_gift_activity_order_order_uq').on('mkt_gift_activity_order').columns(['tenant_id', 'order_id']).unique().execute();
  await db.schema.createIndex('mkt_gift_activity_order_activity_idx').on('mkt_gift_activity_order').columns(['tenant_id', 'activity_id', 'create_time']).execute();
}

async function packetTables(db: Kysely<unknown>): Promise<void> {
  await createEntityTable(db, couponPackageEntity);
  await money(db, 'mkt_coupon_package', ['price']);
  await sql`alter table mkt_coupon_package alter column contents set not null, alter column point set default 0, alter column point set not null,
    alter column issued_count set default 0, alter column issued_count set not null`.execute(db);
  await sql`alter table mkt_coupon_package add constraint mkt_coupon_package_ck check (price >= 0 and issued_count >= 0 and issued_count <= total_count and end_time > start_time)`.execute(db);
  await db.schema.createIndex('mkt_coupon_package_list_idx').on('mkt_coupon_package').columns(['tenant_id', 'create_time', 'id']).execute();

  await createEntityTable(db, couponPackageRecordEntity);
  await money(db, 'mkt_coupon_package_record', ['price']);
  await db.schema.createIndex('mkt_coupon_package_record_package_idx').on('mkt_coupon_package_record').columns(['tenant_id', 'package_id', 'create_time']).execute();
  await db.schema.createIndex('mkt_coupon_package_record_member_idx').on('mkt_coupon_package_record').columns(['tenant_id', 'package_id', 'member_id']).execute();
}

const m0001: Migration = {
  up: async (db) => {
    await campaignTables(db);
    await packetTables(db);
  },
};

/** Migration names (prefixed `2` by plugins/marketing/server.ts, after the coupons'). */
export const campaignMigrationList: Record<string, Migration> = {
  '0001_campaign_tables': m0001,
};
