import type { DictSeed, PluginMenuSeed } from '../../../server/kit';
import { REVIEW_PERMISSIONS, REVIEW_SOURCE, REVIEW_SOURCE_DICT } from '../entities';

/**
 * 商品评价 under 商品管理 (as yudao's 商品中心 › 商品评论 and CRMEB's 商品 › 商品评论 keep it: reviews belong to the goods),
 * after the goods plugin's own pages. The clerk reads and replies to reviews; hiding them and adding 虚拟评价 are the
 * admin's.
 */
export const reviewMenus: PluginMenuSeed[] = [
  {
    parent: '/goods',
    sortNo: 9,
    clerk: true,
    title: '商品评价',
    path: '/goods/goodsReviewList',
    component: 'goods/GoodsReviewList',
    keepAlive: true,
    buttons: [
      { title: '查询商品评价', perms: REVIEW_PERMISSIONS.list, type: '1', clerk: true },
      { title: '导出商品评价', perms: 'goods:review:exportXls', type: '1' },
      { title: '回复评价', perms: REVIEW_PERMISSIONS.reply, type: '1', clerk: true },
      { title: '隐藏/显示评价', perms: REVIEW_PERMISSIONS.visible, type: '1' },
      { title: '添加虚拟评价', perms: REVIEW_PERMISSIONS.virtual, type: '1' },
    ],
  },
];

export const reviewSourceDict: DictSeed = {
  code: REVIEW_SOURCE_DICT,
  name: '评价来源',
  items: [
    [REVIEW_SOURCE.buyer, '买家评价', 'green'],
    [REVIEW_SOURCE.system, '系统默认好评', 'blue'],
    [REVIEW_SOURCE.virtual, '虚拟评价', 'orange'],
  ],
};

export const reviewDicts: readonly DictSeed[] = [reviewSourceDict];
