import { definePlugin } from '../../src/app/plugin-registry';
import { resourceOf } from '../../src/toolkit/crud/resource';
import { REVIEW_PERMISSIONS, reviewEntity, spuScoreEntity } from './entities';

/** 商品评价: the reviews of completed orders' lines, the shop's replies, hidden reviews and 虚拟评价; the goods' scores. */
export default definePlugin({
  name: 'reviews',
  resources: [reviewEntity, spuScoreEntity].map(resourceOf),
  pages: {
    'goods/GoodsReviewList': () => import('./pages/review-list'),
  },
  // 商品详情 shows the goods' reviews and its score and count, 会员详情 the member's reviews (neither plugin knows of reviews).
  relatedLists: [
    { target: 'goods_spu', key: 'reviews', label: 'reviews:review.tab', entity: reviewEntity, foreignKey: 'spuId', permission: REVIEW_PERMISSIONS.list },
    { target: 'goods_spu', key: 'reviewScore', label: 'reviews:score.tab', entity: spuScoreEntity, foreignKey: 'spuId', permission: REVIEW_PERMISSIONS.list },
    { target: 'cust_member', key: 'reviews', label: 'reviews:review.tab', entity: reviewEntity, foreignKey: 'memberId', permission: REVIEW_PERMISSIONS.list },
  ],
  // 商品SPU shows each goods' 商品评分 and 评价数 (the goods plugin does not know of reviews either).
  listColumns: [{ target: 'goods_spu', key: 'reviewScore', entity: spuScoreEntity, foreignKey: 'spuId', fields: ['score', 'reviewCount'], permission: REVIEW_PERMISSIONS.list }],
});
