/** Issue 4 foundation: the 数据字典 screen end to end on the generic CRUD toolkit and engine. */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { answerConfirm, apiCall, apiFetch, apiToken, clickRowAction, DEMO, expectNoMenuEntryForClerk, field, loginAs, newPage, OK, openFromMenu, rows, searchForOne, useBrowser } from '../../../../tests/e2e/support';

const browser = useBrowser();

async function openDictionaries(page: Page): Promise<void> {
  await openFromMenu(page, '系统管理', '数据字典', '/system/dict');
  await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
}

const firstCode = (page: Page) => rows(page).first().locator('td').nth(2).innerText();

describe('数据字典', () => {
  it('searches, sorts, pages, creates with an item, edits after a reload, exports and deletes', async () => {
    // Unique per attempt: the shared server keeps what an earlier attempt created.
    const code = `e2e_color_${Date.now() % 1_000_000}`;
    const { context, page } = await newPage(browser());
    await loginAs(page, DEMO.admin);
    await openDictionaries(page);

    // Pages: default 10, options 10/20/30 with a quick jumper.
    expect(await rows(page).count()).toBe(10);
    expect(await page.locator('.ant-pagination-options-quick-jumper').count()).toBe(1);
    await page.locator('.ant-pagination-options .ant-select').click();
    const options = page.locator('.ant-select-item-option');
    await expect.poll(() => options.allInnerTexts()).toEqual(['10 条/页', '20 条/页', '30 条/页']);
    await options.filter({ hasText: '20 条/页' }).click();
    // More than one page of seeded dictionaries (plugins seed their own): the page now shows up to 20.
    await expect.poll(() => rows(page).count()).toBeGreaterThan(10);
    expect(await rows(page).count()).toBeLessThanOrEqual(20);

    // Sorts on the server by 字典编号: the first row is the server's first (every plugin seeds its own dictionaries).
    const firstBy = async (order: 'asc' | 'desc') =>
      (await apiCall<{ records: Array<{ dictCode: string }> }>(await apiToken(), 'GET', `/sys/dict/list?column=dictCode&order=${order}&pageSize=1`)).result.records[0]?.dictCode;
    const [lowest, highest] = [await firstBy('asc'), await firstBy('desc')];
    expect(lowest).toBe('coupon_discount_type');
    await page.getByRole('columnheader', { name: '字典编号' }).click();
    await expect.poll(() => firstCode(page)).toBe(lowest);
    await page.getByRole('columnheader', { name: '字典编号' }).click();
    await expect.poll(() => firstCode(page)).toBe(highest);

    // Searches.
    await field(page, 'search_dictCode').fill('status');
    await page.getByRole('button', { name: /查\s*询/ }).filter({ visible: true }).click();
    // As many rows as the server counts (every plugin seeds its own status dictionaries), up to the page size of 20.
    const statusDicts = await apiCall<{ total: number }>(await apiToken(), 'GET', '/sys/dict/list?dictCode=*status*&pageSize=1');
    expect(statusDicts.result.total).toBeGreaterThan(10);
    await expect.poll(() => rows(page).count()).toBe(Math.min(statusDicts.result.total, 20));
    for (const text of await rows(page).locator('td:nth-child(3)').allInnerTexts()) expect(text).toContain('status');
    await page.getByRole('button', { name: /重\s*置/ }).filter({ visible: true }).click();

    // Creates: a taken code shows the server message; the dialog lives in the URL.
    await page.getByRole('button', { name: /新\s*增/ }).filter({ visible: true }).first().click();
    await page.waitForURL((url) => url.searchParams.get('create') === '1');
    await field(page, 'form_dictName').fill('颜色');
    await field(page, 'form_dictCode').fill('sex');
    await field(page, 'form_dictName').click();
    await page.getByText('该值不可用，系统中已存在！').first().waitFor();
    await field(page, 'form_dictCode').fill(code);
    await page.locator('.ant-modal-footer').getByRole('button', { name: OK }).click();
    await page.getByText('添加成功！').first().waitFor();
    await page.waitForURL((url) => !url.searchParams.has('create'));
    // The dialog lived in this tab's URL, yet the list behind it kept its state (page size 20).
    expect(await page.locator('.ant-pagination-options .ant-select-selection-item').filter({ visible: true }).innerText()).toBe('20 条/页');

    await searchForOne(page, 'search_dictCode', code);
    expect(await firstCode(page)).toBe(code);

    // An item in the drawer.
    await clickRowAction(rows(page).first(), '字典配置');
    const drawer = page.locator('.ant-drawer-content');
    await drawer.getByText('字典配置：颜色').waitFor();
    await drawer.getByRole('button', { name: /新\s*增/ }).click();
    await field(page, 'itemform_itemText').fill('红');
    await field(page, 'itemform_itemValue').fill('red');
    await page.locator('.ant-modal-footer').getByRole('button', { name: OK }).click();
    await drawer.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: 'red' }).waitFor();
    await page.locator('.ant-drawer-close').click();
    await page.waitForURL((url) => !url.searchParams.has('items'));

    // Edit: the dialog reopens after a reload.
    await page.goto('/system/dict');
    await rows(page).first().waitFor();
    await searchForOne(page, 'search_dictCode', code);
    await clickRowAction(rows(page).first(), /编\s*辑/);
    await page.waitForURL((url) => url.searchParams.has('edit'));
    await page.reload();
    await field(page, 'form_dictName').waitFor();
    await expect.poll(() => field(page, 'form_dictName').inputValue()).toBe('颜色');
    await field(page, 'form_dictName').fill('颜色2');
    await page.locator('.ant-modal-footer').getByRole('button', { name: OK }).click();
    await page.getByText('编辑成功!').first().waitFor();

    // Export gives an .xlsx download.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: /导\s*出/ }).filter({ visible: true }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);

    // Delete with confirm.
    await searchForOne(page, 'search_dictCode', code);
    await clickRowAction(rows(page).first(), /删\s*除/);
    await answerConfirm(page);
    await page.getByText('删除成功!').first().waitFor();
    await context.close();
  });

  it('gives clerk no menu entry, and the API answers 403', async () => {
    await expectNoMenuEntryForClerk(browser(), '数据字典');
    const list = await apiFetch(await apiToken(DEMO.clerk), 'GET', '/sys/dict/list');
    expect(list.status).toBe(403);
  });
});
