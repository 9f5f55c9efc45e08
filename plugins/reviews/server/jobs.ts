import type { Kysely } from 'kysely';
import { inTransaction, type Database, type JobKind } from '../../../server/kit';
import type { CompletedItemsCursor } from '../../../server/contracts/order-items';
import { giveDefaultReview, reviewDeps, reviewedLines, type ReviewDeps } from './service';
import { autoReviewDays, REVIEW_AUTO_DAYS } from './settings';

/**
 * The auto good review (docs/reference/business-domains.md §3 "Settings": auto-comment): the lines of orders completed
 * REVIEW_AUTO_DAYS days ago or earlier and still not reviewed get 系统默认好评 (server/service.ts). The orders
 * plugin answers the completed lines in order of completion (server/contracts/order-items.ts); the job keeps where it
 * stopped (app_meta), so each run reads only the lines that became due since. Completion times only grow (收货 stamps
 * now), so no line is passed over; the one exception is the demo's orders, dated back when they are made: a line
 * completed at a time before the last run's is not read again. Each review is its own transaction: one refusal never
 * stops the others.
 */

/** app_meta key of the last line read: `{"completeTime": ISO, "itemId": …}`. */
export const AUTO_REVIEW_CURSOR_KEY = 'reviews.autoGoodReview.cursor';
const PAGE = 200;
/** Lines read per run at most; the rest wait for the next run (the job is hourly). */
const RUN_LIMIT = 5000;
const DAY_MS = 86_400_000;

export interface AutoReviewOutcome {
  reviewed: number;
  /** Already reviewed, or without a buyer (an order for a customer). */
  skipped: number;
  failed: number;
}

async function readCursor(db: Kysely<Database>): Promise<CompletedItemsCursor | null> {
  const found = await db.selectFrom('app_meta').select('value').where('key', '=', AUTO_REVIEW_CURSOR_KEY).executeTakeFirst();
  if (found === undefined) return null;
  try {
    const parsed = JSON.parse(found.value) as { completeTime?: unknown; itemId?: unknown };
    const time = typeof parsed.completeTime === 'string' ? new Date(parsed.completeTime) : null;
    if (time === null || Number.isNaN(time.getTime()) || typeof parsed.itemId !== 'string') return null;
    return { completeTime: time, itemId: parsed.itemId };
  } catch {
    return null;
  }
}

async function writeCursor(db: Kysely<Database>, cursor: CompletedItemsCursor): Promise<void> {
  const value = JSON.stringify({ completeTime: cursor.completeTime.toISOString(), itemId: cursor.itemId });
  await db
    .insertInto('app_meta')
    .values({ key: AUTO_REVIEW_CURSOR_KEY, value })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ value }))
    .execute();
}

/** Gives the default good review to every line completed `days` days before `now` and not reviewed. */
export async function runAutoGoodReviews(db: Kysely<Database>, deps: ReviewDeps, days: number, now: Date = new Date()): Promise<AutoReviewOutcome> {
  const outcome: AutoReviewOutcome = { reviewed: 0, skipped: 0, failed: 0 };
  const before = new Date(now.getTime() - days * DAY_MS);
  let cursor = await readCursor(db);
  for (let read = 0; read < RUN_LIMIT; ) {
    const items = await deps.orderItems.completedItems(db, { before, after: cursor, limit: PAGE });
    if (items.length === 0) break;
    const reviewed = await reviewedLines(db, items);
    for (const item of items) {
      if (item.memberId === null || reviewed.has(`${item.tenantId}:${item.itemId}`)) {
        outcome.skipped += 1;
        continue;
      }
      try {
        if (await inTransaction(db, (trx) => giveDefaultReview(trx, deps, item))) outcome.reviewed += 1;
        else outcome.skipped += 1;
      } catch {
        outcome.failed += 1;
      }
    }
    const last = items[items.length - 1];
    if (last?.completeTime == null) break;
    cursor = { completeTime: last.completeTime, itemId: last.itemId };
    await writeCursor(db, cursor);
    read += items.length;
    if (items.length < PAGE) break;
  }
  return outcome;
}

/** The parameter, when given, overrides REVIEW_AUTO_DAYS (days, a positive whole number). */
function daysOf(parameter: string | null): number {
  const raw = parameter?.trim() ?? '';
  if (raw === '') return autoReviewDays();
  if (!/^\d{1,4}$/.test(raw) || Number(raw) <= 0) throw new Error(`参数应为正整数天数，收到 "${raw.slice(0, 20)}"`);
  return Number(raw);
}

export const autoGoodReviewJob: JobKind = {
  name: 'reviews.autoGoodReview',
  title: '自动默认好评（参数：天数，默认 REVIEW_AUTO_DAYS；0 为关闭）',
  run: async ({ db, parameter, services }) => {
    const days = daysOf(parameter);
    if (days === 0) return `off (${REVIEW_AUTO_DAYS}=0)`;
    const outcome = await runAutoGoodReviews(db, reviewDeps({ services }), days);
    return `reviewed ${outcome.reviewed}, skipped ${outcome.skipped}, failed ${outcome.failed}`;
  },
};

export const reviewJobKinds: readonly JobKind[] = [autoGoodReviewJob];

