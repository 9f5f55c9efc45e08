import { defineEntity } from '../../src/contracts/entity';

/**
 * Gift campaigns (赠品活动) and coupon packets (券包) of marketing (docs/reference/business-domains.md §4, docs/business-api.md
 * "Marketing"), read by their screens and by the server. Both carry a JSON part (a campaign's rules, a
 * packet's contents) that only their own add/edit routes write (validated there); the engine reads it back
 * as text and the routes hand it out parsed.
 */

export const CAMPAIGN_CONDITION_DICT = 'mkt_campaign_condition_type';
export const CAMPAIGN_SCOPE_DICT = 'mkt_campaign_product_scope';
export const CAMPAIGN_STATUS_DICT = 'mkt_campaign_status';
export const CAMPAIGN_TIME_STATUS_DICT = 'mkt_campaign_time_status';
export const CAMPAIGN_ORDER_STATUS_DICT = 'mkt_campaign_order_status';
export const PACKET_STATUS_DICT = 'mkt_packet_status';

/** conditionType: 10 满 N 元 (the matching lines' amount), 20 满 N 件 (their count). */
export const CONDITION_TYPE = { amount: '10', count: '20' } as const;
/** productScope: 1 全部商品, 2 指定商品 (SPU ids), 3 指定品类 (category ids). */
export const PRODUCT_SCOPE = { all: '1', spu: '2', category: '3' } as const;
/** A campaign's own status: 1 启用; 4 已关闭 (docs/spec.md §4's status 4; never reopens). */
export const CAMPAIGN_STATUS = { enabled: '1', closed: '4' } as const;
/** Time status computed from now (docs/spec.md §4 modes): 1 未开始, 2 进行中, 3 已结束. */
export const TIME_STATUS = { notStarted: '1', running: '2', ended: '3' } as const;
/** What became of a campaign's rewards on one order: 0 待发放 (unpaid), 1 已发放, 2 已撤回 (refunded), 3 已取消 (closed unpaid). */
export const CAMPAIGN_ORDER_STATUS = { pending: '0', granted: '1', revoked: '2', cancelled: '3' } as const;
/** A packet: 1 启用, 0 停用 (with 停用说明). */
export const PACKET_STATUS = { enabled: '1', disabled: '0' } as const;

const label = (entity: string, field: string) => `marketingCampaigns:${entity}.fields.${field}`;

export const giftActivityEntity = defineEntity({
  table: 'mkt_gift_activity',
  api: '/marketing/giftActivity',
  permission: 'marketing:giftActivity',
  tenantScoped: true,
  title: 'marketingCampaigns:giftActivity.title',
  fields: {
    name: { type: 'string', label: label('giftActivity', 'name'), max: 64, required: true, search: 'like' },
    startTime: { type: 'datetime', label: label('giftActivity', 'startTime'), required: true, sortable: true, search: 'range' },
    endTime: { type: 'datetime', label: label('giftActivity', 'endTime'), required: true, sortable: true, search: 'range' },
    conditionType: { type: 'dict', label: label('giftActivity', 'conditionType'), dict: CAMPAIGN_CONDITION_DICT, required: true, search: 'eq' },
    productScope: { type: 'dict', label: label('giftActivity', 'productScope'), dict: CAMPAIGN_SCOPE_DICT, required: true },
    /** Comma-separated SPU or category ids (scope 2 / 3). */
    productScopeValues: { type: 'string', label: label('giftActivity', 'productScopeValues'), max: 4000, list: false },
    /** The rules as JSON ([{limit, discountPrice, freeDelivery, point, giveCoupons, gifts}]), written by the campaign routes only. */
    rules: { type: 'text', label: label('giftActivity', 'rules'), readonly: true, list: false, form: false },
    status: { type: 'dict', label: label('giftActivity', 'status'), dict: CAMPAIGN_STATUS_DICT, readonly: true, search: 'eq' },
    remark: { type: 'string', label: label('giftActivity', 'remark'), max: 255, list: false },
  },
});

/** One order that used a campaign (written by commitCampaign): the 办理 view and the hooks' memory. */
export const giftActivityOrderEntity = defineEntity({
  table: 'mkt_gift_activity_order',
  api: '/marketing/giftActivityOrder',
  permission: 'marketing:giftActivity',
  tenantScoped: true,
  title: 'marketingCampaigns:giftActivityOrder.title',
  fields: {
    activityId: { type: 'string', label: label('giftActivityOrder', 'activityId'), max: 32, search: 'eq', readonly: true, list: false },
    orderId: { type: 'string', label: label('giftActivityOrder', 'orderId'), max: 32, search: 'eq', readonly: true, list: false },
    orderNo: { type: 'string', label: label('giftActivityOrder', 'orderNo'), max: 32, search: 'like', readonly: true },
    memberId: { type: 'string', label: label('giftActivityOrder', 'memberId'), max: 32, search: 'eq', readonly: true, list: false, ref: 'member' },
    memberName: { type: 'string', label: label('giftActivityOrder', 'memberName'), max: 100, readonly: true },
    ruleLimit: { type: 'decimal', format: 'number', label: label('giftActivityOrder', 'ruleLimit'), readonly: true },
    discountPrice: { type: 'decimal', label: label('giftActivityOrder', 'discountPrice'), readonly: true },
    freeDelivery: { type: 'boolean', label: label('giftActivityOrder', 'freeDelivery'), readonly: true },
    point: { type: 'int', label: label('giftActivityOrder', 'point'), readonly: true },
    /** JSON: [{templateId, count}] granted on payment. */
    giveCoupons: { type: 'text', label: label('giftActivityOrder', 'giveCoupons'), readonly: true, list: false },
    /** JSON: [{skuId, count}] that entered the order at 0. */
    gifts: { type: 'text', label: label('giftActivityOrder', 'gifts'), readonly: true, list: false },
    /** Points actually granted (what a refund takes back, up to what the member has). */
    grantedPoint: { type: 'int', label: label('giftActivityOrder', 'grantedPoint'), readonly: true, list: false },
    status: { type: 'dict', label: label('giftActivityOrder', 'status'), dict: CAMPAIGN_ORDER_STATUS_DICT, readonly: true, search: 'eq' },
  },
});

export const couponPackageEntity = defineEntity({
  table: 'mkt_coupon_package',
  api: '/marketing/couponPackage',
  permission: 'marketing:couponPackage',
  tenantScoped: true,
  title: 'marketingCampaigns:couponPackage.title',
  fields: {
    name: { type: 'string', label: label('couponPackage', 'name'), max: 64, required: true, search: 'like' },
    /** 0 = free. */
    price: { type: 'decimal', label: label('couponPackage', 'price'), min: 0, max: 999_999, required: true, sortable: true },
    /** JSON: [{templateId, count}], written by the packet routes only; read and exported by the templates' names. */
    contents: { type: 'text', label: label('couponPackage', 'contents'), readonly: true, list: false, form: false, ref: 'couponTemplate', refJson: { id: 'templateId', count: 'count' } },
    point: { type: 'int', listWide: true, label: label('couponPackage', 'point'), min: 0, max: 1_000_000 },
    totalCount: { type: 'int', label: label('couponPackage', 'totalCount'), min: 1, max: 1_000_000, required: true },
    issuedCount: { type: 'int', label: label('couponPackage', 'issuedCount'), readonly: true, sortable: true },
    /** 0 = 不限. */
    limitPerMember: { type: 'int', listWide: true, label: label('couponPackage', 'limitPerMember'), min: 0, max: 10_000, required: true },
    levelId: { type: 'string', label: label('couponPackage', 'levelId'), max: 32, list: false },
    startTime: { type: 'datetime', label: label('couponPackage', 'startTime'), required: true, sortable: true, search: 'range' },
    endTime: { type: 'datetime', label: label('couponPackage', 'endTime'), required: true, sortable: true, search: 'range' },
    status: { type: 'dict', label: label('couponPackage', 'status'), dict: PACKET_STATUS_DICT, required: true, search: 'eq' },
    disableReason: { type: 'string', label: label('couponPackage', 'disableReason'), max: 255, list: false },
  },
});

/** One issue of a packet to a member (发放记录 / 购买记录). */
export const couponPackageRecordEntity = defineEntity({
  table: 'mkt_coupon_package_record',
  api: '/marketing/couponPackageRecord',
  permission: 'marketing:couponPackage',
  tenantScoped: true,
  title: 'marketingCampaigns:couponPackageRecord.title',
  // 发放记录: when each packet was issued and by whom.
  ledger: true,
  fields: {
    no: { type: 'string', label: label('couponPackageRecord', 'no'), max: 32, search: 'like', readonly: true },
    packageId: { type: 'string', label: label('couponPackageRecord', 'packageId'), max: 32, search: 'eq', readonly: true, list: false, ref: 'couponPackage' },
    packageName: { type: 'string', label: label('couponPackageRecord', 'packageName'), max: 64, readonly: true },
    memberId: { type: 'string', label: label('couponPackageRecord', 'memberId'), max: 32, search: 'eq', readonly: true, list: false, ref: 'member' },
    memberName: { type: 'string', label: label('couponPackageRecord', 'memberName'), max: 100, readonly: true },
    mobile: { type: 'string', label: label('couponPackageRecord', 'mobile'), max: 20, search: 'like', readonly: true },
    price: { type: 'decimal', label: label('couponPackageRecord', 'price'), readonly: true },
    couponCount: { type: 'int', label: label('couponPackageRecord', 'couponCount'), readonly: true },
    point: { type: 'int', label: label('couponPackageRecord', 'point'), readonly: true },
  },
});

export const campaignEntities = [giftActivityEntity, giftActivityOrderEntity, couponPackageEntity, couponPackageRecordEntity];
