/**
 * Names, never ids (issue 32), as a user sees them: a shipped order shows its 快递公司 and 收货地区 by name; the
 * ledgers it wrote — 积分明细 (its list and 会员详情's tab) and 库存记录 — show 时间, the order's number as 业务编码 /
 * 业务单号, linked to the order, and 操作人; 券包's 发放记录 says when and who.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { clickRowAction, DEMO, dialog, dialogsClosed, drawer, loginAs, modalOk, newPage, noToasts, useBrowser } from '../../../../tests/e2e/support';
import { adminHeaders, call, memberPaysAnOrder } from '../../../../tests/e2e/shop';

const browser = useBrowser();

const active = (page: Page) => page.locator('.ant-tabs-tabpane-active');
const visible = (page: Page, testId: string) => page.getByTestId(testId).filter({ visible: true });
/** The text of the description item labelled `label` in `scope`. */
const described = (scope: Locator, label: string) => scope.locator('.ant-descriptions-item').filter({ has: scope.page().locator('.ant-descriptions-item-label', { hasText: new RegExp(`^${label}$`) }) }).locator('.ant-descriptions-item-content');
/** The header cells of a table, trimmed. */
const headers = async (table: Locator) => (await table.locator('thead th').allInnerTexts()).map((text) => text.trim()).filter((text) => text !== '');
/** A cell of `row` under the header `title` of its table. */
async function cell(table: Locator, row: Locator, title: string): Promise<Locator> {
  const titles = (await table.locator('thead th').allInnerTexts()).map((text) => text.trim());
  const index = titles.indexOf(title);
  if (index < 0) throw new Error(`no column ${title} in ${titles.join(', ')}`);
  return row.locator('td').nth(index);
}
const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const STORED_ID = /[0-9a-f]{32}/;

describe('a shipped order names its express company and its region', () => {
  it('shows 快递公司 顺丰速运 after 发货 and 收货地区 北京市 东城区, no id anywhere in its information', async () => {
    const admin = await adminHeaders();
    const { order } = await memberPaysAnOrder(admin, '136', '赵六');
    const { context, page } = await newPage(browser());
    await loginAs(page, DEMO.admin);
    await page.goto(`/saleorder/saleOrderDetail?id=${order.id}`);
    await expect.poll(() => visible(page, 'order-detail-status').textContent()).toBe('待发货');
    // The member's address was given as 110101: the receiver's area reads as a place.
    await expect.poll(() => described(active(page), '收货地区').innerText()).toBe('北京市 东城区');

    await noToasts(page);
    await visible(page, 'order-detail-actions').getByRole('button', { name: /^发\s*货$/ }).click();
    await dialog(page).locator('.ant-select').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '顺丰速运' }).click();
    await dialog(page).getByLabel('快递单号').fill('SF2026320001');
    await modalOk(page).click();
    await dialogsClosed(page);
    await expect.poll(() => visible(page, 'order-detail-status').textContent()).toBe('已发货');
    await expect.poll(() => described(active(page), '快递公司').innerText()).toBe('顺丰速运');
    expect(await described(active(page), '快递单号').innerText()).toBe('SF2026320001');
    const information = await active(page).locator('.ant-card').first().innerText();
    expect(information).not.toMatch(STORED_ID);
    await context.close();
  });
});

describe('ledgers say when, which document and who', () => {
  it('积分明细 shows 时间, the order number as 业务编码 linked to the order, and 操作人; so does 会员详情’s tab', async () => {
    const admin = await adminHeaders();
    const { mobile, order } = await memberPaysAnOrder(admin, '135', '钱七');
    const { context, page } = await newPage(browser());
    await loginAs(page, DEMO.admin);
    await page.goto('/cust/custPointsLogList');
    // 用户 is picked by mobile, never typed as an id.
    const search = active(page).locator('.crud-search-form');
    await search.locator('.ant-select').first().click();
    await page.keyboard.type(mobile);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: mobile }).click();
    await search.getByRole('button', { name: /查\s*询/ }).click();
    const table = active(page).locator('.ant-card .ant-table');
    const row = table.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: order.no });
    await row.waitFor();
    expect((await headers(table)).slice(0, 2)).toEqual(['时间', '用户']);
    expect((await headers(table)).at(-1)).toBe('操作人');
    expect((await (await cell(table, row, '时间')).innerText()).trim()).toMatch(DATE_TIME);
    expect(await (await cell(table, row, '用户')).innerText()).toContain(mobile);
    expect((await (await cell(table, row, '操作人')).innerText()).trim()).not.toBe('');
    expect(await table.innerText()).not.toMatch(STORED_ID);
    const number = (await cell(table, row, '业务编码')).getByRole('link', { name: order.no });
    await number.click();
    await page.waitForURL((url) => url.pathname === '/saleorder/saleOrderDetail' && url.searchParams.get('id') === order.id);
    await expect.poll(() => visible(page, 'order-detail-status').textContent()).toBe('待发货');

    // The member's own page: the same row under its 积分明细 tab, the number linked again (back to the list, kept as it was).
    await page.goBack();
    await row.waitFor();
    const member = (await cell(table, row, '用户')).getByRole('link');
    await member.click();
    await page.waitForURL((url) => url.pathname === '/cust/CustMember/detail');
    await active(page).getByRole('tab', { name: '积分明细' }).click();
    const tab = active(page).locator('.ant-tabs-tabpane-active .ant-table');
    const ofOrder = tab.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: order.no });
    await ofOrder.waitFor();
    expect((await headers(tab))[0]).toBe('时间');
    expect(await headers(tab)).not.toContain('用户');
    expect((await (await cell(tab, ofOrder, '时间')).innerText()).trim()).toMatch(DATE_TIME);
    expect(await (await cell(tab, ofOrder, '业务编码')).getByRole('link', { name: order.no }).count()).toBe(1);
    await context.close();
  });

  it('库存记录 shows the sale as 销售出库 with the order number linked, 时间 and 操作人', async () => {
    const admin = await adminHeaders();
    const { order } = await memberPaysAnOrder(admin, '134', '孙八');
    const line = await call<{ items: Array<{ skuId: string }> }>(admin, 'GET', `/saleorder/saleOrder/queryById?id=${order.id}`);
    const skuId = line.items[0]?.skuId ?? '';
    const { context, page } = await newPage(browser());
    await loginAs(page, DEMO.admin);
    await page.goto(`/goods/goodsStockList?records=${skuId}`);
    const table = drawer(page).locator('.ant-table');
    const row = table.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: order.no });
    await row.waitFor();
    expect((await headers(table))[0]).toBe('时间');
    expect((await headers(table)).at(-1)).toBe('操作人');
    expect(await (await cell(table, row, '业务类型')).innerText()).toBe('销售出库');
    expect((await (await cell(table, row, '时间')).innerText()).trim()).toMatch(DATE_TIME);
    expect(await table.innerText()).not.toMatch(STORED_ID);
    await (await cell(table, row, '业务单号')).getByRole('link', { name: order.no }).click();
    await page.waitForURL((url) => url.pathname === '/saleorder/saleOrderDetail' && url.searchParams.get('id') === order.id);
    await context.close();
  });

  it('券包’s 发放记录 says when each packet was issued and by whom', async () => {
    const { context, page } = await newPage(browser());
    await loginAs(page, DEMO.admin);
    await page.goto('/marketing/couponPackageList');
    const packets = active(page).locator('.ant-card .ant-table-tbody tr.ant-table-row');
    await packets.first().waitFor();
    await clickRowAction(packets.first(), /^记\s*录$/);
    const table = drawer(page).locator('.ant-table');
    await expect.poll(() => headers(table)).toContain('操作人');
    expect((await headers(table))[0]).toBe('时间');
    await context.close();
  });
});
