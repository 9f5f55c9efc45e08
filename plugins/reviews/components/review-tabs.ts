import type { StatusTab } from '../../../src/toolkit/crud';
import { BAD_SCORE_UNTIL, GOOD_SCORE_FROM } from '../entities';

/** 商品评价's tabs, each a filter of the list: by 商品评分 (好评 4–5, 中评 3, 差评 1–2), 有图, 待回复 and 已隐藏. */
export const REVIEW_TABS: readonly StatusTab[] = [
  { key: 'all', label: 'reviews:review.tabs.all', filters: [] },
  { key: 'good', label: 'reviews:review.tabs.good', filters: [{ field: 'goodsScore', operator: 'gte', value: GOOD_SCORE_FROM }] },
  { key: 'medium', label: 'reviews:review.tabs.medium', filters: [{ field: 'goodsScore', operator: 'eq', value: BAD_SCORE_UNTIL + 1 }] },
  { key: 'bad', label: 'reviews:review.tabs.bad', filters: [{ field: 'goodsScore', operator: 'lte', value: BAD_SCORE_UNTIL }] },
  { key: 'image', label: 'reviews:review.tabs.image', filters: [{ field: 'hasImages', operator: 'eq', value: 'true' }] },
  { key: 'unreplied', label: 'reviews:review.tabs.unreplied', filters: [{ field: 'replied', operator: 'eq', value: 'false' }] },
  { key: 'hidden', label: 'reviews:review.tabs.hidden', filters: [{ field: 'visible', operator: 'eq', value: 'false' }] },
];
