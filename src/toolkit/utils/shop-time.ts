import dayjs, { type Dayjs, type PluginFunc } from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { session } from '../../providers/session';

/**
 * The shop's clock on the client. The server sends every time as `YYYY-MM-DD HH:mm:ss` on the shop's clock
 * (SHOP_TIME_ZONE, named by the permission call: `session.getShopTimeZone()`), and takes times back the same way.
 * A screen never formats a server time in the browser's zone (`new Date(…).toLocaleString()`, `dayjs(iso)`), and
 * whatever it computes as "now" or "today" (default ranges, presets, a picker's limits, greetings) is the shop's:
 * a browser in Los Angeles shows the same times and day as one in Shanghai.
 *
 * Dates on the client are wall clocks: a dayjs whose fields are the shop's wall clock, which is what a picker shows
 * and sends (`format('YYYY-MM-DD HH:mm:ss')`), never converted through the browser's zone. So "now" is one too:
 * once this module is loaded, `dayjs()` without an argument is the shop's wall clock now (the plugin below) — the
 * pickers' 今天/此刻 and their highlighted today included, which live inside antd and call `dayjs()` themselves.
 * An instant (`dayjs(ms)`, `dayjs.utc()`) is untouched.
 */

dayjs.extend(utc);
dayjs.extend(timezone);

interface ParseConfig {
  date?: unknown;
  utc?: boolean;
  $offset?: number;
}

/** The local Date whose fields are the shop's wall clock at `ms`. */
function wallClockDate(ms: number): Date {
  const wall = dayjs(ms).tz(shopTimeZone());
  return new Date(wall.year(), wall.month(), wall.date(), wall.hour(), wall.minute(), wall.second(), wall.millisecond());
}

/** `dayjs()` — no input, not UTC, no offset — is the shop's wall clock now. */
const shopNowPlugin: PluginFunc = (_option, dayjsClass) => {
  const proto = dayjsClass.prototype as unknown as { parse(this: unknown, cfg: ParseConfig): void };
  const parse = proto.parse;
  proto.parse = function (this: unknown, cfg: ParseConfig) {
    parse.call(this, cfg.date === undefined && cfg.utc !== true && cfg.$offset === undefined ? { ...cfg, date: wallClockDate(Date.now()) } : cfg);
  };
};
dayjs.extend(shopNowPlugin);

export const SHOP_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const SHOP_DAY_FORMAT = 'YYYY-MM-DD';

/** `YYYY-MM-DD`, optionally ` HH:mm` or ` HH:mm:ss` (a `T` may stand for the space): a wall clock without a zone. */
const WALL_CLOCK = /^\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2}(?::\d{2})?)?$/;
/** An instant written with its zone: `…Z` or `…+08:00` (ISO 8601, as some answers and browser APIs give). */
const ZONED = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}(?::?\d{2})?)$/i;

export function shopTimeZone(): string {
  return session.getShopTimeZone();
}

/** An instant (epoch ms, a Date, or a text with its own zone) as `YYYY-MM-DD HH:mm:ss` on the shop's clock. */
function instantText(ms: number): string {
  return dayjs(ms).tz(shopTimeZone()).format(SHOP_TIME_FORMAT);
}

/**
 * A time as the screens show it: `YYYY-MM-DD HH:mm:ss` on the shop's clock; '' for none. A wall-clock text (what the
 * server sends) is shown as it is; an instant — epoch ms, a Date, an ISO text with its zone — is put on the shop's clock.
 */
export function formatShopTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'number') return Number.isFinite(value) ? instantText(value) : '';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : instantText(value.getTime());
  const text = value.trim();
  if (WALL_CLOCK.test(text)) return text.replace('T', ' ');
  if (ZONED.test(text)) {
    const ms = Date.parse(text.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00'));
    return Number.isNaN(ms) ? text : instantText(ms);
  }
  return text;
}

/** The instant (epoch ms) a shop wall-clock text stands for; null when it is none. */
export function parseShopTime(text: string | null | undefined): number | null {
  const trimmed = text?.trim() ?? '';
  if (ZONED.test(trimmed)) {
    const ms = Date.parse(trimmed.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00'));
    return Number.isNaN(ms) ? null : ms;
  }
  if (!WALL_CLOCK.test(trimmed)) return null;
  const parsed = dayjs.tz(trimmed.replace('T', ' '), shopTimeZone());
  return parsed.isValid() ? parsed.valueOf() : null;
}

/** Now (or `at`) on the shop's clock, as a dayjs whose fields are the shop's wall clock (for pickers, presets and "today"). */
export function shopNow(at: number = Date.now()): Dayjs {
  return dayjs(wallClockDate(at));
}

/** The shop's today, `YYYY-MM-DD`. */
export function shopToday(at: number = Date.now()): string {
  return instantText(at).slice(0, 10);
}
