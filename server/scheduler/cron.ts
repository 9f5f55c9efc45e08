import { Cron, type CronOptions } from 'croner';
import { shopTimeZone } from '../time/shop-time';

/**
 * Cron expressions as the JeecgBoot family writes them (Quartz: seconds first, `?` for "no specific
 * day", an optional year), read by croner on the shop's clock: `0 0 2 * * ?` fires at 02:00 in
 * SHOP_TIME_ZONE whatever the server's own zone. Parsing and previews live here; the scheduler runs jobs
 * with the same options.
 */
const MAX_EXPRESSION_LENGTH = 100;

export interface CronCheck {
  ok: boolean;
  /** Why the expression is refused (croner's own wording, kept for the operator). */
  reason?: string;
}

/** How every expression is read: Quartz's dialect, on the shop's clock. */
export function cronOptions(): CronOptions {
  return { legacyMode: true, mode: 'auto', sloppyRanges: true, timezone: shopTimeZone() };
}

/** Six or seven fields (seconds … [year]), as Quartz; five-field crontab lines are accepted too. */
export function parseCron(expression: string): Cron {
  const trimmed = expression.trim();
  if (trimmed.length === 0 || trimmed.length > MAX_EXPRESSION_LENGTH) throw new Error('empty or too long');
  return new Cron(trimmed, { ...cronOptions(), paused: true });
}

export function checkCron(expression: string): CronCheck {
  try {
    const cron = parseCron(expression);
    // An expression that never fires again (e.g. a past year) is as useless as a malformed one.
    if (cron.nextRun() === null) return { ok: false, reason: 'never fires' };
    cron.stop();
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}

/** The next `count` fire times after `from`, for the form's preview. */
export function nextFireTimes(expression: string, count: number, from: Date = new Date()): Date[] {
  const cron = parseCron(expression);
  try {
    return cron.nextRuns(count, from);
  } finally {
    cron.stop();
  }
}

/**
 * The scheduled time of the firing now under way: the latest pattern time at or before now (plus a
 * little slack for a timer that fired a few ms early). Instances on one database agree on it, so it
 * keys the exactly-once claim.
 */
export function scheduledFireTime(cron: Cron, now: Date = new Date()): Date {
  const [latest] = cron.previousRuns(1, new Date(now.getTime() + 500));
  const time = latest ?? now;
  return new Date(Math.floor(time.getTime() / 1000) * 1000);
}
