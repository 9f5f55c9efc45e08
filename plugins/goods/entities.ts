import { defineEntity, type EntityRecord } from '../../src/contracts/entity';
import { BUSINESS_DOCUMENTS } from '../../src/contracts/references';

/**
 * The goods plugin's entities (docs/business-api.md "Goods", docs/reference/business-domains.md §2), read by its screens and by
 * its server side. The catalogue's configuration (categories, brands, tags, units, types and their
 * attributes) is the shop's, shared by its tenants like member levels; SPUs, their SKUs and the stock
 * ledger are kept per tenant.
 */

/** Table dictionaries this plugin registers (value = id, text = name). */
export const CATEGORY_DICT = 'goods_category';
export const BRAND_DICT = 'goods_brand';
export const UNIT_DICT = 'goods_unit';
export const TAG_DICT = 'goods_tag';
export const TYPE_DICT = 'goods_type';
/** System dictionaries this plugin seeds. */
export const SPU_STATUS_DICT = 'goods_spu_status';
export const SPEC_TYPE_DICT = 'goods_spec_type';
export const ATTR_TYPE_DICT = 'goods_attr_type';
export const ATTR_SELECT_TYPE_DICT = 'goods_attr_select_type';
export const ATTR_INPUT_TYPE_DICT = 'goods_attr_input_type';
export const STOCK_BIZ_DICT = 'goods_stock_biz_type';
export const DELIVERY_TYPE_DICT = 'goods_delivery_type';

/** SPU status (docs/business-api.md): 1 上架 (出售中), 0 下架 (仓库中), -1 回收站. */
export const SPU_STATUS = { onShelf: '1', offShelf: '0', recycled: '-1' } as const;
/** Spec type: 0 single (exactly one SKU, no properties), 1 multi. */
export const SPEC_TYPE = { single: '0', multi: '1' } as const;
/** Attribute type: 0 规格 (drives SKUs), 1 参数 (display only). */
export const ATTR_TYPE = { spec: '0', param: '1' } as const;
/** Stock record biz types (docs/reference/business-domains.md §2, Y ErpStockRecordBizTypeEnum). */
export const STOCK_BIZ = { otherIn: 10, otherOut: 20, saleOut: 50, returnIn: 60, purchaseIn: 70, purchaseReturn: 80 } as const;

const label = (entity: string, field: string) => `goods:${entity}.fields.${field}`;

/** The category tree: `parentId` is `'0'` for a root; goods hang on a category of level 2 or deeper. */
export const categoryEntity = defineEntity({
  table: 'goods_category',
  api: '/goods/goodsCategory',
  permission: 'goods:category',
  title: 'goods:category.title',
  fields: {
    parentId: { type: 'string', label: label('category', 'parentId'), max: 32, search: 'eq', ref: 'category' },
    name: { type: 'string', label: label('category', 'name'), required: true, max: 64, search: 'like', uniqueWith: ['parentId'] },
    picUrl: { type: 'image', label: label('category', 'picUrl') },
    sort: { type: 'int', label: label('category', 'sort'), min: 0, max: 9999, sortable: true },
    status: { type: 'dict', label: label('category', 'status'), dict: 'valid_status', required: true, search: 'eq' },
  },
});

export const brandEntity = defineEntity({
  table: 'goods_brand',
  api: '/goods/goodsBrand',
  permission: 'goods:brand',
  title: 'goods:brand.title',
  fields: {
    name: { type: 'string', label: label('brand', 'name'), required: true, max: 64, search: 'like', unique: true, sortable: true },
    logo: { type: 'image', label: label('brand', 'logo') },
    sort: { type: 'int', label: label('brand', 'sort'), min: 0, max: 9999, sortable: true },
    description: { type: 'text', label: label('brand', 'description'), max: 500 },
    status: { type: 'dict', label: label('brand', 'status'), dict: 'valid_status', required: true, search: 'eq' },
  },
});

export const tagEntity = defineEntity({
  table: 'goods_tag',
  api: '/goods/goodsTag',
  permission: 'goods:tag',
  title: 'goods:tag.title',
  fields: {
    name: { type: 'string', label: label('tag', 'name'), required: true, max: 32, search: 'like', unique: true, sortable: true },
    /** A CSS colour (#rrggbb) the tag is drawn in. */
    color: { type: 'string', label: label('tag', 'color'), max: 16 },
    sort: { type: 'int', label: label('tag', 'sort'), min: 0, max: 9999, sortable: true },
    status: { type: 'dict', label: label('tag', 'status'), dict: 'valid_status', required: true, search: 'eq' },
  },
});

export const unitEntity = defineEntity({
  table: 'goods_unit',
  api: '/goods/goodsUnit',
  permission: 'goods:unit',
  title: 'goods:unit.title',
  fields: {
    name: { type: 'string', label: label('unit', 'name'), required: true, max: 16, search: 'like', unique: true, sortable: true },
    status: { type: 'dict', label: label('unit', 'status'), dict: 'valid_status', required: true, search: 'eq' },
  },
});

/** 类型 (M pms_product_attribute_category): a set of 规格 and 参数 attributes; the counts follow its attributes. */
export const typeEntity = defineEntity({
  table: 'goods_type',
  api: '/goods/goodsType',
  permission: 'goods:type',
  title: 'goods:type.title',
  fields: {
    name: { type: 'string', label: label('type', 'name'), required: true, max: 64, search: 'like', unique: true, sortable: true },
    specCount: { type: 'int', label: label('type', 'specCount'), readonly: true },
    paramCount: { type: 'int', label: label('type', 'paramCount'), readonly: true },
  },
});

/** 属性 (M pms_product_attribute): a 规格 (its values drive the SKUs) or a 参数 of a type. */
export const attrEntity = defineEntity({
  table: 'goods_attr',
  api: '/goods/goodsAttr',
  permission: 'goods:attr',
  title: 'goods:attr.title',
  fields: {
    typeId: { type: 'dict', label: label('attr', 'typeId'), dict: TYPE_DICT, required: true, search: 'eq' },
    name: { type: 'string', label: label('attr', 'name'), required: true, max: 64, search: 'like', uniqueWith: ['typeId', 'type'] },
    type: { type: 'dict', label: label('attr', 'type'), dict: ATTR_TYPE_DICT, required: true, search: 'eq' },
    selectType: { type: 'dict', label: label('attr', 'selectType'), dict: ATTR_SELECT_TYPE_DICT, required: true },
    inputType: { type: 'dict', label: label('attr', 'inputType'), dict: ATTR_INPUT_TYPE_DICT, required: true },
    /** The values to pick from when `inputType` is 列表选取, comma-separated (e.g. 红色,蓝色). */
    inputList: { type: 'string', label: label('attr', 'inputList'), max: 1000 },
    sort: { type: 'int', label: label('attr', 'sort'), min: 0, max: 9999, sortable: true },
  },
});

/**
 * SPU (Y ProductSpuDO). `price`, `marketPrice`, `costPrice` are its lowest-priced SKU's, `stock` the sum of
 * its SKUs' and `lowStockAlert` whether any SKU is at or below its threshold: all kept by the server in the
 * transaction that changes the SKUs or their stock, read-only here. `add`/`edit` carry `skus` (SkuInput[]).
 */
export const spuEntity = defineEntity({
  table: 'goods_spu',
  api: '/goods/goodsSpu',
  permission: 'goods:spu',
  tenantScoped: true,
  title: 'goods:spu.title',
  fields: {
    /** 编号: the SPU's number, given by the server (never the id). */
    no: { type: 'int', label: label('spu', 'no'), readonly: true, form: false, search: 'eq', sortable: true },
    picUrl: { type: 'image', label: label('spu', 'picUrl'), required: true },
    name: { type: 'string', label: label('spu', 'name'), required: true, max: 128, search: 'like', sortable: true },
    categoryId: { type: 'dict', label: label('spu', 'categoryId'), dict: CATEGORY_DICT, required: true, search: 'eq' },
    brandId: { type: 'dict', label: label('spu', 'brandId'), dict: BRAND_DICT, search: 'eq' },
    unitId: { type: 'dict', label: label('spu', 'unitId'), dict: UNIT_DICT, list: false },
    /** Comma-separated tag ids. */
    tagIds: { type: 'string', label: label('spu', 'tagIds'), max: 1000, list: false, ref: 'goodsTag' },
    keyword: { type: 'string', label: label('spu', 'keyword'), max: 255, list: false },
    introduction: { type: 'string', label: label('spu', 'introduction'), max: 255, list: false },
    /** Comma-separated image paths, as the upload widget stores several files. */
    sliderPicUrls: { type: 'image', label: label('spu', 'sliderPicUrls'), max: 4000, list: false },
    /** Rich text (HTML), sanitised by the server on every write. */
    description: { type: 'text', label: label('spu', 'description'), max: 100_000, detailOnly: true },
    specType: { type: 'dict', label: label('spu', 'specType'), dict: SPEC_TYPE_DICT, required: true, list: false },
    price: { type: 'decimal', label: label('spu', 'price'), search: 'range', sortable: true, readonly: true },
    marketPrice: { type: 'decimal', label: label('spu', 'marketPrice'), readonly: true, list: false },
    costPrice: { type: 'decimal', label: label('spu', 'costPrice'), readonly: true, list: false },
    stock: { type: 'int', label: label('spu', 'stock'), search: 'range', sortable: true, readonly: true },
    lowStockAlert: { type: 'boolean', label: label('spu', 'lowStockAlert'), search: 'eq', readonly: true, list: false, form: false },
    salesCount: { type: 'int', label: label('spu', 'salesCount'), sortable: true, readonly: true },
    virtualSalesCount: { type: 'int', label: label('spu', 'virtualSalesCount'), min: 0, max: 100_000_000, list: false },
    browseCount: { type: 'int', label: label('spu', 'browseCount'), readonly: true, list: false },
    /** Comma-separated delivery types (dictionary goods_delivery_type: 1 快递发货, 2 到店自提). */
    deliveryTypes: { type: 'string', label: label('spu', 'deliveryTypes'), max: 32, list: false },
    deliveryTemplateId: { type: 'string', label: label('spu', 'deliveryTemplateId'), max: 32, list: false },
    giveIntegral: { type: 'int', label: label('spu', 'giveIntegral'), min: 0, max: 1_000_000, list: false },
    /** Whether the SKUs' own commission amounts (first/secondBrokeragePrice) apply instead of the programme's rates. */
    subCommissionType: { type: 'boolean', label: label('spu', 'subCommissionType'), list: false },
    sort: { type: 'int', label: label('spu', 'sort'), min: 0, max: 9999, sortable: true },
    status: { type: 'dict', label: label('spu', 'status'), dict: SPU_STATUS_DICT, search: 'in', sortable: true },
    /**
     * 创建时间 as the list's range filter (`createdTime_begin` / `createdTime_end`, whole days for a bare
     * date): the row's own create_time (the audit field, which an entity cannot declare by its name), read-only.
     */
    createdTime: { type: 'datetime', label: 'goods:spu.columns.createTime', column: 'create_time', search: 'range', readonly: true, list: false, form: false },
  },
});

/**
 * One row per SKU (`goods_sku`, written only by the SPU save and the stock service). `/goods/goodsStock`
 * lists them: `skuId` (= the row id), the SPU's name and the spec text denormalised for the stock screen;
 * `stock` and `lockStock` change only through the stock ledger.
 */
export const stockEntity = defineEntity({
  table: 'goods_sku',
  api: '/goods/goodsStock',
  permission: 'goods:stock',
  tenantScoped: true,
  title: 'goods:stock.title',
  fields: {
    skuId: { type: 'string', label: label('stock', 'skuId'), max: 32, search: 'eq', readonly: true, list: false, ref: 'sku' },
    spuId: { type: 'string', label: label('stock', 'spuId'), max: 32, search: 'eq', readonly: true, list: false, ref: 'spu' },
    picUrl: { type: 'image', label: label('stock', 'picUrl'), readonly: true },
    spuName: { type: 'string', label: label('stock', 'spuName'), max: 128, search: 'like', readonly: true },
    specText: { type: 'string', label: label('stock', 'specText'), max: 255, readonly: true },
    barCode: { type: 'string', label: label('stock', 'barCode'), max: 64, search: 'like', readonly: true },
    /** 库位: where the warehouse keeps the SKU (set on the SPU form's SKU grid); sorted to walk the shelves. */
    location: { type: 'string', label: label('stock', 'location'), max: 32, search: 'like', sortable: true, readonly: true },
    /** The SKU's selling price (an offline order's default unit price). */
    price: { type: 'decimal', label: label('stock', 'price'), readonly: true },
    stock: { type: 'int', label: label('stock', 'stock'), search: 'range', sortable: true, readonly: true },
    lockStock: { type: 'int', label: label('stock', 'lockStock'), readonly: true },
    lowStock: { type: 'int', label: label('stock', 'lowStock'), readonly: true },
  },
});

/** The stock ledger (append-only): signed count, total after, biz type and id, the reason as title. */
export const stockRecordEntity = defineEntity({
  table: 'goods_stock_record',
  api: '/goods/goodsStockRecord',
  permission: 'goods:stockRecord',
  tenantScoped: true,
  title: 'goods:stockRecord.title',
  ledger: true,
  fields: {
    skuId: { type: 'string', label: label('stockRecord', 'skuId'), max: 32, search: 'eq', readonly: true, list: false, ref: 'sku' },
    bizType: { type: 'dict', label: label('stockRecord', 'bizType'), dict: STOCK_BIZ_DICT, search: 'eq', readonly: true },
    count: { type: 'int', label: label('stockRecord', 'count'), readonly: true, sortable: true },
    totalCount: { type: 'int', label: label('stockRecord', 'totalCount'), readonly: true },
    /** 业务单号: the order, after-sale or procurement order that moved the stock, by its number (linked). */
    bizId: { type: 'string', label: label('stockRecord', 'bizId'), max: 64, search: 'eq', readonly: true, ref: BUSINESS_DOCUMENTS },
    title: { type: 'string', label: label('stockRecord', 'title'), max: 255, search: 'like', readonly: true },
  },
});

/** One property value of a SKU (docs/business-api.md: `propertyName`/`valueName`, ids when picked from attributes). */
export interface SkuProperty {
  propertyId?: string;
  propertyName: string;
  valueId?: string;
  valueName: string;
}

/** A SKU as `add`/`edit` carry it and `queryById` returns it (money as yuan, numbers or exact strings). */
export interface SkuInput {
  id?: string;
  properties: SkuProperty[];
  picUrl?: string | null;
  barCode?: string | null;
  /** 库位 (A-03-02); none when null or left out. */
  location?: string | null;
  price: number | string;
  marketPrice?: number | string | null;
  costPrice?: number | string | null;
  /** Opening stock of a new SKU (written as a 其它入库 record); an existing SKU's stock changes only through the ledger. */
  stock?: number;
  lowStock?: number | null;
  weight?: number | string | null;
  volume?: number | string | null;
  firstBrokeragePrice?: number | string | null;
  secondBrokeragePrice?: number | string | null;
}

/** A SKU as read back (`queryById`'s `skus`, the app's detail). */
export interface SkuRecord extends SkuInput {
  id: string;
  stock: number;
  lockStock: number;
  salesCount: number;
}

export type CategoryRecord = EntityRecord<typeof categoryEntity>;
export type BrandRecord = EntityRecord<typeof brandEntity>;
export type TagRecord = EntityRecord<typeof tagEntity>;
export type UnitRecord = EntityRecord<typeof unitEntity>;
export type TypeRecord = EntityRecord<typeof typeEntity>;
export type AttrRecord = EntityRecord<typeof attrEntity>;
export type SpuRecord = EntityRecord<typeof spuEntity> & { skus?: SkuRecord[] };
export type StockRecord = EntityRecord<typeof stockEntity>;
export type StockRecordRecord = EntityRecord<typeof stockRecordEntity>;
