import type { RefKindView } from '../../src/toolkit/refs/ref-kinds';
import { spuEntity } from './entities';

/** 商品详情 (src/routing/static-routes.ts), kept alive in its own tab. */
export const GOODS_DETAIL_PATH = '/goods/goodsDetail';

/** Goods named anywhere link to 商品详情; a form that asks for goods offers them by number (编号) or name. */
export const spuReference: RefKindView = {
  href: (id) => `${GOODS_DETAIL_PATH}?id=${encodeURIComponent(id)}`,
  permission: 'goods:spu:list',
  picker: {
    url: `${spuEntity.api}/list`,
    search: (keyword): Record<string, string> => (keyword === '' ? {} : /^\d+$/.test(keyword) ? { no: keyword } : { name: `*${keyword}*` }),
    label: (row) => [row.no, row.name].filter((part) => typeof part === 'string' || typeof part === 'number').join(' '),
    byId: (id) => ({ url: `${spuEntity.api}/queryById`, query: { id } }),
  },
};
