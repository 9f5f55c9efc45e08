import type { TFunction } from 'i18next';
import { defineEntity, type EntityRecord } from '../../../src/contracts/entity';
import { DISCOUNT_TYPE, MEMBER_COUPON_API, UNLIMITED, VALIDITY_TYPE, type CouponTemplateRecord } from '../entities';

/** Calls and codes of the 优惠券 screen. */
export const COUPON_URLS = { send: '/marketing/coupon/send', recycle: `${MEMBER_COUPON_API}/recycle`, members: '/cust/custMember/list', spus: '/goods/goodsSpu/list', categories: '/goods/goodsCategory/queryTreeList' } as const;
export const RECORD_PERMISSIONS = { list: 'cust:coupon:list', recycle: 'cust:coupon:recycle', members: 'cust:member:list' } as const;

/** Member coupon statuses (the customers plugin's member_coupon_status). */
export const MEMBER_COUPON = { unused: '1', used: '2', expired: '3' } as const;

/**
 * The members' coupons as 领取记录 reads them over HTTP (the customers plugin's `/cust/custCoupon`, its
 * own resource name so that its lists and this one refresh together): only what the drawer shows.
 */
export const memberCouponView = defineEntity({
  table: 'cust_coupon',
  api: MEMBER_COUPON_API,
  permission: 'cust:coupon',
  tenantScoped: true,
  fields: {
    memberId: { type: 'string', label: 'marketing:coupon.records.member', search: 'eq' },
    templateId: { type: 'string', label: 'marketing:coupon.fields.name', search: 'eq' },
    name: { type: 'string', label: 'marketing:coupon.fields.name' },
    validStartTime: { type: 'datetime', label: 'marketing:coupon.fields.validStartTime' },
    validEndTime: { type: 'datetime', label: 'marketing:coupon.fields.validEndTime', sortable: true },
    useOrderId: { type: 'string', label: 'marketing:coupon.records.order' },
    useTime: { type: 'datetime', label: 'marketing:coupon.records.useTime' },
    status: { type: 'dict', label: 'marketing:coupon.fields.status', dict: 'member_coupon_status', search: 'eq' },
  },
});
export type MemberCouponRecord = EntityRecord<typeof memberCouponView>;

const money = (value: unknown): string => {
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? number.toFixed(2) : '0.00';
};

type OfferFields = Pick<CouponTemplateRecord, 'discountType' | 'usePrice' | 'discountPrice' | 'discountPercent' | 'discountLimitPrice'>;

/** 满 100.00 减 10.00 / 满 100.00 打 8 折 最多减 20.00 / 无门槛减 5.00. */
export function offerText(t: TFunction, record: OfferFields): string {
  const threshold = Number(record.usePrice ?? 0);
  const head = threshold > 0 ? t('marketing:coupon.offer.threshold', { price: money(threshold) }) : t('marketing:coupon.offer.noThreshold');
  if (String(record.discountType) === DISCOUNT_TYPE.percent) {
    const cap = Number(record.discountLimitPrice ?? 0);
    const fold = String(Number(record.discountPercent ?? 100) / 10);
    return t('marketing:coupon.offer.percent', { head, fold, percent: Number(record.discountPercent ?? 100) }) + (cap > 0 ? t('marketing:coupon.offer.cap', { price: money(cap) }) : '');
  }
  return t('marketing:coupon.offer.amount', { head, price: money(record.discountPrice) });
}

/**
 * 使用时间 as a merchant says it: the fixed dates, or for a coupon valid from day N to day M after it is taken
 * (marketing/server/coupon-rules.ts validityOf) 领取后 M 天内有效, or 领取 N 天后生效，有效期 M − N 天.
 */
export function validityText(t: TFunction, record: Pick<CouponTemplateRecord, 'validityType' | 'validStartTime' | 'validEndTime' | 'fixedStartTerm' | 'fixedEndTerm'>): string {
  if (String(record.validityType) === VALIDITY_TYPE.fixed) return t('marketing:coupon.fixedRange', { start: record.validStartTime ?? '', end: record.validEndTime ?? '' });
  const start = Number(record.fixedStartTerm ?? 0);
  const end = Number(record.fixedEndTerm ?? 0);
  if (start <= 0) return t('marketing:coupon.termWithin', { days: end });
  return t('marketing:coupon.termAfter', { start, days: end - start });
}

/** A count that may be unlimited (-1). */
export function countText(t: TFunction, value: unknown): string {
  return Number(value) === UNLIMITED ? t('marketing:coupon.unlimited') : String(value ?? 0);
}
