import { http } from '../../../src/providers/http';
import { memberEntity, couponEntity } from '../entities';

/** The member screens' calls beyond the generic CRUD ones; each resolves to the envelope. */

export interface Posting {
  before: number;
  change: number;
  after: number;
}

export const MEMBER_PERMISSIONS = {
  adjustPoints: 'cust:member:adjustPoints',
  adjustBalance: 'cust:member:adjustBalance',
  updateLevel: 'cust:member:updateLevel',
  recycleCoupon: 'cust:coupon:recycle',
} as const;

export const memberCalls = {
  adjustPoints: (body: { memberId: string; point: number; reason: string }) => http.post<Posting>(`${memberEntity.api}/adjustPoints`, body),
  /** The change travels as text with two decimals, so no binary float reaches the server. */
  adjustBalance: (body: { memberId: string; price: string; reason: string }) => http.post<Posting>(`${memberEntity.api}/adjustBalance`, body),
  updateLevel: (body: { memberId: string; levelId: string; reason: string }) => http.post<null>(`${memberEntity.api}/updateLevel`, body),
  recycleCoupon: (id: string) => http.post<null>(`${couponEntity.api}/recycle`, { id }),
};
