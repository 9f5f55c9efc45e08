/**
 * Issue 32, unsaved changes are never dropped without a question where the product can know: an inline form (部门管理's
 * 基本信息) with something typed asks before its page tab is closed or refreshed, 继续编辑 keeps what was typed, and the
 * browser is asked before the page is left (beforeunload).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, field, loginAs, menusClosed, newPage, openFromMenu, useBrowser } from './support';

const browser = useBrowser();

const tab = (page: Page, title: string) => page.locator('.page-tabs .ant-tabs-tab').filter({ has: page.locator('[data-tab-key]', { hasText: new RegExp(`^${title}$`) }) });
const question = (page: Page) => page.locator('.ant-modal-confirm:visible');

async function refreshTab(page: Page, title: string): Promise<void> {
  await tab(page, title).locator('[data-tab-key]').click({ button: 'right' });
  const popup = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
  // A click during the opening animation can land beside the growing menu and close it.
  await expect.poll(() => popup.evaluate((el) => /-(enter|appear)/.test(el.className)), { timeout: 5_000 }).toBe(false);
  await popup.locator('.ant-dropdown-menu-item').filter({ hasText: '刷新' }).click();
  await menusClosed(page);
}

describe('unsaved changes', () => {
  it('asks before a tab holding a changed form is closed or refreshed, and before the page is left', async () => {
    const { context, page } = await newPage(browser());
    await loginAs(page, DEMO.admin);
    await openFromMenu(page, '系统管理', '部门管理', '/system/depart');
    await page.locator('.depart-tree-pane:visible .ant-tree-title').getByText('华南分公司', { exact: true }).click();
    await expect.poll(() => field(page, 'depart_departName').inputValue()).toBe('华南分公司');

    // Untouched, the tab refreshes without a question.
    await refreshTab(page, '部门管理');
    await expect.poll(() => field(page, 'depart_departName').inputValue()).toBe('华南分公司');
    expect(await question(page).count()).toBe(0);

    await field(page, 'depart_departName').fill('华南分公司（未保存）');
    await tab(page, '部门管理').locator('.ant-tabs-tab-remove').click();
    await question(page).locator('.ant-modal-confirm-title').getByText('放弃未保存的修改？').waitFor();
    await question(page).getByRole('button', { name: '继续编辑' }).click();
    await expect.poll(() => question(page).count()).toBe(0);
    await tab(page, '部门管理').waitFor();
    expect(await field(page, 'depart_departName').inputValue()).toBe('华南分公司（未保存）');

    await refreshTab(page, '部门管理');
    await question(page).locator('.ant-modal-confirm-title').getByText('放弃未保存的修改？').waitFor();
    await question(page).getByRole('button', { name: '继续编辑' }).click();
    await expect.poll(() => question(page).count()).toBe(0);
    expect(await field(page, 'depart_departName').inputValue()).toBe('华南分公司（未保存）');

    // Leaving the page: the browser asks (the product cannot word that question itself).
    const asked = new Promise<string>((resolve) => {
      page.once('dialog', (dialog) => {
        // Leave anyway: the page then closes.
        void dialog.accept().then(() => resolve(dialog.type()));
      });
    });
    await page.close({ runBeforeUnload: true });
    expect(await asked).toBe('beforeunload');
    await expect.poll(() => page.isClosed()).toBe(true);
    await context.close();
  }, 120_000);
});
