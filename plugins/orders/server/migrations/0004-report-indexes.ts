import type { Kysely } from 'kysely';

/**
 * The reports read a day of orders live (today, and days the 报表日结 has not stored): the order log by
 * time (orders entering each status) and settled refunds by their success time. Without these each
 * live day scanned the whole log and refund tables.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('sale_order_log_time_idx').on('sale_order_log').columns(['tenant_id', 'create_time']).execute();
  await db.schema.createIndex('sale_refund_order_success_idx').on('sale_refund_order').columns(['tenant_id', 'success_time']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('sale_refund_order_success_idx').ifExists().execute();
  await db.schema.dropIndex('sale_order_log_time_idx').ifExists().execute();
}
