import { sql, type Kysely } from 'kysely';
import { createEntityTable, newId } from '../../../../server/kit';
import { purchaseDeliveryItemEntity } from '../../purchase-entities';

/**
 * Documents that match what happened, and the list's 退款中 tab:
 * - `sale_order.after_sale_open`: an after-sale of the order is in progress (the 退款中 tab; 已退款 is
 *   refund_status ≠ 0). `if not exists`: 0001 builds sale_order from the entity as it is now, so a fresh
 *   database already has the column; an existing one is filled from its lines.
 * - `sale_order_item.give_point`: the SPU's 赠送积分 × count, snapshotted when the order is placed and
 *   granted when it completes (lines refunded before then give nothing).
 * - `zcy_purchase_delivery_item`: what each procurement delivery sent (its 送货单 lists only that); the
 *   deliveries made before are read back from the text they recorded.
 * - 无需物流 in the delivery types (an offline order handed over without shipping); a fresh database gets it
 *   from the plugin's dictionaries, which are seeded after the migrations.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sale_order add column if not exists after_sale_open boolean`.execute(db);
  await sql`update sale_order o set after_sale_open = exists (select 1 from sale_order_item i where i.order_id = o.id and i.after_sale_status = '10')
    where after_sale_open is null`.execute(db);
  await sql`alter table sale_order alter column after_sale_open set default false, alter column after_sale_open set not null`.execute(db);
  await sql`create index if not exists sale_order_after_sale_open_idx on sale_order (tenant_id, create_time) where after_sale_open`.execute(db);

  await sql`alter table sale_order_item add column if not exists give_point integer`.execute(db);
  await sql`update sale_order_item set give_point = 0 where give_point is null`.execute(db);
  await sql`alter table sale_order_item alter column give_point set default 0, alter column give_point set not null`.execute(db);
  await sql`alter table sale_order_item add constraint sale_order_item_give_point_ck check (give_point >= 0)`.execute(db);

  await createEntityTable(db, purchaseDeliveryItemEntity);
  await sql`alter table zcy_purchase_delivery_item alter column delivery_id set not null, alter column item_id set not null, alter column count set not null`.execute(db);
  await sql`alter table zcy_purchase_delivery_item add constraint zcy_purchase_delivery_item_ck check (count > 0)`.execute(db);
  await db.schema.createIndex('zcy_purchase_delivery_item_delivery_idx').on('zcy_purchase_delivery_item').columns(['tenant_id', 'delivery_id']).execute();
  await backfillDeliveryItems(db);

  await sql`insert into dict_items (id, dict_id, item_value, item_text, sort_order, create_by)
    select ${newId()}, d.id, '3', '无需物流', 3, 'system' from dicts d
    where d.dict_code = 'sale_delivery_type' and not exists (select 1 from dict_items i where i.dict_id = d.id and i.item_value = '3')`.execute(db);
}

interface LegacyDelivery {
  id: string;
  order_id: string;
  content: string | null;
  create_by: string | null;
  create_time: Date;
  tenant_id: number;
}

/**
 * Deliveries made before their lines were kept: read back from the text each one recorded
 * ("名称 规格 × n；…", purchases/service.ts deliverPurchase), matched to the order's lines by that name. A part
 * that matches no line (text cut at 1000 characters) is left out rather than guessed.
 */
export async function backfillDeliveryItems(db: Kysely<unknown>): Promise<void> {
  const legacy = await sql<LegacyDelivery>`select d.id, d.order_id, d.content, d.create_by, d.create_time, d.tenant_id from zcy_purchase_delivery d
    where not exists (select 1 from zcy_purchase_delivery_item i where i.delivery_id = d.id) order by d.create_time`.execute(db);
  for (const delivery of legacy.rows) {
    const items = await sql<{ id: string; spu_name: string | null; spec_text: string | null }>`select id, spu_name, spec_text from zcy_purchase_order_item
      where order_id = ${delivery.order_id} order by id`.execute(db);
    const byName = new Map(items.rows.map((item) => [[item.spu_name, item.spec_text].filter((part) => part !== null && part !== '').join(' '), item]));
    for (const part of (delivery.content ?? '').split('；')) {
      const match = /^(.*) × (\d+)$/.exec(part.trim());
      const item = match === null ? undefined : byName.get(match[1] ?? '');
      const count = Number(match?.[2] ?? 0);
      if (item === undefined || !(count > 0)) continue;
      await sql`insert into zcy_purchase_delivery_item (id, delivery_id, order_id, item_id, spu_name, spec_text, count, create_by, create_time, tenant_id)
        values (${newId()}, ${delivery.id}, ${delivery.order_id}, ${item.id}, ${item.spu_name}, ${item.spec_text}, ${count}, ${delivery.create_by}, ${delivery.create_time}, ${delivery.tenant_id})`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists zcy_purchase_delivery_item`.execute(db);
  await sql`alter table sale_order_item drop column if exists give_point`.execute(db);
  await sql`drop index if exists sale_order_after_sale_open_idx`.execute(db);
  await sql`alter table sale_order drop column if exists after_sale_open`.execute(db);
}
