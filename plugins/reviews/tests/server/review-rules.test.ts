/** A member's review of a completed order's line: who may review what, once, with which scores, words and pictures. */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { call, useDemoServer } from '../../../../tests/server/helpers';
import {
  MSG_ALREADY_REVIEWED,
  MSG_CONTENT_REQUIRED,
  MSG_CONTENT_TOO_LONG,
  MSG_IMAGE_INVALID,
  MSG_ITEM_NOT_FOUND,
  MSG_ORDER_NOT_COMPLETED,
  MSG_SCORE_RANGE,
  MSG_TOO_MANY_IMAGES,
} from '../../server/service';
import { MSG_IMAGE_UNKNOWN } from '../../server/reads';
import { MSG_IMAGE_CONTENT_MISMATCH, MSG_NOT_AN_IMAGE, MSG_UNSAFE_IMAGE_NAME } from '../../server/uploads';
import { maskedName, plainText } from '../../server/text';
import { completedLine, figures, shippedLine, shopper, unreviewedSku, uploadAs, uploadedPicture, type Shopper } from './review-helpers';

const demo = useDemoServer();

const review = (buyer: Shopper, body: Record<string, unknown>) =>
  call<{ id: string }>(demo.app, 'POST', '/api/app/review/create', { body: { goodsScore: 5, serviceScore: 5, deliveryScore: 5, content: '很好', ...body }, headers: buyer.headers });

interface AppPage {
  records: Array<{ id: string; nickname: string; anonymous: boolean; goodsScore: number; content: string; picUrls: string[]; replyContent: string | null }>;
  total: number;
  summary: { score: number; reviewCount: number; goodCount: number; goodPercent: number; imageCount: number };
}

const appPage = (buyer: Shopper, spuId: string, extra = '') => call<AppPage>(demo.app, 'GET', `/api/app/review/page?spuId=${spuId}${extra}`, { headers: buyer.headers });

describe('who may review which line', () => {
  it('takes a review of the member’s own completed line, once; refuses one not completed and another member’s', async () => {
    const buyer = await shopper(demo, '13700000001');
    const other = await shopper(demo, '13700000002');
    const { skuId, spuId } = await unreviewedSku(demo, 0);

    // Shipped, not received: not yet.
    const shipped = await shippedLine(demo, buyer, skuId);
    expect((await review(buyer, { orderItemId: shipped.itemId })).body).toMatchObject({ success: false, message: MSG_ORDER_NOT_COMPLETED });

    const done = await completedLine(demo, buyer, skuId);
    // Another member's line answers as an unknown one (nothing about the order leaks); an unknown id likewise.
    expect((await review(other, { orderItemId: done.itemId })).body).toMatchObject({ success: false, message: MSG_ITEM_NOT_FOUND });
    expect((await review(buyer, { orderItemId: '0'.repeat(32) })).body).toMatchObject({ success: false, message: MSG_ITEM_NOT_FOUND });

    const first = await review(buyer, { orderItemId: done.itemId, goodsScore: 4, serviceScore: 3, deliveryScore: 2, content: '做工不错' });
    expect(first.body, JSON.stringify(first.body)).toMatchObject({ success: true, message: '评价成功' });
    const again = await review(buyer, { orderItemId: done.itemId, goodsScore: 1 });
    expect(again.body).toMatchObject({ success: false, message: MSG_ALREADY_REVIEWED });

    const stored = await sql<Record<string, unknown>>`select order_id, member_id, spu_id, sku_id, source, goods_score, service_score, delivery_score, content, visible, anonymous
      from review_comment where order_item_id = ${done.itemId}`.execute(demo.app.db);
    expect(stored.rows).toEqual([
      { order_id: done.orderId, member_id: buyer.memberId, spu_id: spuId, sku_id: skuId, source: '1', goods_score: 4, service_score: 3, delivery_score: 2, content: '做工不错', visible: true, anonymous: false },
    ]);
    expect(await figures(demo, spuId)).toEqual({ reviewCount: 1, scoreSum: 4, score: '4.0', goodCount: 1, imageCount: 0 });
  });

  it('takes scores of 1 to 5 only, whole numbers, for each of the three', async () => {
    const buyer = await shopper(demo, '13700000003');
    const { skuId, spuId } = await unreviewedSku(demo, 1);
    const line = await completedLine(demo, buyer, skuId);
    for (const scores of [{ goodsScore: 0 }, { goodsScore: 6 }, { serviceScore: 0 }, { deliveryScore: 7 }, { goodsScore: -1 }]) {
      expect((await review(buyer, { orderItemId: line.itemId, ...scores })).body).toMatchObject({ success: false, message: MSG_SCORE_RANGE });
    }
    // Not a whole number: refused as malformed input.
    const fractional = await review(buyer, { orderItemId: line.itemId, goodsScore: 2.5 });
    expect(fractional.status).toBe(400);
    expect((await figures(demo, spuId)).reviewCount).toBe(0);
    expect((await review(buyer, { orderItemId: line.itemId, goodsScore: 1, serviceScore: 5, deliveryScore: 3 })).body.success).toBe(true);
    expect(await figures(demo, spuId)).toEqual({ reviewCount: 1, scoreSum: 1, score: '1.0', goodCount: 0, imageCount: 0 });
  });
});

describe('the words', () => {
  it('stores plain text: markup, controls and direction marks taken out; refuses empty and over 500 characters', async () => {
    expect(plainText('<script>alert(1)</script>好<b>评</b>\u202e！')).toBe('alert(1)好评！');
    expect(plainText('<scr<script>ipt>x</scr</script>ipt>')).toBe('x');
    expect(plainText('第一行\r\n\r\n\r\n\r\n第二行  \n<!-- 注释 -->第三行\u0007')).toBe('第一行\n\n第二行\n第三行');
    expect(plainText('3 < 5 且 5 > 3')).toBe('3 < 5 且 5 > 3');

    const buyer = await shopper(demo, '13700000004');
    const { skuId } = await unreviewedSku(demo, 2);
    const line = await completedLine(demo, buyer, skuId);
    expect((await review(buyer, { orderItemId: line.itemId, content: '<p> </p><img src=x onerror=alert(1)>' })).body).toMatchObject({ success: false, message: MSG_CONTENT_REQUIRED });
    expect((await review(buyer, { orderItemId: line.itemId, content: '好'.repeat(501) })).body).toMatchObject({ success: false, message: MSG_CONTENT_TOO_LONG });
    // 500 characters of text, the markup around them not counted; an emoji is one character.
    const created = await review(buyer, { orderItemId: line.itemId, content: `<b>${'好'.repeat(499)}</b>😀` });
    expect(created.body.success, JSON.stringify(created.body)).toBe(true);
    const stored = await sql<{ content: string }>`select content from review_comment where id = ${created.body.result.id}`.execute(demo.app.db);
    expect(stored.rows[0]?.content).toBe(`${'好'.repeat(499)}😀`);
    // A control character is malformed input.
    const other = await completedLine(demo, buyer, skuId);
    expect((await review(buyer, { orderItemId: other.itemId, content: 'a\u0000b' })).status).toBe(400);
  });
});

describe('the pictures', () => {
  it('takes up to nine of the member’s own uploads; refuses more, another member’s and paths that are no stored picture', async () => {
    const buyer = await shopper(demo, '13700000005');
    const other = await shopper(demo, '13700000006');
    const { skuId, spuId } = await unreviewedSku(demo, 3);
    const line = await completedLine(demo, buyer, skuId);

    // The upload takes pictures only, their bytes matching the name.
    expect((await uploadAs(demo, buyer.headers, 'notes.txt', Buffer.from('hello'))).body).toMatchObject({ success: false, message: MSG_NOT_AN_IMAGE });
    expect((await uploadAs(demo, buyer.headers, 'fake.png', Buffer.from('GIF89a not a png'))).body).toMatchObject({ success: false, message: MSG_IMAGE_CONTENT_MISMATCH });
    const hostile = await uploadAs(demo, buyer.headers, 'a\u202egnp.png');
    expect(hostile.status).toBe(400);
    expect(hostile.body.message).toContain(MSG_UNSAFE_IMAGE_NAME);
    // A staff token opens no member route.
    expect((await demo.app.inject({ method: 'POST', url: '/api/app/review/upload', headers: { 'x-access-token': demo.admin } })).statusCode).toBe(401);

    const mine = await Promise.all(Array.from({ length: 10 }, (_unused, index) => uploadedPicture(demo, buyer, `p${index}.png`)));
    expect(mine[0]).toMatch(/^review\/[0-9a-f]{32}\.png$/);
    const recorded = await sql<{ create_by: string; tenant_id: number; biz: string }>`select create_by, tenant_id, biz from sys_file where file_key = ${mine[0] ?? ''}`.execute(demo.app.db);
    expect(recorded.rows).toEqual([{ create_by: buyer.memberId, tenant_id: 1, biz: 'review' }]);
    // 文件管理 names the member who uploaded it, not the id.
    const listed = await call<{ records: Array<Record<string, unknown>> }>(demo.app, 'GET', `/api/sys/oss/file/list?column=uploadTime&order=desc&pageSize=100`, { token: demo.admin, headers: { 'tenant-id': '1' } });
    const row = listed.body.result.records.find((record) => record.fileKey === mine[0]);
    expect(row).toMatchObject({ uploader: buyer.memberId, uploader_refKind: 'member' });
    expect(String(row?.uploader_refText)).toContain('13700000005');
    const theirs = await uploadedPicture(demo, other);

    expect((await review(buyer, { orderItemId: line.itemId, picUrls: mine })).body).toMatchObject({ success: false, message: MSG_TOO_MANY_IMAGES });
    expect((await review(buyer, { orderItemId: line.itemId, picUrls: [mine[0], theirs] })).body).toMatchObject({ success: false, message: MSG_IMAGE_UNKNOWN });
    expect((await review(buyer, { orderItemId: line.itemId, picUrls: ['../etc/passwd.png'] })).body).toMatchObject({ success: false, message: MSG_IMAGE_INVALID });
    expect((await review(buyer, { orderItemId: line.itemId, picUrls: ['review/never-uploaded.png'] })).body).toMatchObject({ success: false, message: MSG_IMAGE_UNKNOWN });

    const nine = mine.slice(0, 9);
    const created = await review(buyer, { orderItemId: line.itemId, picUrls: nine, anonymous: true, goodsScore: 5 });
    expect(created.body.success, JSON.stringify(created.body)).toBe(true);
    expect(await figures(demo, spuId)).toEqual({ reviewCount: 1, scoreSum: 5, score: '5.0', goodCount: 1, imageCount: 1 });
    const page = await appPage(other, spuId);
    expect(page.body.result.records[0]?.picUrls).toEqual(nine);
  });
});

describe('the buyers’ list', () => {
  it('shows a goods’ visible reviews newest first, an anonymous one with a masked name, and the goods’ figures', async () => {
    expect(maskedName('王小明')).toBe('王***明');
    expect(maskedName('张三')).toBe('张***');
    expect(maskedName('13812345678')).toBe('1***8');

    const named = await shopper(demo, '13700000007');
    const hidden = await shopper(demo, '13700000008');
    const { skuId, spuId } = await unreviewedSku(demo, 4);
    await sql`update cust_member set member_name = '王小明' where id = ${hidden.memberId}`.execute(demo.app.db);
    const first = await completedLine(demo, named, skuId);
    const second = await completedLine(demo, hidden, skuId);
    expect((await review(named, { orderItemId: first.itemId, goodsScore: 5, content: '第一条' })).body.success).toBe(true);
    expect((await review(hidden, { orderItemId: second.itemId, goodsScore: 2, content: '第二条', anonymous: true })).body.success).toBe(true);

    const page = await appPage(named, spuId);
    expect(page.body.result.total).toBe(2);
    const [newest, oldest] = page.body.result.records;
    expect(newest).toMatchObject({ content: '第二条', anonymous: true, goodsScore: 2 });
    expect(newest?.nickname).toMatch(/^.\*\*\*.?$/u);
    expect(newest?.nickname).not.toContain('小');
    expect(oldest).toMatchObject({ content: '第一条', anonymous: false });
    // 5 + 2 over two reviews: 3.5; one of two is 好评.
    expect(page.body.result.summary).toEqual({ score: 3.5, reviewCount: 2, goodCount: 1, goodPercent: 50, imageCount: 0 });
    expect(JSON.stringify(page.body.result)).not.toContain(hidden.memberId);

    const bad = await appPage(named, spuId, '&type=bad');
    expect(bad.body.result.records.map((record) => record.content)).toEqual(['第二条']);
    expect((await appPage(named, spuId, '&type=nonsense')).status).toBe(400);
    // Staff tokens never open the mini-program's routes.
    expect((await call(demo.app, 'GET', `/api/app/review/page?spuId=${spuId}`, { token: demo.admin })).status).toBe(401);
  });
});
