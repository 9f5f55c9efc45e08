/**
 * Issue 15, the dashboards end to end: 首页 shows the comparison cards and the 运营数据 counters equal to
 * the API, and a counter opens its filtered list; 工作台, 统计图表 and 待办任务 open from the menu and show
 * the figures of their API.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiToken, DEMO, loginAs, newPage, shopApi, useBrowser, yuan } from '../../../../tests/e2e/support';
import type { AnalysisResult, ChartResult, CounterView } from '../../model';

const browser = useBrowser();

const text = async (page: Page, testId: string): Promise<string> => ((await page.getByTestId(testId).first().textContent()) ?? '').trim();

async function api<T>(token: string, path: string): Promise<T> {
  const envelope = await shopApi<T>(token, 'GET', path);
  expect(envelope.success, envelope.message).toBe(true);
  return envelope.result;
}

async function openTopMenu(page: Page, entry: string, pathname: string): Promise<void> {
  await page.getByRole('menu').first().getByText(entry, { exact: true }).first().click();
  await page.waitForURL((url) => url.pathname === pathname);
}

describe('dashboards', () => {
  it('首页 shows the cards and counters of the API, and 待发货 opens the orders waiting to ship', async () => {
    const token = await apiToken(DEMO.admin);
    const { context, page } = await newPage(browser());
    try {
      await loginAs(page, DEMO.admin);
      await page.getByTestId('compare-cards').waitFor();
      const analysis = await api<AnalysisResult>(token, '/dashboard/analysis');
      expect(analysis.cards.map((card) => card.key)).toEqual(['payPrice', 'visitor', 'payOrders', 'newMembers']);
      const sales = analysis.cards.find((card) => card.key === 'payPrice');
      await expect.poll(() => text(page, 'card-payPrice-yesterday')).toBe(yuan(sales?.yesterday));
      await expect.poll(() => text(page, 'card-newMembers-yesterday')).toBe(analysis.cards.find((card) => card.key === 'newMembers')?.yesterday);
      await page.getByTestId('trade-trend').waitFor();
      await page.getByTestId('login-stats').waitFor();

      const counters = await api<CounterView[]>(token, '/dashboard/counters');
      const toDeliver = counters.find((view) => view.key === 'order.toDeliver');
      expect(toDeliver?.count).toBeGreaterThan(0);
      const card = page.getByTestId('counter-order.toDeliver');
      await expect.poll(async () => (await card.textContent()) ?? '').toContain(`待发货${String(toDeliver?.count)}`);
      await card.click();
      await page.waitForURL((url) => url.pathname === '/saleorder/saleOrderList' && url.searchParams.get('tab') === 'undelivered');
      const rows = page.locator('.ant-tabs-tabpane-active [data-testid="order-table"] .ant-table-tbody tr.ant-table-row:visible');
      await rows.first().waitFor();
      await expect.poll(() => page.locator('.ant-tabs-tabpane-active [data-testid="order-tab-count-undelivered"]').first().textContent()).toBe(String(toDeliver?.count));

      // 退款中 opens the after-sales not finished yet: the list filtered by their statuses.
      const refunding = counters.find((view) => view.key === 'order.refunding');
      if (refunding !== undefined && refunding.count > 0) {
        await openTopMenu(page, '首页', '/dashboard/analysis');
        await page.getByTestId('counter-order.refunding').click();
        await page.waitForURL((url) => url.pathname === '/saleorder/afterSaleList' && url.searchParams.get('status') === '10,20,30,40');
        const afterSales = page.locator('.ant-tabs-tabpane-active .ant-card .ant-table-tbody tr.ant-table-row:visible');
        await afterSales.first().waitFor();
        await expect.poll(() => afterSales.count()).toBe(Math.min(refunding.count, 10));
      }
    } finally {
      await context.close();
    }
  });

  it('工作台, 统计图表 and 待办任务 open and show the figures of their API', async () => {
    const token = await apiToken(DEMO.admin);
    const { context, page } = await newPage(browser());
    try {
      await loginAs(page, DEMO.admin);

      await openTopMenu(page, '工作台', '/dashboard/workplace');
      const counters = await api<CounterView[]>(token, '/dashboard/counters');
      const workplace = page.getByTestId('workplace-counters');
      for (const view of counters) await expect.poll(async () => (await workplace.getByTestId(`counter-${view.key}`).textContent()) ?? '').toMatch(new RegExp(`${String(view.count)}$`));
      const orders = await api<{ records: Array<{ no: string }> }>(token, '/saleorder/saleOrder/list?pageNo=1&pageSize=5&column=createTime&order=desc');
      await expect.poll(async () => (await page.getByTestId('recent-orders').locator('.ant-table-tbody tr.ant-table-row').first().textContent()) ?? '').toContain(orders.records[0]?.no ?? '-');
      await page.getByTestId('latest-notices').waitFor();

      await openTopMenu(page, '统计图表', '/dashboard/chart');
      const range = (await text(page, 'chart-range')).split('~').map((part) => part.trim());
      const chart = await api<ChartResult>(token, `/dashboard/chart?from=${range[0] ?? ''}&to=${range[1] ?? ''}`);
      await expect.poll(() => text(page, 'funnel-visitor')).toBe(String(chart.funnel?.visitor));
      expect(await text(page, 'funnel-orderUser')).toBe(String(chart.funnel?.orderUser));
      expect(await text(page, 'funnel-buyer')).toBe(String(chart.funnel?.buyer));
      await page.getByTestId('share-sex').waitFor();
      const male = chart.shares?.bySex.find((share) => share.key === '1');
      if (male !== undefined) await expect.poll(async () => (await page.getByTestId('share-sex').locator('.ant-table-tbody').textContent()) ?? '').toContain(`男${String(male.count)}`);

      await openTopMenu(page, '待办任务', '/dashboard/task');
      const tasks = await api<CounterView[]>(token, '/dashboard/counters?group=task');
      expect(tasks.length).toBeGreaterThan(0);
      for (const task of tasks) await expect.poll(() => text(page, `task-${task.key}-count`)).toBe(String(task.count));
    } finally {
      await context.close();
    }
  });
});
