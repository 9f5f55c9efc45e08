import dayjs, { type Dayjs } from 'dayjs';
import { shopNow } from '../../../src/toolkit/utils';

/** A report's days, 'YYYY-MM-DD', both inclusive. */
export interface DateRange {
  from: string;
  to: string;
}

/** The presets of the report date bar, in the order shown. */
export const DATE_PRESETS = ['today', 'yesterday', 'last7', 'last30', 'thisMonth', 'lastMonth', 'thisYear'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

const DAY = 'YYYY-MM-DD';
const span = (from: Dayjs, to: Dayjs): DateRange => ({ from: from.format(DAY), to: to.format(DAY) });

/** The days of a preset seen from `today`, the shop's (最近7天 = the 7 days ending today). */
export function presetRange(preset: DatePreset, today: Dayjs = shopNow()): DateRange {
  const day = today.startOf('day');
  switch (preset) {
    case 'today':
      return span(day, day);
    case 'yesterday':
      return span(day.subtract(1, 'day'), day.subtract(1, 'day'));
    case 'last7':
      return span(day.subtract(6, 'day'), day);
    case 'last30':
      return span(day.subtract(29, 'day'), day);
    case 'thisMonth':
      return span(day.startOf('month'), day);
    case 'lastMonth': {
      const last = day.startOf('month').subtract(1, 'month');
      return span(last, last.endOf('month'));
    }
    case 'thisYear':
      return span(day.startOf('year'), day);
  }
}

/** The preset whose days these are (to highlight it), or null. */
export function presetOf(range: DateRange, today: Dayjs = shopNow()): DatePreset | null {
  return DATE_PRESETS.find((preset) => {
    const days = presetRange(preset, today);
    return days.from === range.from && days.to === range.to;
  }) ?? null;
}

/** A valid 'YYYY-MM-DD' (a real calendar day). */
export function isDay(value: string | null | undefined): value is string {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && dayjs(value, DAY).format(DAY) === value;
}

/** The range of the URL's `beginDate`/`endDate` when both are valid days in order, else null. */
export function rangeOfQuery(beginDate: string | null, endDate: string | null): DateRange | null {
  return isDay(beginDate) && isDay(endDate) && beginDate <= endDate ? { from: beginDate, to: endDate } : null;
}
