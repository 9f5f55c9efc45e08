/**
 * Issue 15, 商品报表 and 提现报表 in the browser: each report opened for a range of days shows the same
 * totals, ranking and top distributors as its API (the goods report over past days no other test changes).
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiToken, DEMO, loginAs, newPage, shopApi, useBrowser, yuan } from '../../../../tests/e2e/support';

const browser = useBrowser();

const DAY_MS = 86_400_000;
const shopDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
/** The 30 days up to yesterday in the shop's zone. */
const END = shopDay(new Date(Date.now() - DAY_MS));
const BEGIN = shopDay(new Date(Date.parse(`${END}T12:00:00Z`) - 29 * DAY_MS));
const RANGE = `beginDate=${BEGIN}&endDate=${END}`;
/** The 30 days up to today: the demo withdrawals are made at the first start. */
const TODAY = shopDay(new Date());
const WITHDRAW_RANGE = `beginDate=${shopDay(new Date(Date.parse(`${TODAY}T12:00:00Z`) - 29 * DAY_MS))}&endDate=${TODAY}`;

const shownValue = (page: Page, testId: string) => page.getByTestId(`${testId}-value`).filter({ visible: true });

describe('商品报表 and 提现报表', () => {
  it('shows the goods overview and ranking the API gives for the range', async () => {
    const token = await apiToken();
    const summary = await shopApi<{ current: Record<string, string | number | null> }>(token, 'GET', `/report/goods/summary?${RANGE}`);
    expect(summary.success, summary.message).toBe(true);
    const rank = await shopApi<{ records: Array<{ spuId: string; name: string; payPrice: string }>; total: number }>(token, 'GET', `/report/goods/rank?${RANGE}&column=payPrice&order=desc&pageNo=1&pageSize=10`);
    const { context, page } = await newPage(browser());
    try {
      await loginAs(page, DEMO.admin);
      await page.goto(`/report/goodsReport?${RANGE}`);
      const current = summary.result.current;
      for (const [key, money] of [['views', false], ['visitors', false], ['orderCount', false], ['payCount', false], ['payPrice', true], ['refundCount', false], ['refundPrice', true]] as const) {
        await expect.poll(() => shownValue(page, `goods-card-${key}`).textContent()).toBe(money ? yuan(String(current[key])) : String(current[key]));
      }
      await expect.poll(() => shownValue(page, 'goods-card-conversion').textContent()).toBe(current.conversion === null ? '—' : String(current.conversion));
      const table = page.getByTestId('goods-rank').filter({ visible: true });
      if (rank.result.total === 0) {
        await expect.poll(() => table.locator('.ant-empty').count()).toBe(1);
      } else {
        const first = rank.result.records[0];
        await expect.poll(() => table.locator('.ant-table-tbody tr.ant-table-row').first().getAttribute('data-row-key')).toBe(first?.spuId);
        await expect.poll(() => table.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(rank.result.records.length);
        // The SPU's name as the ranking carries it.
        await expect.poll(() => table.getByTestId('rank-name').first().textContent()).toBe(first?.name === '' ? '—' : first?.name);
      }
    } finally {
      await context.close();
    }
  });

  it('shows the withdrawal figures and the top distributors the API gives for the range', async () => {
    const token = await apiToken();
    const summary = await shopApi<{ current: Record<string, string | number> }>(token, 'GET', `/report/withdraw/summary?${WITHDRAW_RANGE}`);
    expect(summary.success, summary.message).toBe(true);
    const top = await shopApi<Array<{ amount: string }>>(token, 'GET', `/report/withdraw/top?${WITHDRAW_RANGE}&limit=10`);
    const { context, page } = await newPage(browser());
    try {
      await loginAs(page, DEMO.admin);
      await page.goto(`/report/withdrawReport?${WITHDRAW_RANGE}`);
      for (const key of ['appliedAmount', 'approvedAmount', 'paidAmount', 'rejectedAmount', 'fee']) {
        await expect.poll(() => shownValue(page, `withdraw-card-${key}`).textContent()).toBe(yuan(String(summary.result.current[key])));
      }
      for (const key of ['appliedCount', 'approvedCount', 'paidCount', 'rejectedCount']) {
        await expect.poll(() => shownValue(page, `withdraw-card-${key}`).textContent()).toBe(String(summary.result.current[key]));
      }
      const table = page.getByTestId('withdraw-top').filter({ visible: true });
      await expect.poll(() => table.getByTestId('top-amount').allTextContents()).toEqual(top.result.map((row) => yuan(row.amount)));
    } finally {
      await context.close();
    }
  });
});
