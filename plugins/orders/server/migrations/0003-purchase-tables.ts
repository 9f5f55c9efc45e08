import { sql, type Kysely } from 'kysely';
import { createEntityTable, createStateLogTable } from '../../../../server/kit';
import { purchaseDeliveryEntity, purchaseItemEntity, purchaseOrderEntity } from '../../purchase-entities';

/** The procurement tables (docs/reference/business-domains.md §7): money NUMERIC(14,2), counts never below zero nor above the ordered. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createEntityTable(db, purchaseOrderEntity);
  const orderMoney = ['goods_price', 'tax_price', 'discount_price', 'total_price', 'deposit_price'];
  await sql`alter table zcy_purchase_order ${sql.join(orderMoney.map((column) => sql`alter column ${sql.id(column)} type numeric(14, 2), alter column ${sql.id(column)} set default 0, alter column ${sql.id(column)} set not null`))},
    alter column no set not null, alter column status set not null, alter column total_count set default 0, alter column total_count set not null,
    alter column delivered_count set default 0, alter column delivered_count set not null`.execute(db);
  await sql`alter table zcy_purchase_order add constraint zcy_purchase_order_ck check (total_price >= 0 and delivered_count >= 0 and delivered_count <= total_count)`.execute(db);
  await db.schema.createIndex('zcy_purchase_order_list_idx').on('zcy_purchase_order').columns(['tenant_id', 'create_time', 'id']).execute();
  await db.schema.createIndex('zcy_purchase_order_status_idx').on('zcy_purchase_order').columns(['tenant_id', 'status', 'create_time']).execute();
  await db.schema.createIndex('zcy_purchase_order_customer_idx').on('zcy_purchase_order').columns(['tenant_id', 'customer_id']).execute();

  await createEntityTable(db, purchaseItemEntity);
  await sql`alter table zcy_purchase_order_item
    alter column price type numeric(14, 2), alter column price set not null,
    alter column tax_percent type numeric(5, 2), alter column tax_percent set default 0, alter column tax_percent set not null,
    alter column tax_price type numeric(14, 2), alter column tax_price set default 0, alter column tax_price set not null,
    alter column total_price type numeric(14, 2), alter column total_price set default 0, alter column total_price set not null,
    alter column order_id set not null, alter column sku_id set not null, alter column count set not null,
    alter column delivered_count set default 0, alter column delivered_count set not null`.execute(db);
  await sql`alter table zcy_purchase_order_item add constraint zcy_purchase_order_item_ck check (count > 0 and delivered_count >= 0 and delivered_count <= count and price >= 0)`.execute(db);
  await db.schema.createIndex('zcy_purchase_order_item_order_idx').on('zcy_purchase_order_item').columns(['tenant_id', 'order_id']).execute();

  await createEntityTable(db, purchaseDeliveryEntity);
  await db.schema.createIndex('zcy_purchase_delivery_order_idx').on('zcy_purchase_delivery').columns(['tenant_id', 'order_id']).execute();
  await createStateLogTable(db, 'zcy_purchase_log', 'order_id');
}
