import { defineEntity, type EntityRecord } from '../../src/contracts/entity';

/**
 * 商品评价 (docs/reference/business-domains.md §3 "Settings": the auto good review): a buyer's review of one line of a
 * completed order, a review the shop added (虚拟评价), or the default good review the auto job gave. One review per
 * order line. The reviews and the goods' figures are written only by the plugin's own routes and services; the CRUD
 * engine serves their lists.
 */

const label = (entity: string, field: string) => `reviews:${entity}.fields.${field}`;

/** Where a review came from (dictionary review_source): 1 买家评价, 2 系统默认好评, 3 虚拟评价. */
export const REVIEW_SOURCE_DICT = 'review_source';
export const REVIEW_SOURCE = { buyer: '1', system: '2', virtual: '3' } as const;
export type ReviewSource = (typeof REVIEW_SOURCE)[keyof typeof REVIEW_SOURCE];

/** A score is a whole number of stars, 1 to 5; 4 and 5 are 好评, 3 中评, 1 and 2 差评. */
export const SCORE_MIN = 1;
export const SCORE_MAX = 5;
export const GOOD_SCORE_FROM = 4;
export const BAD_SCORE_UNTIL = 2;
/** The most pictures a review carries, and the longest text (a reply alike). */
export const MAX_REVIEW_IMAGES = 9;
export const MAX_REVIEW_TEXT = 500;

export const reviewEntity = defineEntity({
  table: 'review_comment',
  api: '/goods/goodsReview',
  permission: 'goods:review',
  tenantScoped: true,
  title: 'reviews:review.title',
  fields: {
    /** The goods (linked to 商品详情), picked by name or number in the search. */
    spuId: { type: 'string', label: label('review', 'spuId'), max: 32, search: 'eq', readonly: true, ref: 'spu' },
    /** The goods' name and spec when reviewed (a snapshot). */
    spuName: { type: 'string', label: label('review', 'spuName'), max: 128, readonly: true, list: false },
    skuId: { type: 'string', label: label('review', 'skuId'), max: 32, readonly: true, list: false },
    specText: { type: 'string', label: label('review', 'specText'), max: 255, readonly: true, list: false },
    /** The order and its line (none for a 虚拟评价). */
    orderId: { type: 'string', label: label('review', 'orderId'), max: 32, readonly: true, ref: 'order', listWide: true },
    orderItemId: { type: 'string', label: label('review', 'orderItemId'), max: 32, readonly: true, list: false },
    /** The buyer (会员详情's 商品评价 tab lists theirs); none for a 虚拟评价. */
    memberId: { type: 'string', label: label('review', 'memberId'), max: 32, search: 'eq', readonly: true, ref: 'member', list: false },
    /** The reviewer's name as staff see it (the member's name when reviewed, or the name a 虚拟评价 was given). */
    nickname: { type: 'string', label: label('review', 'nickname'), max: 64, search: 'like', readonly: true },
    /** Buyers see a masked name (张***三). */
    anonymous: { type: 'boolean', label: label('review', 'anonymous'), readonly: true, list: false },
    /** A filter; the list marks the reviews that are not a buyer's own (虚拟评价, 系统默认好评) beside the reviewer's name. */
    source: { type: 'dict', label: label('review', 'source'), max: 1, dict: REVIEW_SOURCE_DICT, search: 'eq', readonly: true, list: false },
    goodsScore: { type: 'int', label: label('review', 'goodsScore'), min: SCORE_MIN, max: SCORE_MAX, search: 'eq', sortable: true, readonly: true },
    serviceScore: { type: 'int', label: label('review', 'serviceScore'), min: SCORE_MIN, max: SCORE_MAX, readonly: true, listWide: true },
    deliveryScore: { type: 'int', label: label('review', 'deliveryScore'), min: SCORE_MIN, max: SCORE_MAX, readonly: true, listWide: true },
    /** Plain text (markup is taken out before it is stored). */
    content: { type: 'text', label: label('review', 'content'), max: MAX_REVIEW_TEXT, list: true, readonly: true },
    /** Comma-separated stored image paths, at most nine. */
    picUrls: { type: 'image', label: label('review', 'picUrls'), max: 4000, readonly: true },
    hasImages: { type: 'boolean', label: label('review', 'hasImages'), search: 'eq', readonly: true, list: false },
    replied: { type: 'boolean', label: label('review', 'replied'), search: 'eq', readonly: true, list: false },
    replyContent: { type: 'text', label: label('review', 'replyContent'), max: MAX_REVIEW_TEXT, list: true, readonly: true },
    replyTime: { type: 'datetime', label: label('review', 'replyTime'), readonly: true, list: false },
    replyBy: { type: 'string', label: label('review', 'replyBy'), max: 50, readonly: true, list: false },
    /** Hidden reviews are left out of the buyers' list and of the goods' score and count. */
    visible: { type: 'boolean', label: label('review', 'visible'), search: 'eq', readonly: true },
    /** 评价时间: the row's own create_time, as the range filter (`reviewTime_begin` / `reviewTime_end`). */
    reviewTime: { type: 'datetime', label: label('review', 'reviewTime'), column: 'create_time', search: 'range', sortable: true, readonly: true, form: false },
  },
});

/**
 * The goods' review figures (one row per SPU, kept by the review service as reviews are added, hidden and shown): the
 * count of visible reviews and their 商品评分 average to one decimal, with the 好评 and picture counts.
 */
export const spuScoreEntity = defineEntity({
  table: 'review_spu_stat',
  api: '/goods/goodsReviewScore',
  permission: 'goods:review',
  tenantScoped: true,
  title: 'reviews:score.title',
  fields: {
    spuId: { type: 'string', label: label('score', 'spuId'), max: 32, search: 'eq', readonly: true, ref: 'spu' },
    score: { type: 'decimal', label: label('score', 'score'), format: 'number', sortable: true, readonly: true },
    reviewCount: { type: 'int', label: label('score', 'reviewCount'), sortable: true, readonly: true },
    goodCount: { type: 'int', label: label('score', 'goodCount'), sortable: true, readonly: true },
    imageCount: { type: 'int', label: label('score', 'imageCount'), readonly: true },
    /** Σ 商品评分 of the visible reviews (the average's numerator). */
    scoreSum: { type: 'int', label: label('score', 'scoreSum'), readonly: true, list: false },
  },
});

export type ReviewRecord = EntityRecord<typeof reviewEntity>;
export type SpuScoreRecord = EntityRecord<typeof spuScoreEntity>;

/** The review screens' calls beyond the generic list, and the codes that allow them. */
export const REVIEW_PERMISSIONS = {
  list: 'goods:review:list',
  reply: 'goods:review:reply',
  visible: 'goods:review:visible',
  virtual: 'goods:review:virtual',
} as const;

export const REVIEW_URLS = {
  reply: `${reviewEntity.api}/reply`,
  updateVisible: `${reviewEntity.api}/updateVisible`,
  virtual: `${reviewEntity.api}/virtual`,
} as const;

/** The mini-program's review calls (member tokens). */
export const APP_REVIEW_PATHS = {
  create: '/app/review/create',
  page: '/app/review/page',
  upload: '/app/review/upload',
} as const;
