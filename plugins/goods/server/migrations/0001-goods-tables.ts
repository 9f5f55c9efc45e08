import { sql, type Kysely } from 'kysely';
import { createEntityIndexes, createEntityTable } from '../../../../server/kit';
import { defineEntity, type EntityDefinition } from '../../../../src/contracts/entity';

/**
 * The goods tables as first released. The definitions are frozen copies of plugins/goods/entities.ts
 * at that time (labels left out): a later change to an entity is a new migration, never an edit here,
 * so a database migrated today and one migrated next year end up with the same columns.
 */

const CATEGORY = defineEntity({
  table: 'goods_category',
  api: '/goods/goodsCategory',
  permission: 'goods:category',
  fields: {
    parentId: { type: 'string', label: '', max: 32, search: 'eq' },
    name: { type: 'string', label: '', required: true, max: 64, search: 'like', uniqueWith: ['parentId'] },
    picUrl: { type: 'image', label: '' },
    sort: { type: 'int', label: '', sortable: true },
    status: { type: 'dict', label: '', dict: 'valid_status', required: true, search: 'eq' },
  },
});

const BRAND = defineEntity({
  table: 'goods_brand',
  api: '/goods/goodsBrand',
  permission: 'goods:brand',
  fields: {
    name: { type: 'string', label: '', required: true, max: 64, search: 'like', unique: true, sortable: true },
    logo: { type: 'image', label: '' },
    sort: { type: 'int', label: '', sortable: true },
    description: { type: 'text', label: '', max: 500 },
    status: { type: 'dict', label: '', dict: 'valid_status', required: true, search: 'eq' },
  },
});

const TAG = defineEntity({
  table: 'goods_tag',
  api: '/goods/goodsTag',
  permission: 'goods:tag',
  fields: {
    name: { type: 'string', label: '', required: true, max: 32, search: 'like', unique: true, sortable: true },
    color: { type: 'string', label: '', max: 16 },
    sort: { type: 'int', label: '', sortable: true },
    status: { type: 'dict', label: '', dict: 'valid_status', required: true, search: 'eq' },
  },
});

const UNIT = defineEntity({
  table: 'goods_unit',
  api: '/goods/goodsUnit',
  permission: 'goods:unit',
  fields: {
    name: { type: 'string', label: '', required: true, max: 16, search: 'like', unique: true, sortable: true },
    status: { type: 'dict', label: '', dict: 'valid_status', required: true, search: 'eq' },
  },
});

const TYPE = defineEntity({
  table: 'goods_type',
  api: '/goods/goodsType',
  permission: 'goods:type',
  fields: {
    name: { type: 'string', label: '', required: true, max: 64, search: 'like', unique: true, sortable: true },
    specCount: { type: 'int', label: '', readonly: true },
    paramCount: { type: 'int', label: '', readonly: true },
  },
});

const ATTR = defineEntity({
  table: 'goods_attr',
  api: '/goods/goodsAttr',
  permission: 'goods:attr',
  fields: {
    typeId: { type: 'dict', label: '', dict: 'goods_type', required: true, search: 'eq' },
    name: { type: 'string', label: '', required: true, max: 64, search: 'like', uniqueWith: ['typeId', 'type'] },
    type: { type: 'dict', label: '', dict: 'goods_attr_type', required: true, search: 'eq' },
    selectType: { type: 'dict', label: '', dict: 'goods_attr_select_type', required: true },
    inputType: { type: 'dict', label: '', dict: 'goods_attr_input_type', required: true },
    inputList: { type: 'string', label: '', max: 1000 },
    sort: { type: 'int', label: '', sortable: true },
  },
});

const SPU = defineEntity({
  table: 'goods_spu',
  api: '/goods/goodsSpu',
  permission: 'goods:spu',
  tenantScoped: true,
  fields: {
    picUrl: { type: 'image', label: '', required: true },
    name: { type: 'string', label: '', required: true, max: 128, search: 'like', sortable: true },
    categoryId: { type: 'dict', label: '', dict: 'goods_category', required: true, search: 'eq' },
    brandId: { type: 'dict', label: '', dict: 'goods_brand', search: 'eq' },
    unitId: { type: 'dict', label: '', dict: 'goods_unit' },
    tagIds: { type: 'string', label: '', max: 1000 },
    keyword: { type: 'string', label: '', max: 255 },
    introduction: { type: 'string', label: '', max: 255 },
    sliderPicUrls: { type: 'image', label: '', max: 4000 },
    description: { type: 'text', label: '', max: 100_000 },
    specType: { type: 'dict', label: '', dict: 'goods_spec_type', required: true },
    price: { type: 'decimal', label: '', search: 'range', sortable: true, readonly: true },
    marketPrice: { type: 'decimal', label: '', readonly: true },
    costPrice: { type: 'decimal', label: '', readonly: true },
    stock: { type: 'int', label: '', search: 'range', sortable: true, readonly: true },
    lowStockAlert: { type: 'boolean', label: '', search: 'eq', readonly: true },
    salesCount: { type: 'int', label: '', sortable: true, readonly: true },
    virtualSalesCount: { type: 'int', label: '' },
    browseCount: { type: 'int', label: '', readonly: true },
    deliveryTypes: { type: 'string', label: '', max: 32 },
    deliveryTemplateId: { type: 'string', label: '', max: 32 },
    giveIntegral: { type: 'int', label: '' },
    subCommissionType: { type: 'boolean', label: '' },
    sort: { type: 'int', label: '', sortable: true },
    status: { type: 'dict', label: '', dict: 'goods_spu_status', search: 'in', sortable: true },
  },
});

/** goods_sku without `sku_id`, which is added as a column generated from `id` (never written). */
const SKU_WITHOUT_SKU_ID = defineEntity({
  table: 'goods_sku',
  api: '/goods/goodsStock',
  permission: 'goods:stock',
  tenantScoped: true,
  fields: {
    spuId: { type: 'string', label: '', max: 32, search: 'eq', readonly: true },
    picUrl: { type: 'image', label: '', readonly: true },
    spuName: { type: 'string', label: '', max: 128, search: 'like', readonly: true },
    specText: { type: 'string', label: '', max: 255, readonly: true },
    barCode: { type: 'string', label: '', max: 64, search: 'like', readonly: true },
    stock: { type: 'int', label: '', search: 'range', sortable: true, readonly: true },
    lockStock: { type: 'int', label: '', readonly: true },
    lowStock: { type: 'int', label: '', readonly: true },
  },
});

const SKU: EntityDefinition = defineEntity({
  ...SKU_WITHOUT_SKU_ID,
  fields: { skuId: { type: 'string', label: '', max: 32, search: 'eq', readonly: true }, ...SKU_WITHOUT_SKU_ID.fields },
});

const STOCK_RECORD = defineEntity({
  table: 'goods_stock_record',
  api: '/goods/goodsStockRecord',
  permission: 'goods:stockRecord',
  tenantScoped: true,
  fields: {
    skuId: { type: 'string', label: '', max: 32, search: 'eq', readonly: true },
    bizType: { type: 'dict', label: '', dict: 'goods_stock_biz_type', search: 'eq', readonly: true },
    count: { type: 'int', label: '', readonly: true, sortable: true },
    totalCount: { type: 'int', label: '', readonly: true },
    bizId: { type: 'string', label: '', max: 64, search: 'eq', readonly: true },
    title: { type: 'string', label: '', max: 255, search: 'like', readonly: true },
  },
});

async function catalogueTables(db: Kysely<unknown>): Promise<void> {
  for (const entity of [CATEGORY, BRAND, TAG, UNIT, TYPE, ATTR]) await createEntityTable(db, entity);
  await sql`alter table goods_category alter column parent_id set default '0'`.execute(db);
  await sql`update goods_category set parent_id = '0' where parent_id is null`.execute(db);
  await sql`alter table goods_category alter column parent_id set not null, alter column sort set default 0`.execute(db);
  await sql`alter table goods_type alter column spec_count set default 0, alter column spec_count set not null,
    alter column param_count set default 0, alter column param_count set not null`.execute(db);
  for (const table of ['goods_brand', 'goods_tag', 'goods_attr']) await sql`alter table ${sql.id(table)} alter column sort set default 0`.execute(db);
  // The attribute counts of a type and the delete refusal read attributes by type.
  await db.schema.createIndex('goods_attr_type_id_idx').on('goods_attr').columns(['type_id', 'type']).execute();
}

/** Money is NUMERIC(14,2) (yuan, exact); the totals the server keeps default to zero and never go negative. */
async function spuTable(db: Kysely<unknown>): Promise<void> {
  await createEntityTable(db, SPU);
  await sql`alter table goods_spu
    alter column price type numeric(14, 2), alter column market_price type numeric(14, 2), alter column cost_price type numeric(14, 2),
    alter column price set default 0, alter column price set not null,
    alter column market_price set default 0, alter column market_price set not null,
    alter column cost_price set default 0, alter column cost_price set not null,
    alter column stock set default 0, alter column stock set not null,
    alter column low_stock_alert set default false, alter column low_stock_alert set not null,
    alter column sales_count set default 0, alter column sales_count set not null,
    alter column virtual_sales_count set default 0, alter column virtual_sales_count set not null,
    alter column browse_count set default 0, alter column browse_count set not null,
    alter column give_integral set default 0, alter column give_integral set not null,
    alter column sub_commission_type set default false, alter column sub_commission_type set not null,
    alter column sort set default 0, alter column sort set not null,
    alter column status set default '1', alter column status set not null`.execute(db);
  await sql`alter table goods_spu add constraint goods_spu_totals_ck check (stock >= 0 and sales_count >= 0 and price >= 0)`.execute(db);
  // The list's status tabs (出售中 / 仓库中 / 已售罄 / 警戒库存 / 回收站) within a tenant, newest first.
  await db.schema.createIndex('goods_spu_status_tab_idx').on('goods_spu').columns(['tenant_id', 'status', 'create_time']).execute();
  await db.schema.createIndex('goods_spu_stock_tab_idx').on('goods_spu').columns(['tenant_id', 'stock', 'create_time']).execute();
  await sql`create index goods_spu_alert_tab_idx on goods_spu (tenant_id, create_time) where low_stock_alert`.execute(db);
  await db.schema.createIndex('goods_spu_category_idx').on('goods_spu').columns(['category_id']).execute();
  await db.schema.createIndex('goods_spu_brand_idx').on('goods_spu').columns(['brand_id']).execute();
}

/**
 * One row per SKU. Besides the stock screen's fields it holds the SKU's own properties (jsonb), prices,
 * weight, volume, commission and sales; `pic_url` is what the stock list shows (the SKU's own picture,
 * `sku_pic_url`, or else the SPU's); `sku_id` is the id again, so the stock list can filter on `skuId`.
 */
async function skuTable(db: Kysely<unknown>): Promise<void> {
  await createEntityTable(db, SKU_WITHOUT_SKU_ID);
  await sql`alter table goods_sku
    add column sku_id varchar(32) generated always as (id) stored,
    add column sku_pic_url varchar(1000),
    add column properties jsonb not null default '[]'::jsonb,
    add column sort integer not null default 0,
    add column price numeric(14, 2) not null default 0,
    add column market_price numeric(14, 2),
    add column cost_price numeric(14, 2),
    add column weight numeric(10, 2),
    add column volume numeric(10, 3),
    add column first_brokerage_price numeric(14, 2),
    add column second_brokerage_price numeric(14, 2),
    add column sales_count integer not null default 0`.execute(db);
  await sql`alter table goods_sku
    alter column spu_id set not null,
    alter column stock set default 0, alter column stock set not null,
    alter column lock_stock set default 0, alter column lock_stock set not null`.execute(db);
  // The database backs the ledger and the reservation guards: never negative, never more reserved than held.
  await sql`alter table goods_sku add constraint goods_sku_stock_ck check (stock >= 0 and lock_stock >= 0 and lock_stock <= stock and price >= 0)`.execute(db);
  await db.schema.createIndex('goods_sku_spu_idx').on('goods_sku').columns(['tenant_id', 'spu_id']).execute();
  await createEntityIndexes(db, SKU);
}

async function stockRecordTable(db: Kysely<unknown>): Promise<void> {
  await createEntityTable(db, STOCK_RECORD);
  await sql`alter table goods_stock_record alter column sku_id set not null, alter column count set not null, alter column total_count set not null`.execute(db);
  await db.schema.createIndex('goods_stock_record_sku_idx').on('goods_stock_record').columns(['tenant_id', 'sku_id', 'create_time']).execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await catalogueTables(db);
  await spuTable(db);
  await skuTable(db);
  await stockRecordTable(db);
}
