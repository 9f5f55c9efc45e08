/**
 * 商品评价 end to end: a member (SMS login, ./shop.ts) orders and pays a seeded SKU, the shop ships it, the member confirms receipt,
 * uploads two pictures and reviews the line through the mini-program's API. In the browser the admin finds the review
 * on 商品评价 with both pictures as thumbnails, replies to it and hides it; 商品详情's 评分 tab shows the goods' score and
 * review count before and after, and its 评价 tab lists the review.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { answerConfirm, baseURL, clickRowAction, DEMO, dialog, dialogsClosed, field, loginAs, modalOk, newPage, noToasts, openFromMenu, useBrowser } from '../../../../tests/e2e/support';
import { adminHeaders, call, memberPaysAnOrder, type Headers } from '../../../../tests/e2e/shop';

const browser = useBrowser();

/** The visible screen's list rows (kept-alive tabs hold hidden copies). */
const listRows = (page: Page) => page.locator('.ant-tabs-tabpane-active .ant-card .ant-table-tbody tr.ant-table-row:visible');

interface Figures {
  score: number;
  reviewCount: number;
  scoreSum: number;
  goodCount: number;
  imageCount: number;
}

async function figuresOf(admin: Headers, spuId: string): Promise<Figures> {
  const found = await call<{ records: Figures[] }>(admin, 'GET', `/goods/goodsReviewScore/list?spuId=${spuId}`);
  const row = found.records[0];
  if (row === undefined) throw new Error(`no figures for ${spuId}`);
  return row;
}

/** A member's upload of one picture through the mini-program's upload; its stored path. */
async function uploadPicture(member: Headers, picture: Blob, name: string): Promise<string> {
  const form = new FormData();
  form.append('file', picture, name);
  const response = await fetch(`${baseURL()}/api/app/review/upload`, { method: 'POST', headers: { 'tenant-id': '1', ...member }, body: form });
  const envelope = (await response.json()) as { success: boolean; message: string; result: { path: string } };
  if (!envelope.success) throw new Error(`upload: ${envelope.message}`);
  return envelope.result.path;
}

/** The cells of 商品详情's 评分 row as shown: 商品评分, 评价数, 好评数, 有图评价数 (the selection box's cell is empty). */
async function scoreCells(tab: Locator): Promise<string[]> {
  const row = tab.locator('.ant-tabs-tabpane-active tr.ant-table-row').first();
  return (await row.locator('td').allTextContents()).map((text) => text.trim()).filter((text) => text !== '');
}

/** The texts of a list row's cells under the named column headers. */
async function columnTexts(page: Page, row: Locator, headers: readonly string[]): Promise<string[]> {
  const titles = (await page.locator('.ant-tabs-tabpane-active .ant-card .ant-table-thead th:visible').allTextContents()).map((text) => text.trim());
  const cells = (await row.locator('td').allTextContents()).map((text) => text.trim());
  return headers.map((header) => cells[titles.indexOf(header)] ?? `(no column ${header})`);
}

describe('商品评价: a member’s review, replied to and hidden', () => {
  it('shows the review with its pictures, takes the reply, hides it, and the goods’ score and count follow', async () => {
    const admin = await adminHeaders();
    // The member signs in by SMS, orders one piece and pays; the shop ships; the member confirms receipt.
    const { mobile, member, order } = await memberPaysAnOrder(admin, '135', '赵六');
    const expresses = await call<{ records: Array<{ id: string; code: string }> }>(admin, 'GET', '/saleorder/express/list?code=SF');
    const expressId = expresses.records.find((express) => express.code === 'SF')?.id;
    if (expressId === undefined) throw new Error('no express SF');
    await call(admin, 'POST', '/saleorder/saleOrder/deliver', { id: order.id, expressId, logisticsNo: `SF${mobile}` });
    await call(member, 'POST', '/app/order/receive', { id: order.id });
    const detail = await call<{ items: Array<{ id: string; spuId: string }> }>(member, 'GET', `/app/order/detail?id=${order.id}`);
    const line = detail.items[0];
    if (line === undefined) throw new Error('order without lines');

    // Two pictures (a seeded goods picture's bytes), then the review: 2 stars, with both pictures.
    const picture = await (await fetch(`${baseURL()}/api/sys/common/static/goods-demo/goods-1.png`, { headers: admin })).blob();
    const paths = [await uploadPicture(member, picture, 'front.png'), await uploadPicture(member, picture, 'back.png')];
    const words = `包装有破损 ${mobile}`;
    await call(member, 'POST', '/app/review/create', { orderItemId: line.id, goodsScore: 2, serviceScore: 3, deliveryScore: 1, content: `<b>${words}</b>`, picUrls: paths });
    const before = await figuresOf(admin, line.spuId);

    const { context, page } = await newPage(browser());
    await loginAs(page, DEMO.admin);

    // 商品详情's 评分 tab shows the goods' score and count with this review.
    await page.goto(`/goods/goodsDetail?id=${line.spuId}`);
    const tabs = page.locator('.ant-tabs-tabpane-active .ant-card').filter({ has: page.getByRole('tab', { name: '评分' }) });
    await tabs.getByRole('tab', { name: '评分' }).click();
    await expect.poll(() => scoreCells(tabs)).toEqual([String(before.score), String(before.reviewCount), String(before.goodCount), String(before.imageCount)]);

    // 商品评价: the review (its markup gone) with both pictures as thumbnails.
    await openFromMenu(page, '商品管理', '商品评价', '/goods/goodsReviewList');
    const row = listRows(page).filter({ hasText: words });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).not.toContain('<b>');
    await expect.poll(() => row.getByTestId('review-images').locator('img').count()).toBe(2);

    // 回复.
    await noToasts(page);
    await clickRowAction(row, /^回\s*复$/);
    await expect.poll(() => dialog(page).getByTestId('reply-review-content').textContent()).toBe(words);
    await dialog(page).locator('#review-reply_content').fill('非常抱歉，已安排补发');
    await modalOk(page).click();
    await page.locator('.ant-message-notice').filter({ hasText: '回复成功' }).first().waitFor();
    await dialogsClosed(page);
    await expect.poll(() => row.textContent()).toContain('非常抱歉，已安排补发');
    // 修改回复 opens with the reply as it stands.
    await clickRowAction(row, /^修改回复$/);
    await expect.poll(() => dialog(page).locator('#review-reply_content').inputValue()).toBe('非常抱歉，已安排补发');
    await dialog(page).getByRole('button', { name: /^取\s*消$/ }).click();
    await dialogsClosed(page);

    // 隐藏: the row says so, and the goods' figures lose the review.
    await noToasts(page);
    await clickRowAction(row, /^隐\s*藏$/);
    await answerConfirm(page, /隐藏后买家看不到这条评价/);
    await page.locator('.ant-message-notice').filter({ hasText: '已隐藏' }).first().waitFor();
    await expect.poll(() => row.textContent()).toContain('已隐藏');
    const after = await figuresOf(admin, line.spuId);
    expect(after.reviewCount).toBe(before.reviewCount - 1);
    expect(after.scoreSum).toBe(before.scoreSum - 2);
    expect(after.imageCount).toBe(before.imageCount - 1);

    // Back on 商品详情: the 评分 row shows the figures without the review.
    await page.goto(`/goods/goodsDetail?id=${line.spuId}`);
    await tabs.getByRole('tab', { name: '评分' }).click();
    await expect.poll(() => scoreCells(tabs)).toEqual([String(after.score), String(after.reviewCount), String(after.goodCount), String(after.imageCount)]);
    // Its 评价 tab lists the review, marked hidden.
    await tabs.getByRole('tab', { name: '商品评价' }).click();
    const reviewRow = tabs.locator('.ant-tabs-tabpane-active tr.ant-table-row').filter({ hasText: words });
    await expect.poll(() => reviewRow.count()).toBe(1);

    // 商品SPU lists the goods with the same 商品评分 and 评价数 (the reviews plugin's columns).
    const spu = await call<{ name: string; no: string }>(admin, 'GET', `/goods/goodsSpu/queryById?id=${line.spuId}`);
    await openFromMenu(page, '商品管理', '商品SPU', '/goods/goodsSpuList');
    await field(page, 'search_name').fill(spu.name);
    await page.getByRole('button', { name: /查\s*询/ }).filter({ visible: true }).click();
    const goodsRow = listRows(page).filter({ has: page.locator('td', { hasText: new RegExp(`^${spu.no}$`) }) });
    await expect.poll(() => columnTexts(page, goodsRow, ['商品评分', '评价数'])).toEqual([String(after.score), String(after.reviewCount)]);

    // The buyers' list no longer has it.
    const page1 = await call<{ records: Array<{ content: string }>; summary: { reviewCount: number } }>(member, 'GET', `/app/review/page?spuId=${line.spuId}&pageSize=100`);
    expect(page1.records.map((record) => record.content)).not.toContain(words);
    expect(page1.summary.reviewCount).toBe(after.reviewCount);
    await context.close();
  });
});

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

describe('添加虚拟评价', () => {
  it('adds a review for a goods picked by name, with a picture, marked 虚拟评价 in the list and counted in the goods’ figures', async () => {
    const admin = await adminHeaders();
    const spus = await call<{ records: Array<{ id: string; no: number; name: string }> }>(admin, 'GET', '/goods/goodsSpu/list?status=1&pageSize=1&column=no&order=desc');
    const spu = spus.records[0];
    if (spu === undefined) throw new Error('no goods on sale');
    const before = await call<{ records: Figures[] }>(admin, 'GET', `/goods/goodsReviewScore/list?spuId=${spu.id}`);
    const count = before.records[0]?.reviewCount ?? 0;
    const nickname = `小鹿${String(Date.now() % 100_000)}`;

    const { context, page } = await newPage(browser());
    await loginAs(page, DEMO.admin);
    await openFromMenu(page, '商品管理', '商品评价', '/goods/goodsReviewList');
    await page.getByRole('button', { name: '添加虚拟评价' }).filter({ visible: true }).click();
    await field(page, 'review-virtual_spuId').click();
    await page.keyboard.type(String(spu.no));
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: spu.name }).first().click();
    await field(page, 'review-virtual_nickname').fill(nickname);
    await field(page, 'review-virtual_content').fill('朋友推荐的，用着不错');
    const pictures = dialog(page).locator('.ant-form-item').filter({ hasText: '评价图片' });
    await pictures.locator('input[type=file]').setInputFiles({ name: 'virtual.png', mimeType: 'image/png', buffer: PNG });
    await pictures.locator('[data-upload-item="virtual.png"]').waitFor();
    await noToasts(page);
    await modalOk(page).click();
    await page.locator('.ant-message-notice').filter({ hasText: '添加成功' }).first().waitFor();
    await dialogsClosed(page);

    const row = listRows(page).filter({ hasText: nickname });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.textContent()).toContain('虚拟评价');
    await expect.poll(() => row.getByTestId('review-images').locator('img').count()).toBe(1);
    const after = await figuresOf(admin, spu.id);
    expect(after.reviewCount).toBe(count + 1);
    await context.close();
  });
});
