/**
 * Issue 12, the goods screens end to end: a multi-spec SPU created through the form (grid generated,
 * 批量设置, saved, reopened with its SKUs), the category tree (添加下级, search, a refused delete), the
 * status tabs with a batch 上架 and their counts, and a stock 入库 with its ledger record.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { apiToken, clickRowAction, DEMO, dialog, dialogsClosed, drawer, field, loginAs, modalOk, newPage, OK, openFromMenu, shopApi, useBrowser } from '../../../../tests/e2e/support';

const browser = useBrowser();

const stamp = () => String(Date.now() % 10_000_000).padStart(7, '0');

/** A 1×1 PNG, the cover picture the form requires. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** The list of the visible page (kept-alive tabs hold hidden copies). */
const listRows = (page: Page) => page.locator('.ant-tabs-tabpane-active .ant-card .ant-table-tbody tr.ant-table-row:visible');
const gridRows = (scope: Locator) => scope.locator('.mbo-et-row[data-row-id]');
const searchButton = (page: Page) => page.getByRole('button', { name: /查\s*询/ }).filter({ visible: true });

/** A category id by name (searchBy answers the matching categories). */
async function categoryId(token: string, name: string): Promise<string> {
  const found = await shopApi<Array<{ id: string; name: string }>>(token, 'GET', `/goods/goodsCategory/searchBy?keyword=${encodeURIComponent(name)}`);
  const hit = found.result.find((node) => node.name === name);
  if (hit === undefined) throw new Error(`no category ${name}`);
  return hit.id;
}

/** A single-spec SPU made through the API (仓库中 unless told), for the tests that start from one. */
async function createSpu(token: string, name: string, options: { stock?: number; status?: string } = {}): Promise<string> {
  const picked = await shopApi<{ records: Array<{ picUrl: string }> }>(token, 'GET', '/goods/goodsSpu/list?pageSize=1');
  const created = await shopApi<unknown>(token, 'POST', '/goods/goodsSpu/add', {
    name,
    categoryId: await categoryId(token, 'T恤'),
    picUrl: picked.result.records[0]?.picUrl ?? 'placeholder.png',
    specType: '0',
    status: options.status ?? '0',
    deliveryTypes: '1',
    skus: [{ properties: [], price: '19.90', stock: options.stock ?? 5, lowStock: 1 }],
  });
  expect(created.success, created.message).toBe(true);
  const listed = await shopApi<{ records: Array<{ id: string }> }>(token, 'GET', `/goods/goodsSpu/list?name=${encodeURIComponent(name)}&status=-1,0,1`);
  const id = listed.result.records[0]?.id;
  if (id === undefined) throw new Error(`SPU ${name} not listed`);
  return id;
}

/** The text of a column of the first listed row, by its header. */
async function cellOf(page: Page, header: string): Promise<string> {
  const headers = await page.locator('.ant-tabs-tabpane-active .ant-card .ant-table-thead th:visible').allTextContents();
  const index = headers.findIndex((text) => text.trim() === header);
  return (await listRows(page).first().locator('td').nth(index).textContent())?.trim() ?? '';
}

/** The number on a status tab's badge. */
async function tabCount(page: Page, label: string): Promise<number> {
  const text = await page.locator('.ant-tabs-tabpane-active .crud-status-tabs .ant-tabs-tab:visible').filter({ hasText: label }).locator('.ant-badge').textContent();
  return Number((text ?? '').replace(/\D/g, ''));
}

async function openTab(page: Page, label: string): Promise<void> {
  await page.locator('.ant-tabs-tabpane-active .crud-status-tabs .ant-tabs-tab:visible').filter({ hasText: label }).click();
  await page.locator('.ant-tabs-tabpane-active .crud-status-tabs .ant-tabs-tab-active:visible').filter({ hasText: label }).waitFor();
}

async function searchName(page: Page, name: string, expected: number): Promise<void> {
  await field(page, 'search_name').fill(name);
  await searchButton(page).click();
  await expect.poll(() => listRows(page).count()).toBe(expected);
}

/** Adds one property with its values in the 价格库存 tab (name typed, values as tags). */
async function addProperty(form: Locator, name: string, values: readonly string[]): Promise<void> {
  const page = form.page();
  const before = await form.getByTestId('spec-property').count();
  await form.getByRole('button', { name: '添加规格' }).click();
  const property = form.getByTestId('spec-property').nth(before);
  await property.getByRole('combobox', { name: '规格名称' }).fill(name);
  const valuesInput = property.getByRole('combobox', { name: /规格值/ });
  for (const value of values) {
    await valuesInput.fill(value);
    await page.keyboard.press('Enter');
    await property.locator('.ant-select-selection-item').filter({ hasText: value }).waitFor();
  }
  await page.keyboard.press('Escape');
}

describe('商品SPU: the form', () => {
  it('creates a multi-spec SPU: 颜色 × 尺码 give 4 SKUs, 批量设置 fills them, the SPU lists in 仓库中 and reopens with its SKUs', async () => {
    const name = `端到端多规格${stamp()}`;
    const { context, page } = await newPage(browser());
    await loginAs(page, DEMO.admin);
    await openFromMenu(page, '商品管理', '商品SPU', '/goods/goodsSpuList');
    await listRows(page).first().waitFor();

    await page.getByRole('button', { name: /新\s*增/ }).filter({ visible: true }).click();
    await page.waitForURL((url) => url.searchParams.get('create') === '1');
    const form = dialog(page);
    await form.getByText('基础设置').first().waitFor();

    // Saving an empty form opens nothing: the first error's tab shows its message.
    await modalOk(page).click();
    await form.getByText('请输入商品名称!').waitFor();

    await field(page, 'spu_name').fill(name);
    await field(page, 'spu_categoryId').fill('T恤');
    await page.locator('.ant-select-dropdown:visible .ant-select-tree-node-content-wrapper').filter({ hasText: /^T恤$/ }).click();
    const cover = form.locator('.ant-form-item').filter({ hasText: '封面图' });
    await cover.locator('input[type=file]').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
    await cover.locator('[data-upload-item="cover.png"]').waitFor();

    await form.getByRole('tab', { name: '价格库存' }).click();
    await form.getByText('多规格').click();
    await addProperty(form, '颜色', ['红色', '蓝色']);
    await addProperty(form, '尺码', ['M', 'L']);
    const grid = form.getByRole('table', { name: 'SKU 列表' });
    await expect.poll(() => gridRows(grid).count()).toBe(4);
    expect(await gridRows(grid).allTextContents()).toEqual([expect.stringContaining('红色M'), expect.stringContaining('红色L'), expect.stringContaining('蓝色M'), expect.stringContaining('蓝色L')]);

    // 批量设置: price and stock for every row.
    const batch = form.getByTestId('sku-batch');
    await batch.getByRole('spinbutton', { name: '批量设置销售价' }).fill('88.8');
    await batch.getByRole('spinbutton', { name: '批量设置库存' }).fill('12');
    await batch.getByRole('button', { name: '批量设置' }).click();
    await expect.poll(() => grid.locator('[data-column="price"] input').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value))).toEqual(['88.8', '88.8', '88.8', '88.8']);
    await expect.poll(() => grid.locator('[data-column="stock"] input').evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value))).toEqual(['12', '12', '12', '12']);

    await modalOk(page).click();
    await page.getByText('添加成功').first().waitFor();
    await dialogsClosed(page);

    // New goods wait in 仓库中.
    await openTab(page, '仓库中');
    await searchName(page, name, 1);
    const row = listRows(page).first();
    await expect.poll(() => row.textContent()).toContain('88.80');
    await expect.poll(() => row.textContent()).toContain('48');

    // Reopened: its 4 SKUs with their values; saved stock is read-only (it changes through 库存).
    await clickRowAction(row, /编\s*辑/);
    await page.waitForURL((url) => url.searchParams.get('edit') !== null);
    await dialog(page).getByRole('tab', { name: '价格库存' }).click();
    const reopened = dialog(page).getByRole('table', { name: 'SKU 列表' });
    await expect.poll(() => gridRows(reopened).count()).toBe(4);
    await expect.poll(() => reopened.locator('[data-column="price"] input').evaluateAll((inputs) => inputs.map((input) => Number((input as HTMLInputElement).value)))).toEqual([88.8, 88.8, 88.8, 88.8]);
    expect(await reopened.getByTestId('saved-stock').allTextContents()).toEqual(['12', '12', '12', '12']);
    expect(await dialog(page).getByTestId('spec-property').count()).toBe(2);
    await dialog(page).getByRole('button', { name: /取\s*消/ }).click();
    await dialogsClosed(page);
    await context.close();
    // A long walk through a large form: on the shared 2-core runner it needs more than the default minute.
  }, 180_000);
});

describe('分类: the category tree', () => {
  it('adds a child under a seeded category, finds it by search, and refuses to delete a category with children', async () => {
    const name = `端到端分类${stamp()}`;
    const { context, page } = await newPage(browser());
    await loginAs(page, DEMO.admin);
    await openFromMenu(page, '商品管理', '分类', '/goods/goodsCategoryList');
    await listRows(page).first().waitFor();
    await page.getByRole('button', { name: '展开全部' }).filter({ visible: true }).click();
    const parent = listRows(page).filter({ has: page.locator('td', { hasText: /^男装$/ }) });
    await clickRowAction(parent, '添加下级');
    await page.waitForURL((url) => url.searchParams.get('create') === '1' && url.searchParams.get('parent') !== null);
    await dialog(page).locator('.ant-select-selection-item').filter({ hasText: '男装' }).waitFor();
    await field(page, 'form_name').fill(name);
    await modalOk(page).click();
    await page.getByText('添加成功').first().waitFor();
    await dialogsClosed(page);

    // The tree shows it under 男装; the search finds it.
    await listRows(page).filter({ has: page.locator('td', { hasText: new RegExp(`^${name}$`) }) }).waitFor();
    await page.locator('.ant-tabs-tabpane-active input[aria-label="分类名称"]:visible').fill(name);
    await page.getByRole('button', { name: /查\s*询/ }).filter({ visible: true }).click();
    await expect.poll(() => listRows(page).count()).toBe(1);
    await listRows(page).filter({ hasText: name }).waitFor();

    // 服装 has children: the server refuses and says why.
    await page.getByRole('button', { name: /重\s*置/ }).filter({ visible: true }).click();
    const clothing = listRows(page).filter({ has: page.locator('td', { hasText: /^服装$/ }) });
    await clickRowAction(clothing, /删\s*除/);
    await page.locator('.ant-modal-confirm:visible').getByRole('button', { name: OK }).click();
    await page.getByText('该分类下有子分类，不能删除').first().waitFor();
    await listRows(page).filter({ has: page.locator('td', { hasText: /^服装$/ }) }).waitFor();
    await context.close();
  });
});

describe('商品SPU: status tabs', () => {
  it('moves the selected goods from 仓库中 to 出售中 with 批量上架, and the counts follow', async () => {
    const prefix = `端到端上架${stamp()}`;
    const token = await apiToken();
    await createSpu(token, `${prefix}甲`);
    await createSpu(token, `${prefix}乙`);
    const { context, page } = await newPage(browser());
    await loginAs(page, DEMO.admin);
    await openFromMenu(page, '商品管理', '商品SPU', '/goods/goodsSpuList');
    await listRows(page).first().waitFor();
    await openTab(page, '仓库中');
    await searchName(page, prefix, 2);
    await expect.poll(() => tabCount(page, '仓库中')).toBeGreaterThan(1);
    const warehouse = await tabCount(page, '仓库中');
    const onSale = await tabCount(page, '出售中');

    await page.locator('.ant-tabs-tabpane-active .ant-card .ant-table-thead .ant-checkbox-input:visible').check();
    await page.getByRole('button', { name: '批量上架' }).filter({ visible: true }).click();
    await page.locator('.ant-modal-confirm:visible .ant-modal-confirm-title').getByText('确定上架选中的 2 个商品吗？').waitFor();
    await page.locator('.ant-modal-confirm:visible').getByRole('button', { name: OK }).click();
    await page.getByText('修改状态成功').first().waitFor();

    // They leave 仓库中 and show in 出售中; both counts change by two.
    await expect.poll(() => listRows(page).count()).toBe(0);
    await expect.poll(() => tabCount(page, '仓库中')).toBe(warehouse - 2);
    await expect.poll(() => tabCount(page, '出售中')).toBe(onSale + 2);
    await openTab(page, '出售中');
    await searchName(page, prefix, 2);
    expect(await listRows(page).locator('.ant-switch-checked').count()).toBe(2);
    await context.close();
  });
});

describe('库存: 入库 with its record', () => {
  it('adds 10 with a reason: the stock column changes and 库存记录 shows +10 with the total after', async () => {
    const name = `端到端入库${stamp()}`;
    const token = await apiToken();
    await createSpu(token, name, { stock: 5 });
    const { context, page } = await newPage(browser());
    await loginAs(page, DEMO.admin);
    await openFromMenu(page, '商品管理', '库存', '/goods/goodsStockList');
    await listRows(page).first().waitFor();
    await field(page, 'search_spuName').fill(name);
    await searchButton(page).click();
    await expect.poll(() => listRows(page).count()).toBe(1);
    const row = listRows(page).first();

    await clickRowAction(row, /入\s*库/);
    await dialog(page).getByText('当前库存').waitFor();
    expect(await dialog(page).getByTestId('stock-before').inputValue()).toBe('5');
    await dialog(page).getByRole('spinbutton').fill('10');
    await expect.poll(() => dialog(page).getByTestId('stock-after').textContent()).toBe('15');
    await modalOk(page).click();
    await dialog(page).getByText('请输入原因').waitFor();
    await dialog(page).locator('textarea').fill('端到端补货');
    await modalOk(page).click();
    await dialogsClosed(page);
    await page.getByText('入库成功').first().waitFor();
    await expect.poll(() => cellOf(page, '库存')).toBe('15');

    await clickRowAction(row, '库存记录');
    await page.waitForURL((url) => url.searchParams.get('records') !== null);
    const record = drawer(page).locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: '端到端补货' });
    await record.waitFor();
    expect(await record.textContent()).toContain('+10');
    expect(await record.locator('td').allTextContents()).toContain('15');
    await context.close();
  });
});

describe('商品详情', () => {
  it('opens from the row’s 详情 at /goods/goodsDetail?id=, with the SKU and its opening stock record', async () => {
    const name = `端到端详情${stamp()}`;
    const token = await apiToken();
    const id = await createSpu(token, name, { stock: 7 });
    const { context, page } = await newPage(browser());
    await loginAs(page, DEMO.admin);
    await openFromMenu(page, '商品管理', '商品SPU', '/goods/goodsSpuList');
    await listRows(page).first().waitFor();
    await openTab(page, '仓库中');
    await searchName(page, name, 1);
    await clickRowAction(listRows(page).first(), /详\s*情/);
    await page.waitForURL((url) => url.pathname === '/goods/goodsDetail' && url.searchParams.get('id') === id);
    const detail = page.locator('.ant-tabs-tabpane-active .entity-detail-header').filter({ hasText: name });
    await detail.waitFor();
    const skus = page.locator('.ant-tabs-tabpane-active [data-testid="goods-detail-skus"] tbody tr.ant-table-row');
    await expect.poll(() => skus.count()).toBe(1);
    expect(await skus.first().textContent()).toContain('19.90');
    // 配送方式 by name, never its code `1`; the breadcrumb names the menu group and the list (issue 32).
    await expect.poll(() => page.locator('.ant-tabs-tabpane-active [data-testid="goods-detail-delivery-types"]').textContent()).toBe('快递发货');
    await expect.poll(() => page.locator('.ant-breadcrumb:visible').first().innerText()).toMatch(/商品管理\s*\/\s*商品SPU\s*\/\s*商品详情/);

    await page.locator('.ant-tabs-tabpane-active').getByRole('tab', { name: '库存记录' }).click();
    const records = page.locator('.ant-tabs-tabpane-active .ant-tabs-tabpane-active .ant-table-tbody tr.ant-table-row');
    await expect.poll(() => records.count()).toBe(1);
    await expect.poll(() => records.first().textContent()).toContain('其它入库');
    expect(await records.first().textContent()).toContain('7');
    await context.close();
  });
});
