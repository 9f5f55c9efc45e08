/**
 * The order documents end to end: an offline order made through the API, then its 送货单 and 合同 pages
 * show the server's PDF in the embedded viewer (a blob URL holding a real PDF), and 下载 saves it named
 * after the order number; without an id the page says what is missing.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiToken, baseURL, loginAs, DEMO, newPage, useBrowser, viewerMagic } from '../../../../tests/e2e/support';

const browser = useBrowser();

interface Envelope<T> {
  success: boolean;
  message: string;
  result: T;
}

/** Admin works in tenant 1: orders, goods and members are kept per tenant. */
async function adminApi<T>(token: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseURL()}/api${path}`, {
    method,
    headers: { 'X-Access-Token': token, 'tenant-id': '1', ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const envelope = (await response.json()) as Envelope<T>;
  if (!envelope.success) throw new Error(`${method} ${path}: ${envelope.message}`);
  return envelope.result;
}

/** A paid offline order of a seeded member for one unit of an on-shelf SKU that has stock. */
async function offlineOrder(token: string): Promise<{ id: string; no: string }> {
  const members = await adminApi<{ records: Array<{ id: string }> }>(token, 'GET', '/cust/custMember/list?pageSize=1');
  const memberId = members.records[0]?.id;
  if (memberId === undefined) throw new Error('no seeded member');
  const spus = await adminApi<{ records: Array<{ id: string }> }>(token, 'GET', '/goods/goodsSpu/list?status=1&pageSize=10');
  let skuId: string | undefined;
  let best = 0;
  for (const spu of spus.records) {
    const detail = await adminApi<{ skus: Array<{ id: string; stock: number; lockStock?: number }> }>(token, 'GET', `/goods/goodsSpu/queryById?id=${spu.id}`);
    for (const sku of detail.skus) {
      const free = sku.stock - (sku.lockStock ?? 0);
      if (free > best) {
        best = free;
        skuId = sku.id;
      }
    }
  }
  if (skuId === undefined) throw new Error('no SKU with stock');
  const created = await adminApi<{ id: string }>(token, 'POST', '/saleorder/offlineOrder/add', { memberId, items: [{ skuId, count: 1, price: '8.80' }], payType: 'cash', paid: true });
  const order = await adminApi<{ no: string }>(token, 'GET', `/saleorder/saleOrder/queryById?id=${created.id}`);
  return { id: created.id, no: order.no };
}

async function openDocument(page: Page, path: string, api: string, id: string): Promise<void> {
  const answered = page.waitForResponse((response) => response.url().includes(`/api/saleorder/saleOrder/${api}?`) && response.url().includes(`id=${id}`));
  await page.goto(`${path}?id=${id}`);
  const response = await answered;
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  expect(response.headers()['content-disposition']).toContain('filename*=UTF-8');
  expect((await response.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
}

async function downloadAs(page: Page, fileName: string): Promise<void> {
  const [download] = await Promise.all([
    page.waitForEvent('download', { predicate: (candidate) => candidate.suggestedFilename() === fileName }),
    page.getByRole('button', { name: /下\s*载/ }).filter({ visible: true }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(fileName);
  const saved = await download.path();
  expect(readFileSync(saved).subarray(0, 5).toString('latin1')).toBe('%PDF-');
}

describe('order documents (送货单, 合同)', () => {
  it('shows the delivery note and the contract of an order as PDFs, downloads them named by order number', async () => {
    const order = await offlineOrder(await apiToken());
    const { context, page } = await newPage(browser());
    try {
      await loginAs(page, DEMO.admin);

      await openDocument(page, '/saleorder/downloadPdf', 'deliveryNotePdf', order.id);
      expect(await viewerMagic(page, 'order-pdf-viewer')).toBe('%PDF-');
      await page.getByText(order.no).filter({ visible: true }).first().waitFor();
      await expect(page.getByRole('button', { name: /打\s*印/ }).filter({ visible: true }).isEnabled()).resolves.toBe(true);
      await downloadAs(page, `${order.no}-送货单.pdf`);

      await openDocument(page, '/saleorder/contractPdf', 'contractPdf', order.id);
      expect(await viewerMagic(page, 'order-pdf-viewer')).toBe('%PDF-');
      await downloadAs(page, `${order.no}-合同.pdf`);

      // An unknown order: the server's refusal shows; no id at all: the page says so.
      await page.goto('/saleorder/contractPdf?id=999999999999');
      await page.getByText('订单不存在').filter({ visible: true }).first().waitFor();
      await page.goto('/saleorder/downloadPdf');
      await page.getByText('没有指定订单').filter({ visible: true }).first().waitFor();
    } finally {
      await context.close();
    }
  });
});
