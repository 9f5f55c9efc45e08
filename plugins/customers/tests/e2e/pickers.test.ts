/**
 * Pickers instead of typed ids (issue 32): 收货地址's 新增 picks the member by mobile and the region by province → city
 * → district, and the list then names both; 会员优惠券's 新增 picks the member by number and the template by name, and
 * the list names member and template — no 32-character id is typed or shown.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { apiToken, DEMO, dialog, dialogsClosed, field, loginAs, modalOk, newPage, shopApi, useBrowser } from '../../../../tests/e2e/support';

const browser = useBrowser();

const active = (page: Page) => page.locator('.ant-tabs-tabpane-active');
const listTable = (page: Page) => active(page).locator('.ant-card .ant-table');
const option = (page: Page, text: string | RegExp) => page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text });
const STORED_ID = /[0-9a-f]{32}/;

/** A cell of `row` under the header `title` of its table. */
async function cell(table: Locator, row: Locator, title: string): Promise<string> {
  const titles = (await table.locator('thead th').allInnerTexts()).map((text) => text.trim());
  const index = titles.indexOf(title);
  if (index < 0) throw new Error(`no column ${title} in ${titles.join(', ')}`);
  return (await row.locator('td').nth(index).innerText()).trim();
}

/** A fresh member of tenant 1 (its own number and mobile). */
async function freshMember(name: string): Promise<{ memberNo: string; mobile: string }> {
  const stamp = String(Date.now() % 100_000_000).padStart(8, '0');
  const memberNo = `N${stamp}`;
  const mobile = `133${stamp}`;
  const created = await shopApi(await apiToken(), 'POST', '/cust/custMember/add', { memberNo, memberName: name, mobile, status: '1' });
  expect(created.success, created.message).toBe(true);
  return { memberNo, mobile };
}

/** Types into the form item's select and picks the option that shows `text`. */
async function pick(page: Page, id: string, typed: string, text: string | RegExp): Promise<void> {
  await field(page, id).click();
  await page.keyboard.type(typed);
  await option(page, text).first().click();
}

describe('收货地址: member and region picked, then named', () => {
  it('adds an address for a member found by mobile in 上海市 / 上海市 / 浦东新区, listed as 上海市 浦东新区', async () => {
    const { mobile } = await freshMember('选址会员');
    const { context, page } = await newPage(browser());
    await loginAs(page, DEMO.admin);
    await page.goto('/cust/custAddressList');
    await active(page).getByRole('button', { name: /新\s*增/ }).click();
    await pick(page, 'form_memberId', mobile.slice(-8), mobile);
    await field(page, 'form_name').fill('选址会员');
    await field(page, 'form_mobile').fill(mobile);
    await field(page, 'form_areaId').click();
    for (const [level, name] of ['上海市', '上海市', '浦东新区'].entries()) {
      await page.locator('.ant-cascader-dropdown:visible .ant-cascader-menu').nth(level).locator('.ant-cascader-menu-item').filter({ hasText: new RegExp(`^${name}$`) }).click();
    }
    await field(page, 'form_detailAddress').fill('世纪大道 100 号');
    await modalOk(page).click();
    await dialogsClosed(page);

    await field(page, 'search_mobile').fill(mobile);
    await active(page).getByRole('button', { name: /查\s*询/ }).click();
    const row = listTable(page).locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: '世纪大道 100 号' });
    await row.waitFor();
    expect(await cell(listTable(page), row, '所在地区')).toBe('上海市 浦东新区');
    expect(await cell(listTable(page), row, '会员')).toContain(mobile);
    expect(await listTable(page).innerText()).not.toMatch(STORED_ID);
    await context.close();
  });
});

describe('会员优惠券: member and template picked, then named', () => {
  it('issues a coupon to a member found by number from a template found by name, listed with both names', async () => {
    const { memberNo, mobile } = await freshMember('领券会员');
    const { context, page } = await newPage(browser());
    await loginAs(page, DEMO.admin);
    await page.goto('/cust/custCouponList');
    await active(page).getByRole('button', { name: /新\s*增/ }).click();
    await pick(page, 'form_memberId', memberNo, memberNo);
    await pick(page, 'form_templateId', '满100', '满100减10');
    await field(page, 'form_name').fill('满100减10');
    for (const [id, value] of [['form_validStartTime', '2026-01-01 00:00:00'], ['form_validEndTime', '2030-12-31 23:59:59']] as const) {
      await field(page, id).click();
      await field(page, id).fill(value);
      await page.keyboard.press('Enter');
    }
    await modalOk(page).click();
    await dialogsClosed(page);

    await pick(page, 'search_memberId', mobile.slice(-8), mobile);
    await active(page).getByRole('button', { name: /查\s*询/ }).click();
    const rows = listTable(page).locator('.ant-table-tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await cell(listTable(page), rows.first(), '会员')).toContain('领券会员');
    expect(await cell(listTable(page), rows.first(), '优惠券模板')).toBe('满100减10');
    expect(await dialog(page).count()).toBe(0);
    expect(await listTable(page).innerText()).not.toMatch(STORED_ID);
    await context.close();
  });
});
