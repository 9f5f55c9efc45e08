import type { Kysely } from 'kysely';

/**
 * A report column's link (JeecgBoot's field_href): a path in the product or an http(s) address with `${column}`
 * placeholders filled from the row, e.g. `/saleorder/detail?id=${order_id}`; the generated report renders the cell
 * as that link.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('onl_cgreport_item').addColumn('field_href', 'varchar(500)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('onl_cgreport_item').dropColumn('field_href').execute();
}
