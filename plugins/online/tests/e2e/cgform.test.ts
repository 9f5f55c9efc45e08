/**
 * Issue 18, the form builder end to end: a form defined in 表单开发 (two fields, one required), synchronised, given a
 * JavaScript enhancement that throws, reachable from a menu item added through the API; its generated list adds a
 * record while the console shows 用户自定义JS增强代码运行出错 (the form keeps working); the seeded master-detail form
 * adds a record with one sub-table row.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { apiResult, apiToken, clickRowAction, DEMO, dialog, loginAs, modalOk, newPage, openFromMenu, shopApi, useBrowser } from '../../../../tests/e2e/support';

const browser = useBrowser();

const stamp = () => String(Date.now() % 10_000_000).padStart(7, '0');
const AUTO_LIST = 'modules/online/cgform/auto/OnlCgformAutoList';

const active = (page: Page): Locator => page.locator('.ant-tabs-tabpane-active');
const activeRows = (page: Page): Locator => active(page).locator('.ant-table-tbody tr.ant-table-row:visible');

/** The menu rows added by this file, removed after it (the other files see the seeded menu only). */
const added: string[] = [];

afterAll(async () => {
  const token = await apiToken();
  for (const id of added.reverse()) await apiResult(token, 'DELETE', `/sys/permission/delete?id=${id}`).catch(() => undefined);
});

/** A menu item under 在线开发 opening the generated list of `code`, with its 新增 button. */
async function addMenuItem(code: string, title: string): Promise<void> {
  const token = await apiToken();
  const all = await apiResult<Array<{ id: string; url?: string | null; name?: string | null }>>(token, 'GET', '/api/permission/no-pager');
  const online = all.find((row) => row.url === '/online');
  if (online === undefined) throw new Error('no 在线开发 menu');
  const item = await apiResult<{ id: string }>(token, 'POST', '/sys/permission/add', { name: title, menuType: 1, parentId: online.id, url: `/online/cgformList/${code}`, component: AUTO_LIST, sortNo: 90 });
  added.push(item.id);
  for (const [name, action] of [
    ['新增', 'add'],
    ['编辑', 'edit'],
    ['删除', 'delete'],
  ] as const) {
    const button = await apiResult<{ id: string }>(token, 'POST', '/sys/permission/add', { name, menuType: 2, parentId: item.id, perms: `online:${code}:${action}`, permsType: '1', status: '1' });
    added.push(button.id);
  }
}

describe('表单开发', () => {
  it('defines, syncs and enhances a form, opens it from a menu item and adds records (the throwing enhancement is only logged)', async () => {
    const { context, page } = await newPage(browser());
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    try {
      await loginAs(page, DEMO.admin);
      await openFromMenu(page, '在线开发', '表单开发', '/online/cgform');
      const code = `e2e_note_${stamp()}`;
      const title = `备忘${stamp()}`;

      // 新增: the head and two fields, 标题 required.
      await active(page).getByTestId('cgform-add').click();
      const designer = dialog(page);
      await designer.locator('#cgform_head_tableName').fill(code);
      await designer.locator('#cgform_head_tableTxt').fill(title);
      const fieldRows = designer.getByTestId('cgform-fields').locator('tr.ant-table-row');
      await fieldRows.nth(0).getByLabel('字段名').fill('title');
      await fieldRows.nth(0).getByLabel('字段备注').fill('标题');
      await fieldRows.nth(0).getByRole('checkbox', { name: /^允许空/ }).uncheck();
      await designer.getByTestId('cgform-add-field').click();
      await expect.poll(() => fieldRows.count()).toBe(2);
      await fieldRows.nth(1).getByLabel('字段名').fill('remark');
      await fieldRows.nth(1).getByLabel('字段备注').fill('备注');
      await designer.getByTestId('cgform-save').click();
      await designer.waitFor({ state: 'detached' });

      const row = activeRows(page).filter({ hasText: code });
      await row.getByText('未同步').waitFor();

      // 同步数据库 (普通同步): the statements run are shown, the row turns 已同步.
      await clickRowAction(row, '同步数据库');
      await dialog(page).getByTestId('cgform-sync-run').click();
      await expect.poll(() => dialog(page).getByTestId('cgform-sync-result').innerText()).toMatch(/create table/i);
      await dialog(page).getByRole('button', { name: /^关\s*闭$/ }).click();
      await row.getByText('已同步').waitFor();

      // JS增强: a form enhancement that throws when the form opens.
      await clickRowAction(row, 'JS增强');
      await dialog(page).getByTestId('cgform-enhance-code').fill("function loaded(){ throw new Error('x') }");
      await dialog(page).getByTestId('cgform-enhance-save').click();
      await dialog(page).getByTestId('cgform-enhance-history').locator('.ant-list-item').first().waitFor();
      await dialog(page).getByRole('button', { name: /^关\s*闭$/ }).click();

      // A menu item for it, added through the API: after a reload it is in the side menu.
      await addMenuItem(code, title);
      await page.reload();
      // Back on 表单开发, its branch of the side menu opens by itself (a click on 在线开发 then would fold it).
      const menu = page.getByRole('menu').first();
      await menu.getByText('在线开发').first().waitFor();
      const shown = await menu
        .getByText(title)
        .first()
        .waitFor({ timeout: 5000 })
        .then(
          () => true,
          () => false,
        );
      if (!shown) await menu.getByText('在线开发').first().click();
      await menu.getByText(title).first().click();
      await page.waitForURL((url) => url.pathname === `/online/cgformList/${code}`);
      await active(page).getByText(title).first().waitFor();

      // 新增: the enhancement's error is logged, the form still saves (标题 required first).
      await active(page).getByRole('button', { name: /新\s*增/ }).click();
      await dialog(page).locator('#form_title').waitFor();
      await expect.poll(() => consoleErrors.some((text) => text.includes('用户自定义JS增强代码运行出错') && text.includes('Error: x'))).toBe(true);
      // It ran in the sandboxed frame: scripts only, an opaque origin (no allow-same-origin).
      expect(await page.locator('iframe[data-testid="enhance-sandbox"]').getAttribute('sandbox')).toBe('allow-scripts');
      await modalOk(page).click();
      await dialog(page).getByText('请输入标题').first().waitFor();
      await dialog(page).locator('#form_title').fill('第一条备忘');
      await dialog(page).locator('#form_remark').fill('沙箱里的错误不影响表单');
      await modalOk(page).click();
      await dialog(page).waitFor({ state: 'detached' });
      await activeRows(page).filter({ hasText: '第一条备忘' }).waitFor();

      // The seeded master-detail form: a request with one line.
      await openFromMenu(page, '在线开发', '采购申请', '/online/cgformList/shop_purchase_request');
      await active(page).getByRole('button', { name: /新\s*增/ }).click();
      const form = dialog(page);
      const requestNo = `PR${stamp()}`;
      await form.locator('#form_requestNo').fill(requestNo);
      await form.locator('#form_title').fill('办公用品');
      await form.getByRole('button', { name: /新增行/ }).click();
      await form.locator('input[aria-label="商品名称"]').first().fill('签字笔');
      await form.locator('input[aria-label="数量"]').first().fill('12');
      await form.locator('input[aria-label="单价"]').first().fill('3.50');
      await modalOk(page).click();
      await form.waitFor({ state: 'detached' });
      await activeRows(page).filter({ hasText: requestNo }).waitFor();
      // The line was saved with it (read back in the admin's shop, tenant 1).
      const token = await apiToken();
      const list = await shopApi<{ records: Array<{ id: string; requestNo: string }> }>(token, 'GET', `/online/cgform/data/shop_purchase_request/list?requestNo=${requestNo}`);
      const saved = list.result.records.find((record) => record.requestNo === requestNo);
      expect(saved).toBeDefined();
      const record = await shopApi(token, 'GET', `/online/cgform/data/shop_purchase_request/queryById?id=${saved?.id ?? ''}`);
      expect(JSON.stringify(record.result)).toContain('签字笔');
    } finally {
      await context.close();
    }
  });
});
