/**
 * 系统监控 end to end: the admin opens each of the six screens from its route and sees a real figure
 * on each (the server is the same Node binary as this test, so its version is known here); the cache
 * screen clears a cache after a confirmation; the clerk has no 系统监控 menu.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { answerConfirm, clickRowAction, DEMO, expectNoMenuEntryForClerk, loginAs, newPage, useBrowser } from '../../../../tests/e2e/support';

const browser = useBrowser();

/** Opens a monitoring route and waits for its card to show figures (its skeleton gone). */
async function open(page: Page, path: string, testId: string): Promise<void> {
  await page.goto(path);
  const card = page.getByTestId(testId);
  await card.waitFor();
  await card.getByRole('button', { name: /刷\s*新/ }).waitFor();
  await expect.poll(() => card.locator('.ant-skeleton').count()).toBe(0);
}

describe('系统监控', () => {
  it('shows real figures on each of the six screens', async () => {
    const { context, page } = await newPage(browser());
    await loginAs(page, DEMO.admin);

    // 运行时信息: the server's Node version (the same binary runs the test).
    await open(page, '/monitor/runtime', 'monitor-runtime');
    await expect.poll(() => page.getByTestId('runtime-node-version').textContent()).toBe(process.version);
    await page.getByText('常驻内存 (RSS)').first().waitFor();
    // The chart library arrives with the page: its first trend chart renders.
    await page.locator('.recharts-responsive-container').first().waitFor();

    // 磁盘监控: the root volume, with a size.
    await open(page, '/monitor/disk', 'monitor-disk');
    const rootRow = page.getByTestId('monitor-disk').locator('tr.ant-table-row').filter({ has: page.locator('td', { hasText: /^\/(\s|$)/ }) }).first();
    await rootRow.waitFor();
    expect(await rootRow.textContent()).toMatch(/\d+(\.\d+)? (GB|TB|MB)/);

    // 请求追踪: the requests this browser just made, with their user.
    await open(page, '/monitor/httpTrace', 'monitor-trace');
    const traced = page.getByTestId('monitor-trace').locator('tr.ant-table-row').filter({ hasText: '/api/monitor/disk' }).first();
    await traced.waitFor();
    expect(await traced.textContent()).toMatch(/GET.*200.*admin/);

    // 缓存信息: the caches by name; 清空 asks first, then the server confirms.
    await open(page, '/monitor/cache', 'monitor-cache');
    const dictRow = page.getByTestId('monitor-cache').locator('tr.ant-table-row').filter({ hasText: 'dictionaries' });
    await dictRow.waitFor();
    await clickRowAction(dictRow, /清\s*空/);
    await answerConfirm(page, '确定清空“数据字典”吗？', /确\s*定|OK/);
    await page.getByText('操作成功！').waitFor();

    // 系统信息: the CPU count and the embedded database.
    await open(page, '/monitor/system', 'monitor-system');
    await expect.poll(async () => Number(await page.getByTestId('system-cpu-count').textContent())).toBeGreaterThan(0);
    await page.getByText('内嵌数据库 (PGlite)').waitFor();
    await page.getByText(/^PostgreSQL \d+/).first().waitFor();

    // HTTP服务: a request total that counts at least this session's requests.
    await open(page, '/monitor/httpServer', 'monitor-http');
    await expect.poll(async () => Number((await page.getByTestId('http-total-requests').locator('.ant-statistic-content-value').textContent())?.replace(/,/g, ''))).toBeGreaterThan(5);
    await page.getByText('状态码分布').waitFor();

    await context.close();
  });

  it('gives the clerk no 系统监控 menu', async () => {
    await expectNoMenuEntryForClerk(browser(), '系统监控');
  });
});
