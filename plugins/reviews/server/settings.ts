import { ConfigError } from '../../../server/kit';

/**
 * The shop's review setting, read from the environment when it is used (so an operator or a test may change it
 * without a rebuild), like the order timeouts (plugins/orders/server/settings.ts):
 *
 * REVIEW_AUTO_DAYS — the order lines of orders completed this many days ago and still not reviewed get the default
 * good review (系统默认好评, five stars) from the hourly job `reviews.autoGoodReview`. 0 or unset: off (the default).
 * A whole number from 0 to 3650; anything else stops the server at start (checkReviewSettings) naming the value.
 */

export const REVIEW_AUTO_DAYS = 'REVIEW_AUTO_DAYS';
const MAX_DAYS = 3650;

/** The days of REVIEW_AUTO_DAYS in `env`, or a ConfigError naming what is wrong. */
export function autoReviewDays(env: Record<string, string | undefined> = process.env): number {
  const raw = env[REVIEW_AUTO_DAYS]?.trim() ?? '';
  if (raw === '') return 0;
  if (!/^\d{1,4}$/.test(raw) || Number(raw) > MAX_DAYS) {
    throw new ConfigError([`${REVIEW_AUTO_DAYS} must be a whole number of days from 0 (off) to ${MAX_DAYS} (got "${raw.slice(0, 20)}")`]);
  }
  return Number(raw);
}

/** Refuses a malformed setting when the server starts, so a typo never waits for the job's first run. */
export function checkReviewSettings(env: Record<string, string | undefined> = process.env): void {
  autoReviewDays(env);
}
