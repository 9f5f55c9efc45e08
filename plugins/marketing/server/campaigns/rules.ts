import Decimal from 'decimal.js';
import { CONDITION_TYPE, TIME_STATUS } from '../../campaign-entities';
import { RECORD_ID_PATTERN } from '../../../../src/contracts/record-id';

/**
 * The pure part of gift campaigns and coupon packets: checking a campaign's rules and a packet's contents
 * as they come from the wire, the time status of docs/spec.md §4, and the split of a discount over lines.
 * Every refusal is a Chinese sentence shown to staff as it is.
 */

export interface CouponGrant {
  templateId: string;
  count: number;
}

export interface GiftGrant {
  skuId: string;
  count: number;
}

/** One rule of a campaign, normalised: limit and discount are yuan (or a count for 满 N 件) as text. */
export interface CampaignRule {
  limit: string;
  discountPrice: string;
  freeDelivery: boolean;
  point: number;
  giveCoupons: CouponGrant[];
  gifts: GiftGrant[];
}

export const MAX_RULES = 10;
export const MAX_GRANTS = 10;
export const MAX_GRANT_COUNT = 100;

export class RuleError extends Error {}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** Yuan with at most two decimals, or null when it is not one. */
export function money(value: unknown): Decimal | null {
  if (typeof value !== 'number' && typeof value !== 'string') return null;
  const text = String(value).trim();
  if (!/^-?\d{1,12}(\.\d{1,2})?$/.test(text)) return null;
  return new Decimal(text);
}

function wholeNumber(value: unknown): number | null {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : Number.NaN;
  return Number.isInteger(number) ? number : null;
}

function grants<K extends 'templateId' | 'skuId'>(raw: unknown, key: K, what: string, where: string): Array<Record<K, string> & { count: number }> {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw new RuleError(`${where}${what}格式不正确`);
  if (raw.length > MAX_GRANTS) throw new RuleError(`${where}${what}最多${MAX_GRANTS}种`);
  const seen = new Set<string>();
  return raw.map((entry) => {
    const item = record(entry);
    const id = item[key];
    if (typeof id !== 'string' || !RECORD_ID_PATTERN.test(id)) throw new RuleError(`${where}请选择${what}`);
    if (seen.has(id)) throw new RuleError(`${where}${what}不能重复`);
    seen.add(id);
    const count = wholeNumber(item.count);
    if (count === null || count < 1 || count > MAX_GRANT_COUNT) throw new RuleError(`${where}${what}数量须为 1 到 ${MAX_GRANT_COUNT} 的整数`);
    return { [key]: id, count } as Record<K, string> & { count: number };
  });
}

/**
 * A campaign's rules from the wire: 1 to 10 rules with distinct thresholds, each giving something; for
 * 满 N 元 the threshold is yuan and the discount at most the threshold, for 满 N 件 a whole count.
 * Returned sorted by threshold, ascending.
 */
export function parseRules(raw: unknown, conditionType: string): CampaignRule[] {
  if (!Array.isArray(raw) || raw.length === 0) throw new RuleError('请至少设置一条活动规则');
  if (raw.length > MAX_RULES) throw new RuleError(`活动规则最多${MAX_RULES}条`);
  const byCount = conditionType === CONDITION_TYPE.count;
  const rules = raw.map((entry, index): CampaignRule => {
    const where = `第${index + 1}条规则：`;
    const item = record(entry);
    let limit: Decimal | null;
    if (byCount) {
      const count = wholeNumber(item.limit);
      limit = count === null ? null : new Decimal(count);
      if (limit === null || limit.lessThan(1) || limit.greaterThan(100_000)) throw new RuleError(`${where}满件数须为正整数`);
    } else {
      limit = money(item.limit);
      if (limit === null || limit.lessThanOrEqualTo(0) || limit.greaterThan(99_999_999)) throw new RuleError(`${where}门槛金额须大于 0（最多两位小数）`);
    }
    const discount = item.discountPrice === undefined || item.discountPrice === null || item.discountPrice === '' ? new Decimal(0) : money(item.discountPrice);
    if (discount === null || discount.isNegative()) throw new RuleError(`${where}减免金额须为不小于 0 的金额（最多两位小数）`);
    if (!byCount && discount.greaterThan(limit)) throw new RuleError(`${where}减免金额不能超过门槛金额`);
    const point = item.point === undefined || item.point === null || item.point === '' ? 0 : wholeNumber(item.point);
    if (point === null || point < 0 || point > 1_000_000) throw new RuleError(`${where}赠送积分须为不小于 0 的整数`);
    const freeDelivery = item.freeDelivery === true || item.freeDelivery === 'true' || item.freeDelivery === 1;
    const giveCoupons = grants(item.giveCoupons, 'templateId', '赠送的优惠券', where);
    const gifts = grants(item.gifts, 'skuId', '赠品', where);
    if (discount.isZero() && !freeDelivery && point === 0 && giveCoupons.length === 0 && gifts.length === 0) throw new RuleError(`${where}没有设置任何优惠`);
    return { limit: byCount ? limit.toFixed(0) : limit.toFixed(2), discountPrice: discount.toFixed(2), freeDelivery, point, giveCoupons, gifts };
  });
  const limits = new Set(rules.map((rule) => new Decimal(rule.limit).toString()));
  if (limits.size !== rules.length) throw new RuleError('规则门槛不能重复');
  return rules.sort((a, b) => new Decimal(a.limit).comparedTo(b.limit));
}

/** Rules as stored (already checked when written); a broken value reads as no rules. */
export function storedRules(text: unknown): CampaignRule[] {
  if (typeof text !== 'string' || text === '') return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? (parsed as CampaignRule[]) : [];
  } catch {
    return [];
  }
}

/** A packet's contents from the wire: 1 to 10 distinct coupon templates, each 1–100 times. */
export function parseContents(raw: unknown, point: number): CouponGrant[] {
  const contents = grants(raw, 'templateId', '优惠券', '券包内容：');
  if (contents.length === 0 && point <= 0) throw new RuleError('券包内容：请至少选择一种优惠券或设置赠送积分');
  return contents;
}

export function storedGrants<T>(text: unknown): T[] {
  return storedRules(text) as unknown as T[];
}

/** docs/spec.md §4's time status: 1 未开始 (start in the future), 2 进行中, 3 已结束 (end reached). */
export function timeStatusOf(startTime: Date, endTime: Date, now: Date): string {
  if (now.getTime() < startTime.getTime()) return TIME_STATUS.notStarted;
  if (now.getTime() < endTime.getTime()) return TIME_STATUS.running;
  return TIME_STATUS.ended;
}

/** The rule's text, e.g. "满 200 元减 20 元，包邮，送 100 积分，送券 2 张，赠品 1 件". */
export function ruleSummary(rule: CampaignRule, conditionType: string): string {
  const parts = [conditionType === CONDITION_TYPE.count ? `满 ${rule.limit} 件` : `满 ${new Decimal(rule.limit).toString()} 元`];
  const tail: string[] = [];
  if (!new Decimal(rule.discountPrice).isZero()) parts[0] += `减 ${new Decimal(rule.discountPrice).toString()} 元`;
  if (rule.freeDelivery) tail.push('包邮');
  if (rule.point > 0) tail.push(`送 ${rule.point} 积分`);
  const coupons = rule.giveCoupons.reduce((sum, grant) => sum + grant.count, 0);
  if (coupons > 0) tail.push(`送券 ${coupons} 张`);
  const gifts = rule.gifts.reduce((sum, gift) => sum + gift.count, 0);
  if (gifts > 0) tail.push(`赠品 ${gifts} 件`);
  return [parts[0], ...tail].join('，');
}

/**
 * Splits an amount over lines in proportion to their amounts, in cents, the rounding remainder on the last
 * line; never more on a line than the line, never more in all than the lines' total.
 */
export function splitProportionally(total: Decimal, amounts: readonly Decimal[]): Decimal[] {
  const sum = amounts.reduce((acc, amount) => acc.plus(amount), new Decimal(0));
  const capped = Decimal.min(total, sum);
  if (capped.lessThanOrEqualTo(0) || sum.isZero()) return amounts.map(() => new Decimal(0));
  const shares: Decimal[] = [];
  let given = new Decimal(0);
  const lastIndex = amounts.reduce((last, amount, index) => (amount.greaterThan(0) ? index : last), -1);
  amounts.forEach((amount, index) => {
    if (index === lastIndex) {
      shares.push(Decimal.min(capped.minus(given), amount));
      return;
    }
    const share = Decimal.min(capped.times(amount).dividedBy(sum).toDecimalPlaces(2, Decimal.ROUND_DOWN), amount);
    shares.push(share);
    given = given.plus(share);
  });
  // The last line could not take its whole remainder (it was smaller): spread what is left from the front.
  let left = capped.minus(shares.reduce((acc, share) => acc.plus(share), new Decimal(0)));
  for (let index = 0; index < shares.length && left.greaterThan(0); index += 1) {
    const room = (amounts[index] ?? new Decimal(0)).minus(shares[index] ?? 0);
    const extra = Decimal.min(room, left);
    shares[index] = (shares[index] ?? new Decimal(0)).plus(extra);
    left = left.minus(extra);
  }
  return shares;
}
