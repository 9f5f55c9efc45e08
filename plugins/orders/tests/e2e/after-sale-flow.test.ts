/**
 * 售后 end to end: a member (SMS login) orders and pays a seeded SKU, the shop ships it, the member asks
 * for 退货退款; in the browser the admin finds it on 售后单, opens 详情 and presses 同意售后; the member
 * sends the goods back; the admin reloads, presses 确认收货 and 确认退款 (退款成功, status 完成, the log),
 * and 退款单 lists the refund of that order with its amount.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { clickRowAction, DEMO, dialogsClosed, field, loginAs, newPage, noToasts, OK, openFromMenu, useBrowser, yuan } from '../../../../tests/e2e/support';
import { adminHeaders, call, memberPaysAnOrder } from '../../../../tests/e2e/shop';

const browser = useBrowser();

/** The visible screen's list rows (kept-alive tabs hold hidden copies). */
const listRows = (page: Page) => page.locator('.ant-tabs-tabpane-active .ant-card .ant-table-tbody tr.ant-table-row:visible');
const searchButton = (page: Page) => page.getByRole('button', { name: /查\s*询/ }).filter({ visible: true });
const detail = (page: Page) => page.getByTestId('after-sale-detail').filter({ visible: true });
const statusTag = (page: Page) => page.getByTestId('after-sale-status').filter({ visible: true });
/** The count a status tab of 售后单 shows. */
const tabCount = (page: Page, key: string) => page.getByTestId(`after-sale-tab-${key}`).filter({ visible: true }).locator('.ant-badge').textContent();

/** Presses a decision of the detail and confirms it; waits for the server's message. */
async function decide(page: Page, button: string, message: string | RegExp): Promise<void> {
  await noToasts(page);
  await detail(page).getByRole('button', { name: button }).click();
  await page.locator('.ant-modal-confirm:visible').getByRole('button', { name: OK }).click();
  await page.locator('.ant-message-notice').filter({ hasText: message }).first().waitFor();
  await dialogsClosed(page);
}

describe('售后: return and refund', () => {
  it('approves, receives and refunds a return from the detail; the refund shows on 退款单', async () => {
    const admin = await adminHeaders();
    // The member signs in by SMS, gives an address, orders one piece and pays.
    const { mobile, member, order } = await memberPaysAnOrder(admin, '139', '李四');
    const expresses = await call<{ records: Array<{ id: string; code: string }> }>(admin, 'GET', '/saleorder/express/list?code=SF');
    const expressId = expresses.records.find((express) => express.code === 'SF')?.id;
    if (expressId === undefined) throw new Error('no express SF');
    await call(admin, 'POST', '/saleorder/saleOrder/deliver', { id: order.id, expressId, logisticsNo: `SF${mobile}` });
    const shipped = await call<{ items: Array<{ id: string; payPrice: number | string }> }>(member, 'GET', `/app/order/detail?id=${order.id}`);
    const line = shipped.items[0];
    if (line === undefined) throw new Error('order without lines');
    const amount = Number(line.payPrice).toFixed(2);
    const afterSale = await call<{ id: string; no: string }>(member, 'POST', '/app/afterSale/create', { orderItemId: line.id, way: '20', refundPrice: amount, applyReason: '尺码不合适' });

    // The admin finds it on 售后单 and opens its detail.
    const { context, page } = await newPage(browser());
    await loginAs(page, DEMO.admin);
    await openFromMenu(page, '销售订单', '售后单', '/saleorder/afterSaleList');
    await field(page, 'search_orderNo').fill(order.no);
    await searchButton(page).click();
    await expect.poll(() => listRows(page).count()).toBe(1);
    const row = listRows(page).first();
    await expect.poll(() => row.textContent()).toContain(afterSale.no);
    expect(await row.textContent()).toContain('申请中');
    // (售后方式 is a column of wide screens only; the detail below names it.)
    expect(await row.textContent()).toContain(amount);
    // The tab counts follow the search: this order's one after-sale, 申请中.
    await expect.poll(() => tabCount(page, 'all')).toBe('1');
    await expect.poll(() => tabCount(page, 'applied')).toBe('1');
    await expect.poll(() => tabCount(page, 'completed')).toBe('0');
    await clickRowAction(row, /^详\s*情$/);
    await page.waitForURL((url) => url.pathname === '/saleorder/afterSaleDetail' && url.searchParams.get('id') === afterSale.id);
    await expect.poll(() => statusTag(page).textContent()).toBe('申请中');
    expect(await detail(page).getByTestId('after-sale-refund-price').textContent()).toBe(yuan(amount));
    // Only the decisions of 申请中 show.
    expect(await detail(page).getByRole('button', { name: '确认退款' }).count()).toBe(0);
    await decide(page, '同意售后', '操作成功');
    await expect.poll(() => statusTag(page).textContent()).toBe('卖家通过');

    // The member sends the goods back; the admin reloads and sees the waybill.
    await call(member, 'POST', '/app/afterSale/delivery', { id: afterSale.id, expressId, logisticsNo: `BACK${mobile}` });
    await page.reload();
    await expect.poll(() => statusTag(page).textContent()).toBe('待卖家收货');
    expect(await detail(page).getByTestId('after-sale-return-no').textContent()).toBe(`BACK${mobile}`);
    await decide(page, '确认收货', '操作成功');
    await expect.poll(() => statusTag(page).textContent()).toBe('等待退款');
    await decide(page, '确认退款', '退款成功');
    await expect.poll(() => statusTag(page).textContent()).toBe('完成');
    expect(await detail(page).getByRole('button', { name: /同意售后|确认收货|确认退款/ }).count()).toBe(0);
    const log = detail(page).getByTestId('after-sale-logs').locator('.ant-timeline-item');
    await expect.poll(() => log.count()).toBe(5);
    expect(await log.last().textContent()).toContain('完成');
    expect(await log.last().textContent()).toContain(`${amount} 元`);

    // Back on 售后单 (fresh since the reload), the row and the counts have followed.
    await openFromMenu(page, '销售订单', '售后单', '/saleorder/afterSaleList');
    await field(page, 'search_orderNo').fill(order.no);
    await searchButton(page).click();
    await expect.poll(() => tabCount(page, 'all')).toBe('1');
    await expect.poll(() => listRows(page).count()).toBe(1);
    await expect.poll(() => listRows(page).first().textContent()).toContain('完成');
    await expect.poll(() => tabCount(page, 'completed')).toBe('1');
    await expect.poll(() => tabCount(page, 'applied')).toBe('0');

    // 退款单 lists the refund of that order with its amount.
    await openFromMenu(page, '销售订单', '退款单', '/saleorder/refundOrderList');
    await field(page, 'search_orderNo').fill(order.no);
    await searchButton(page).click();
    await expect.poll(() => listRows(page).count()).toBe(1);
    const refund = await listRows(page).first().textContent();
    expect(refund).toContain(order.no);
    expect(refund).toContain(amount);
    expect(refund).toContain('退款成功');
    await context.close();
  });
});
