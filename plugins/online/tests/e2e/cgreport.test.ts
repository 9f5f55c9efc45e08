/**
 * Issue 18, the report builder end to end: a report with a parameter defined in 报表配置 (解析SQL fills
 * the columns and the parameter), saved, opened at /online/cgreportList/<code> from 功能测试, run with the
 * parameter (rows, sum row and chart), and exported as a file.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { clickRowAction, DEMO, drawer, loginAs, newPage, openFromMenu, useBrowser } from '../../../../tests/e2e/support';

const browser = useBrowser();

const stamp = () => String(Date.now() % 10_000_000).padStart(7, '0');

const activeRows = (page: Page) => page.locator('.ant-tabs-tabpane-active [data-testid="cgreport-table"] .ant-table-tbody tr.ant-table-row:visible');

/** Picks an option of a Select in the drawer (its shown value covers the input, hence the forced click). */
async function choose(page: Page, label: string, option: string): Promise<void> {
  await drawer(page).getByRole('combobox', { name: label }).click({ force: true });
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
  await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
}

describe('报表配置', () => {
  it('defines a report with a parameter, opens it, runs it with the parameter, charts and exports it', async () => {
    const { context, page } = await newPage(browser());
    try {
      await loginAs(page, DEMO.admin);
      await openFromMenu(page, '在线开发', '报表配置', '/online/cgreport');
      const code = `e2e_levels_${stamp()}`;
      const name = `等级人数${stamp()}`;

      await page.getByTestId('cgreport-add').click();
      const editor = drawer(page);
      await editor.getByLabel('报表编码').fill(code);
      await editor.getByLabel('报表名称').fill(name);
      await editor.getByTestId('cgreport-sql').fill(
        "select l.name as level_name, count(m.id) as member_count from cust_member m join cust_level l on l.id = m.level_id where m.point >= cast('${minPoint}' as int) group by l.name, l.level order by l.level",
      );
      await editor.getByTestId('cgreport-parse').click();
      const items = editor.getByTestId('cgreport-items');
      await expect.poll(() => items.locator('tr.ant-table-row').count()).toBe(2);
      await expect.poll(() => editor.getByTestId('cgreport-params').locator('tr.ant-table-row').count()).toBe(1);
      await editor.getByLabel('默认值 minPoint').fill('0');
      await items.locator('tr.ant-table-row', { hasText: 'member_count' }).getByRole('checkbox', { name: '合计' }).check();
      await choose(page, '图表类型', '柱状图');
      await choose(page, '分类字段（X）', 'level_name');
      await choose(page, '数值字段（Y）', 'member_count');
      await editor.getByTestId('cgreport-save').click();
      await drawer(page).waitFor({ state: 'detached' });

      const row = page.locator('.ant-table-tbody tr.ant-table-row:visible', { hasText: code });
      await row.waitFor();
      await clickRowAction(row, '功能测试');
      await page.waitForURL((url) => url.pathname === `/online/cgreportList/${code}`);

      const minPoint = page.locator('.ant-tabs-tabpane-active #minPoint');
      await expect.poll(() => minPoint.inputValue()).toBe('0');
      await expect.poll(() => activeRows(page).count()).toBeGreaterThan(0);
      await page.locator('.ant-tabs-tabpane-active [data-testid="cgreport-total"]').waitFor();
      await page.locator('.ant-tabs-tabpane-active [data-testid="cgreport-chart"] .recharts-surface').first().waitFor();

      // The parameter is bound: nobody has that many points, so no row is left.
      await minPoint.fill('999999999');
      await page.locator('.ant-tabs-tabpane-active').getByTestId('cgreport-search').click();
      await expect.poll(() => activeRows(page).count()).toBe(0);
      await minPoint.fill('0');
      await page.locator('.ant-tabs-tabpane-active').getByTestId('cgreport-search').click();
      await expect.poll(() => activeRows(page).count()).toBeGreaterThan(0);

      const [download] = await Promise.all([page.waitForEvent('download'), page.locator('.ant-tabs-tabpane-active').getByTestId('cgreport-export').click()]);
      expect(download.suggestedFilename()).toBe(`${name}.xlsx`);
      expect(await download.path()).toBeTruthy();
    } finally {
      await context.close();
    }
  });
});
