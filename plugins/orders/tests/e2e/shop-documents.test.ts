/**
 * Documents a merchant can sign (issue 32): an administrator fills in 店铺信息 (系统管理 → 店铺信息: legal
 * name, tax number, the contract seal uploaded through the upload widget) and an order's contract shows
 * the shop as 乙方 with those details and the seal; a procurement order shipped in two deliveries prints
 * one 送货单 per delivery from its 发货记录, each listing only that delivery's goods. The PDFs are read
 * back as text (unpdf) from the viewer's blob.
 */
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiToken, DEMO, dialog, dialogsClosed, loginAs, modalOk, newPage, useBrowser } from '../../../../tests/e2e/support';
import { sealPng } from '../../../../tests/support/png';
import { adminHeaders, call, type Headers } from '../../../../tests/e2e/shop';

const browser = useBrowser();

/** The bytes of the PDF the viewer shows now (its blob URL, read inside the page); empty while none shows. */
async function shownPdf(page: Page): Promise<Buffer> {
  const viewer = page.locator('iframe[data-testid="order-pdf-viewer"]:visible');
  if ((await viewer.count()) === 0) return Buffer.alloc(0);
  const src = (await viewer.first().getAttribute('src')) ?? '';
  const bytes = await page.evaluate(async (url) => Array.from(new Uint8Array(await (await fetch(url)).arrayBuffer())), src).catch(() => []);
  return Buffer.from(bytes);
}

/** A PDF's text with the spaces between runs removed (table cells are separate runs). */
async function pdfText(bytes: Buffer): Promise<string> {
  if (bytes.length === 0) return '';
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  return (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, '');
}

/** The PDF the viewer shows once its text has `marker` (the document asked for, not one shown before it). */
async function pdfWith(page: Page, marker: string): Promise<{ bytes: Buffer; text: string }> {
  let shown: { bytes: Buffer; text: string } = { bytes: Buffer.alloc(0), text: "" };
  await expect
    .poll(async () => {
      const bytes = await shownPdf(page);
      shown = { bytes, text: await pdfText(bytes) };
      return shown.text.includes(marker);
    })
    .toBe(true);
  return shown;
}

/** Opens a side-menu entry, clicking again while a busy runner's menu animation swallowed the click. */
async function openMenuEntry(page: Page, branch: string, entry: string, pathname: string): Promise<void> {
  const menu = page.getByRole('menu').first();
  const item = menu.getByText(entry, { exact: true }).first();
  await expect
    .poll(
      async () => {
        if (!(await item.isVisible())) await menu.getByText(branch, { exact: true }).first().click();
        else if (new URL(page.url()).pathname !== pathname) await item.click();
        return new URL(page.url()).pathname;
      },
      { timeout: 30_000 },
    )
    .toBe(pathname);
}

/** Two on-sale SKUs with at least `free` pieces not reserved each. */
async function skusWithStock(admin: Headers, free: number): Promise<[string, string]> {
  const found: string[] = [];
  const spus = await call<{ records: Array<{ id: string }> }>(admin, 'GET', '/goods/goodsSpu/list?status=1&pageSize=50');
  for (const spu of spus.records) {
    const detail = await call<{ skus: Array<{ id: string; stock: number; lockStock: number }> }>(admin, 'GET', `/goods/goodsSpu/queryById?id=${spu.id}`);
    const sku = detail.skus.find((candidate) => candidate.stock - candidate.lockStock >= free);
    if (sku !== undefined) found.push(sku.id);
    if (found.length === 2) return [found[0] ?? '', found[1] ?? ''];
  }
  throw new Error('no two seeded SKUs in stock');
}

async function customerId(admin: Headers): Promise<string> {
  const customers = await call<{ records: Array<{ id: string }> }>(admin, 'GET', '/cust/customer/list?pageSize=1');
  const id = customers.records[0]?.id;
  if (id === undefined) throw new Error('no seeded customer');
  return id;
}

describe('documents a merchant can sign', () => {
  it('prints the shop profile an administrator entered, seal included, as 乙方 on a contract', async () => {
    const admin = await adminHeaders();
    const before = await call<Record<string, unknown> & { id: string }>(admin, 'GET', '/sys/shopProfile/current');
    const stamp = String(Date.now() % 1_000_000).padStart(6, '0');
    const legalName = `杭州云杉商贸有限公司${stamp}`;
    const [sku] = await skusWithStock(admin, 1);
    const order = await call<{ id: string }>(admin, 'POST', '/saleorder/offlineOrder/add', { customerId: await customerId(admin), items: [{ skuId: sku, count: 1, price: '18.80' }], payType: 'transfer', paid: true });
    const { context, page } = await newPage(browser());
    try {
      await loginAs(page, DEMO.admin);
      await openMenuEntry(page, '系统管理', '店铺信息', '/system/shopProfile');
      await page.getByTestId('shop-profile-legalName').filter({ visible: true }).getByText(String(before.legalName)).waitFor();

      await page.getByTestId('shop-profile-edit').filter({ visible: true }).click();
      const form = dialog(page);
      await expect.poll(() => form.getByLabel('公司名称').inputValue()).toBe(String(before.legalName));
      await form.getByLabel('公司名称').fill(legalName);
      await form.getByLabel('税号').fill('91330106MA2KE2E01X');
      await form.getByLabel('开户银行').fill('中国建设银行杭州高新支行');
      await form.getByLabel('银行账号').fill('3305 0161 6271 0000 0888');
      // The contract seal through the upload widget (the second picture field): saved once the upload is done.
      const seal = form.locator('.ant-form-item').filter({ has: page.locator('label', { hasText: /^合同章$/ }) });
      const [uploaded] = await Promise.all([
        page.waitForResponse((response) => response.url().includes('/api/sys/common/upload')),
        seal.locator('input[type=file]').setInputFiles({ name: 'seal.png', mimeType: 'image/png', buffer: sealPng() }),
      ]);
      expect(((await uploaded.json()) as { success: boolean }).success).toBe(true);
      await seal.locator('[data-upload-item="seal.png"] img').waitFor();
      await modalOk(page).click();
      await dialogsClosed(page);
      await page.getByTestId('shop-profile-legalName').filter({ visible: true }).getByText(legalName).waitFor();
      await page.getByTestId('shop-profile-taxNo').filter({ visible: true }).getByText('91330106MA2KE2E01X').waitFor();

      await page.goto(`/saleorder/contractPdf?id=${order.id}`);
      const { bytes: pdf, text } = await pdfWith(page, '购销合同');
      const seller = text.slice(text.indexOf('乙方（卖方）'), text.indexOf('甲乙双方'));
      expect(seller).toContain(`乙方（卖方）：${legalName}`);
      expect(seller).toContain('税号：91330106MA2KE2E01X');
      expect(seller).toContain('开户银行：中国建设银行杭州高新支行');
      expect(seller).toContain('银行账号：33050161627100000888');
      expect(text).not.toContain('默认租户');
      // The seal is stamped: the document carries a picture.
      expect(pdf.toString('latin1')).toContain('/Subtype /Image');
    } finally {
      await context.close();
      // The next files see the demo's profile again.
      const token = await apiToken();
      const fields = ['id', 'legalName', 'taxNo', 'bankName', 'bankAccount', 'address', 'phone', 'contactName', 'logoUrl', 'sealUrl'];
      await call({ 'X-Access-Token': token }, 'POST', '/sys/shopProfile/edit', Object.fromEntries(fields.map((name) => [name, before[name] ?? null])));
    }
  });

  it('prints one 送货单 per procurement delivery, each with only the goods it sent', async () => {
    const admin = await adminHeaders();
    const [skuA, skuB] = await skusWithStock(admin, 10);
    const created = await call<{ id: string; no: string }>(admin, 'POST', '/zcy/purchaseOrder/add', {
      customerId: await customerId(admin),
      contractNo: `HT-E2E-${Date.now()}`,
      items: [
        { skuId: skuA, count: 10, price: '12.00', taxPercent: '13' },
        { skuId: skuB, count: 5, price: '3.00', taxPercent: '0' },
      ],
    });
    await call(admin, 'POST', '/zcy/purchaseOrder/confirm', { id: created.id });
    const detail = await call<{ items: Array<{ id: string; skuId: string }> }>(admin, 'GET', `/zcy/purchaseOrder/queryById?id=${created.id}`);
    const lineA = detail.items.find((line) => line.skuId === skuA)?.id;
    const lineB = detail.items.find((line) => line.skuId === skuB)?.id;
    // 4 of the 15 pieces first.
    await call(admin, 'POST', '/zcy/purchaseOrder/deliver', { id: created.id, carrier: '顺丰速运', logisticsNo: 'SF-PART-1', items: [{ itemId: lineA, count: 4 }] });
    const { context, page } = await newPage(browser());
    try {
      await loginAs(page, DEMO.admin);
      await page.goto(`/zcy/purchaseOrderDetail?id=${created.id}`);
      const deliveries = page.getByTestId('purchase-deliveries').filter({ visible: true });
      await deliveries.getByText('SF-PART-1').waitFor();
      await deliveries.getByTestId('purchase-delivery-note').first().click();
      const { text: first } = await pdfWith(page, '承运：顺丰速运SF-PART-1');
      // 4 × 12.00 = 48.00 and its tax — not the 15 pieces of the order.
      expect(first).toContain('12.00448.00');
      expect(first).toContain('商品金额48.00');
      expect(first).toContain('税额6.24');
      expect(first).toContain('含税合计¥54.24');
      expect(first).not.toContain('3.00515.00');

      // The rest in a second delivery: its own note lists its goods only.
      await call(admin, 'POST', '/zcy/purchaseOrder/deliver', { id: created.id, carrier: '中通快递', logisticsNo: 'ZT-PART-2', items: [{ itemId: lineA, count: 6 }, { itemId: lineB, count: 5 }] });
      await page.goto(`/zcy/purchaseOrderDetail?id=${created.id}`);
      await deliveries.getByText('ZT-PART-2').waitFor();
      await deliveries.locator('tr', { hasText: 'ZT-PART-2' }).getByTestId('purchase-delivery-note').click();
      const { text: second } = await pdfWith(page, '承运：中通快递ZT-PART-2');
      expect(second).toContain('12.00672.00');
      expect(second).toContain('3.00515.00');
      expect(second).toContain('商品金额87.00');
      expect(second).not.toContain('SF-PART-1');
    } finally {
      await context.close();
    }
  });
});
