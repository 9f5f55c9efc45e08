import Decimal from 'decimal.js';
import type { CouponRules, MemberCoupon } from '../../../../server/contracts/member-coupons';
import { MEMBER_COUPON_STATUS } from '../../../../server/contracts/member-coupons';
import { DISCOUNT_TYPE, PRODUCT_SCOPE, UNLIMITED, VALIDITY_TYPE } from '../../entities';
import { instantOf } from '../../../../server/kit';
import { RECORD_ID_PATTERN } from '../../../../src/contracts/record-id';

/**
 * The coupon rules, pure and exact (docs/reference/business-domains.md §4): what a template may hold, how long a coupon
 * taken from it is valid, and what one coupon takes off a cart — its threshold checked on the matching
 * lines' amount after the campaign, 满减 never more than that amount, 折扣 rounded to the cent and capped,
 * the deduction split over the matching lines in proportion (cents to the last; never above a line).
 */

export const REASON = {
  notFound: '优惠券不存在',
  used: '优惠券已使用',
  expired: '优惠券已过期',
  notStarted: '未到使用时间',
  noMatch: '没有匹配的商品',
  threshold: '未满足门槛',
} as const;

export const MSG_TEMPLATE = {
  amountRequired: '满减券的优惠金额必须大于 0',
  amountAboveThreshold: '满减券的优惠金额不能大于使用门槛',
  percentRequired: '折扣券的折扣必须是 1–99 之间的整数（如 80 表示 8 折）',
  limitPositive: '折扣券的最多优惠金额必须大于 0（不限请留空）',
  moneyCents: '金额最多保留两位小数',
  totalCount: '发放数量必须大于 0（-1 表示不限）',
  takeLimit: '每人限领必须大于 0（-1 表示不限）',
  takeLimitAboveTotal: '每人限领不能大于发放数量',
  fixedDates: '固定日期的优惠券需要填写生效时间和失效时间',
  fixedOrder: '失效时间必须晚于生效时间',
  terms: '领取后生效的优惠券需要填写开始天数和结束天数',
  termOrder: '结束天数必须大于开始天数',
  spus: '指定商品的优惠券需要选择商品',
  categories: '指定品类的优惠券需要选择品类',
  scopeIds: '适用商品或品类的编号不正确',
} as const;

const ZERO = new Decimal(0);
const MAX_SCOPE_VALUES = 100;

export type TemplateValues = Record<string, unknown>;

function decimalOf(value: unknown): Decimal | null {
  if (value === null || value === undefined || value === '') return null;
  try {
    const number = new Decimal(typeof value === 'number' || typeof value === 'string' ? value : Number.NaN);
    return number.isFinite() ? number : null;
  } catch {
    return null;
  }
}

function intOf(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const number = Number(value);
  return Number.isInteger(number) ? number : null;
}

/** A validity time entered on the shop's clock (or read back as a Date), as epoch milliseconds. */
function timeOf(value: unknown): number | null {
  return instantOf(value)?.getTime() ?? null;
}

export function scopeValuesOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String).map((part) => part.trim()).filter((part) => part !== '');
  return String(value ?? '').split(',').map((part) => part.trim()).filter((part) => part !== '');
}

/**
 * Checks a template (the stored values merged with the edit) and clears what its types do not use.
 * Returns the values to write, or the first refusal in Chinese.
 */
export function checkTemplate(values: TemplateValues): { values: TemplateValues } | { message: string } {
  const out: TemplateValues = { ...values };
  const money = ['usePrice', 'discountPrice', 'discountLimitPrice'].map((field) => decimalOf(values[field]));
  if (money.some((amount) => amount !== null && amount.decimalPlaces() > 2)) return { message: MSG_TEMPLATE.moneyCents };
  const [usePrice, discountPrice, limit] = money;
  if (String(values.discountType) === DISCOUNT_TYPE.amount) {
    if (discountPrice === null || discountPrice === undefined || !discountPrice.greaterThan(0)) return { message: MSG_TEMPLATE.amountRequired };
    if (usePrice !== null && usePrice !== undefined && usePrice.greaterThan(0) && discountPrice.greaterThan(usePrice)) return { message: MSG_TEMPLATE.amountAboveThreshold };
    out.discountPercent = null;
    out.discountLimitPrice = null;
  } else {
    const percent = intOf(values.discountPercent);
    if (percent === null || percent < 1 || percent > 99) return { message: MSG_TEMPLATE.percentRequired };
    if (limit !== null && limit !== undefined && !limit.greaterThan(0)) return { message: MSG_TEMPLATE.limitPositive };
    out.discountPrice = null;
  }
  const total = intOf(values.totalCount);
  if (total === null || (total !== UNLIMITED && total < 1)) return { message: MSG_TEMPLATE.totalCount };
  const perMember = intOf(values.takeLimitCount);
  if (perMember === null || (perMember !== UNLIMITED && perMember < 1)) return { message: MSG_TEMPLATE.takeLimit };
  if (total !== UNLIMITED && perMember !== UNLIMITED && perMember > total) return { message: MSG_TEMPLATE.takeLimitAboveTotal };
  if (String(values.validityType) === VALIDITY_TYPE.fixed) {
    const start = timeOf(values.validStartTime);
    const end = timeOf(values.validEndTime);
    if (start === null || end === null) return { message: MSG_TEMPLATE.fixedDates };
    if (end <= start) return { message: MSG_TEMPLATE.fixedOrder };
    out.fixedStartTerm = null;
    out.fixedEndTerm = null;
  } else {
    const from = intOf(values.fixedStartTerm);
    const to = intOf(values.fixedEndTerm);
    if (from === null || to === null) return { message: MSG_TEMPLATE.terms };
    if (to <= from) return { message: MSG_TEMPLATE.termOrder };
    out.validStartTime = null;
    out.validEndTime = null;
  }
  const scope = String(values.productScope);
  if (scope === PRODUCT_SCOPE.all) {
    out.productScopeValues = null;
  } else {
    const ids = [...new Set(scopeValuesOf(values.productScopeValues))];
    if (ids.length === 0) return { message: scope === PRODUCT_SCOPE.spu ? MSG_TEMPLATE.spus : MSG_TEMPLATE.categories };
    if (ids.length > MAX_SCOPE_VALUES || ids.some((id) => !RECORD_ID_PATTERN.test(id))) return { message: MSG_TEMPLATE.scopeIds };
    out.productScopeValues = ids.join(',');
  }
  return { values: out };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** When a coupon taken at `takenAt` is valid: the template's fixed dates, or from day N to day M after taking. */
export function validityOf(
  template: { validityType: string; validStartTime: Date | null; validEndTime: Date | null; fixedStartTerm: number | null; fixedEndTerm: number | null },
  takenAt: Date,
): { start: Date; end: Date } {
  if (template.validityType === VALIDITY_TYPE.fixed && template.validStartTime !== null && template.validEndTime !== null) {
    return { start: template.validStartTime, end: template.validEndTime };
  }
  const from = template.fixedStartTerm ?? 0;
  const to = template.fixedEndTerm ?? from + 1;
  return { start: new Date(takenAt.getTime() + from * DAY_MS), end: new Date(takenAt.getTime() + to * DAY_MS) };
}

/**
 * Splits an amount over weights in proportion, each share cut down to the cent; the cents left go to the
 * last line (and, when it has no room, to the lines before it), never above a line's weight.
 */
export function splitOver(amount: Decimal, weights: readonly Decimal[]): Decimal[] {
  if (weights.length === 0) return [];
  const total = weights.reduce((sum, weight) => sum.plus(weight), ZERO);
  if (total.isZero()) return weights.map(() => ZERO);
  const capped = Decimal.min(amount, total);
  const shares = weights.map((weight) => capped.times(weight).dividedBy(total).toDecimalPlaces(2, Decimal.ROUND_DOWN));
  let left = capped.minus(shares.reduce((sum, share) => sum.plus(share), ZERO));
  for (let index = shares.length - 1; index >= 0 && left.greaterThan(0); index -= 1) {
    const share = shares[index] ?? ZERO;
    const room = Decimal.max(ZERO, Decimal.min(left, (weights[index] ?? ZERO).minus(share)));
    shares[index] = share.plus(room);
    left = left.minus(room);
  }
  return shares;
}

/** One cart line as the coupon sees it: its amount after the campaign's discount. */
export interface CouponCartLine {
  spuId: string;
  categoryId: string | null;
  amount: Decimal;
}

export function matches(rules: Pick<CouponRules, 'productScope' | 'productScopeValues'>, line: Pick<CouponCartLine, 'spuId' | 'categoryId'>): boolean {
  if (rules.productScope === PRODUCT_SCOPE.spu) return rules.productScopeValues.includes(line.spuId);
  if (rules.productScope === PRODUCT_SCOPE.category) return line.categoryId !== null && rules.productScopeValues.includes(line.categoryId);
  return true;
}

/** What the rules take off a matching amount (before the threshold check): 满减 up to the amount, 折扣 rounded and capped. */
export function deductionOf(rules: CouponRules, matching: Decimal): Decimal {
  let off: Decimal;
  if (rules.discountType === DISCOUNT_TYPE.percent) {
    const percent = rules.discountPercent ?? 100;
    off = matching.times(100 - percent).dividedBy(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    const cap = decimalOf(rules.discountLimitPrice);
    if (cap !== null && cap.greaterThan(0)) off = Decimal.min(off, cap);
  } else {
    off = decimalOf(rules.discountPrice) ?? ZERO;
  }
  return Decimal.max(ZERO, Decimal.min(off, matching));
}

export type CouponOutcome = { usable: true; total: Decimal; shares: Decimal[] } | { usable: false; reason: string };

/** Whether the coupon serves this cart now, and its deduction per line (0 on the lines it does not match). */
export function couponOutcome(coupon: Pick<MemberCoupon, 'rules' | 'status' | 'validStartTime' | 'validEndTime'>, lines: readonly CouponCartLine[], now: Date): CouponOutcome {
  // A coupon without the rules of a known type (not issued from a template) serves no cart.
  if (coupon.rules.discountType !== DISCOUNT_TYPE.amount && coupon.rules.discountType !== DISCOUNT_TYPE.percent) return { usable: false, reason: REASON.notFound };
  if (coupon.status === MEMBER_COUPON_STATUS.used) return { usable: false, reason: REASON.used };
  if (coupon.status === MEMBER_COUPON_STATUS.expired || coupon.validEndTime.getTime() < now.getTime()) return { usable: false, reason: REASON.expired };
  if (coupon.validStartTime.getTime() > now.getTime()) return { usable: false, reason: REASON.notStarted };
  const weights = lines.map((line) => (matches(coupon.rules, line) ? line.amount : ZERO));
  if (!lines.some((line) => matches(coupon.rules, line))) return { usable: false, reason: REASON.noMatch };
  const matching = weights.reduce((sum, weight) => sum.plus(weight), ZERO);
  const threshold = decimalOf(coupon.rules.usePrice) ?? ZERO;
  if (matching.lessThan(threshold) || matching.isZero()) return { usable: false, reason: REASON.threshold };
  const total = deductionOf(coupon.rules, matching);
  return { usable: true, total, shares: splitOver(total, weights) };
}

/** 满 100 减 10 / 满 100 打 8 折 最多减 20 / 无门槛减 5 — the offer in words (order logs, the summary). */
export function offerText(rules: Pick<CouponRules, 'discountType' | 'usePrice' | 'discountPrice' | 'discountPercent' | 'discountLimitPrice'>): string {
  const threshold = decimalOf(rules.usePrice) ?? ZERO;
  const head = threshold.greaterThan(0) ? `满 ${threshold.toFixed(2)} ` : '无门槛';
  if (rules.discountType === DISCOUNT_TYPE.percent) {
    const percent = rules.discountPercent ?? 100;
    const cap = decimalOf(rules.discountLimitPrice);
    const fold = new Decimal(percent).dividedBy(10).toString();
    return `${head}打 ${fold} 折${cap !== null && cap.greaterThan(0) ? ` 最多减 ${cap.toFixed(2)}` : ''}`;
  }
  return `${head}减 ${(decimalOf(rules.discountPrice) ?? ZERO).toFixed(2)}`;
}
