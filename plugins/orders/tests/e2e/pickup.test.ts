/**
 * 门店核销 end to end (issue 36): a member's pickup order, placed and paid through the mini-program's API at one store,
 * is refused to a clerk who verifies for another store (the server's words shown under the code box), then — once the
 * clerk is that store's verifier — looked up by its code typed and Enter (as a USB scanner types it), checked (store,
 * buyer, lines) and verified, and listed under 已核销.
 */
import { describe, expect, it } from 'vitest';
import { DEMO, loginAs, newPage, openFromMenu, serverLog, useBrowser } from '../../../../tests/e2e/support';
import { adminHeaders, call, seededSku, type Headers } from '../../../../tests/e2e/shop';

const browser = useBrowser();

const stamp = () => String(Date.now() % 10_000_000).padStart(7, '0');

const STORE = { phone: '021-63210088', areaId: '310101', detailAddress: '南京东路 8 号', latitude: '31.234000', longitude: '121.475300', openingTime: '09:00', closingTime: '21:00', status: '1' };

async function addStore(admin: Headers, name: string): Promise<string> {
  await call(admin, 'POST', '/saleorder/pickupStore/add', { ...STORE, name });
  const found = await call<{ records: Array<{ id: string; name: string }> }>(admin, 'GET', `/saleorder/pickupStore/list?name=${encodeURIComponent(name)}`);
  const id = found.records.find((store) => store.name === name)?.id;
  if (id === undefined) throw new Error(`store ${name} not listed`);
  return id;
}

/** A new member signs in by SMS (the code from the server's log). */
async function member(): Promise<{ headers: Headers; mobile: string }> {
  const mobile = `137${String(Date.now() % 100_000_000).padStart(8, '0')}`;
  const codes = () => [...serverLog().matchAll(new RegExp(`SMS code for ${mobile}: (\\d{6})`, 'g'))].map((match) => match[1] ?? '');
  const before = codes().length;
  await call({}, 'POST', '/app/auth/sms', { mobile });
  await expect.poll(() => codes().length).toBeGreaterThan(before);
  const login = await call<{ token: string }>({}, 'POST', '/app/auth/smsLogin', { mobile, code: codes().at(-1) ?? '' });
  return { headers: { authorization: `Bearer ${login.token}` }, mobile };
}

describe('门店核销', () => {
  it('refuses a verifier of another store, then verifies the order by its code typed with Enter at the right store', async () => {
    const suffix = stamp();
    const admin = await adminHeaders();
    const here = `核销甲${suffix}`;
    const there = `核销乙${suffix}`;
    const hereId = await addStore(admin, here);
    const thereId = await addStore(admin, there);
    // The clerk verifies for the other store only.
    await call(admin, 'POST', '/saleorder/pickupStore/saveStaff', { storeId: hereId, usernames: [] });
    await call(admin, 'POST', '/saleorder/pickupStore/saveStaff', { storeId: thereId, usernames: ['clerk'] });
    const buyer = await member();
    const order = await call<{ id: string; no: string; pickupCode: string }>(buyer.headers, 'POST', '/app/order/create', {
      items: [{ skuId: await seededSku(admin), count: 1 }],
      deliveryType: '2',
      pickupStoreId: hereId,
      receiverName: '自提人',
    });
    await call(buyer.headers, 'POST', '/app/order/pay', { id: order.id });

    const { context, page } = await newPage(browser());
    try {
      await loginAs(page, DEMO.clerk);
      await openFromMenu(page, '销售订单', '门店核销', '/saleorder/pickupVerify');
      const code = page.getByTestId('pickup-code');
      await expect.poll(() => code.evaluate((input) => input === document.activeElement)).toBe(true);
      await code.pressSequentially(order.pickupCode);
      await code.press('Enter');
      await expect.poll(() => page.getByTestId('pickup-refusal').textContent()).toBe(`该订单在「${here}」自提，您不是该门店的核销员，不能核销`);
      expect(await page.getByTestId('pickup-preview').count()).toBe(0);

      await call(admin, 'POST', '/saleorder/pickupStore/saveStaff', { storeId: hereId, usernames: ['clerk'] });
      await code.fill('');
      await code.pressSequentially(order.pickupCode);
      await code.press('Enter');
      const preview = page.getByTestId('pickup-preview');
      await preview.waitFor();
      expect(await page.getByTestId('pickup-refusal').count()).toBe(0);
      expect(await preview.getByTestId('pickup-preview-store').textContent()).toBe(here);
      expect(await preview.getByTestId('pickup-preview-buyer').textContent()).toContain(buyer.mobile);
      expect(await preview.textContent()).toContain('自提人');
      expect(await preview.getByTestId('pickup-lines').locator('.ant-table-tbody tr.ant-table-row').count()).toBe(1);
      await page.getByTestId('pickup-confirm').click();
      await expect.poll(() => page.getByTestId('pickup-verified').textContent()).toBe(`订单 ${order.no} 核销成功`);
      await page.locator('.ant-message-notice').filter({ hasText: '核销成功' }).first().waitFor();
      const detail = await call<{ status: string; logs: Array<{ content: string }> }>(admin, 'GET', `/saleorder/saleOrder/queryById?id=${order.id}`);
      expect(detail.status).toBe('30');
      expect(detail.logs.at(-1)?.content).toBe(`门店核销：${here}`);

      // Verified once: the same code again is refused in so many words.
      await code.pressSequentially(order.pickupCode);
      await code.press('Enter');
      await expect.poll(() => page.getByTestId('pickup-preview-refusal').textContent()).toBe('该订单已核销，不能重复核销');
      expect(await page.getByTestId('pickup-confirm').isDisabled()).toBe(true);

      // 已核销 lists it with its store.
      await page.getByTestId('pickup-tab-verified').click();
      const listed = page.getByTestId('pickup-order-table').locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: order.no });
      await listed.waitFor();
      expect(await listed.textContent()).toContain(here);
    } finally {
      await context.close();
      await call(admin, 'POST', '/saleorder/pickupStore/saveStaff', { storeId: hereId, usernames: [] });
      await call(admin, 'POST', '/saleorder/pickupStore/saveStaff', { storeId: thereId, usernames: [] });
    }
  });
});
