/**
 * 采购订单 end to end: an order entered through the API is 确认ed (a confirmation) and 发货ed in one
 * delivery (the dialog offers every unsent unit) on its detail page, which then shows 已发货 with the
 * delivery record; its 送货单 opens in the orders' PDF viewer; the list's 已发货 tab holds it.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiToken, DEMO, dialog, loginAs, modalOk, newPage, OK, shopApi, useBrowser } from '../../../../tests/e2e/support';
import { call, seededSku } from '../../../../tests/e2e/shop';

const browser = useBrowser();

async function enteredPurchase(): Promise<{ id: string; no: string }> {
  const token = await apiToken();
  const admin = { 'X-Access-Token': token };
  const customers = await shopApi<{ records: Array<{ id: string }> }>(token, 'GET', '/cust/customer/list?pageSize=1');
  const customerId = customers.result.records[0]?.id;
  if (customerId === undefined) throw new Error('no seeded customer');
  const created = await call<{ id: string; no: string }>(admin, 'POST', '/zcy/purchaseOrder/add', {
    customerId,
    platformNo: `ZCY-E2E-${Date.now()}`,
    items: [{ skuId: await seededSku(admin), count: 1, price: '20.00', taxPercent: '13' }],
  });
  return created;
}

const statusTag = (page: Page) => page.getByTestId('purchase-status').filter({ visible: true });

describe('procurement orders (采购订单)', () => {
  it('confirms and delivers an entered order on its detail page, prints its delivery note, and lists it under 已发货', async () => {
    const order = await enteredPurchase();
    const { context, page } = await newPage(browser());
    try {
      await loginAs(page, DEMO.admin);
      await page.goto(`/zcy/purchaseOrderDetail?id=${order.id}`);
      await expect.poll(async () => statusTag(page).textContent()).toBe('待确认');
      await page.getByTestId('purchase-amount-totalPrice').filter({ visible: true }).getByText('22.60').waitFor();

      await page.getByTestId('purchase-actions').filter({ visible: true }).getByRole('button', { name: /^确\s*认$/ }).click();
      await page.locator('.ant-modal-confirm:visible').getByRole('button', { name: OK }).click();
      await expect.poll(async () => statusTag(page).textContent()).toBe('已确认');

      await page.getByTestId('purchase-actions').filter({ visible: true }).getByRole('button', { name: /^发\s*货$/ }).click();
      const deliver = dialog(page);
      await deliver.getByLabel('承运商').fill('顺丰速运');
      await deliver.getByLabel('运单号').fill('SF-E2E-1');
      await modalOk(page).click();
      await expect.poll(async () => statusTag(page).textContent()).toBe('已发货');
      await page.getByTestId('purchase-deliveries').filter({ visible: true }).getByText('SF-E2E-1').waitFor();

      const pdf = page.waitForResponse((response) => response.url().includes('/api/zcy/purchaseOrder/deliveryNotePdf?') && response.url().includes(`id=${order.id}`));
      await page.getByRole('button', { name: '打印送货单' }).filter({ visible: true }).click();
      expect((await pdf).headers()['content-type']).toBe('application/pdf');
      await page.locator('iframe[data-testid="order-pdf-viewer"]:visible').waitFor();

      await page.goto('/zcy/purchaseOrderList?tab=delivered');
      await page.getByTestId('purchase-no').filter({ hasText: order.no }).filter({ visible: true }).waitFor();
    } finally {
      await context.close();
    }
  });
});
