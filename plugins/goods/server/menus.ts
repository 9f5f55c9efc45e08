import { entityButtons, menuPage, ROUTE_VIEW, type PluginMenuSeed } from '../../../server/kit';

/** 商品管理: the goods plugin's branch (sortNo 4, after 客户管理) and its buttons. */
export const goodsMenus: PluginMenuSeed[] = [
  {
    title: '商品管理',
    sortNo: 4,
    path: '/goods',
    component: ROUTE_VIEW,
    icon: 'shopping',
    clerk: true,
    children: [
      menuPage('商品SPU', '/goods/goodsSpuList', 'goods/GoodsSpuList', {
        keepAlive: true,
        buttons: [
          ...entityButtons('goods:spu', '商品', ['list', 'add', 'edit', 'delete', 'deleteBatch', 'exportXls']),
          { title: '上架/下架/回收商品', perms: 'goods:spu:updateStatus', type: '1' },
        ],
      }),
      menuPage('品牌', '/goods/goodsBrandList', 'goods/GoodsBrandList', { keepAlive: true, buttons: entityButtons('goods:brand', '品牌') }),
      menuPage('分类', '/goods/goodsCategoryList', 'goods/GoodsCategoryList', { keepAlive: true, buttons: entityButtons('goods:category', '分类') }),
      menuPage('标签', '/goods/goodsTagList', 'goods/GoodsTagList', { keepAlive: true, buttons: entityButtons('goods:tag', '标签') }),
      menuPage('单位', '/goods/goodsUnitList', 'goods/GoodsUnitList', { keepAlive: true, buttons: entityButtons('goods:unit', '单位') }),
      menuPage('类型', '/goods/goodsTypeList', 'goods/GoodsTypeList', { keepAlive: true, buttons: entityButtons('goods:type', '类型') }),
      menuPage('属性', '/goods/goodsAttrList', 'goods/GoodsAttrList', { keepAlive: true, buttons: entityButtons('goods:attr', '属性') }),
      menuPage('库存', '/goods/goodsStockList', 'goods/GoodsStockList', {
        keepAlive: true,
        buttons: [
          { title: '查看库存', perms: 'goods:stock:list', type: '1', clerk: true },
          { title: '导出库存', perms: 'goods:stock:exportXls', type: '1' },
          { title: '入库/出库', perms: 'goods:stock:adjust', type: '1' },
          { title: '查看库存记录', perms: 'goods:stockRecord:list', type: '1', clerk: true },
          { title: '导出库存记录', perms: 'goods:stockRecord:exportXls', type: '1' },
        ],
      }),
    ],
  },
];
