import { definePlugin } from '../../src/app/plugin-registry';
import { resourceOf } from '../../src/toolkit/crud/resource';
import { spuReference } from './references';
import { attrEntity, brandEntity, categoryEntity, spuEntity, stockEntity, stockRecordEntity, tagEntity, typeEntity, unitEntity } from './entities';

/** 商品管理: SPUs with their SKUs, brands, the category tree, tags, units, types and attributes, stock. */
export default definePlugin({
  name: 'goods',
  resources: [spuEntity, categoryEntity, brandEntity, tagEntity, unitEntity, typeEntity, attrEntity, stockEntity, stockRecordEntity].map(resourceOf),
  pages: {
    'goods/GoodsSpuList': () => import('./pages/spu-list'),
    'goods/GoodsDetail': () => import('./pages/goods-detail'),
    'goods/GoodsBrandList': () => import('./pages/brand-list'),
    'goods/GoodsCategoryList': () => import('./pages/category-list'),
    'goods/GoodsTagList': () => import('./pages/tag-list'),
    'goods/GoodsUnitList': () => import('./pages/unit-list'),
    'goods/GoodsTypeList': () => import('./pages/type-list'),
    'goods/GoodsAttrList': () => import('./pages/attr-list'),
    'goods/GoodsStockList': () => import('./pages/stock-list'),
  },
  // Goods named anywhere (an order line, the goods report) link to 商品详情 and are picked by name or number.
  references: { spu: spuReference },
});
