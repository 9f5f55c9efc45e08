/**
 * The warehouse's prints from 订单列表 end to end (issue 36): three paid orders waiting to ship are selected on the
 * 待发货 tab; 打印配货单 and 打印面单 each POST the selection and show the server's PDF in the dialog's viewer (a blob
 * URL holding a real PDF); 批量发货 ships the three with one express company and a waybill number each, and they
 * leave the 待发货 tab.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, dialog, field, loginAs, newPage, openFromMenu, useBrowser, viewerMagic } from '../../../../tests/e2e/support';
import { adminHeaders, call, seededSku, type Headers } from '../../../../tests/e2e/shop';

const browser = useBrowser();

/** The visible screen (kept-alive tabs hold hidden copies). */
const active = (page: Page) => page.locator('.ant-tabs-tabpane-active');
const listRows = (page: Page) => active(page).locator('.ant-card .ant-table-tbody tr.ant-table-row:visible');

interface Placed {
  id: string;
  no: string;
}

/** A paid offline order of a seeded member, sent by express to `receiver`. */
async function paidOrder(admin: Headers, receiver: string, mobile: string): Promise<Placed> {
  const members = await call<{ records: Array<{ id: string }> }>(admin, 'GET', '/cust/custMember/list?pageSize=1');
  const created = await call<{ id: string }>(admin, 'POST', '/saleorder/offlineOrder/add', {
    memberId: members.records[0]?.id,
    items: [{ skuId: await seededSku(admin), count: 1, price: '6.60' }],
    payType: 'cash',
    paid: true,
    deliveryType: '1',
    receiverName: receiver,
    receiverMobile: mobile,
    receiverAreaId: '330106',
    receiverDetailAddress: '文三路 398 号',
  });
  const order = await call<{ no: string }>(admin, 'GET', `/saleorder/saleOrder/queryById?id=${created.id}`);
  return { id: created.id, no: order.no };
}

/** Clicks a print button and answers the PDF the server sent for it, having checked that it asked for these orders. */
async function printFromToolbar(page: Page, testId: string, path: string, ids: readonly string[]): Promise<void> {
  const answered = page.waitForResponse((response) => response.url().includes(`/api/saleorder/saleOrder/${path}`) && response.request().method() === 'POST');
  await active(page).getByTestId(testId).click();
  const response = await answered;
  const asked = JSON.parse(response.request().postData() ?? '{}') as { ids?: string[] };
  expect([...(asked.ids ?? [])].sort()).toEqual([...ids].sort());
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  expect((await response.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(await viewerMagic(page, 'warehouse-pdf-viewer')).toBe('%PDF-');
  await page.getByTestId('warehouse-pdf-dialog').getByRole('button', { name: /下\s*载/ }).waitFor();
  await page.locator('.ant-modal:visible .ant-modal-close').click();
  await page.locator('iframe[data-testid="warehouse-pdf-viewer"]').waitFor({ state: 'detached' });
}

describe('订单列表: warehouse prints and 批量发货 of a selection', () => {
  it('prints the picking list and the labels of three selected orders, then ships them together', async () => {
    const admin = await adminHeaders();
    const tag = `仓${String(Date.now() % 1_000_000).padStart(6, '0')}`;
    const orders = [await paidOrder(admin, `${tag}甲`, '13700000101'), await paidOrder(admin, `${tag}乙`, '13700000102'), await paidOrder(admin, `${tag}丙`, '13700000103')];
    const ids = orders.map((order) => order.id);

    const { context, page } = await newPage(browser());
    try {
      await loginAs(page, DEMO.admin);
      await openFromMenu(page, '销售订单', '订单列表', '/saleorder/saleOrderList');
      await active(page).getByTestId('order-tab-undelivered').click();
      await field(page, 'search_keyword').fill(tag);
      await page.getByRole('button', { name: /查\s*询/ }).filter({ visible: true }).click();
      await expect.poll(() => listRows(page).count()).toBe(3);
      await active(page).locator('.ant-table-thead .ant-checkbox-input:visible').check();
      await expect.poll(() => active(page).getByTestId('warehouse-print-scope').textContent()).toBe('已选 3 个订单');

      await printFromToolbar(page, 'warehouse-print-pickingList', 'pickingListPdf', ids);
      await printFromToolbar(page, 'warehouse-print-shippingLabel', 'shippingLabelPdf', ids);
      // Each print is on each order's log.
      for (const id of ids) {
        const detail = await call<{ logs: Array<{ content: string | null }> }>(admin, 'GET', `/saleorder/saleOrder/queryById?id=${id}`);
        expect(detail.logs.map((log) => log.content)).toEqual(expect.arrayContaining(['打印配货单', '打印面单']));
      }

      // 批量发货: 顺丰速运 for all, a waybill number per order.
      await active(page).getByTestId('warehouse-batch-deliver').click();
      const ship = dialog(page);
      await expect.poll(() => ship.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(3);
      await ship.getByTestId('batch-deliver-express').click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '顺丰速运' }).click();
      const waybills = ship.getByTestId('batch-deliver-waybill');
      const numbers: Record<string, string> = {};
      for (const [index, order] of orders.entries()) {
        numbers[order.no] = `SF${tag.slice(1)}${index}`;
        await ship.getByLabel(`订单 ${order.no} 的物流单号`).fill(numbers[order.no] ?? '');
      }
      expect(await waybills.count()).toBe(3);
      const shipped = page.waitForResponse((response) => response.url().includes('/api/saleorder/saleOrder/batchDeliver'));
      await ship.locator('.ant-modal-footer').getByRole('button', { name: /发\s*货/ }).click();
      expect((await shipped).status()).toBe(200);
      await expect.poll(() => ship.getByTestId('batch-deliver-outcome').textContent()).toBe('发货 3 单，失败 0 单');
      expect(await ship.getByTestId('batch-deliver-result').allTextContents()).toEqual(['已发货', '已发货', '已发货']);
      await ship.locator('.ant-modal-footer').getByRole('button', { name: /关\s*闭/ }).click();
      // Shipped: they leave 待发货, the selection is empty again.
      await expect.poll(() => listRows(page).count()).toBe(0);
      await expect.poll(() => active(page).getByTestId('warehouse-print-scope').textContent()).not.toBe('已选 3 个订单');
      for (const order of orders) {
        const detail = await call<{ status: string; logisticsNo: string; expressId_dictText: string }>(admin, 'GET', `/saleorder/saleOrder/queryById?id=${order.id}`);
        expect(detail).toMatchObject({ status: '20', logisticsNo: numbers[order.no], expressId_dictText: '顺丰速运' });
      }
    } finally {
      await context.close();
    }
  });
});
