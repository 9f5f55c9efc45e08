/**
 * Issue 14, 优惠券 end to end: a 满减 template created in the dialog, sent to a member from its row, the
 * member's coupon seen in the template's 领取记录, then sent again from the member list's 发送优惠券.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiToken, clickRowAction, DEMO, dialog, dialogsClosed, drawer, field, loginAs, modalOk, newPage, openFromMenu, shopApi, tableRows, useBrowser } from '../../../../tests/e2e/support';

const browser = useBrowser();

/** The rows of the visible list (kept-alive tabs hold hidden copies). */
const listRows = (page: Page) => page.locator('.ant-tabs-tabpane-active .ant-card .ant-table-tbody tr.ant-table-row:visible');

describe('优惠券', () => {
  it('creates a 满减 template, sends it to a member and shows it in 领取记录', async () => {
    const name = `端到端满减${String(Date.now() % 10_000_000)}`;
    const token = await apiToken();
    const members = await shopApi<{ records: Array<{ id: string; memberName: string; memberNo: string }> }>(token, 'GET', '/cust/custMember/list?pageSize=1&status=1&column=memberNo&order=asc');
    const member = members.result.records[0];
    if (member === undefined) throw new Error('no demo member');

    const { context, page } = await newPage(browser());
    // 剩余 is a column of wide screens (listWide): this test reads it.
    await page.setViewportSize({ width: 1680, height: 900 });
    await loginAs(page, DEMO.admin);
    await openFromMenu(page, '营销管理', '优惠券', '/marketing/couponList');
    await listRows(page).first().waitFor();

    await page.getByRole('button', { name: /新\s*增/ }).filter({ visible: true }).click();
    const form = dialog(page);
    await field(page, 'coupon_name').waitFor();
    // 满减 is chosen at first: its amount shows, the percent does not.
    await expect.poll(() => form.locator('#coupon_discountPercent').count()).toBe(0);
    await field(page, 'coupon_name').fill(name);
    await field(page, 'coupon_usePrice').fill('100');
    await field(page, 'coupon_discountPrice').fill('10');
    // Two per member: the member list's 发送优惠券 below sends the second.
    await field(page, 'coupon_takeLimitCount').fill('2');
    await modalOk(page).click();
    await page.getByText('添加成功').first().waitFor();
    await dialogsClosed(page);

    await field(page, 'search_name').fill(name);
    await page.getByRole('button', { name: /查\s*询/ }).filter({ visible: true }).click();
    await expect.poll(() => listRows(page).count()).toBe(1);
    const row = listRows(page).first();
    await expect.poll(() => row.textContent()).toContain('满 100.00 减 10.00');

    await clickRowAction(row, '发送');
    const send = dialog(page);
    await send.getByRole('combobox', { name: '会员' }).click();
    await send.getByRole('combobox', { name: '会员' }).fill(member.memberName);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: member.memberName }).first().click();
    await send.locator('.ant-select-selection-item').filter({ hasText: member.memberName }).waitFor();
    // The multiple select keeps its dropdown open: leave it by clicking the dialog's title.
    await send.locator('.ant-modal-title').click();
    await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
    await modalOk(page).click();
    await page.getByText('已发送 1 张').first().waitFor();
    await dialogsClosed(page);
    // 剩余 follows: 100 issued, 1 taken.
    await expect.poll(() => row.textContent()).toContain('99');

    await clickRowAction(row, '领取记录');
    const records = drawer(page);
    await records.getByText(`领取记录：${name}`).waitFor();
    await expect.poll(() => tableRows(records).count()).toBe(1);
    await expect.poll(() => tableRows(records).first().textContent()).toContain(member.memberName);
    await expect.poll(() => tableRows(records).first().textContent()).toContain('未使用');
    await page.keyboard.press('Escape');

    // 发送优惠券 from the member list (the batch action marketing adds to the customers plugin's list).
    await openFromMenu(page, '客户管理', '会员列表', '/cust/custMemberList');
    await field(page, 'search_memberNo').fill(member.memberNo);
    await page.getByRole('button', { name: /查\s*询/ }).filter({ visible: true }).click();
    await expect.poll(() => listRows(page).count()).toBe(1);
    await listRows(page).first().locator('.ant-checkbox-input').check();
    await page.getByRole('button', { name: '发送优惠券' }).filter({ visible: true }).click();
    const batch = dialog(page);
    await batch.getByRole('combobox', { name: '优惠券' }).click();
    await batch.getByRole('combobox', { name: '优惠券' }).fill(name);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: name }).first().click();
    await batch.locator('.ant-select-selection-item').filter({ hasText: name }).waitFor();
    await batch.locator('.ant-modal-title').click();
    await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
    await modalOk(page).click();
    await page.getByText('已发送 1 张').first().waitFor();
    await dialogsClosed(page);
    // Two coupons of the template now: the one sent from its row (to a member picked by name) and this one, to the selected member.
    const issued = await shopApi<{ records: Array<{ memberId: string }> }>(token, 'GET', `/cust/custCoupon/list?name=${encodeURIComponent(name)}`);
    expect(issued.result.records).toHaveLength(2);
    expect(issued.result.records[0]?.memberId).toBe(member.id);
    await context.close();
  });

  it('asks before 启用/停用 acts (issue 32): 取消 changes nothing, 确定 turns it off and says 已停用', async () => {
    const name = `端到端开关券${String(Date.now() % 10_000_000)}`;
    const token = await apiToken();
    const created = await shopApi(token, 'POST', '/marketing/coupon/add', {
      name,
      status: '1',
      discountType: '1',
      usePrice: 100,
      discountPrice: 10,
      totalCount: 10,
      takeLimitCount: 1,
      takeType: '1',
      validityType: '2',
      fixedStartTerm: 0,
      fixedEndTerm: 7,
      productScope: '1',
    });
    expect(created.success, created.message).toBe(true);
    const statusOf = async () => (await shopApi<{ records: Array<{ status: string }> }>(token, 'GET', `/marketing/coupon/list?name=${encodeURIComponent(name)}`)).result.records[0]?.status;

    const { context, page } = await newPage(browser());
    await loginAs(page, DEMO.admin);
    await openFromMenu(page, '营销管理', '优惠券', '/marketing/couponList');
    await listRows(page).first().waitFor();
    await field(page, 'search_name').fill(name);
    await page.getByRole('button', { name: /查\s*询/ }).filter({ visible: true }).click();
    await expect.poll(() => listRows(page).count()).toBe(1);
    const toggle = listRows(page).first().getByRole('switch');
    const question = page.locator('.ant-modal-confirm:visible');

    await toggle.click();
    await question.locator('.ant-modal-confirm-title').getByText(`确定停用「${name}」吗？停用后买家不能再领取。`).waitFor();
    await question.getByRole('button', { name: /取\s*消/ }).click();
    await expect.poll(() => question.count()).toBe(0);
    expect(await statusOf()).toBe('1');

    await toggle.click();
    await question.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('已停用').first().waitFor();
    expect(await page.getByText('编辑成功!').count()).toBe(0);
    await expect.poll(statusOf).toBe('0');
    await context.close();
  });
});
