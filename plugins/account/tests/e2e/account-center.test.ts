/**
 * Issue 16, 个人中心 and 个人设置 end to end, as a user made for the test (admin's own profile is never
 * touched): the user dropdown opens 个人中心 with the user's card and messages; 基本设置 renames the
 * user and the header shows it at once; 新消息通知 turns 系统消息 off (the bell stops counting them)
 * and back on, stored on the server.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiResult, apiToken, baseURL, loginAs, newPage, openUserMenu, useBrowser } from '../../../../tests/e2e/support';

const browser = useBrowser();
const PASSWORD = 'Acct12345';

/** A fresh clerk-role user with one unread 系统消息 addressed to them alone. */
async function testUser(): Promise<{ username: string; realname: string; title: string }> {
  const admin = await apiToken();
  const stamp = `${Date.now() % 1_000_000}${Math.floor(Math.random() * 100)}`;
  const username = `e2eacct${stamp}`;
  const realname = `个人页${stamp}`;
  const roles = await apiResult<{ records: Array<{ id: string }> }>(admin, 'GET', '/sys/role/list?roleCode=clerk');
  const clerkRole = roles.records[0]?.id ?? '';
  expect(clerkRole).not.toBe('');
  await apiResult(admin, 'POST', '/sys/user/add', { username, realname, password: PASSWORD, confirmpassword: PASSWORD, selectedroles: clerkRole, selecteddeparts: '' });
  const login = await fetch(`${baseURL()}/api/sys/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: PASSWORD }) });
  const userId = ((await login.json()) as { result: { userInfo: { id: string } } }).result.userInfo.id;
  const title = `系统消息${stamp}`;
  const annt = await apiResult<{ id: string }>(admin, 'POST', '/sys/annountCement/add', { titile: title, msgContent: '<p>个人页测试</p>', priority: 'L', msgCategory: '2', msgType: 'USER', userIds: userId });
  await apiResult(admin, 'GET', `/sys/annountCement/doReleaseData?id=${annt.id}`);
  return { username, realname, title };
}

const bell = (page: Page) => page.getByTestId('notice-bell');
const activePane = (page: Page) => page.locator('.ant-tabs-tabpane-active').filter({ has: page.locator('[data-section], [data-testid=account-card]') });

describe('个人中心 and 个人设置', () => {
  it('opens 个人中心 from the dropdown, renames the user in 基本设置, and switches 系统消息 off and back on', async () => {
    const user = await testUser();
    const { context, page } = await newPage(browser());
    await loginAs(page, { username: user.username, password: PASSWORD });
    // The bell counts the unread notices (the demo's, addressed to all) and the user's 系统消息.
    const token = await apiToken({ username: user.username, password: PASSWORD });
    const unread = await apiResult<{ anntMsgTotal: number; sysMsgTotal: number }>(token, 'GET', '/sys/annountCement/listByUser');
    expect(unread.sysMsgTotal).toBeGreaterThanOrEqual(1);
    const allOn = String(unread.anntMsgTotal + unread.sysMsgTotal);
    await expect.poll(() => bell(page).getAttribute('data-count')).toBe(allOn);

    // 个人中心: the card shows the user; 我的消息 lists the message.
    await openUserMenu(page, '个人中心');
    await page.waitForURL((url) => url.pathname === '/account/center');
    const card = page.getByTestId('account-card').filter({ visible: true });
    await expect.poll(() => card.getByTestId('account-realname').textContent()).toBe(user.realname);
    await card.getByText(user.username, { exact: true }).waitFor();
    await page.getByRole('tab', { name: '我的消息' }).click();
    await page.getByRole('cell', { name: user.title }).waitFor();

    // 基本设置: a new name shows in the header at once.
    await openUserMenu(page, '个人设置');
    await page.waitForURL((url) => url.pathname === '/account/settings/base');
    const renamed = `${user.realname}改`;
    const name = activePane(page).getByLabel('姓名');
    await expect.poll(() => name.inputValue()).toBe(user.realname);
    await name.fill(renamed);
    await activePane(page).getByRole('button', { name: /保\s*存/ }).click();
    await page.locator('.ant-message-notice').filter({ hasText: '基本信息已更新' }).waitFor();
    await page.getByRole('button', { name: `用户菜单：${renamed}` }).waitFor();

    // 新消息通知: 系统消息 off → the bell stops counting it; back on → counted again. Both kept on the server.
    await activePane(page).getByRole('menuitem', { name: '新消息通知' }).click();
    await page.waitForURL((url) => url.pathname === '/account/settings/notification');
    // Its sections share one tab: the tab now names the section's URL.
    await page.locator('.page-tabs .ant-tabs-tab-active [data-tab-key="/account/settings/notification"]').waitFor();
    expect(await page.locator('.page-tabs .ant-tabs-nav [data-tab-key]').filter({ hasText: /^个人设置$/ }).count()).toBe(1);
    const systemSwitch = activePane(page).getByRole('switch', { name: '系统消息' });
    await expect.poll(() => systemSwitch.getAttribute('aria-checked')).toBe('true');
    await systemSwitch.click();
    await expect.poll(() => systemSwitch.getAttribute('aria-checked')).toBe('false');
    await expect.poll(() => bell(page).getAttribute('data-count')).toBe(String(unread.anntMsgTotal));
    expect(await apiResult(token, 'GET', '/account/notification')).toEqual({ system: false, notice: true });
    await systemSwitch.click();
    await expect.poll(() => systemSwitch.getAttribute('aria-checked')).toBe('true');
    await expect.poll(() => bell(page).getAttribute('data-count')).toBe(allOn);
    expect(await apiResult(token, 'GET', '/account/notification')).toEqual({ system: true, notice: true });
    await context.close();
  });
});
