/**
 * Issue 15, 销售报表 and 订单报表 in the browser: each report opened for the 30 days up to yesterday shows
 * the figures its API gives for the same range (read with the page's own token), and a preset or a
 * period switch shows the API's figures of the new range.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, loginAs, newPage, shopApi, useBrowser, yuan } from '../../../../tests/e2e/support';

const browser = useBrowser();

const DAY_MS = 86_400_000;
const shopDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
const END = shopDay(new Date(Date.now() - DAY_MS));
const BEGIN = shopDay(new Date(Date.parse(`${END}T12:00:00Z`) - 29 * DAY_MS));
const RANGE = `beginDate=${BEGIN}&endDate=${END}`;

const shown = (page: Page, testId: string) => page.getByTestId(`${testId}-value`).filter({ visible: true });

/** The token the page signed in with (the shell keeps it as `pro__Access-Token`, `{value, expire}`). */
async function pageToken(page: Page): Promise<string> {
  const stored = await page.evaluate(() => window.localStorage.getItem('pro__Access-Token'));
  const token = (JSON.parse(stored ?? '{}') as { value?: unknown }).value;
  if (typeof token !== 'string') throw new Error('the page holds no token');
  return token;
}

async function api<T>(token: string, path: string): Promise<T> {
  const answer = await shopApi<T>(token, 'GET', path);
  expect(answer.success, answer.message).toBe(true);
  return answer.result;
}

interface SalesSummary {
  gmv: string;
  paidOrderCount: number;
  buyerCount: number;
  avgPerBuyer: string;
  refundAmount: string;
  turnover: string;
  expense: string;
}

describe('销售报表 and 订单报表', () => {
  it('shows the sales cards and figures of the API, and a preset switches the range', async () => {
    const { context, page } = await newPage(browser());
    try {
      await loginAs(page, DEMO.admin);
      await page.goto(`/report/salesReport?${RANGE}`);
      const token = await pageToken(page);
      const summary = await api<SalesSummary>(token, `/report/sales/summary?${RANGE}`);
      const cards = await api<{ yesterday: { payPrice: string; payOrders: number }; month: { payPrice: string; payOrders: number } }>(token, '/report/sales/cards');
      const figures: Array<[string, string]> = [
        ['sales-goodsPay', yuan(summary.gmv)],
        ['sales-turnover', yuan(summary.turnover)],
        ['sales-expense', yuan(summary.expense)],
        ['sales-refund', yuan(summary.refundAmount)],
        ['sales-paidOrders', String(summary.paidOrderCount)],
        ['sales-buyers', String(summary.buyerCount)],
        ['sales-avgPerBuyer', yuan(summary.avgPerBuyer)],
        ['sales-card-yesterdayPay', yuan(cards.yesterday.payPrice)],
        ['sales-card-yesterdayOrders', String(cards.yesterday.payOrders)],
        ['sales-card-monthPay', yuan(cards.month.payPrice)],
        ['sales-card-monthOrders', String(cards.month.payOrders)],
      ];
      for (const [testId, value] of figures) await expect.poll(() => shown(page, testId).textContent(), { message: testId }).toBe(value);
      // The 交易状况 chart draws the demo's paid days (or says the range is empty).
      await page.locator('[data-testid="sales-chart"]:visible .recharts-responsive-container, [data-testid="sales-chart"]:visible.ant-empty').first().waitFor();

      // 最近7天: the URL keeps the new range and the figures follow it.
      await page.locator('[data-testid="report-date-bar"]:visible').getByText('最近7天').click();
      await expect.poll(() => new URL(page.url()).searchParams.get('beginDate')).not.toBe(BEGIN);
      const url = new URL(page.url());
      const week = await api<SalesSummary>(token, `/report/sales/summary?beginDate=${url.searchParams.get('beginDate') ?? ''}&endDate=${url.searchParams.get('endDate') ?? ''}`);
      await expect.poll(() => shown(page, 'sales-goodsPay').textContent()).toBe(yuan(week.gmv));
      await expect.poll(() => shown(page, 'sales-paidOrders').textContent()).toBe(String(week.paidOrderCount));
    } finally {
      await context.close();
    }
  });

  it('shows the order figures, events, shares and trend of the API, and a period switch', async () => {
    const { context, page } = await newPage(browser());
    try {
      await loginAs(page, DEMO.admin);
      await page.goto(`/report/orderReport?${RANGE}`);
      const token = await pageToken(page);
      const summary = await api<{
        createdOrderCount: number;
        paidOrderCount: number;
        payAmount: string;
        refundOrderCount: number;
        refundRate: string;
        events: Array<{ label: string; count: number }>;
        byChannel: Array<{ label: string; count: number }>;
      }>(token, `/report/order/summary?${RANGE}`);
      const figures: Array<[string, string]> = [
        ['order-createdOrders', String(summary.createdOrderCount)],
        ['order-paidOrders', String(summary.paidOrderCount)],
        ['order-payAmount', yuan(summary.payAmount)],
        ['order-refundOrders', String(summary.refundOrderCount)],
        ['order-refundRate', `${summary.refundRate}%`],
      ];
      for (const [testId, value] of figures) await expect.poll(() => shown(page, testId).textContent(), { message: testId }).toBe(value);
      // Events (下单 … 关闭), named as events: the server's words are the zh-CN screen's.
      const events = page.locator('[data-testid="order-events"]:visible .ant-table-tbody tr.ant-table-row');
      await expect.poll(() => events.allInnerTexts()).toEqual(summary.events.map((row) => `${row.label}\t${row.count}`));
      expect(summary.events.map((row) => row.label)).toEqual(['下单', '支付', '发货', '完成', '关闭']);
      await page.getByRole('tab', { name: '支付方式' }).click();
      const channels = page.locator('[data-testid="order-share-channel"]:visible .ant-table-tbody tr.ant-table-row td:first-child');
      if (summary.byChannel.length === 0) await page.locator('[data-testid="order-share-channel"]:visible').waitFor();
      else await expect.poll(() => channels.allTextContents()).toEqual(summary.byChannel.map((row) => row.label));

      const month = await api<{ currentAmount: string; currentCount: number }>(token, '/report/order/trend?period=month');
      await expect.poll(() => shown(page, 'order-trend-amount').textContent()).toBe(yuan(month.currentAmount));
      await page.locator('[data-testid="order-trend"]:visible').getByText('本周/上周').click();
      const week = await api<{ currentAmount: string; currentCount: number }>(token, '/report/order/trend?period=week');
      await expect.poll(() => shown(page, 'order-trend-count').textContent()).toBe(String(week.currentCount));
      await expect.poll(() => shown(page, 'order-trend-amount').textContent()).toBe(yuan(week.currentAmount));
    } finally {
      await context.close();
    }
  });
});
