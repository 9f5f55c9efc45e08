/**
 * 订单列表 and 订单详情 end to end: a member (SMS login) orders a seeded SKU and pays; in the browser the
 * admin finds the order on 订单列表 (its 待发货 count, its card), opens 详情, ships it through 发货
 * (发货成功, 已发货, the log entry); the member confirms receipt and the reloaded detail shows 已完成
 * with the receipt on its timeline.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { clickRowAction, DEMO, dialog, dialogsClosed, field, loginAs, modalOk, newPage, noToasts, openFromMenu, useBrowser, yuan } from '../../../../tests/e2e/support';
import { adminHeaders, call, memberPaysAnOrder } from '../../../../tests/e2e/shop';

const browser = useBrowser();

/** The visible screen (kept-alive tabs hold hidden copies). */
const active = (page: Page) => page.locator('.ant-tabs-tabpane-active');
const listRows = (page: Page) => active(page).locator('.ant-card .ant-table-tbody tr.ant-table-row:visible');
const tabCount = async (page: Page, key: string) => Number(((await active(page).getByTestId(`order-tab-${key}`).locator('.ant-badge').textContent()) ?? '').replace(/\D/g, ''));
const visible = (page: Page, testId: string) => page.getByTestId(testId).filter({ visible: true });

describe('订单: list, detail, ship and receive', () => {
  it('finds a paid order under 待发货, ships it from the detail and shows its completion after the receipt', async () => {
    const admin = await adminHeaders();
    // The member signs in by SMS, gives an address, orders one piece and pays.
    const { mobile, member, order } = await memberPaysAnOrder(admin, '137', '王五');
    const amount = Number(order.payPrice).toFixed(2);

    // 订单列表: under its number the 待发货 tab counts it, and its card shows it.
    const { context, page } = await newPage(browser());
    await loginAs(page, DEMO.admin);
    await openFromMenu(page, '销售订单', '订单列表', '/saleorder/saleOrderList');
    await expect.poll(() => tabCount(page, 'undelivered')).toBeGreaterThanOrEqual(1);
    await field(page, 'search_no').fill(order.no);
    await page.getByRole('button', { name: /查\s*询/ }).filter({ visible: true }).click();
    await expect.poll(() => listRows(page).count()).toBe(1);
    await expect.poll(() => tabCount(page, 'all')).toBe(1);
    expect(await tabCount(page, 'undelivered')).toBe(1);
    expect(await tabCount(page, 'unpaid')).toBe(0);
    await active(page).getByTestId('order-tab-undelivered').click();
    await expect.poll(() => listRows(page).count()).toBe(1);
    const row = listRows(page).first();
    await expect.poll(() => row.getByTestId('order-line').count()).toBe(1);
    const card = (await row.textContent()) ?? '';
    expect(card).toContain(order.no);
    expect(card).toContain(amount);
    expect(card).toContain(mobile);
    expect(card).toContain('待发货');
    // 待发货 allows 发货 and 修改地址, not 调价 or 关闭.
    expect(await row.getByRole('button', { name: /^调\s*价$/ }).count()).toBe(0);
    await clickRowAction(row, /^详\s*情$/);
    await page.waitForURL((url) => url.pathname === '/saleorder/saleOrderDetail' && url.searchParams.get('id') === order.id);

    // 订单详情: 待发货 with exactly its buttons; 发货 with 顺丰 and a number.
    await expect.poll(() => visible(page, 'order-detail-status').textContent()).toBe('待发货');
    expect(await visible(page, 'order-amount-payPrice').textContent()).toBe(yuan(amount));
    const buttons = visible(page, 'order-detail-actions');
    expect((await buttons.getByRole('button').allTextContents()).map((text) => text.replace(/\s/g, ''))).toEqual(['发货', '修改地址', '备注']);
    await noToasts(page);
    await buttons.getByRole('button', { name: /^发\s*货$/ }).click();
    const deliver = dialog(page);
    await deliver.locator('.ant-select').click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await options.first().waitFor();
    const sf = options.filter({ hasText: '顺丰' });
    await ((await sf.count()) > 0 ? sf.first() : options.first()).click();
    await deliver.getByLabel('快递单号').fill(`SF${mobile}`);
    await modalOk(page).click();
    await page.locator('.ant-message-notice').filter({ hasText: '发货成功' }).first().waitFor();
    await dialogsClosed(page);
    await expect.poll(() => visible(page, 'order-detail-status').textContent()).toBe('已发货');
    expect(await visible(page, 'order-detail-actions').count()).toBe(1);
    expect((await visible(page, 'order-detail-actions').getByRole('button').allTextContents()).map((text) => text.replace(/\s/g, ''))).toEqual(['备注']);
    const logs = visible(page, 'order-logs').locator('.ant-timeline-item');
    await expect.poll(() => logs.count()).toBe(3);
    expect(await logs.last().textContent()).toContain('待发货 → 已发货');
    expect(await logs.last().textContent()).toContain('admin');
    const info = (await active(page).locator('.ant-card').first().textContent()) ?? '';
    expect(info).toContain(`SF${mobile}`);

    // The member confirms receipt; the reloaded detail is 已完成 with the receipt on its timeline.
    await call(member, 'POST', '/app/order/receive', { id: order.id });
    await page.reload();
    await expect.poll(() => visible(page, 'order-detail-status').textContent()).toBe('已完成');
    await expect.poll(() => logs.count()).toBe(4);
    expect(await logs.last().textContent()).toContain('已发货 → 已完成');
    await context.close();
  });
});
