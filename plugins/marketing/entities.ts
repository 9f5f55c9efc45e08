import { defineEntity, type EntityRecord } from '../../src/contracts/entity';

/**
 * The coupon templates of 营销管理 → 优惠券 (docs/business-api.md "Marketing" `/marketing/coupon`, docs/reference/business-domains.md
 * §4 "Coupon template"). The members' coupons taken from them are the customers plugin's `/cust/custCoupon`.
 */

export const COUPON_STATUS_DICT = 'coupon_template_status';
export const COUPON_DISCOUNT_TYPE_DICT = 'coupon_discount_type';
export const COUPON_TAKE_TYPE_DICT = 'coupon_take_type';
export const COUPON_VALIDITY_TYPE_DICT = 'coupon_validity_type';
export const COUPON_PRODUCT_SCOPE_DICT = 'coupon_product_scope';

export const COUPON_STATUS = { enabled: '1', disabled: '0' } as const;
export const DISCOUNT_TYPE = { amount: '1', percent: '2' } as const;
export const TAKE_TYPE = { byMember: '1', bySend: '2', newMember: '3' } as const;
export const VALIDITY_TYPE = { fixed: '1', afterTaking: '2' } as const;
export const PRODUCT_SCOPE = { all: '1', spu: '2', category: '3' } as const;
/** takeLimitCount / totalCount: no limit. */
export const UNLIMITED = -1;

/** The member coupons' base (customers plugin), read over HTTP by 领取记录. */
export const MEMBER_COUPON_API = '/cust/custCoupon';
export const MEMBER_API = '/cust/custMember';

const label = (field: string) => `marketing:coupon.fields.${field}`;

export const couponTemplateEntity = defineEntity({
  table: 'mkt_coupon_template',
  api: '/marketing/coupon',
  permission: 'marketing:coupon',
  tenantScoped: true,
  title: 'marketing:coupon.title',
  fields: {
    name: { type: 'string', label: label('name'), required: true, max: 64, search: 'like', sortable: true },
    status: { type: 'dict', label: label('status'), dict: COUPON_STATUS_DICT, required: true, search: 'eq', max: 2 },
    discountType: { type: 'dict', label: label('discountType'), dict: COUPON_DISCOUNT_TYPE_DICT, required: true, search: 'eq', max: 2 },
    usePrice: { type: 'decimal', label: label('usePrice'), required: true, min: 0, max: 99_999_999, sortable: true },
    discountPrice: { type: 'decimal', label: label('discountPrice'), min: 0, max: 99_999_999 },
    discountPercent: { type: 'int', label: label('discountPercent'), min: 1, max: 99 },
    discountLimitPrice: { type: 'decimal', label: label('discountLimitPrice'), min: 0, max: 99_999_999 },
    totalCount: { type: 'int', label: label('totalCount'), required: true, min: -1, max: 100_000_000, sortable: true },
    takeLimitCount: { type: 'int', label: label('takeLimitCount'), required: true, min: -1, max: 10_000 },
    takeType: { type: 'dict', label: label('takeType'), dict: COUPON_TAKE_TYPE_DICT, required: true, search: 'eq', max: 2 },
    validityType: { type: 'dict', label: label('validityType'), dict: COUPON_VALIDITY_TYPE_DICT, required: true, max: 2 },
    validStartTime: { type: 'datetime', label: label('validStartTime'), search: 'range', sortable: true },
    validEndTime: { type: 'datetime', label: label('validEndTime'), search: 'range', sortable: true },
    fixedStartTerm: { type: 'int', label: label('fixedStartTerm'), min: 0, max: 3650 },
    fixedEndTerm: { type: 'int', label: label('fixedEndTerm'), min: 1, max: 3650 },
    productScope: { type: 'dict', label: label('productScope'), dict: COUPON_PRODUCT_SCOPE_DICT, required: true, max: 2 },
    productScopeValues: { type: 'string', label: label('productScopeValues'), max: 4000, list: false },
  },
});

export const couponEntities = [couponTemplateEntity] as const;

export type CouponTemplateRecord = EntityRecord<typeof couponTemplateEntity> & { takeCount?: number; useCount?: number };
