/**
 * Issue 11, 会员列表 end to end: 修改积分 and 修改余额 from a row — before, type, change, after and a
 * required reason — reach the ledgers, and the row shows the new totals; 修改等级 sets the level by hand.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { answerConfirm, apiToken, clickRowAction, DEMO, dialog, dialogsClosed, field, loginAs, modalOk, newPage, openFromMenu, shopApi, useBrowser, yuan } from '../../../../tests/e2e/support';

const browser = useBrowser();

const rows = (page: Page) => page.locator('.ant-tabs-tabpane-active .ant-card .ant-table-tbody tr.ant-table-row:visible');

/** The text of a column of the only row, by its header. */
async function cellOf(page: Page, header: string): Promise<string> {
  const headers = await page.locator('.ant-tabs-tabpane-active .ant-card .ant-table-thead th:visible').allTextContents();
  const index = headers.findIndex((text) => text.trim() === header);
  return (await rows(page).first().locator('td').nth(index).textContent())?.trim() ?? '';
}

async function openDialog(page: Page, action: '修改积分' | '修改余额' | '修改等级'): Promise<void> {
  await clickRowAction(rows(page).first(), action);
  await dialog(page).getByText(action, { exact: true }).first().waitFor();
}

/** A fresh member (tenant 1), and the member list filtered down to it. */
async function openFreshMember(prefix: string): Promise<{ id: string; token: string; page: Page; close: () => Promise<void> }> {
  const stamp = String(Date.now() % 1_000_000).padStart(6, '0');
  const memberNo = `${prefix}${stamp}`;
  const token = await apiToken();
  const created = await shopApi<{ id: string }>(token, 'POST', '/cust/custMember/add', { memberNo, memberName: '端到端会员', mobile: `13${stamp}${prefix === 'E' ? '000' : '111'}`.slice(0, 11), status: '1' });
  expect(created.success, created.message).toBe(true);
  const { context, page } = await newPage(browser());
  await loginAs(page, DEMO.admin);
  await openFromMenu(page, '客户管理', '会员列表', '/cust/custMemberList');
  await rows(page).first().waitFor();
  await field(page, 'search_memberNo').fill(memberNo);
  await page.getByRole('button', { name: /查\s*询/ }).filter({ visible: true }).click();
  await expect.poll(() => rows(page).count()).toBe(1);
  return { id: created.result.id, token, page, close: () => context.close() };
}

describe('会员列表: 修改积分, 修改余额 and 修改等级', () => {
  it('changes points and balance through their dialogs, refusing what would go below zero', async () => {
    const { id, token, page, close } = await openFreshMember('E');

    // 修改积分: +120 with a reason.
    await openDialog(page, '修改积分');
    expect(await dialog(page).getByTestId('adjust-before').inputValue()).toBe('0');
    await dialog(page).getByRole('spinbutton').fill('120');
    await expect.poll(() => dialog(page).getByTestId('adjust-after').textContent()).toBe('120');
    await modalOk(page).click();
    await dialog(page).getByText('请输入原因').waitFor();
    await dialog(page).locator('textarea').fill('活动补发');
    await modalOk(page).click();
    await page.getByText('修改积分成功').waitFor();
    await dialogsClosed(page);
    await expect.poll(() => cellOf(page, '积分')).toBe('120');

    // Taking away more than there is shows the refusal before anything is sent.
    await openDialog(page, '修改积分');
    await dialog(page).getByText('减少').click();
    await dialog(page).getByRole('spinbutton').fill('200');
    await expect.poll(() => dialog(page).getByTestId('adjust-after').textContent()).toBe('-80');
    await dialog(page).locator('textarea').fill('扣回');
    await modalOk(page).click();
    await dialog(page).getByText('变动后不能小于 0').waitFor();
    await dialog(page).getByRole('button', { name: /取\s*消/ }).click();
    await dialogsClosed(page);

    // 修改余额: +12.34 yuan, exact to the cent.
    await openDialog(page, '修改余额');
    expect(await dialog(page).getByTestId('adjust-before').inputValue()).toBe('0.00');
    await dialog(page).getByRole('spinbutton').fill('12.34');
    await expect.poll(() => dialog(page).getByTestId('adjust-after').textContent()).toBe('12.34');
    await dialog(page).locator('textarea').fill('线下充值');
    await modalOk(page).click();
    await page.getByText('修改余额成功').waitFor();
    await dialogsClosed(page);
    await expect.poll(() => cellOf(page, '余额')).toBe(yuan('12.34'));

    // Both changes are ledger rows with the reason as title and the total after.
    const points = await shopApi<{ records: Array<Record<string, unknown>> }>(token, 'GET', `/cust/custPointsLog/list?memberId=${id}`);
    expect(points.result.records.map((row) => [row.point, row.totalPoint, row.title])).toEqual([[120, 120, '活动补发']]);
    const balance = await shopApi<{ records: Array<Record<string, unknown>> }>(token, 'GET', `/cust/custBalanceLog/list?memberId=${id}`);
    expect(balance.result.records.map((row) => [row.price, row.balance, row.title])).toEqual([[12.34, 12.34, '线下充值']]);
    await close();
  });

  it('sets the level by hand with a reason', async () => {
    const { page, close } = await openFreshMember('V');
    // 修改等级 by hand, with a reason.
    expect(await cellOf(page, '会员等级')).toBe('普通会员');
    await openDialog(page, '修改等级');
    await dialog(page).locator('.ant-select').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '金卡会员' }).click();
    await dialog(page).locator('textarea').fill('大客户特批');
    await modalOk(page).click();
    await page.getByText('修改等级成功').waitFor();
    await dialogsClosed(page);
    await expect.poll(() => cellOf(page, '会员等级')).toBe('金卡会员');

    await close();
  });
});

describe('会员详情', () => {
  it("opens from the row's 详情 in its own tab: the member with its totals, and ledger tabs listing only this member's rows", async () => {
    const { id, token, page, close } = await openFreshMember('D');
    expect((await shopApi(token, 'POST', '/cust/custMember/adjustPoints', { memberId: id, point: 35, reason: '详情页积分' })).success).toBe(true);
    expect((await shopApi(token, 'POST', '/cust/custMember/adjustBalance', { memberId: id, price: '5.50', reason: '详情页余额' })).success).toBe(true);
    const given = { memberId: id, templateId: 'T001', name: '详情页满减券', validStartTime: '2026-01-01 00:00:00', validEndTime: '2030-01-01 00:00:00' };
    expect((await shopApi(token, 'POST', '/cust/custCoupon/add', given)).success).toBe(true);

    await clickRowAction(rows(page).first(), '详情');
    await page.waitForURL((url) => url.pathname === '/cust/CustMember/detail' && url.searchParams.get('id') === id);
    const header = page.locator('.entity-detail-header:visible');
    await header.getByText('端到端会员').first().waitFor();
    await expect.poll(() => header.textContent()).toContain('5.50');
    const tabs = page.locator('.entity-detail-header:visible + .ant-card');
    const ledgerRows = tabs.locator('.ant-tabs-tabpane-active tr.ant-table-row');

    // 积分明细 is the first tab: this member's one row, with the reason as its title.
    await ledgerRows.filter({ hasText: '详情页积分' }).waitFor();
    expect(await ledgerRows.count()).toBe(1);
    await tabs.getByRole('tab', { name: '余额明细' }).click();
    await ledgerRows.filter({ hasText: '详情页余额' }).waitFor();
    expect(await ledgerRows.count()).toBe(1);

    // 优惠券: the member's unused coupon, taken back with 回收 after a confirmation.
    await tabs.getByRole('tab', { name: '优惠券' }).click();
    const coupon = ledgerRows.filter({ hasText: '详情页满减券' });
    await coupon.waitFor();
    await clickRowAction(coupon, '回收');
    await answerConfirm(page);
    await page.getByText('回收成功').waitFor();
    await coupon.waitFor({ state: 'detached' });

    // A reload shows the same member again (the id is in the URL).
    await page.reload();
    await page.locator('.entity-detail-header:visible').getByText('端到端会员').first().waitFor();
    await close();
  });
});

describe('会员列表: 导入', () => {
  it('shows 正在导入 n / total 行 with a bar while a few hundred rows import, then the result', async () => {
    const count = 400;
    const stamp = String(Date.now() % 100_000).padStart(5, '0');
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('会员列表');
    sheet.addRow(['会员编号', '会员姓名', '手机号', '性别', '分组']);
    for (let index = 0; index < count; index += 1) sheet.addRow([`EI${stamp}${String(index).padStart(4, '0')}`, `导入会员${index}`, `147${stamp}${String(index).padStart(3, '0')}`, index % 2 === 0 ? '男' : '女', '新客']);
    // The last row repeats the first one's number: refused with the add form's words.
    sheet.addRow([`EI${stamp}0000`, '编号重复', '14699999999', '男', '新客']);
    const file = Buffer.from(await book.xlsx.writeBuffer());

    const { context, page } = await newPage(browser());
    await loginAs(page, DEMO.admin);
    await openFromMenu(page, '客户管理', '会员列表', '/cust/custMemberList');
    await rows(page).first().waitFor();
    // Every text the import button shows, however briefly: the import of a few hundred rows takes well under a second.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { importTexts: string[] }).importTexts = seen;
      new MutationObserver(() => {
        for (const node of document.querySelectorAll('.ant-upload button, .crud-import-progress')) {
          const text = node.textContent ?? '';
          if (seen.at(-1) !== text) seen.push(text);
        }
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    const input = page.locator('.ant-tabs-tabpane-active .ant-upload input[type=file]').first();
    await input.setInputFiles({ name: 'members.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: file });
    await page.locator('.ant-modal-confirm-title', { hasText: `导入完成：成功 ${count} 条，跳过 1 条` }).waitFor();
    await dialog(page).getByText(`第${count + 2}行：会员编号：该值不可用，系统中已存在！`).waitFor();
    const texts = await page.evaluate(() => (window as unknown as { importTexts: string[] }).importTexts);
    const rowsShown = texts.map((text) => /正在导入 (\d+) \/ (\d+) 行/.exec(text)).filter((match) => match !== null);
    expect(rowsShown.length, texts.join(' | ')).toBeGreaterThan(0);
    expect(rowsShown.every((match) => match[2] === String(count + 1))).toBe(true);
    // The bar went with the progress; the button is itself again once the answer came.
    expect(texts.some((text) => /\d+%/.test(text))).toBe(true);
    await page.locator('.crud-import-progress').waitFor({ state: 'detached' });
    await context.close();
  });
});
