/**
 * Issue 32, forms that never go stale, end to end on 商品SPU: an edit reopened after a save shows the saved SKU prices
 * (and a later save of a bar code keeps them); a save over a newer version made through the API meanwhile is refused
 * with 数据已被他人修改，请刷新后重试 and 刷新 shows the newer one; closing a changed 新增商品 asks first (Esc pressed
 * outside a field included); the 上架 switch asks before it acts.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { apiToken, clickRowAction, DEMO, dialog, dialogsClosed, field, loginAs, newPage, OK, openFromMenu, shopApi, useBrowser } from '../../../../tests/e2e/support';
import type { SpuRecord } from '../../entities';

const browser = useBrowser();

const MSG_STALE = '数据已被他人修改，请刷新后重试';
const stamp = () => String(Date.now() % 10_000_000).padStart(7, '0');
const listRows = (page: Page) => page.locator('.ant-tabs-tabpane-active .ant-card .ant-table-tbody tr.ant-table-row:visible');
const grid = (page: Page) => dialog(page).getByRole('table', { name: 'SKU 列表' });
const cellInputs = (scope: Locator, column: string) => scope.locator(`[data-column="${column}"] input`);
const prices = (page: Page) => cellInputs(grid(page), 'price').evaluateAll((inputs) => inputs.map((input) => Number((input as HTMLInputElement).value)));
/**
 * The dialog's 确定. Not by its name: after a save the dialog's button may keep its loading icon in its leave
 * animation (antd), which adds “loading” to the name while the icon shows nothing.
 */
const save = (page: Page) => dialog(page).locator('.ant-modal-footer .ant-btn-primary');
const question = (page: Page) => page.locator('.ant-modal-confirm:visible .ant-modal-confirm-title');

async function categoryId(token: string, name: string): Promise<string> {
  const found = await shopApi<Array<{ id: string; name: string }>>(token, 'GET', `/goods/goodsCategory/searchBy?keyword=${encodeURIComponent(name)}`);
  const hit = found.result.find((node) => node.name === name);
  if (hit === undefined) throw new Error(`no category ${name}`);
  return hit.id;
}

/** A 尺码 M / L SPU at 79.00 each, made through the API; its id. */
async function createSizedSpu(token: string, name: string, status = '0'): Promise<string> {
  const picked = await shopApi<{ records: Array<{ picUrl: string }> }>(token, 'GET', '/goods/goodsSpu/list?pageSize=1');
  const size = (value: string) => [{ propertyName: '尺码', valueName: value }];
  const created = await shopApi<SpuRecord>(token, 'POST', '/goods/goodsSpu/add', {
    name,
    categoryId: await categoryId(token, 'T恤'),
    picUrl: picked.result.records[0]?.picUrl ?? 'placeholder.png',
    specType: '1',
    status,
    deliveryTypes: '1',
    skus: [
      { properties: size('M'), price: '79.00', stock: 5 },
      { properties: size('L'), price: '79.00', stock: 5 },
    ],
  });
  expect(created.success, created.message).toBe(true);
  return created.result.id;
}

const spuOf = async (token: string, id: string) => (await shopApi<SpuRecord>(token, 'GET', `/goods/goodsSpu/queryById?id=${id}`)).result;

async function openList(page: Page, name: string, tab: '出售中' | '仓库中' = '仓库中'): Promise<void> {
  await openFromMenu(page, '商品管理', '商品SPU', '/goods/goodsSpuList');
  await listRows(page).first().waitFor();
  await page.locator('.ant-tabs-tabpane-active .crud-status-tabs .ant-tabs-tab:visible').filter({ hasText: tab }).click();
  await field(page, 'search_name').fill(name);
  await page.getByRole('button', { name: /查\s*询/ }).filter({ visible: true }).click();
  await expect.poll(() => listRows(page).count()).toBe(1);
}

/** 编辑 on the listed SPU, on its 价格库存 tab once its SKUs show. */
async function openEdit(page: Page): Promise<void> {
  await clickRowAction(listRows(page).first(), /编\s*辑/);
  await page.waitForURL((url) => url.searchParams.get('edit') !== null);
  await dialog(page).getByRole('tab', { name: '价格库存' }).click();
  await expect.poll(() => cellInputs(grid(page), 'price').count()).toBe(2);
}

describe('商品SPU 编辑: never stale', () => {
  it('reopened after a save shows the saved prices, and a later bar-code save keeps them on the server', async () => {
    const token = await apiToken();
    const name = `端到端不陈旧${stamp()}`;
    const id = await createSizedSpu(token, name);
    const { context, page } = await newPage(browser());
    await loginAs(page, DEMO.admin);
    await openList(page, name);

    await openEdit(page);
    expect(await prices(page)).toEqual([79, 79]);
    await cellInputs(grid(page), 'price').nth(1).fill('89');
    await save(page).click();
    await page.getByText('编辑成功!').first().waitFor();
    await dialogsClosed(page);

    // Without a reload: the grid shows 89, never the 79 of the first opening.
    await openEdit(page);
    await expect.poll(() => prices(page)).toEqual([79, 89]);
    await cellInputs(grid(page), 'barCode').nth(0).fill('6900000032001');
    await save(page).click();
    await dialogsClosed(page);
    await expect.poll(async () => (await spuOf(token, id)).skus?.map((sku) => [sku.price, sku.barCode ?? null])).toEqual([
      [79, '6900000032001'],
      [89, null],
    ]);
    await context.close();
  }, 180_000);

  it('refuses a save over a newer version made meanwhile, says so, and 刷新 shows the newer one', async () => {
    const token = await apiToken();
    const name = `端到端版本${stamp()}`;
    const id = await createSizedSpu(token, name);
    const { context, page } = await newPage(browser());
    await loginAs(page, DEMO.admin);
    await openList(page, name);
    await openEdit(page);
    await cellInputs(grid(page), 'price').nth(1).fill('99');

    // Someone else saves L at 95 through the API while the dialog is open.
    const read = await spuOf(token, id);
    const theirs = await shopApi(token, 'PUT', '/goods/goodsSpu/edit', { id, rowVersion: read.rowVersion, skus: (read.skus ?? []).map((sku, index) => ({ id: sku.id, properties: sku.properties, price: index === 1 ? '95.00' : '79.00' })) });
    expect(theirs.success, theirs.message).toBe(true);

    await save(page).click();
    await dialog(page).getByRole('alert').filter({ hasText: MSG_STALE }).waitFor();
    expect(await page.getByText(MSG_STALE).count()).toBeGreaterThan(0);
    // Nothing of the refused save reached the server; the dialog still holds what was typed.
    expect((await spuOf(token, id)).skus?.map((sku) => sku.price)).toEqual([79, 95]);
    expect(await prices(page)).toEqual([79, 99]);

    await dialog(page).getByRole('button', { name: /刷\s*新/ }).click();
    await expect.poll(() => prices(page)).toEqual([79, 95]);
    await expect.poll(() => dialog(page).getByRole('alert').filter({ hasText: MSG_STALE }).count()).toBe(0);
    await context.close();
  }, 180_000);
});

describe('商品SPU: closing and switching ask first', () => {
  it('asks before 新增商品 with something typed closes (Esc outside a field, 取消), and keeps it on 继续编辑', async () => {
    const { context, page } = await newPage(browser());
    await loginAs(page, DEMO.admin);
    await openFromMenu(page, '商品管理', '商品SPU', '/goods/goodsSpuList');
    await listRows(page).first().waitFor();

    // Untouched, Esc closes at once.
    await page.getByRole('button', { name: /新\s*增/ }).filter({ visible: true }).click();
    await page.waitForURL((url) => url.searchParams.get('create') === '1');
    await field(page, 'spu_name').waitFor();
    await dialog(page).locator('.ant-modal-title').click();
    await page.keyboard.press('Escape');
    await dialogsClosed(page);

    await page.getByRole('button', { name: /新\s*增/ }).filter({ visible: true }).click();
    await field(page, 'spu_name').fill('写了一半的商品');
    // Esc with the focus outside every field: asks, and 继续编辑 keeps what was typed.
    await dialog(page).locator('.ant-modal-title').click();
    await page.keyboard.press('Escape');
    await question(page).getByText('放弃未保存的修改？').waitFor();
    await page.locator('.ant-modal-confirm:visible').getByRole('button', { name: '继续编辑' }).click();
    await expect.poll(() => question(page).count()).toBe(0);
    expect(await field(page, 'spu_name').inputValue()).toBe('写了一半的商品');
    expect(new URL(page.url()).searchParams.get('create')).toBe('1');

    // 取消 asks the same; 放弃修改 closes.
    await dialog(page).getByRole('button', { name: /取\s*消/ }).click();
    await question(page).getByText('放弃未保存的修改？').waitFor();
    await page.locator('.ant-modal-confirm:visible').getByRole('button', { name: '放弃修改' }).click();
    await dialogsClosed(page);
    expect(new URL(page.url()).searchParams.get('create')).toBeNull();
    await context.close();
  }, 120_000);

  it('asks before the 上架 switch acts: 取消 leaves the goods in 仓库中, 确定 puts them on the shelf', async () => {
    const token = await apiToken();
    const name = `端到端开关${stamp()}`;
    const id = await createSizedSpu(token, name, '0');
    const { context, page } = await newPage(browser());
    await loginAs(page, DEMO.admin);
    await openList(page, name);
    const toggle = listRows(page).first().getByRole('switch', { name: '销售状态' });

    await toggle.click();
    await question(page).getByText(`确定上架「${name}」吗？上架后买家即可看到并购买。`).waitFor();
    await page.locator('.ant-modal-confirm:visible').getByRole('button', { name: /取\s*消/ }).click();
    await expect.poll(() => question(page).count()).toBe(0);
    expect((await spuOf(token, id)).status).toBe('0');
    expect(await toggle.getAttribute('aria-checked')).toBe('false');

    await toggle.click();
    await page.locator('.ant-modal-confirm:visible').getByRole('button', { name: OK }).click();
    await page.getByText('修改状态成功').first().waitFor();
    await expect.poll(async () => (await spuOf(token, id)).status).toBe('1');
    await context.close();
  }, 120_000);
});
