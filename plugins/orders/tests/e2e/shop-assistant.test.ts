/**
 * The demo clerk as a shop assistant of the demo shop (issue 32): out of the box it ships an order the shop sold,
 * and every entry of its side menu opens a page that loads without a single 403.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import type { MenuItem, PermissionResult } from '../../../../src/contracts/session';
import { apiResult, apiToken, clickRowAction, DEMO, dialog, dialogsClosed, field, grantToRole, loginAs, modalOk, newPage, noToasts, revokeFromRole, useBrowser } from '../../../../tests/e2e/support';
import { adminHeaders, memberPaysAnOrder } from '../../../../tests/e2e/shop';

const browser = useBrowser();
/** The clerk's grant a test takes away for a moment; the other files find it as seeded. */
const BALANCE_LOG_LIST = 'cust:balanceLog:list';
afterAll(async () => {
  await grantToRole('clerk', BALANCE_LOG_LIST);
});

const active = (page: Page) => page.locator('.ant-tabs-tabpane-active');
const listRows = (page: Page) => active(page).locator('.ant-card .ant-table-tbody tr.ant-table-row:visible');
const visible = (page: Page, testId: string) => page.getByTestId(testId).filter({ visible: true });
/** A side-menu entry by its path (antd keys each item's data-menu-id with it; titles repeat, e.g. 采购订单). */
const menuEntry = (page: Page, path: string) => page.getByRole('menu').first().locator(`[data-menu-id$="-${path}"]`).first();

/** The pages of the clerk's menu, each with the group it sits in, as the server gives them. */
async function clerkPages(): Promise<Array<{ title: string; path: string; group: string | null }>> {
  const { menu } = await apiResult<PermissionResult>(await apiToken(DEMO.clerk), 'GET', '/sys/permission/getUserPermissionByToken');
  const pages: Array<{ title: string; path: string; group: string | null }> = [];
  const walk = (items: readonly MenuItem[], group: string | null) => {
    for (const item of items) {
      if (item.hidden === true) continue;
      const children = item.children ?? [];
      if (children.length === 0 || item.alwaysShow === true) pages.push({ title: item.meta.title ?? item.name, path: item.path, group });
      else walk(children, item.path);
    }
  };
  walk(menu, null);
  return pages;
}

describe('the clerk, the demo shop’s assistant', () => {
  it('ships an order of the demo shop from its detail', async () => {
    // A member of the demo shop orders one piece and pays (the mini-program names no shop: the default one).
    const { mobile, order } = await memberPaysAnOrder(await adminHeaders(), '135', '赵六');

    const { context, page } = await newPage(browser());
    await loginAs(page, DEMO.clerk);
    await menuEntry(page, '/saleorder').click();
    await menuEntry(page, '/saleorder/saleOrderList').click();
    await page.waitForURL((url) => url.pathname === '/saleorder/saleOrderList');
    await field(page, 'search_no').fill(order.no);
    await page.getByRole('button', { name: /查\s*询/ }).filter({ visible: true }).click();
    await expect.poll(() => listRows(page).count()).toBe(1);
    await clickRowAction(listRows(page).first(), /^详\s*情$/);
    await page.waitForURL((url) => url.pathname === '/saleorder/saleOrderDetail' && url.searchParams.get('id') === order.id);

    await expect.poll(() => visible(page, 'order-detail-status').textContent()).toBe('待发货');
    await noToasts(page);
    await visible(page, 'order-detail-actions').getByRole('button', { name: /^发\s*货$/ }).click();
    const deliver = dialog(page);
    await deliver.locator('.ant-select').click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await options.first().waitFor();
    await options.first().click();
    await deliver.getByLabel('快递单号').fill(`YT${mobile}`);
    await modalOk(page).click();
    await page.locator('.ant-message-notice').filter({ hasText: '发货成功' }).first().waitFor();
    await dialogsClosed(page);
    await expect.poll(() => visible(page, 'order-detail-status').textContent()).toBe('已发货');
    const logs = visible(page, 'order-logs').locator('.ant-timeline-item');
    await expect.poll(async () => (await logs.last().textContent()) ?? '').toContain('待发货 → 已发货');
    expect(await logs.last().textContent()).toContain('clerk');
    await context.close();
  });

  it('opens every entry of its side menu without one 403', async () => {
    const pages = await clerkPages();
    // The shop assistant's work is offered; what its role may not read is not.
    const titles = pages.map((entry) => entry.title);
    expect(titles).toEqual(expect.arrayContaining(['订单列表', '售后单', '会员列表']));
    expect(titles).not.toContain('商品SPU');
    expect(titles).not.toContain('客户列表');

    const { context, page } = await newPage(browser());
    const inFlight = new Set<Request>();
    const refused: string[] = [];
    let where = '';
    const isApi = (request: Request) => new URL(request.url()).pathname.startsWith('/api/');
    page.on('request', (request) => {
      if (isApi(request)) inFlight.add(request);
    });
    page.on('requestfinished', (request) => inFlight.delete(request));
    page.on('requestfailed', (request) => inFlight.delete(request));
    page.on('response', (response) => {
      if (response.status() === 403) refused.push(`${where}: ${response.request().method()} ${new URL(response.url()).pathname}`);
    });

    await loginAs(page, DEMO.clerk);
    for (const entry of pages) {
      where = entry.title;
      if (entry.group !== null && !(await menuEntry(page, entry.path).isVisible())) await menuEntry(page, entry.group).click();
      await menuEntry(page, entry.path).click();
      await page.waitForURL((url) => url.pathname === entry.path);
      // The page's tab is there, and the page has asked for everything it shows at once.
      await page.locator(`[data-tab-key^="${entry.path}"]`).first().waitFor();
      await expect.poll(() => page.locator('.ant-spin-spinning:visible').count()).toBe(0);
      await expect.poll(() => inFlight.size).toBe(0);
    }
    expect(refused).toEqual([]);
    // No notice of a refusal either (系统提示 / 没有权限…).
    expect(await page.locator('.ant-notification-notice').filter({ hasText: '没有权限' }).count()).toBe(0);
    expect(pages.length).toBeGreaterThanOrEqual(25);
    await context.close();
    // Some 28 pages opened one after another on a shared 2-core machine.
  }, 180_000);

  it("shows a refused read's own message once and asks once (no retry, no 'Request failed with status code 403')", async () => {
    await grantToRole('clerk', BALANCE_LOG_LIST);
    const { context, page } = await newPage(browser());
    await loginAs(page, DEMO.clerk);
    await menuEntry(page, '/cust').click();
    await menuEntry(page, '/cust/custBalanceLogList').click();
    await page.waitForURL((url) => url.pathname === '/cust/custBalanceLogList');
    await expect.poll(() => listRows(page).count()).toBeGreaterThan(0);

    // The role loses the list while the page is open: the next read is refused with 403.
    await revokeFromRole('clerk', BALANCE_LOG_LIST);
    const reads: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/cust/custBalanceLog/list') reads.push(response.status());
    });
    await page.getByRole('button', { name: /查\s*询/ }).filter({ visible: true }).click();
    // The list gives up (its error shows) only once no attempt is left: then exactly one read was made.
    await active(page).locator('.ant-alert-error').first().waitFor();
    expect(reads).toEqual([403]);
    const notices = page.locator('.ant-notification-notice');
    await expect.poll(() => notices.filter({ hasText: '没有权限，请联系管理员授权' }).count()).toBe(1);
    expect(await notices.count()).toBe(1);
    expect(await page.getByText(/Request failed|status code/).count()).toBe(0);
    await grantToRole('clerk', BALANCE_LOG_LIST);
    await context.close();
  });
});
