/**
 * 快递 → 运费模板 and 线下订单 end to end: a freight template whose rules are edited as grids (one charge
 * row for two provinces, one free row) saved and reopened with its rows; then an unpaid offline order for
 * a seeded member with one SKU at a changed price (2 × 12.34 = 24.68), sent by express to the receiver it
 * asks for, listed as 待付款, and 确认付款 moving it to 待发货.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { answerConfirm, apiToken, clickRowAction, DEMO, dialog, dialogsClosed, field, loginAs, modalOk, newPage, shopApi, useBrowser } from '../../../../tests/e2e/support';

const browser = useBrowser();

const stamp = () => String(Date.now() % 10_000_000).padStart(7, '0');

/** An on-sale single-spec SPU (price 19.90, stock 20) made through the goods API. */
async function createSpu(token: string, name: string): Promise<void> {
  const categories = await shopApi<Array<{ id: string; name: string }>>(token, 'GET', `/goods/goodsCategory/searchBy?keyword=${encodeURIComponent('T恤')}`);
  const categoryId = categories.result.find((node) => node.name === 'T恤')?.id;
  if (categoryId === undefined) throw new Error('no category T恤');
  const picked = await shopApi<{ records: Array<{ picUrl: string }> }>(token, 'GET', '/goods/goodsSpu/list?pageSize=1');
  const created = await shopApi<unknown>(token, 'POST', '/goods/goodsSpu/add', {
    name,
    categoryId,
    picUrl: picked.result.records[0]?.picUrl ?? 'placeholder.png',
    specType: '0',
    status: '1',
    deliveryTypes: '1',
    skus: [{ properties: [], price: '19.90', stock: 20, lowStock: 1 }],
  });
  expect(created.success, created.message).toBe(true);
}

/** The visible page's list rows (kept-alive tabs hold hidden copies). */
const listRows = (page: Page) => page.locator('.ant-tabs-tabpane-active .ant-card .ant-table-tbody tr.ant-table-row:visible');
const searchButton = (page: Page) => page.getByRole('button', { name: /查\s*询/ }).filter({ visible: true });
const dropdownOption = (page: Page, text: string | RegExp) => page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: text });

/** Picks provinces in a row's 配送区域 by typing part of their names. */
async function pickAreas(grid: Locator, row: number, names: readonly string[]): Promise<void> {
  const page = grid.page();
  const select = grid.getByRole('combobox', { name: '配送区域' }).nth(row);
  for (const name of names) {
    // A multiple select's search input is editable once the select is open.
    await select.click();
    await select.fill(name.slice(0, 2));
    await dropdownOption(page, new RegExp(`^${name}$`)).click();
    await grid.locator('.ant-select-selection-item').filter({ hasText: name }).waitFor();
  }
  await page.keyboard.press('Escape');
}

/** Opens an entry of 销售订单 from the side menu, clicking again while a busy runner's menu animation swallowed the click. */
async function openOrderPage(page: Page, entry: string, pathname: string): Promise<void> {
  const menu = page.getByRole('menu').first();
  const item = menu.getByText(entry, { exact: true }).first();
  if (!(await item.isVisible())) await menu.getByText('销售订单', { exact: true }).first().click();
  await item.waitFor();
  await expect
    .poll(
      async () => {
        if (new URL(page.url()).pathname !== pathname) await item.click();
        return new URL(page.url()).pathname;
      },
      { timeout: 30_000 },
    )
    .toBe(pathname);
}

const inputValues = (scope: Locator, label: string) => scope.getByRole('spinbutton', { name: label }).evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));

describe('快递 and 线下订单', () => {
  it('saves a freight template edited as grids and reopens it; creates an unpaid offline order at a changed price and confirms its payment', async () => {
    const suffix = stamp();
    const templateName = `端到端运费${suffix}`;
    const spuName = `端到端线下${suffix}`;
    const token = await apiToken();
    await createSpu(token, spuName);
    const members = await shopApi<{ records: Array<{ id: string; mobile: string }> }>(token, 'GET', '/cust/custMember/list?pageNo=1&pageSize=1&status=1');
    const member = members.result.records[0];
    if (member === undefined) throw new Error('no seeded member');

    const { context, page } = await newPage(browser());
    await loginAs(page, DEMO.admin);

    // ---- 快递 → 运费模板: one charge row for 北京市 and 上海市, one free row for 广东省.
    await openOrderPage(page, '快递', '/saleorder/expressList');
    await page.getByRole('tab', { name: '运费模板' }).click();
    await page.waitForURL((url) => url.searchParams.get('view') === 'freight');
    await page.getByRole('button', { name: /新\s*增/ }).filter({ visible: true }).click();
    await page.waitForURL((url) => url.searchParams.get('ftCreate') === '1');
    const form = dialog(page);
    await field(page, 'ftform_name').fill(templateName);
    await field(page, 'ftform_chargeMode').click();
    await dropdownOption(page, /^按件$/).click();
    const charges = form.getByTestId('freight-charges');
    // The count words follow the charge mode.
    await charges.getByRole('columnheader', { name: '首件 (件)' }).waitFor();
    await pickAreas(charges, 0, ['北京市', '上海市']);
    await charges.getByRole('spinbutton', { name: '运费 (元)' }).fill('8');
    await charges.getByRole('spinbutton', { name: '续费 (元)' }).fill('2');
    const frees = form.getByTestId('freight-frees');
    await frees.getByRole('button', { name: '添加包邮规则' }).click();
    // A free row with no condition is named before anything is sent.
    await modalOk(page).click();
    await frees.getByText('第 1 行请填写满金额或满件').waitFor();
    await pickAreas(frees, 0, ['广东省']);
    await frees.getByRole('spinbutton', { name: '满金额 (元)' }).fill('99');
    await modalOk(page).click();
    await page.getByText('添加成功').first().waitFor();
    await dialogsClosed(page);

    await field(page, 'ftsearch_name').fill(templateName);
    await searchButton(page).click();
    await expect.poll(() => listRows(page).count()).toBe(1);
    await clickRowAction(listRows(page).first(), /编\s*辑/);
    await page.waitForURL((url) => url.searchParams.get('ftEdit') !== null);
    const reopened = dialog(page);
    const reopenedCharges = reopened.getByTestId('freight-charges');
    await expect.poll(() => reopenedCharges.locator('.ant-select-selection-item').allTextContents()).toEqual(['北京市', '上海市']);
    expect(await inputValues(reopenedCharges, '运费 (元)')).toEqual(['8.00']);
    expect(await inputValues(reopenedCharges, '首件')).toEqual(['1']);
    expect(await inputValues(reopenedCharges, '续费 (元)')).toEqual(['2.00']);
    const reopenedFrees = reopened.getByTestId('freight-frees');
    expect(await reopenedFrees.locator('.ant-select-selection-item').allTextContents()).toEqual(['广东省']);
    expect(await inputValues(reopenedFrees, '满金额 (元)')).toEqual(['99.00']);
    await reopened.getByRole('button', { name: /取\s*消/ }).click();
    await dialogsClosed(page);

    // ---- 线下订单: a seeded member, one SKU, count 2 at 12.34 → 24.68, unpaid.
    await openOrderPage(page, '线下订单', '/saleorder/offlineOrderList');
    await page.getByRole('button', { name: '新增线下订单' }).filter({ visible: true }).click();
    await page.waitForURL((url) => url.searchParams.get('create') === '1');
    const order = dialog(page);
    await order.getByRole('combobox', { name: '会员' }).click();
    await order.getByRole('combobox', { name: '会员' }).fill(member.mobile);
    await dropdownOption(page, member.mobile).first().click();
    await order.getByRole('combobox', { name: '商品规格' }).click();
    await order.getByRole('combobox', { name: '商品规格' }).fill(spuName);
    await dropdownOption(page, spuName).first().click();
    // The unit price comes from the SKU, then is changed.
    await expect.poll(() => inputValues(order, '单价 (元)')).toEqual(['19.90']);
    await order.getByRole('spinbutton', { name: '数量' }).fill('2');
    await order.getByRole('spinbutton', { name: '单价 (元)' }).fill('12.34');
    await expect.poll(() => order.getByTestId('offline-total').textContent()).toBe('合计：¥24.68');
    // 快递发货 (the default) asks for the receiver and address before anything is sent (issue 32).
    await modalOk(page).click();
    await order.getByText('请输入收货人', { exact: true }).waitFor();
    await order.getByLabel('收货人', { exact: true }).fill('王五');
    await order.getByLabel('收货人手机', { exact: true }).fill('13800000999');
    // 收货地区 is picked (province → city → county), never typed: 上海市 / 上海市 / 浦东新区 (310115).
    await order.getByLabel('收货地区', { exact: true }).first().click();
    for (const [level, name] of ['上海市', '上海市', '浦东新区'].entries()) {
      await page.locator('.ant-cascader-dropdown:visible .ant-cascader-menu').nth(level).locator('.ant-cascader-menu-item').filter({ hasText: new RegExp(`^${name}$`) }).click();
    }
    await order.getByLabel('收货地址', { exact: true }).fill('世纪大道 8 号');
    await modalOk(page).click();
    await page.getByText('线下订单已创建').first().waitFor();
    await dialogsClosed(page);

    const listed = await shopApi<{ records: Array<{ no: string; payPrice: string | number; receiverName: string | null }> }>(token, 'GET', `/saleorder/saleOrder/list?type=1&spuNames=${encodeURIComponent(`*${spuName}*`)}`);
    expect(listed.result.records).toHaveLength(1);
    expect(listed.result.records[0]?.receiverName).toBe('王五');
    const orderNo = listed.result.records[0]?.no ?? '';
    await field(page, 'search_no').fill(orderNo);
    await searchButton(page).click();
    await expect.poll(() => listRows(page).count()).toBe(1);
    const row = listRows(page).first();
    await expect.poll(() => row.textContent()).toContain('待付款');
    expect(await row.textContent()).toContain('24.68');
    expect(await row.textContent()).toContain(member.mobile);

    await clickRowAction(row, '确认付款');
    await answerConfirm(page);
    await page.getByText('已确认付款').first().waitFor();
    await expect.poll(() => listRows(page).first().textContent()).toContain('待发货');
    expect(await listRows(page).first().getByRole('button', { name: '确认付款' }).count()).toBe(0);
    await context.close();
  }, 240_000);
});
