import Decimal from 'decimal.js';
import { addDays, DateString, daysOf, invalidInput } from '../../../../server/kit';

/**
 * The date range of a report request (beginDate, endDate: shop-zone days, inclusive) and the previous
 * equal period the 环比 compares with. Shared by the goods and withdrawal reports.
 */

/** The longest range a report answers (a leap year and a day). */
export const MAX_RANGE_DAYS = 367;

export const RANGE_QUERY = { beginDate: DateString, endDate: DateString } as const;

export interface DayRange {
  beginDate: string;
  endDate: string;
}

export const MSG_RANGE_ORDER = '开始日期不能晚于结束日期';
export const msgRangeTooLong = (days: number) => `日期范围不能超过${days}天`;

/** The range, checked: begin ≤ end and at most MAX_RANGE_DAYS days (HTTP 400 otherwise). */
export function checkedRange(query: DayRange): DayRange {
  if (query.beginDate > query.endDate) throw invalidInput('', MSG_RANGE_ORDER);
  if (addDays(query.beginDate, MAX_RANGE_DAYS - 1) < query.endDate) throw invalidInput('', msgRangeTooLong(MAX_RANGE_DAYS));
  return { beginDate: query.beginDate, endDate: query.endDate };
}

/** The equal period just before the range (7 days → the 7 days before them). */
export function previousRange(range: DayRange): DayRange {
  const days = daysOf(range.beginDate, range.endDate).length;
  return { beginDate: addDays(range.beginDate, -days), endDate: addDays(range.beginDate, -1) };
}

/** 环比 in percent with two decimals: (value − previous) ÷ previous; null when the previous is zero. */
export function changeRate(value: string, previous: string): string | null {
  const before = new Decimal(previous);
  if (before.isZero()) return null;
  return new Decimal(value).minus(before).dividedBy(before).times(100).toFixed(2);
}

/** A ratio in percent with two decimals (half up); null when the divisor is zero. */
export function percentOf(part: string, whole: string): string | null {
  const divisor = new Decimal(whole);
  if (divisor.isZero()) return null;
  return new Decimal(part).dividedBy(divisor).times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
}
