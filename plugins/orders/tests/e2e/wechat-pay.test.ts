/**
 * Issue 35 in the browser: a shop configured for WeChat (PAY_MODE=wechat, the mini-program's API and WeChat Pay both
 * pointed at their local fakes). A member signs in with a WeChat login code and pays an order through WeChat Pay; the
 * admin ships it from 订单详情 (the shipment is recorded with WeChat: 已录入), approves the buyer's refund and presses
 * 确认退款 (退款处理中 until WeChat confirms, then 完成); 支付通知 lists the notifications. This file runs its OWN server.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startWechatApiFake, wechatApiTestEnv, type WechatApiFake } from '../../../../tests/support/fakes/wechat-api-fake';
import { startWechatPayFake, type WechatPayFake } from '../../../../tests/support/fakes/wechat-pay-fake';
import { startProductServer, type ProductServer } from '../../../../tests/support/product-server';
import { SERVER_ZONE, SHOP_ZONE } from '../../../../tests/support/zones';
import { CONTEXT_DEFAULTS, DEMO, dialog, dialogsClosed, loginAs, modalOk, noToasts, OK, openBrowser } from '../../../../tests/e2e/support';

const APP_ID = 'wx00e2e000000wxpay';
const APP_SECRET = 's'.repeat(32);
const MCH_ID = '1900000777';
const SERIAL = '3775B6A45ACD588826D15E583A95F5DD2ABCDEF0';

let server: ProductServer;
let browser: Browser;
let pay: WechatPayFake;
let api: WechatApiFake;
const keys = fs.mkdtempSync(path.join(tmpdir(), 'e2e-wxpay-'));

beforeAll(async () => {
  const merchant = generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
  const apiV3Key = randomBytes(16).toString('hex');
  pay = await startWechatPayFake({ mchId: MCH_ID, appId: APP_ID, apiV3Key, merchantPublicKeyPem: merchant.publicKey, merchantSerial: SERIAL });
  api = await startWechatApiFake({ appId: APP_ID, appSecret: APP_SECRET });
  fs.writeFileSync(path.join(keys, 'apiclient_key.pem'), merchant.privateKey, { mode: 0o600 });
  fs.writeFileSync(path.join(keys, 'wechatpay_pub.pem'), pay.publicKeyPem);
  server = await startProductServer({
    env: (port) => ({
      TZ: SERVER_ZONE,
      SHOP_TIME_ZONE: SHOP_ZONE,
      DEMO_TRADE: 'off',
      PAY_MODE: 'wechat',
      PUBLIC_BASE_URL: `http://127.0.0.1:${port}`,
      ...wechatApiTestEnv(api, { appId: APP_ID, appSecret: APP_SECRET }),
      WECHAT_PAY_MCH_ID: MCH_ID,
      WECHAT_PAY_CERT_SERIAL: SERIAL,
      WECHAT_PAY_PRIVATE_KEY_FILE: path.join(keys, 'apiclient_key.pem'),
      WECHAT_PAY_API_V3_KEY: apiV3Key,
      WECHAT_PAY_PUBLIC_KEY_FILE: path.join(keys, 'wechatpay_pub.pem'),
      WECHAT_PAY_PUBLIC_KEY_ID: pay.publicKeyId,
      WECHAT_PAY_BASE: pay.url,
    }),
  });
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await pay?.close();
  await api?.close();
  fs.rmSync(keys, { recursive: true, force: true });
});

interface Envelope<T> {
  success: boolean;
  message: string;
  result: T;
}

/** One call to this file's server in tenant 1; throws on a refusal. */
async function call<T>(headers: Record<string, string>, method: 'GET' | 'POST', apiPath: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.baseURL}/api${apiPath}`, {
    method,
    headers: { 'content-type': 'application/json', 'tenant-id': '1', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as Envelope<T>;
  if (!envelope.success) throw new Error(`${method} ${apiPath}: ${envelope.message}`);
  return envelope.result;
}

const visible = (page: Page, testId: string) => page.getByTestId(testId).filter({ visible: true });
const message = (page: Page, text: string | RegExp) => page.locator('.ant-message-notice').filter({ hasText: text }).first().waitFor();

describe('WeChat Pay: pay → ship → refund', () => {
  it('pays through WeChat Pay, records the shipment with WeChat on 发货, and refunds through WeChat once it confirms', async () => {
    const admin = { 'X-Access-Token': (await call<{ token: string }>({}, 'POST', '/sys/login', DEMO.admin)).token };
    // The member signs in from the mini-program with wx.login()'s code and authorises the phone.
    const code = api.controls.issueLoginCode({ openid: 'oE2eBuyer0001', unionid: 'uE2eBuyer0001' });
    const phoneCode = api.controls.issuePhoneCode('13912345678');
    const login = await call<{ token: string }>({}, 'POST', '/app/auth/weixinLogin', { code, phoneCode });
    const member = { authorization: `Bearer ${login.token}` };
    const addressId = await call<string>(member, 'POST', '/app/address/add', { name: '王微信', mobile: '13912345678', areaId: '110101', detailAddress: '长安街 3 号', defaultStatus: true });
    const spus = await call<{ records: Array<{ id: string }> }>(admin, 'GET', '/goods/goodsSpu/list?status=1&pageSize=20');
    let skuId = '';
    for (const spu of spus.records) {
      const detail = await call<{ skus: Array<{ id: string; stock: number; lockStock: number }> }>(admin, 'GET', `/goods/goodsSpu/queryById?id=${spu.id}`);
      skuId = detail.skus.find((sku) => sku.stock - sku.lockStock >= 1)?.id ?? '';
      if (skuId !== '') break;
    }
    const order = await call<{ id: string; no: string; payPrice: number }>(member, 'POST', '/app/order/create', { items: [{ skuId, count: 1 }], addressId });
    const params = await call<{ paid: boolean; package: string; paySign: string }>(member, 'POST', '/app/order/pay', { id: order.id });
    expect(params.paid).toBe(false);
    expect(params.package).toMatch(/^prepay_id=/);
    // The buyer pays in WeChat; WeChat Pay notifies the shop.
    expect((await pay.pay(`${order.no}T1`))?.status).toBeLessThan(300);

    const context = await browser.newContext({ baseURL: server.baseURL, ...CONTEXT_DEFAULTS, timezoneId: SHOP_ZONE, viewport: { width: 1366, height: 860 } });
    const page = await context.newPage();
    await loginAs(page, DEMO.admin);
    await page.goto(`/saleorder/saleOrderDetail?id=${order.id}`);
    await expect.poll(() => visible(page, 'order-detail-status').textContent()).toBe('待发货');
    await expect.poll(() => visible(page, 'order-wx-shipping').textContent()).toBe('待录入');
    expect(await page.locator('.ant-descriptions:visible').first().textContent()).toMatch(/支付方式\s*微信支付/);

    // 发货 by 顺丰: the shipment goes to WeChat right after.
    await noToasts(page);
    await visible(page, 'order-detail-actions').getByRole('button', { name: /^发\s*货$/ }).click();
    const deliver = dialog(page);
    await deliver.locator('.ant-select').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '顺丰' }).first().click();
    await deliver.getByLabel('快递单号').fill('SF2026120600001');
    await modalOk(page).click();
    await message(page, '发货成功');
    await dialogsClosed(page);
    await expect.poll(() => visible(page, 'order-detail-status').textContent()).toBe('已发货');
    await expect.poll(() => api.controls.shipments.length).toBe(1);
    expect(api.controls.shipments[0]?.body).toMatchObject({ logistics_type: 1, payer: { openid: 'oE2eBuyer0001' } });
    await page.reload();
    await expect.poll(() => visible(page, 'order-wx-shipping').textContent()).toBe('已录入');

    // The buyer asks for a refund; the admin approves it and presses 确认退款 on the after-sale's detail.
    const shipped = await call<{ items: Array<{ id: string; payPrice: number | string }> }>(member, 'GET', `/app/order/detail?id=${order.id}`);
    const line = shipped.items[0];
    if (line === undefined) throw new Error('order without lines');
    const afterSale = await call<{ id: string }>(member, 'POST', '/app/afterSale/create', { orderItemId: line.id, way: '10', refundPrice: Number(line.payPrice).toFixed(2), applyReason: '不想要了' });
    pay.refundOutcome('PROCESSING');
    await page.goto(`/saleorder/afterSaleDetail?id=${afterSale.id}`);
    const detail = visible(page, 'after-sale-detail');
    const status = visible(page, 'after-sale-status');
    await expect.poll(() => status.textContent()).toBe('申请中');
    const decide = async (button: string, said: string | RegExp) => {
      await noToasts(page);
      await detail.getByRole('button', { name: button }).click();
      await page.locator('.ant-modal-confirm:visible').getByRole('button', { name: OK }).click();
      await message(page, said);
      await dialogsClosed(page);
    };
    await decide('同意售后', '操作成功');
    await expect.poll(() => status.textContent()).toBe('等待退款');
    await decide('确认退款', '退款处理中，等待支付渠道确认');
    // Not refunded before WeChat says so.
    expect(await status.textContent()).toBe('等待退款');

    // WeChat settles the refund and notifies; the reloaded detail shows it done.
    const refund = pay.refundOf(`${(await call<{ records: Array<{ no: string }> }>(admin, 'GET', `/saleorder/refundOrder/list?orderNo=${order.no}`)).records[0]?.no ?? ''}T1`);
    expect(refund?.status).toBe('PROCESSING');
    expect((await pay.settleRefund(refund?.outRefundNo ?? ''))?.status).toBeLessThan(300);
    await page.reload();
    await expect.poll(() => status.textContent()).toBe('完成');

    // 支付通知: the payment and the refund, each verified and applied.
    await page.goto('/saleorder/payNoticeList');
    const rows = page.locator('.ant-tabs-tabpane-active .ant-table-tbody tr.ant-table-row:visible');
    await expect.poll(() => rows.count()).toBe(2);
    const texts = await rows.allTextContents();
    expect(texts.every((text) => text.includes(order.no) && text.includes('微信支付') && text.includes('已处理'))).toBe(true);
    expect(texts.some((text) => text.includes('退款'))).toBe(true);
    await context.close();
  });
});
