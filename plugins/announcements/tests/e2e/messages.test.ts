/** Issue 16 messages: a template made on 消息模板, 发送测试 to a user whose bell shows it at once, 消息记录 with its one recipient. */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiResult, apiToken, clickRowAction, DEMO, dialog, dialogsClosed, field, loginAs, modalOk, newPage, rows, useBrowser } from '../../../../tests/e2e/support';

const browser = useBrowser();

const bellCount = async (page: Page): Promise<number> => Number(await page.locator('[data-testid=notice-bell]').getAttribute('data-count'));

describe('messages', () => {
  it('creates a template, sends it to a user whose bell shows it without a reload, and lists it in 消息记录 with 1 recipient', async () => {
    const stamp = String(Date.now());
    const token = await apiToken();
    // The receiver: a new user with the clerk's role, signed in in a browser of their own.
    const roles = await apiResult<{ records: Array<{ id: string }> }>(token, 'GET', '/sys/role/list?roleCode=clerk');
    const username = `msg${stamp}`;
    await apiResult(token, 'POST', '/sys/user/add', {
      username,
      realname: `收信人${stamp.slice(-4)}`,
      password: 'Secret123',
      confirmpassword: 'Secret123',
      selectedroles: roles.records[0]?.id ?? '',
    });
    const receiver = await newPage(browser());
    // The bell's first load: its count is the totals it answered (a new user has the notices to all users unread).
    const firstLoad = receiver.page.waitForResponse((response) => response.url().includes('/sys/annountCement/listByUser'));
    await loginAs(receiver.page, { username, password: 'Secret123' });
    const loaded = (await (await firstLoad).json()) as { result: { anntMsgTotal: number; sysMsgTotal: number } };
    const before = loaded.result.anntMsgTotal + loaded.result.sysMsgTotal;
    await expect.poll(() => bellCount(receiver.page), { timeout: 10_000 }).toBe(before);

    const admin = await newPage(browser());
    await loginAs(admin.page, DEMO.admin);
    await admin.page.goto('/system/messageTemplate');
    const code = `e2e_${stamp}`;
    await admin.page.getByRole('button', { name: /新\s*增/ }).click();
    await field(admin.page, 'form_templateCode').fill(code);
    await field(admin.page, 'form_templateName').fill(`发货通知${stamp}`);
    await field(admin.page, 'form_templateContent').fill('订单 ${orderNo} 已发货');
    await field(admin.page, 'form_templateTestJson').fill('{"orderNo":"SO-E2E"}');
    await modalOk(admin.page).click();
    await dialogsClosed(admin.page);
    const row = rows(admin.page).filter({ hasText: code });
    await row.waitFor();

    await clickRowAction(row, '发送测试');
    const send = dialog(admin.page);
    await expect.poll(() => field(admin.page, 'sendTest_data_orderNo').inputValue()).toBe('SO-E2E');
    await field(admin.page, 'sendTest_data_orderNo').fill(`SO${stamp}`);
    await expect.poll(() => send.getByTestId('message-preview').textContent()).toContain(`订单 SO${stamp} 已发货`);
    await send.getByRole('combobox', { name: '接收用户' }).click();
    await send.getByRole('combobox', { name: '接收用户' }).fill(username);
    await admin.page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: username }).click();
    await admin.page.keyboard.press('Escape');
    await send.getByRole('button', { name: /发\s*送/ }).click();
    await admin.page.locator('.ant-message-notice').filter({ hasText: '消息发送成功' }).waitFor();
    await dialogsClosed(admin.page);

    // Pushed over the notice socket: the bell rises well inside its reload interval, no reload.
    await receiver.page.waitForFunction((value) => document.querySelector('[data-testid=notice-bell]')?.getAttribute('data-count') === String(value), before + 1, { timeout: 5_000 });

    await admin.page.goto('/system/message');
    const record = rows(admin.page).filter({ hasText: `发货通知${stamp}` });
    await record.waitFor();
    const headers = await admin.page.locator('.ant-card .ant-table-thead th:visible').allTextContents();
    const cells = await record.locator('td').allTextContents();
    expect(cells[headers.findIndex((text) => text.trim() === '接收人数')]?.trim()).toBe('1');
    expect(cells[headers.findIndex((text) => text.trim() === '已读人数')]?.trim()).toBe('0');
    await clickRowAction(record, '接收人');
    await admin.page.locator('.ant-drawer-content-wrapper:visible tr', { hasText: username }).getByText('未读').waitFor();

    await receiver.context.close();
    await admin.context.close();
  });
});
