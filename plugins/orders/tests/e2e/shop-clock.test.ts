/**
 * Issue 32, "Done when" (the clock) in the browser: the product runs on UTC with the shop in Shanghai
 * (tests/e2e/global-setup.ts) and the browser sits in a third zone whose calendar day is not the shop's
 * (tests/support/zones.ts). It still shows the times and the day the server does: an order's 支付时间 as the API
 * gives it, 今天 as the shop's today (销售报表's preset, the 支付时间 filter of 订单列表 finding exactly what the
 * report counts as paid that day), and a screen that used to format times itself (个人中心's 登录记录) on the
 * shop's clock.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatShopTime, shopDay } from '../../../../server/time/shop-time';
import { DEMO, loginAs, newPage, useBrowser } from '../../../../tests/e2e/support';
import { browserZoneApart } from '../../../../tests/support/zones';
import { adminHeaders, call, memberPaysAnOrder } from '../../../../tests/e2e/shop';

const browser = useBrowser();

const active = (page: Page) => page.locator('.ant-tabs-tabpane-active');
const visible = (page: Page, testId: string) => page.getByTestId(testId).filter({ visible: true });
const tabCount = async (page: Page, key: string) => Number(((await active(page).getByTestId(`order-tab-${key}`).locator('.ant-badge').textContent()) ?? '').replace(/\D/g, ''));

/** Minutes between two shop-clock texts. */
const minutesApart = (a: string, b: string) => Math.abs(Date.parse(a.replace(' ', 'T')) - Date.parse(b.replace(' ', 'T'))) / 60_000;

describe('the shop clock in a browser of another zone', () => {
  it('shows the server’s times and the shop’s today, whatever the browser’s zone', async () => {
    const admin = await adminHeaders();
    const { order } = await memberPaysAnOrder(admin, '136', '时钟');
    const detail = await call<{ payTime: string }>(admin, 'GET', `/saleorder/saleOrder/queryById?id=${order.id}`);
    // The server's 支付时间 is the shop's clock now.
    expect(minutesApart(detail.payTime, formatShopTime(Date.now()))).toBeLessThan(3);
    const today = shopDay();

    const timezoneId = browserZoneApart();
    const { context, page } = await newPage(browser(), { timezoneId });
    try {
      // The browser is in that zone, and its own calendar says another day than the shop's.
      const browserClock = await page.evaluate(() => ({ zone: Intl.DateTimeFormat().resolvedOptions().timeZone, day: new Date().toLocaleDateString('en-CA') }));
      expect(browserClock.zone).toBe(timezoneId);
      expect(browserClock.day).not.toBe(today);
      await loginAs(page, DEMO.admin);

      // 订单详情: 支付时间 exactly as the server gives it.
      await page.goto(`/saleorder/saleOrderDetail?id=${encodeURIComponent(order.id)}`);
      await expect.poll(() => visible(page, 'order-detail-status').textContent()).toBe('待发货');
      await expect.poll(async () => (await active(page).textContent()) ?? '').toContain(detail.payTime);

      // 销售报表: 今天 is the shop's today, and its 支付订单 the API's for that day.
      await page.goto('/report/salesReport');
      await visible(page, 'report-date-bar').getByText('今天', { exact: true }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('beginDate')).toBe(today);
      expect(new URL(page.url()).searchParams.get('endDate')).toBe(today);
      const summary = await call<{ paidOrderCount: number }>(admin, 'GET', `/report/sales/summary?beginDate=${today}&endDate=${today}`);
      await expect.poll(() => visible(page, 'sales-paidOrders-value').textContent()).toBe(String(summary.paidOrderCount));

      // 订单列表: the 支付时间 filter for the shop's today finds exactly the orders the report counts as paid today, this one among them.
      await page.goto('/saleorder/saleOrderList');
      const range = active(page).locator('.ant-picker-range').first();
      await range.locator('input').first().click();
      // The calendar marks the shop's today, not the browser's (antd asks dayjs() for now).
      await expect.poll(() => page.locator('.ant-picker-dropdown:visible .ant-picker-cell-today').first().getAttribute('title')).toBe(today);
      await range.locator('input').first().fill(today);
      await range.locator('input').first().press('Enter');
      await range.locator('input').nth(1).fill(today);
      await range.locator('input').nth(1).press('Enter');
      await expect.poll(() => range.locator('input').nth(1).inputValue()).toBe(today);
      await active(page).getByRole('button', { name: /查\s*询/ }).click();
      await expect.poll(() => tabCount(page, 'all')).toBe(summary.paidOrderCount);
      const listed = await call<{ total: number }>(admin, 'GET', `/saleorder/saleOrder/list?payTime_begin=${today}&payTime_end=${today}&no=${order.no}`);
      expect(listed.total).toBe(1);

      // 个人中心 登录记录: the login just made, on the shop's clock (this screen used to format times in the browser).
      await page.goto('/account/center');
      const firstLogin = visible(page, 'account-logins').locator('.ant-table-tbody tr.ant-table-row').first().locator('td').first();
      await expect.poll(async () => (await firstLogin.textContent()) ?? '').toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      const shown = (await firstLogin.textContent()) ?? '';
      expect(shown.slice(0, 10)).toBe(shopDay());
      expect(minutesApart(shown, formatShopTime(Date.now()))).toBeLessThan(3);
    } finally {
      await context.close();
    }
  });
});
