import { couponEntity, memberEntity } from '../entities';

/** The member screens' calls beyond the generic CRUD ones, and the codes that allow them (sent through useEntityAction/useFormAction). */

export const MEMBER_PERMISSIONS = {
  adjustPoints: 'cust:member:adjustPoints',
  adjustBalance: 'cust:member:adjustBalance',
  updateLevel: 'cust:member:updateLevel',
  recycleCoupon: 'cust:coupon:recycle',
} as const;

export const MEMBER_URLS = {
  adjustPoints: `${memberEntity.api}/adjustPoints`,
  /** The change travels as text with two decimals, so no binary float reaches the server. */
  adjustBalance: `${memberEntity.api}/adjustBalance`,
  updateLevel: `${memberEntity.api}/updateLevel`,
  recycleCoupon: `${couponEntity.api}/recycle`,
} as const;
