import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';

/**
 * The members' coupons (`cust_coupon`, API `/cust/custCoupon`), owned by the customers plugin and
 * provided to marketing as `memberCoupons`. Each coupon carries a snapshot of its template's rules, so a
 * template edited later never changes a coupon already taken. Every method runs in the caller's
 * transaction. A template's 已领取 count is the count of its coupons (回收 deletes an unused one and so
 * lowers it); 已使用 the count of its coupons in status 2.
 */

/** 1 未使用, 2 已使用, 3 已过期 (dictionary member_coupon_status). */
export const MEMBER_COUPON_STATUS = { unused: '1', used: '2', expired: '3' } as const;
export type MemberCouponStatus = (typeof MEMBER_COUPON_STATUS)[keyof typeof MEMBER_COUPON_STATUS];

/** The template's rules as the coupon keeps them (docs/reference/business-domains.md §4 "Coupon template"). */
export interface CouponRules {
  /** 1 满减, 2 折扣. */
  discountType: string;
  /** Threshold on the matching lines, yuan ('0.00' = none). */
  usePrice: string;
  /** 满减: the amount off, yuan. */
  discountPrice: string | null;
  /** 折扣: percent paid, 1–99 (80 = 8 折). */
  discountPercent: number | null;
  /** 折扣: the most it takes off, yuan (null = no cap). */
  discountLimitPrice: string | null;
  /** 1 全部商品, 2 指定商品 (SPU ids), 3 指定品类 (category ids). */
  productScope: string;
  productScopeValues: string[];
  /** 1 直接领取, 2 指定发放, 3 新人券. */
  takeType: string;
}

export interface NewMemberCoupon {
  memberId: string;
  templateId: string;
  name: string;
  rules: CouponRules;
  validStartTime: Date;
  validEndTime: Date;
  /** What issued it beyond a take or a send (a coupon packet's purchase, a campaign's order), or null. */
  bizId: string | null;
}

export interface MemberCoupon extends NewMemberCoupon {
  id: string;
  status: MemberCouponStatus;
  useOrderId: string | null;
  useTime: Date | null;
}

export interface TemplateCouponCounts {
  /** Coupons issued and not recycled (any status). */
  taken: number;
  /** Of them, used by an order. */
  used: number;
}

export interface MemberCouponService {
  /** Issues coupons (status 未使用); returns their ids in the given order. */
  issue(trx: Transaction<Database>, tenantId: number, coupons: readonly NewMemberCoupon[], operator: string | null): Promise<string[]>;
  /** How many coupons of a template exist (taken), of one member when given. */
  takenCount(trx: Transaction<Database>, tenantId: number, templateId: string, memberId?: string): Promise<number>;
  /** Taken and used counts of some templates, of one member when given (a template without coupons answers 0 / 0). */
  countsByTemplate(trx: Transaction<Database>, tenantId: number, templateIds: readonly string[], memberId?: string): Promise<Map<string, TemplateCouponCounts>>;
  /** A member's coupon (any status), locked for the rest of the transaction; undefined when not theirs. */
  lockOfMember(trx: Transaction<Database>, tenantId: number, memberId: string, couponId: string): Promise<MemberCoupon | undefined>;
  /** A member's unused coupons (validity not checked: the caller says why one does not fit), newest first. */
  listUnused(trx: Transaction<Database>, tenantId: number, memberId: string): Promise<MemberCoupon[]>;
  /** 未使用 → 已使用 by an order (guarded: refused with a message naming the state otherwise). */
  markUsed(trx: Transaction<Database>, tenantId: number, couponId: string, orderId: string, operator: string | null): Promise<void>;
  /**
   * The coupon an order used comes back (order closed or fully refunded): → 未使用, or → 已过期 when past
   * its end at `now`. Returns the coupon's new status, or null when the order used none.
   */
  returnOfOrder(trx: Transaction<Database>, tenantId: number, orderId: string, operator: string | null, now: Date): Promise<MemberCouponStatus | null>;
  /** Unused coupons past their end become 已过期 (every tenant, at most `limit`); returns how many. */
  expireDue(trx: Transaction<Database>, now: Date, limit: number): Promise<number>;
  /** Deletes the unused coupons issued for a bizId (a refunded packet); returns how many went and how many were kept (used or expired). */
  recycleForBiz(trx: Transaction<Database>, tenantId: number, bizId: string): Promise<{ recycled: number; kept: number }>;
}

declare module '../plugin-services' {
  interface ServiceMap {
    memberCoupons: MemberCouponService;
  }
}
