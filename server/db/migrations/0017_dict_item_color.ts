import type { Kysely } from 'kysely';

/**
 * A dictionary item may carry a colour (JeecgBoot's `item_color`): a status shows as a tag of that colour on every
 * list and detail, from the one item, never chosen per screen. An antd preset name (`green`, `orange` …) or a
 * `#rrggbb` colour; null shows the neutral tag.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('dict_items').addColumn('item_color', 'varchar(16)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('dict_items').dropColumn('item_color').execute();
}
