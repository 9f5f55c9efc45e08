/** The auto good review (REVIEW_AUTO_DAYS and the job reviews.autoGoodReview): 系统默认好评 of lines nobody reviewed in time. */
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { call, useDemoServer } from '../../../../tests/server/helpers';
import { autoGoodReviewJob } from '../../server/jobs';
import { MSG_ALREADY_REVIEWED, MSG_DEFAULT_REVIEW } from '../../server/service';
import { autoReviewDays, REVIEW_AUTO_DAYS } from '../../server/settings';
import { completedLine, figures, shopper, unreviewedSku, type Line } from './review-helpers';

const demo = useDemoServer();
const run = (parameter: string | null) => autoGoodReviewJob.run({ db: demo.app.db, parameter, fireTime: null, services: demo.app.services });

/** Moves the order's completion back by `days` (as if it had been received then). */
async function completedDaysAgo(line: Line, days: number): Promise<void> {
  await sql`update sale_order set receive_time = receive_time - make_interval(days => ${days}), finish_time = finish_time - make_interval(days => ${days})
    where id = ${line.orderId}`.execute(demo.app.db);
}

async function reviewOf(itemId: string) {
  const found = await sql<Record<string, unknown>>`select source, goods_score, service_score, delivery_score, content, anonymous, visible, member_id, create_by
    from review_comment where order_item_id = ${itemId}`.execute(demo.app.db);
  return found.rows;
}

afterEach(() => {
  delete process.env.REVIEW_AUTO_DAYS;
});

describe('REVIEW_AUTO_DAYS', () => {
  it('is off unless set, and takes whole days from 0 to 3650 only', () => {
    expect(autoReviewDays({})).toBe(0);
    expect(autoReviewDays({ [REVIEW_AUTO_DAYS]: ' 7 ' })).toBe(7);
    expect(autoReviewDays({ [REVIEW_AUTO_DAYS]: '0' })).toBe(0);
    for (const bad of ['-1', '7d', '3651', '1.5', 'seven']) {
      expect(() => autoReviewDays({ [REVIEW_AUTO_DAYS]: bad })).toThrow(`${REVIEW_AUTO_DAYS} must be a whole number of days from 0 (off) to 3650 (got "${bad}")`);
    }
  });
});

describe('the auto good review job', () => {
  it('does nothing while off; gives 系统默认好评 to lines completed the set days ago and not reviewed, once', async () => {
    const buyer = await shopper(demo, '13500000001');
    const { skuId, spuId } = await unreviewedSku(demo, 0);
    // Completed in this order: due (9 days ago), reviewed by the buyer (8 days ago), not yet due (2 days ago).
    const due = await completedLine(demo, buyer, skuId);
    const ownReview = await completedLine(demo, buyer, skuId);
    const recent = await completedLine(demo, buyer, skuId);
    await completedDaysAgo(due, 9);
    await completedDaysAgo(ownReview, 8);
    await completedDaysAgo(recent, 2);
    const mine = await call(demo.app, 'POST', '/api/app/review/create', {
      body: { orderItemId: ownReview.itemId, goodsScore: 3, serviceScore: 3, deliveryScore: 3, content: '还行' },
      headers: buyer.headers,
    });
    expect(mine.body.success, JSON.stringify(mine.body)).toBe(true);

    expect(await run(null)).toBe(`off (${REVIEW_AUTO_DAYS}=0)`);
    expect(await reviewOf(due.itemId)).toEqual([]);

    process.env[REVIEW_AUTO_DAYS] = '7';
    const first = await run(null);
    expect(first).toMatch(/^reviewed \d+, skipped \d+, failed 0$/);
    expect(await reviewOf(due.itemId)).toEqual([
      { source: '2', goods_score: 5, service_score: 5, delivery_score: 5, content: MSG_DEFAULT_REVIEW, anonymous: true, visible: true, member_id: buyer.memberId, create_by: 'system' },
    ]);
    // The buyer's own review stays theirs; the recent line waits.
    expect((await reviewOf(ownReview.itemId)).map((row) => row.source)).toEqual(['1']);
    expect(await reviewOf(recent.itemId)).toEqual([]);
    // 3 + 5 over two.
    expect(await figures(demo, spuId)).toEqual({ reviewCount: 2, scoreSum: 8, score: '4.0', goodCount: 1, imageCount: 0 });
    // The buyer can no longer review the line that got the default review.
    const late = await call(demo.app, 'POST', '/api/app/review/create', { body: { orderItemId: due.itemId, goodsScore: 1, serviceScore: 1, deliveryScore: 1, content: '迟到的差评' }, headers: buyer.headers });
    expect(late.body).toMatchObject({ success: false, message: MSG_ALREADY_REVIEWED });

    // Run again: nothing new.
    expect(await run(null)).toBe('reviewed 0, skipped 0, failed 0');
    expect(await reviewOf(due.itemId)).toHaveLength(1);

    // Days later the recent line is due too; the parameter overrides the setting (the demo's lines completed 3 to 7 days
    // ago come due with it).
    await completedDaysAgo(recent, 2);
    expect(await run('3')).toMatch(/^reviewed [1-9]\d*, skipped \d+, failed 0$/);
    expect((await reviewOf(recent.itemId)).map((row) => row.source)).toEqual(['2']);
    expect(await figures(demo, spuId)).toEqual({ reviewCount: 3, scoreSum: 13, score: '4.3', goodCount: 2, imageCount: 0 });
  });

  it('refuses a parameter that is not a positive whole number of days', async () => {
    await expect(run('0')).rejects.toThrow('参数应为正整数天数，收到 "0"');
    await expect(run('abc')).rejects.toThrow('参数应为正整数天数，收到 "abc"');
  });

  it('is a scheduled job of a fresh database, on the hour’s 40th minute', async () => {
    const job = await sql<{ cron_expression: string; status: number }>`select cron_expression, status from sys_quartz_job where job_class_name = ${autoGoodReviewJob.name}`.execute(demo.app.db);
    expect(job.rows).toEqual([{ cron_expression: '0 40 * * * ?', status: 0 }]);
  });
});
