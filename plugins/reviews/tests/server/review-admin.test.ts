/** The shop's side of the reviews: the list and its filters, 回复, 隐藏/显示 with the goods' figures, 添加虚拟评价, the demo. */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { call, useDemoServer } from '../../../../tests/server/helpers';
import type { ReviewRecord, SpuScoreRecord } from '../../entities';
import { MSG_HIDDEN, MSG_REPLIED, MSG_SHOWN } from '../../server/routes';
import { MSG_IMAGE_UNKNOWN } from '../../server/reads';
import { MSG_ALREADY_HIDDEN, MSG_ALREADY_SHOWN, MSG_GOODS_NOT_FOUND, MSG_NICKNAME_REQUIRED, MSG_REPLY_REQUIRED, MSG_REVIEW_NOT_FOUND } from '../../server/service';
import { admin, clerk, completedLine, expectedScore, figures, recountedMismatches, shopper, unreviewedSku, uploadedPicture, type Shopper } from './review-helpers';

const demo = useDemoServer();

interface Page<T> {
  records: T[];
  total: number;
}

const list = (query: string) => call<Page<ReviewRecord>>(demo.app, 'GET', `/api/goods/goodsReview/list?pageSize=100&${query}`, admin(demo));
const post = (path: string, body: Record<string, unknown>, as = admin(demo)) => call(demo.app, 'POST', `/api/goods/goodsReview/${path}`, { ...as, body });

async function reviewed(buyer: Shopper, skuId: string, body: Record<string, unknown>): Promise<string> {
  const line = await completedLine(demo, buyer, skuId);
  const created = await call<{ id: string }>(demo.app, 'POST', '/api/app/review/create', {
    body: { orderItemId: line.itemId, goodsScore: 5, serviceScore: 5, deliveryScore: 5, content: '不错', ...body },
    headers: buyer.headers,
  });
  expect(created.body.success, JSON.stringify(created.body)).toBe(true);
  return created.body.result.id;
}

describe('the demo shop’s reviews', () => {
  it('has buyers’ reviews of its completed orders at their dates, some with pictures, some replied, one hidden, one virtual, and exact figures', async () => {
    const counts = await sql<{ all: number; pictured: number; replied: number; hidden: number; virtual: number; late: number }>`select count(*)::int as all,
        count(*) filter (where has_images)::int as pictured, count(*) filter (where replied)::int as replied, count(*) filter (where not visible)::int as hidden,
        count(*) filter (where source = '3')::int as virtual, count(*) filter (where create_time > now() - interval '1 minute')::int as late
      from review_comment where tenant_id = 1`.execute(demo.app.db);
    const row = counts.rows[0];
    expect(row?.all).toBeGreaterThan(20);
    expect(row?.pictured).toBeGreaterThan(3);
    expect(row?.replied).toBeGreaterThan(5);
    expect(row).toMatchObject({ hidden: 1, virtual: 1 });
    // Dated after their orders completed, not all at the moment of seeding.
    expect(row?.late).toBe(0);
    const early = await sql<{ n: number }>`select count(*)::int as n from review_comment r join sale_order_item i on i.id = r.order_item_id
      join sale_order o on o.id = i.order_id where r.create_time < o.receive_time`.execute(demo.app.db);
    expect(early.rows[0]?.n).toBe(0);
    expect(await recountedMismatches(demo)).toEqual([]);
  });
});

describe('商品评价 list', () => {
  it('filters by goods, score, pictures, reply and shown', async () => {
    const buyer = await shopper(demo, '13600000001');
    const { skuId, spuId } = await unreviewedSku(demo, 0);
    const picture = await uploadedPicture(demo, buyer);
    const withPicture = await reviewed(buyer, skuId, { goodsScore: 5, picUrls: [picture], content: '有图好评' });
    const low = await reviewed(buyer, skuId, { goodsScore: 2, content: '差评' });

    const ofGoods = await list(`spuId=${spuId}`);
    expect(ofGoods.body.result.total).toBe(2);
    expect(ofGoods.body.result.records[0]).toMatchObject({ id: low, spuId, goodsScore: 2, source: '1', source_dictText: '买家评价', visible: true, replied: false });
    expect(ofGoods.body.result.records[0]?.spuId_refText).toEqual(expect.any(String));
    expect((await list(`spuId=${spuId}&goodsScore=2`)).body.result.records.map((record) => record.id)).toEqual([low]);
    expect((await list(`spuId=${spuId}&goodsScore_begin=4`)).body.result.records.map((record) => record.id)).toEqual([withPicture]);
    const pictured = (await list(`spuId=${spuId}&hasImages=true`)).body.result.records;
    expect(pictured.map((record) => record.id)).toEqual([withPicture]);
    expect(pictured[0]?.picUrls).toBe(picture);
    expect((await list(`spuId=${spuId}&hasImages=false`)).body.result.records.map((record) => record.id)).toEqual([low]);

    expect((await post('reply', { id: low, content: '抱歉' })).body.success).toBe(true);
    expect((await list(`spuId=${spuId}&replied=true`)).body.result.records.map((record) => record.id)).toEqual([low]);
    expect((await list(`spuId=${spuId}&replied=false`)).body.result.records.map((record) => record.id)).toEqual([withPicture]);
    expect((await post('updateVisible', { id: low, visible: false })).body.success).toBe(true);
    expect((await list(`spuId=${spuId}&visible=false`)).body.result.records.map((record) => record.id)).toEqual([low]);
    expect((await list(`spuId=${spuId}&visible=true`)).body.result.records.map((record) => record.id)).toEqual([withPicture]);
    expect((await list(`memberId=${buyer.memberId}`)).body.result.total).toBe(2);
  });
});

describe('回复', () => {
  it('keeps one reply, replaced when edited, with its time and author; buyers see it', async () => {
    const buyer = await shopper(demo, '13600000002');
    const { skuId, spuId } = await unreviewedSku(demo, 1);
    const id = await reviewed(buyer, skuId, {});
    expect((await post('reply', { id, content: '  ' })).body).toMatchObject({ success: false, message: MSG_REPLY_REQUIRED });
    expect((await post('reply', { id: '0'.repeat(32), content: '谢谢' })).body).toMatchObject({ success: false, message: MSG_REVIEW_NOT_FOUND });
    expect((await post('reply', { id, content: '感谢<b>支持</b>' })).body).toMatchObject({ success: true, message: MSG_REPLIED });
    // The clerk replies too (修改回复).
    expect((await post('reply', { id, content: '感谢您的支持！' }, clerk(demo))).body.success).toBe(true);
    const stored = await sql<{ reply_content: string; reply_by: string; replied: boolean; reply_time: Date | null }>`select reply_content, reply_by, replied, reply_time
      from review_comment where id = ${id}`.execute(demo.app.db);
    expect(stored.rows[0]).toMatchObject({ reply_content: '感谢您的支持！', reply_by: 'clerk', replied: true, reply_time: expect.any(Date) });
    const page = await call<Page<{ id: string; replyContent: string | null }>>(demo.app, 'GET', `/api/app/review/page?spuId=${spuId}`, { headers: buyer.headers });
    expect(page.body.result.records[0]?.replyContent).toBe('感谢您的支持！');
  });
});

describe('隐藏 / 显示', () => {
  it('takes a hidden review out of the goods’ score and count and out of the buyers’ list; showing brings it back', async () => {
    const buyer = await shopper(demo, '13600000003');
    const { skuId, spuId } = await unreviewedSku(demo, 2);
    const picture = await uploadedPicture(demo, buyer);
    const five = await reviewed(buyer, skuId, { goodsScore: 5, picUrls: [picture] });
    await reviewed(buyer, skuId, { goodsScore: 4 });
    const one = await reviewed(buyer, skuId, { goodsScore: 1 });
    // 10 over 3: 3.3.
    expect(await figures(demo, spuId)).toEqual({ reviewCount: 3, scoreSum: 10, score: '3.3', goodCount: 2, imageCount: 1 });
    expect(expectedScore(10, 3)).toBe('3.3');

    expect((await post('updateVisible', { id: one, visible: false })).body).toMatchObject({ success: true, message: MSG_HIDDEN });
    expect(await figures(demo, spuId)).toEqual({ reviewCount: 2, scoreSum: 9, score: '4.5', goodCount: 2, imageCount: 1 });
    // Twice is refused with the state, and counts nothing twice.
    expect((await post('updateVisible', { id: one, visible: false })).body).toMatchObject({ success: false, message: MSG_ALREADY_HIDDEN });
    expect((await figures(demo, spuId)).reviewCount).toBe(2);
    const page = await call<Page<{ id: string }> & { summary: { score: number; reviewCount: number } }>(demo.app, 'GET', `/api/app/review/page?spuId=${spuId}`, { headers: buyer.headers });
    expect(page.body.result.records.map((record) => record.id)).not.toContain(one);
    expect(page.body.result.summary).toMatchObject({ score: 4.5, reviewCount: 2 });
    const scoreList = await call<Page<SpuScoreRecord>>(demo.app, 'GET', `/api/goods/goodsReviewScore/list?spuId=${spuId}`, admin(demo));
    expect(scoreList.body.result.records).toEqual([expect.objectContaining({ spuId, score: 4.5, reviewCount: 2, goodCount: 2, imageCount: 1 })]);

    expect((await post('updateVisible', { id: five, visible: false })).body.success).toBe(true);
    expect(await figures(demo, spuId)).toEqual({ reviewCount: 1, scoreSum: 4, score: '4.0', goodCount: 1, imageCount: 0 });
    expect((await post('updateVisible', { id: one, visible: true })).body).toMatchObject({ success: true, message: MSG_SHOWN });
    expect((await post('updateVisible', { id: one, visible: true })).body).toMatchObject({ success: false, message: MSG_ALREADY_SHOWN });
    expect(await figures(demo, spuId)).toEqual({ reviewCount: 2, scoreSum: 5, score: '2.5', goodCount: 1, imageCount: 0 });
    expect((await post('updateVisible', { id: '0'.repeat(32), visible: false })).body).toMatchObject({ success: false, message: MSG_REVIEW_NOT_FOUND });
    // The clerk may not hide (隐藏 is the admin's).
    expect((await post('updateVisible', { id: five, visible: true }, clerk(demo))).status).toBe(403);

    // Every hide and show at once: the figures stay exact.
    await Promise.all([five, one].flatMap((id) => [post('updateVisible', { id, visible: true }), post('updateVisible', { id, visible: false })]));
    expect(await recountedMismatches(demo)).toEqual([]);
  });
});

describe('添加虚拟评价', () => {
  it('adds a review under a chosen name, marked 虚拟评价 to staff and plain to buyers, counted in the figures', async () => {
    const buyer = await shopper(demo, '13600000004');
    const { spuId } = await unreviewedSku(demo, 3);
    const virtual = (body: Record<string, unknown>, as = admin(demo)) =>
      post('virtual', { spuId, nickname: '小鹿', goodsScore: 4, serviceScore: 5, deliveryScore: 5, content: '朋友推荐的，很好用', ...body }, as);

    expect((await virtual({ nickname: '  ' })).body).toMatchObject({ success: false, message: MSG_NICKNAME_REQUIRED });
    expect((await virtual({ spuId: '0'.repeat(32) })).body).toMatchObject({ success: false, message: MSG_GOODS_NOT_FOUND });
    // Pictures must be the shop's uploads (a member's upload of another shop's … or nothing stored at all is refused).
    expect((await virtual({ picUrls: ['temp/never-stored.png'] })).body).toMatchObject({ success: false, message: MSG_IMAGE_UNKNOWN });
    expect((await virtual({}, clerk(demo))).status).toBe(403);

    const created = await virtual({});
    expect(created.body.success, JSON.stringify(created.body)).toBe(true);
    const id = (created.body.result as { id: string }).id;
    const staff = (await list(`spuId=${spuId}`)).body.result.records;
    expect(staff).toEqual([expect.objectContaining({ id, nickname: '小鹿', source: '3', source_dictText: '虚拟评价', goodsScore: 4, orderId: null, memberId: null })]);
    expect(await figures(demo, spuId)).toEqual({ reviewCount: 1, scoreSum: 4, score: '4.0', goodCount: 1, imageCount: 0 });
    const page = await call<Page<Record<string, unknown>>>(demo.app, 'GET', `/api/app/review/page?spuId=${spuId}`, { headers: buyer.headers });
    expect(page.body.result.records).toEqual([expect.objectContaining({ id, nickname: '小鹿', anonymous: false, goodsScore: 4, content: '朋友推荐的，很好用' })]);
    expect(Object.keys(page.body.result.records[0] ?? {})).not.toContain('source');
    // The source filter finds it.
    expect((await list(`spuId=${spuId}&source=3`)).body.result.total).toBe(1);
  });
});
