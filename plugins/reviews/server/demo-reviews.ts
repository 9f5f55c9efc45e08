import { sql, type Transaction } from 'kysely';
import type { AppContext, Database, StaffActor } from '../../../server/kit';
import { createBuyerReview, createVirtualReview, replyReview, reviewDeps, setReviewVisible } from './service';

/**
 * Demo reviews of the admin's shop (tenant 1), written through the review services (so the goods' figures follow the
 * same rules as real reviews): about seven in ten lines of the demo's completed orders are reviewed by their buyers,
 * a few hours to two days after the order completed (their own dates), some anonymously, every fourth with the
 * goods' picture; a third get the shop's reply; one low review is hidden; one 虚拟评价 is added. Runs once, after the
 * orders plugin placed its demo orders (the plugin comes after it in server/plugins.ts).
 */

const TENANT = 1;
const SHOP: StaffActor = { tenantId: TENANT, operator: 'admin' };
const HOUR_MS = 3_600_000;
const MAX_LINES = 400;

/** 商品评分 of demo line `index`: mostly 5 and 4, some 3, a few 2 and 1. */
const SCORES = [5, 5, 4, 5, 5, 3, 5, 4, 5, 2, 5, 4, 5, 5, 1, 4, 5, 3, 5, 5] as const;

const WORDS: Record<number, readonly string[]> = {
  5: ['质量很好，和描述的一样，物流也很快，值得购买！', '包装很仔细，做工精致，家里人都很喜欢。', '第二次回购了，一如既往的好。', '性价比很高，已经推荐给朋友了。'],
  4: ['整体不错，就是发货稍慢了一点。', '东西挺好的，颜色比图片略深一些。'],
  3: ['一般般吧，和预期有些差距。'],
  2: ['做工有点粗糙，客服回复也比较慢。'],
  1: ['收到时外包装破损，体验很差。'],
};

const THANKS = ['感谢您的支持，期待您再次光临！', '感谢您的认可，我们会继续努力！'];
const APOLOGY = '亲，非常抱歉给您带来不好的体验，已安排客服联系您处理。';

const pick = <T>(list: readonly T[], index: number): T => {
  const item = list[index % list.length];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
};

/** `offset` after `from`, but never later than a minute ago. */
function later(from: Date, offsetMs: number, now: number): Date {
  return new Date(Math.min(from.getTime() + offsetMs, now - 60_000));
}

export async function seedDemoReviews(trx: Transaction<Database>, ctx: AppContext): Promise<void> {
  const tenant = await sql<{ id: number }>`select id from tenants where id = ${TENANT}`.execute(trx);
  if (tenant.rows.length === 0) return;
  const deps = reviewDeps(ctx);
  const now = Date.now();
  const items = await deps.orderItems.completedItems(trx, { tenantId: TENANT, before: new Date(now), after: null, limit: MAX_LINES });
  let hidden = false;
  for (const [index, item] of items.entries()) {
    if (item.memberId === null || item.completeTime === null || index % 10 >= 7) continue;
    const score = pick(SCORES, index);
    const at = later(item.completeTime, (1 + (index % 47)) * HOUR_MS, now);
    const picture = index % 4 === 0 ? (item.picUrl ?? '').split(',')[0]?.trim() ?? '' : '';
    const { id } = await createBuyerReview(
      trx,
      deps,
      { tenantId: TENANT, memberId: item.memberId },
      {
        orderItemId: item.itemId,
        goodsScore: score,
        serviceScore: Math.min(5, score + (index % 2)),
        deliveryScore: index % 3 === 0 ? Math.max(1, score - 1) : score,
        content: pick(WORDS[score] ?? [], index),
        picUrls: picture === '' ? [] : [picture],
        anonymous: index % 5 === 0,
      },
      { at },
    );
    if (score <= 2 || index % 3 === 0) await replyReview(trx, SHOP, id, score <= 2 ? APOLOGY : pick(THANKS, index), { at: later(at, 2 * HOUR_MS, now) });
    // One 差评 the shop hid (it no longer counts in the goods' score).
    if (score === 1 && !hidden) {
      await setReviewVisible(trx, SHOP, id, false);
      hidden = true;
    }
  }
  const first = items[0];
  if (first !== undefined) {
    await createVirtualReview(
      trx,
      deps,
      SHOP,
      { spuId: first.spuId, skuId: null, nickname: '小鹿爱购物', goodsScore: 5, serviceScore: 5, deliveryScore: 5, content: '朋友推荐来的，用了一段时间，确实好用。', picUrls: [], anonymous: false },
      { at: new Date(now - 2 * 24 * HOUR_MS) },
    );
  }
}
