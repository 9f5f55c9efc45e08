import { DEFAULT_SHOP_TIME_ZONE } from '../../src/contracts/session';

/**
 * The shop's clock: every time the product shows, accepts, filters on, numbers by, prints or schedules is a wall
 * clock in the shop's time zone (config `SHOP_TIME_ZONE`), whatever zone the server process runs in. Stored
 * instants stay unambiguous (timestamptz); this module is the one place that turns them into the shop's wall
 * clock (`formatShopTime`, `shopDay`) and a wall-clock text back into an instant (`parseShopTime`). Nothing on
 * the server reads the process's own zone (Date's local getters, `new Date('YYYY-MM-DD HH:mm:ss')`).
 *
 * The database session runs in the same zone (server/db/connection.ts), so `cast(t as text)`, `::date`,
 * `date_trunc` and wall-clock strings bound to timestamptz parameters agree with this module.
 */

export { DEFAULT_SHOP_TIME_ZONE };

let zone = DEFAULT_SHOP_TIME_ZONE;

/** Set once at start from the configuration (server/app.ts); the whole process then keeps the shop's clock. */
export function setShopTimeZone(name: string): void {
  // Throws a RangeError for a zone Intl does not know: the configuration checks the name first.
  offsetFormatter(name);
  zone = name;
}

export function shopTimeZone(): string {
  return zone;
}

const MINUTE_MS = 60_000;
/** Offsets are cached per quarter of an hour: every zone's transitions fall on whole minutes, at most one in a quarter. */
const BUCKET_MS = 15 * MINUTE_MS;
const MAX_CACHED_BUCKETS = 20_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
const offsetCaches = new Map<string, Map<number, number>>();

function offsetFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      era: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone's offset from UTC at `ms`, in milliseconds (wall clock = UTC + offset), computed by Intl. */
function exactOffset(ms: number, timeZone: string): number {
  const fields: Record<string, string> = {};
  for (const part of offsetFormatter(timeZone).formatToParts(ms)) fields[part.type] = part.value;
  const year = fields.era === 'BC' || fields.era === 'B' ? 1 - Number(fields.year) : Number(fields.year);
  const wall = Date.UTC(year, Number(fields.month) - 1, Number(fields.day), Number(fields.hour), Number(fields.minute), Number(fields.second));
  // Intl drops the milliseconds: compare with the instant truncated to its second.
  return wall - (ms - (((ms % 1000) + 1000) % 1000));
}

/** The zone's offset at `ms`; a quarter of an hour without a transition in it is worked out once. */
export function zoneOffset(ms: number, timeZone: string = zone): number {
  let cache = offsetCaches.get(timeZone);
  if (cache === undefined) offsetCaches.set(timeZone, (cache = new Map()));
  const bucket = Math.floor(ms / BUCKET_MS);
  const cached = cache.get(bucket);
  if (cached !== undefined) return cached;
  const start = bucket * BUCKET_MS;
  const offset = exactOffset(start, timeZone);
  // A transition inside the quarter: this instant is worked out alone, the quarter never cached.
  if (exactOffset(start + BUCKET_MS - 1000, timeZone) !== offset) return exactOffset(ms, timeZone);
  if (cache.size >= MAX_CACHED_BUCKETS) cache.clear();
  cache.set(bucket, offset);
  return offset;
}

const pad2 = (value: number) => (value < 10 ? `0${value}` : String(value));
const pad4 = (value: number) => String(value).padStart(4, '0');

/** The wall clock of an instant in a zone, as a Date whose UTC fields are that wall clock. */
function wallClock(at: Date | number, timeZone: string): Date {
  const ms = typeof at === 'number' ? at : at.getTime();
  return new Date(ms + zoneOffset(ms, timeZone));
}

/** `YYYY-MM-DD HH:mm:ss` of an instant on the shop's clock (the wire format of every time the product shows). */
export function formatShopTime(at: Date | number, timeZone: string = zone): string {
  const wall = wallClock(at, timeZone);
  return `${dayText(wall)} ${pad2(wall.getUTCHours())}:${pad2(wall.getUTCMinutes())}:${pad2(wall.getUTCSeconds())}`;
}

function dayText(wall: Date): string {
  return `${pad4(wall.getUTCFullYear())}-${pad2(wall.getUTCMonth() + 1)}-${pad2(wall.getUTCDate())}`;
}

/** The calendar day (`YYYY-MM-DD`) of an instant in a zone. */
export function dayIn(at: Date | number, timeZone: string): string {
  return dayText(wallClock(at, timeZone));
}

/** The shop's calendar day (`YYYY-MM-DD`) of an instant; today by default. */
export function shopDay(at: Date | number = Date.now()): string {
  return dayIn(at, zone);
}

/** The shop's day as document numbers carry it (`YYYYMMDD`: SO…, AS…, RF…, PO…). */
export function shopDayCompact(at: Date | number = Date.now()): string {
  return shopDay(at).replace(/-/g, '');
}

/** The shop's wall clock of an instant as numbers (year, month 1–12, day, hour, minute, second). */
export function shopClockFields(at: Date | number = Date.now()): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const wall = wallClock(at, zone);
  return { year: wall.getUTCFullYear(), month: wall.getUTCMonth() + 1, day: wall.getUTCDate(), hour: wall.getUTCHours(), minute: wall.getUTCMinutes(), second: wall.getUTCSeconds() };
}

/** `YYYY-MM-DD`, `YYYY-MM-DD HH:mm` or `YYYY-MM-DD HH:mm:ss` (a `T` may stand for the space; no zone suffix). */
const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * The instant a wall-clock text stands for on the shop's clock; null when it is not a real date and time
 * (2026-02-30, 24:00). A time the zone skips (a daylight-saving gap) reads as the same clock time after the gap.
 */
export function parseShopTime(text: string, timeZone: string = zone): Date | null {
  const match = WALL_CLOCK.exec(text.trim());
  if (match === null) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => (part === undefined ? 0 : Number(part))) as [number, number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return null;
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(wall);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  // The offset at the guess, then at the instant it gives: equal unless the wall clock is near a transition.
  const first = wall - zoneOffset(wall, timeZone);
  const offset = zoneOffset(first, timeZone);
  const instant = wall - offset;
  if (zoneOffset(instant, timeZone) === offset) return new Date(instant);
  // In a gap neither offset round-trips: the offset before the gap moves the clock past it.
  return new Date(wall - zoneOffset(wall - zoneOffset(wall, timeZone) - 6 * 3_600_000, timeZone));
}

/** The first instant of a shop day (`YYYY-MM-DD`), or null when it is no real date. */
export function shopDayStart(day: string): Date | null {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) ? parseShopTime(day) : null;
}

/** An instant written with its zone (ISO 8601 with `Z` or an offset), as other systems send it. */
const ZONED = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}(:?\d{2})?)$/i;

/**
 * The instant a value stands for, whichever way it arrives: a Date (a column read back) is kept, a wall-clock text
 * (a field sent by a screen) is read on the shop's clock, a text with its own zone is read with it; null otherwise.
 */
export function instantOf(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (ZONED.test(text)) {
    // PostgreSQL writes an offset as `+08`; Date.parse wants `+08:00`.
    const ms = Date.parse(text.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00'));
    return Number.isNaN(ms) ? null : new Date(ms);
  }
  return parseShopTime(text);
}
