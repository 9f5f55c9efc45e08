import { sql, type Kysely } from 'kysely';
import { createEntityTable, createStateLogTable } from '../../../../server/kit';
import { afterSaleEntity, expressEntity, freightTemplateEntity, orderEntity, orderItemEntity, payRecordEntity, refundOrderEntity } from '../../entities';

/**
 * The sales-order tables (docs/reference/business-domains.md §3). Money is NUMERIC(14,2) (yuan, exact) and defaults to
 * zero; the database backs the services' arithmetic with check constraints, and the document numbers
 * are unique per tenant. The log tables are the state machine's (server/state/state-machine.ts).
 */

const ORDER_MONEY = ['total_price', 'discount_price', 'coupon_price', 'point_price', 'vip_price', 'delivery_price', 'adjust_price', 'pay_price', 'refund_price'];
const ITEM_MONEY = ['price', 'discount_price', 'coupon_price', 'point_price', 'vip_price', 'delivery_price', 'adjust_price', 'pay_price'];

async function money(db: Kysely<unknown>, table: string, columns: readonly string[]): Promise<void> {
  const changes = columns.map((column) => sql`alter column ${sql.id(column)} type numeric(14, 2), alter column ${sql.id(column)} set default 0, alter column ${sql.id(column)} set not null`);
  await sql`alter table ${sql.id(table)} ${sql.join(changes)}`.execute(db);
}

async function orderTables(db: Kysely<unknown>): Promise<void> {
  await createEntityTable(db, orderEntity);
  await money(db, 'sale_order', ORDER_MONEY);
  await sql`alter table sale_order
    alter column no set not null, alter column status set not null, alter column type set default '0', alter column type set not null,
    alter column refund_status set default '0', alter column refund_status set not null,
    alter column product_count set default 0, alter column product_count set not null,
    alter column use_point set default 0, alter column use_point set not null,
    alter column give_point set default 0, alter column give_point set not null`.execute(db);
  await sql`alter table sale_order add constraint sale_order_money_ck check (pay_price >= 0 and total_price >= 0 and refund_price >= 0 and refund_price <= pay_price and use_point >= 0)`.execute(db);
  // The list: newest first within the tenant, its status tabs, a member's orders, the paid-time filter.
  await db.schema.createIndex('sale_order_list_idx').on('sale_order').columns(['tenant_id', 'create_time', 'id']).execute();
  await db.schema.createIndex('sale_order_status_tab_idx').on('sale_order').columns(['tenant_id', 'status', 'create_time']).execute();
  await db.schema.createIndex('sale_order_member_idx').on('sale_order').columns(['tenant_id', 'member_id', 'create_time']).execute();
  await db.schema.createIndex('sale_order_pay_time_idx').on('sale_order').columns(['tenant_id', 'pay_time']).execute();

  await createEntityTable(db, orderItemEntity);
  await money(db, 'sale_order_item', ITEM_MONEY);
  await sql`alter table sale_order_item alter column order_id set not null, alter column sku_id set not null, alter column count set not null,
    alter column after_sale_status set default '0', alter column after_sale_status set not null`.execute(db);
  await sql`alter table sale_order_item add constraint sale_order_item_ck check (count > 0 and price >= 0 and pay_price >= 0)`.execute(db);
  await db.schema.createIndex('sale_order_item_order_idx').on('sale_order_item').columns(['tenant_id', 'order_id']).execute();

  await createStateLogTable(db, 'sale_order_log', 'order_id');
}

async function paymentTables(db: Kysely<unknown>): Promise<void> {
  await createEntityTable(db, payRecordEntity);
  await money(db, 'sale_pay_record', ['price']);
  await sql`alter table sale_pay_record add constraint sale_pay_record_ck check (price >= 0)`.execute(db);
  await db.schema.createIndex('sale_pay_record_order_idx').on('sale_pay_record').columns(['tenant_id', 'order_id']).execute();

  await createEntityTable(db, refundOrderEntity);
  await money(db, 'sale_refund_order', ['refund_price']);
  await sql`alter table sale_refund_order add constraint sale_refund_order_ck check (refund_price > 0)`.execute(db);
  await db.schema.createIndex('sale_refund_order_order_idx').on('sale_refund_order').columns(['tenant_id', 'order_id']).execute();
}

async function afterSaleTables(db: Kysely<unknown>): Promise<void> {
  await createEntityTable(db, afterSaleEntity);
  await money(db, 'sale_after_sale', ['refund_price']);
  await sql`alter table sale_after_sale add constraint sale_after_sale_ck check (refund_price >= 0)`.execute(db);
  await db.schema.createIndex('sale_after_sale_item_idx').on('sale_after_sale').columns(['tenant_id', 'order_item_id']).execute();
  await createStateLogTable(db, 'sale_after_sale_log', 'after_sale_id');
}

/** Document numbers (SO + yyyymmdd + 6 digits): one counter row per tenant, prefix and day. */
async function numberSequences(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sale_no_sequence')
    .addColumn('tenant_id', 'integer', (c) => c.notNull())
    .addColumn('prefix', 'varchar(16)', (c) => c.notNull())
    .addColumn('value', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('sale_no_sequence_pk', ['tenant_id', 'prefix'])
    .execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await orderTables(db);
  await paymentTables(db);
  await afterSaleTables(db);
  await createEntityTable(db, expressEntity);
  await createEntityTable(db, freightTemplateEntity);
  await numberSequences(db);
}
