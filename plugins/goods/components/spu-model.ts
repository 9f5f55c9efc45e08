import type { StatusTab } from '../../../src/toolkit/crud/status-tabs';
import { SPEC_TYPE, SPU_STATUS, type SkuInput } from '../entities';

/** The SPU screens' plain data: the list's status tabs, the form's values and the add/edit body. */

export const SPU_PERMISSIONS = { updateStatus: 'goods:spu:updateStatus' } as const;
export const SPU_API = { updateStatus: '/goods/goodsSpu/updateStatus' } as const;
export { GOODS_DETAIL_PATH } from '../references';
export const SPU_LIST_PATH = '/goods/goodsSpuList';
/** `?categoryId=` on the SPU list: 查看商品 of the category tree. */
export const CATEGORY_PARAM = 'categoryId';

const onShelfOrWarehouse = { field: 'status', operator: 'in', value: [SPU_STATUS.offShelf, SPU_STATUS.onShelf] } as const;

/**
 * The list's tabs (docs/reference/business-domains.md §2), each a filter of the list contract: 出售中 status=1,
 * 仓库中 status=0, 已售罄 status in (0,1) and stock ≤ 0 (`stock_end=0`), 警戒库存 status in (0,1) and
 * some SKU at or below its own threshold (`lowStockAlert=true`), 回收站 status=-1.
 */
export const SPU_STATUS_TABS: readonly StatusTab[] = [
  { key: 'onSale', label: 'goods:spu.tabs.onSale', filters: [{ field: 'status', operator: 'eq', value: SPU_STATUS.onShelf }] },
  { key: 'warehouse', label: 'goods:spu.tabs.warehouse', filters: [{ field: 'status', operator: 'eq', value: SPU_STATUS.offShelf }] },
  { key: 'soldOut', label: 'goods:spu.tabs.soldOut', filters: [{ ...onShelfOrWarehouse, value: [...onShelfOrWarehouse.value] }, { field: 'stock', operator: 'lte', value: 0 }] },
  { key: 'alert', label: 'goods:spu.tabs.alert', filters: [{ ...onShelfOrWarehouse, value: [...onShelfOrWarehouse.value] }, { field: 'lowStockAlert', operator: 'eq', value: true }] },
  { key: 'recycle', label: 'goods:spu.tabs.recycle', filters: [{ field: 'status', operator: 'eq', value: SPU_STATUS.recycled }] },
];
export const RECYCLE_TAB = 'recycle';

type Values = Record<string, unknown>;

/** Fields of the form that the add/edit body carries as they are (the SKU-derived ones are the server's). */
const PLAIN_FIELDS = ['name', 'categoryId', 'brandId', 'unitId', 'keyword', 'introduction', 'picUrl', 'sliderPicUrls', 'description', 'specType', 'deliveryTemplateId', 'giveIntegral', 'virtualSalesCount', 'subCommissionType', 'sort'] as const;

const splitList = (value: unknown): string[] =>
  typeof value === 'string' ? value.split(',').map((item) => item.trim()).filter((item) => item !== '') : Array.isArray(value) ? value.map(String) : [];

/** A loaded SPU as form values: comma lists as arrays for the multi-selects and checkboxes. */
export function spuFormValues(record: Values): Values {
  const values: Values = {};
  for (const name of PLAIN_FIELDS) if (record[name] !== undefined) values[name] = record[name];
  values.specType = String(record.specType ?? SPEC_TYPE.single);
  values.tagIds = splitList(record.tagIds);
  values.deliveryTypes = splitList(record.deliveryTypes);
  values.subCommissionType = record.subCommissionType === true;
  return values;
}

/** New SPUs start in 仓库中 (下架) until someone puts them on the shelf. */
export const NEW_SPU_VALUES: Values = { specType: SPEC_TYPE.single, deliveryTypes: ['1'], subCommissionType: false, sort: 0, giveIntegral: 0, virtualSalesCount: 0 };

const emptyToNull = (value: unknown) => (value === undefined || value === '' ? null : value);

/** The add/edit body: the SPU's fields plus its SKUs, in one request (saved in one transaction). */
export function spuBody(values: Values, skus: SkuInput[], editing: boolean): Values {
  const body: Values = {};
  for (const name of PLAIN_FIELDS) {
    const value = values[name];
    if (value === undefined && !editing) continue;
    body[name] = typeof value === 'string' ? (name === 'description' ? value : value.trim()) : emptyToNull(value);
  }
  body.tagIds = splitList(values.tagIds).join(',');
  body.deliveryTypes = splitList(values.deliveryTypes).join(',');
  body.subCommissionType = values.subCommissionType === true;
  if (!editing) body.status = SPU_STATUS.offShelf;
  body.skus = skus;
  return body;
}

/** The form's tabs and the fields each holds: a failed validation opens the tab of its first error. */
export const SPU_FORM_TABS = {
  basic: ['name', 'categoryId', 'brandId', 'unitId', 'tagIds', 'keyword', 'introduction', 'picUrl', 'sliderPicUrls'],
  price: ['specType'],
  delivery: ['deliveryTypes', 'deliveryTemplateId'],
  description: ['description'],
  other: ['sort', 'giveIntegral', 'virtualSalesCount', 'subCommissionType'],
} as const;
export type SpuFormTab = keyof typeof SPU_FORM_TABS;

export function tabOfField(field: string): SpuFormTab {
  for (const [tab, fields] of Object.entries(SPU_FORM_TABS) as Array<[SpuFormTab, readonly string[]]>) if (fields.includes(field)) return tab;
  return 'basic';
}
