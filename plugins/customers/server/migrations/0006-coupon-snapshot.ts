import { sql, type Kysely } from 'kysely';
import { createStateLogTable } from '../../../../server/kit';

/**
 * Member coupons carry their template's rules (server/contracts/member-coupons.ts): the snapshot
 * columns, money as NUMERIC(14,2), what issued them (biz_id), the indexes the coupon flows look up by
 * (a template's counts, an order's coupon, the expiry job) and the log of their status changes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // 0002 creates cust_coupon from the entity as it is now: on a fresh database the columns exist already.
  await sql`alter table cust_coupon
    add column if not exists take_type varchar(2),
    add column if not exists discount_type varchar(2),
    add column if not exists use_price numeric(14, 2),
    add column if not exists discount_price numeric(14, 2),
    add column if not exists discount_percent integer,
    add column if not exists discount_limit_price numeric(14, 2),
    add column if not exists product_scope varchar(2),
    add column if not exists product_scope_values varchar(4000),
    add column if not exists biz_id varchar(32)`.execute(db);
  await sql`update cust_coupon set use_price = 0 where use_price is null`.execute(db);
  await sql`update cust_coupon set product_scope = '1' where product_scope is null`.execute(db);
  await sql`alter table cust_coupon
    alter column use_price type numeric(14, 2), alter column use_price set default 0, alter column use_price set not null,
    alter column discount_price type numeric(14, 2),
    alter column discount_limit_price type numeric(14, 2),
    alter column product_scope set default '1', alter column product_scope set not null`.execute(db);
  await db.schema.createIndex('cust_coupon_template_idx').on('cust_coupon').columns(['tenant_id', 'template_id', 'member_id']).execute();
  await db.schema.createIndex('cust_coupon_order_idx').on('cust_coupon').columns(['tenant_id', 'use_order_id']).execute();
  await db.schema.createIndex('cust_coupon_biz_idx').on('cust_coupon').columns(['tenant_id', 'biz_id']).execute();
  await sql`create index cust_coupon_due_idx on cust_coupon (valid_end_time) where status = '1'`.execute(db);
  await createStateLogTable(db, 'cust_coupon_log', 'coupon_id');
}
