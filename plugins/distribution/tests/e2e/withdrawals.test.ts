/**
 * 提现 end to end: a seeded distributor signs in to the mini-program by SMS and asks to withdraw 1.00 yuan
 * (the API); in the browser the admin finds it on 提现, presses 通过 (confirm) and 打款 (confirm with the
 * amount), and the status tabs' counts follow each step.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { answerConfirm, apiToken, clickRowAction, DEMO, dialogsClosed, field, loginAs, newPage, noToasts, OK, openFromMenu, serverLog, shopCall, useBrowser } from '../../../../tests/e2e/support';

const browser = useBrowser();

const call = shopCall;

/** Signs a member in by SMS (the code from the server's log) and returns the bearer header. */
async function memberSession(mobile: string): Promise<Record<string, string>> {
  const codes = () => [...serverLog().matchAll(new RegExp(`SMS code for ${mobile.replace('+', '\\+')}: (\\d{6})`, 'g'))].map((match) => match[1] ?? '');
  const before = codes().length;
  try {
    await call({}, 'POST', '/app/auth/sms', { mobile });
    await expect.poll(() => codes().length).toBeGreaterThan(before);
  } catch (error) {
    // A retry within the send cool-down: the code sent a moment ago is still valid.
    if (before === 0 || !String(error).includes('频繁')) throw error;
  }
  const login = await call<{ token: string }>({}, 'POST', '/app/auth/smsLogin', { mobile, code: codes().at(-1) ?? '' });
  return { authorization: `Bearer ${login.token}` };
}

const listRows = (page: Page) => page.locator('.ant-tabs-tabpane-active .ant-card .ant-table-tbody tr.ant-table-row:visible');
/** The count a status tab of 提现 shows. */
async function tabCount(page: Page, label: string): Promise<number> {
  const tab = page.locator('.crud-status-tabs .ant-tabs-tab:visible').filter({ hasText: label }).first();
  // The badge's title is its count (its digits animate).
  return Number((await tab.locator('.ant-scroll-number').first().getAttribute('title')) ?? 'NaN');
}
async function counts(page: Page): Promise<{ auditing: number; approved: number; paid: number }> {
  return { auditing: await tabCount(page, '审核中'), approved: await tabCount(page, '审核通过'), paid: await tabCount(page, '提现成功') };
}

describe('提现: approve and pay', () => {
  it('approves and pays a withdrawal made in the mini-program; the tab counts follow', async () => {
    const admin = { 'X-Access-Token': await apiToken() };
    // A seeded distributor with available commission withdraws 1.00 to a unique account.
    const distributors = await call<{ records: Array<{ mobile: string | null; brokeragePrice: number; enabled: boolean }> }>(
      admin,
      'GET',
      '/marketingDrp/drpDistributor/list?enabled=true&column=brokeragePrice&order=desc&pageSize=10',
    );
    const rich = distributors.records.find((record) => record.mobile !== null && Number(record.brokeragePrice) >= 1);
    if (rich?.mobile == null) throw new Error('no seeded distributor with available commission');
    const member = await memberSession(rich.mobile);
    const account = `E2E${Date.now()}`;
    const created = await call<{ id: string; payoutPrice: number }>(member, 'POST', '/app/brokerage/withdraw', { price: '1.00', type: '2', name: '分销测试', account });

    const { context, page } = await newPage(browser());
    await loginAs(page, DEMO.admin);
    await openFromMenu(page, '分销管理', '提现', '/marketingDrp/drpWithdrawList');
    await field(page, 'search_account').fill(account);
    await page.getByRole('button', { name: /查\s*询/ }).filter({ visible: true }).click();
    await expect.poll(() => listRows(page).count()).toBe(1);
    const row = listRows(page).first();
    await expect.poll(() => row.textContent()).toContain('审核中');
    expect(await row.textContent()).toContain('1.00');
    // The counts the tabs must show, as the server has them now.
    const total = async (status: string) => (await call<{ total: number }>(admin, 'GET', `/marketingDrp/drpWithdraw/list?status=${status}&pageSize=1`)).total;
    const before = { auditing: await total('0'), approved: await total('10'), paid: await total('11') };
    expect(before.auditing).toBeGreaterThan(0);
    await expect.poll(() => counts(page)).toEqual(before);

    // 通过, confirmed.
    await noToasts(page);
    await clickRowAction(row, '通过');
    await answerConfirm(page);
    await page.locator('.ant-message-notice').filter({ hasText: '审核通过' }).first().waitFor();
    await expect.poll(() => row.textContent()).toContain('审核通过');
    await expect.poll(() => counts(page)).toEqual({ auditing: before.auditing - 1, approved: before.approved + 1, paid: before.paid });

    // 打款, confirmed with the payout amount.
    await noToasts(page);
    await clickRowAction(row, '打款', { exact: true });
    const confirm = page.locator('.ant-modal-confirm:visible');
    await expect.poll(() => confirm.textContent()).toContain(created.payoutPrice.toFixed(2));
    await confirm.getByRole('button', { name: OK }).click();
    await page.locator('.ant-message-notice').filter({ hasText: '打款成功' }).first().waitFor();
    await dialogsClosed(page);
    await expect.poll(() => row.textContent()).toContain('提现成功');
    await expect.poll(() => counts(page)).toEqual({ auditing: before.auditing - 1, approved: before.approved, paid: before.paid + 1 });
    const saved = await call<{ status: string; payTime: string | null }>(admin, 'GET', `/marketingDrp/drpWithdraw/queryById?id=${created.id}`);
    expect(saved.status).toBe('11');
    expect(saved.payTime).not.toBeNull();
    await context.close();
  });
});
