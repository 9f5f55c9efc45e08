import { sql, type Kysely } from 'kysely';
import { createEntityIndexes } from '../../../../server/kit';
import { defineEntity } from '../../../../src/contracts/entity';

/**
 * 库位 of a SKU (issue 36's 配货单): the shelf place the warehouse keeps it at, such as A-03-02, so the picking list
 * walks the shelves in order. Optional: a SKU without one is picked last. The stock list sorts and searches on it,
 * so it gets the same list indexes as the entity's other fields (a frozen copy of just this field: a later change
 * of plugins/goods/entities.ts is a new migration).
 */
const SKU_LOCATION = defineEntity({
  table: 'goods_sku',
  api: '/goods/goodsStock',
  permission: 'goods:stock',
  tenantScoped: true,
  fields: {
    location: { type: 'string', label: '', max: 32, search: 'like', sortable: true, readonly: true },
  },
});

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table goods_sku add column if not exists location varchar(32)`.execute(db);
  await createEntityIndexes(db, SKU_LOCATION);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Dropping the column drops its indexes with it.
  await sql`alter table goods_sku drop column if exists location`.execute(db);
}
