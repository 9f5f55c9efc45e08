/**
 * Issue 4, permissions end to end on 会员列表: clerk's buttons (type '1' hidden, type '2' disabled)
 * with no permission request while the list shows; a dictionary edit reaching a form select after
 * 清理缓存; and a new clerk user gaining 新增 once 角色管理 grants 新增会员 to its role.
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiResult, apiToken, clickRowAction, DEMO, field, loginAs, modalOk, newPage, OK, openFromMenu, openUserMenu, revokeFromRole, rowActionEnabled, useBrowser } from './support';

const browser = useBrowser();
// The shared server outlives this file: give the clerk role back exactly what it had, and start clean (a retry too).
const revokeClerkMemberAdd = () => revokeFromRole('clerk', 'cust:member:add');
beforeEach(revokeClerkMemberAdd);
afterAll(revokeClerkMemberAdd);

const ADD = /新\s*增/;
const stamp = () => String(Date.now() % 1_000_000);

// Keep-alive tabs hold other screens (hidden): act inside the active tab's page only.
const rows = (page: Page) => page.locator('.ant-tabs-tabpane-active .ant-card .ant-table-tbody tr.ant-table-row:visible');
const toolbar = (page: Page) => page.locator('.ant-tabs-tabpane-active .ant-card .crud-toolbar:visible').first();

/** Opens a list page from the side menu and waits for its first row. */
async function openList(page: Page, branch: string, entry: string, path: string): Promise<void> {
  await openFromMenu(page, branch, entry, path);
  await rows(page).first().waitFor();
}

const openMembers = (page: Page) => openList(page, '客户管理', '会员列表', '/cust/custMemberList');

async function logout(page: Page): Promise<void> {
  await openUserMenu(page, '退出登录');
  await page.getByText('真的要注销登录吗 ?').waitFor();
  await page.getByRole('button', { name: OK }).filter({ visible: true }).click();
  await page.waitForURL((url) => url.pathname === '/user/login');
}

/** What the member list shows the signed-in user: 新增 in the toolbar, and the first row's 编辑/删除 state. */
async function memberButtons(page: Page): Promise<{ add: number; edit: boolean; remove: boolean }> {
  const row = rows(page).first();
  return {
    add: await toolbar(page).getByRole('button', { name: ADD }).count(),
    edit: await rowActionEnabled(row, /编\s*辑/),
    remove: await rowActionEnabled(row, /删\s*除/),
  };
}


describe('会员列表 for clerk', () => {
  it('hides 新增, shows 删除 disabled and 编辑 enabled, and asks for no permission while the list shows', async () => {
    const { context, page } = await newPage(browser());
    await loginAs(page, DEMO.clerk);
    await openMembers(page);
    expect(await memberButtons(page)).toEqual({ add: 0, edit: true, remove: false });
    // 导出 is granted to everybody (status '0'); 导入 is not clerk's.
    expect(await toolbar(page).getByRole('button', { name: /导\s*出/ }).count()).toBe(1);
    expect(await toolbar(page).getByRole('button', { name: /导\s*入/ }).count()).toBe(0);

    // From here on, every request the page makes is recorded.
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.locator('.ant-pagination-options .ant-select:visible').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '30 条/页' }).click();
    await expect.poll(() => rows(page).count()).toBe(30);
    for (const index of [0, 14, 29]) await rows(page).nth(index).hover();
    await rows(page).nth(29).scrollIntoViewIfNeeded();
    const all = await rows(page).all();
    // One row at a time: an action under 更多 ▾ is read by opening that row's menu.
    const states: boolean[][] = [];
    for (const row of all) states.push([await rowActionEnabled(row, /编\s*辑/), await rowActionEnabled(row, /删\s*除/)]);
    expect(states).toEqual(Array.from({ length: 30 }, () => [true, false]));
    await page.waitForTimeout(500);

    const apiCalls = requests.map((url) => new URL(url)).filter((url) => url.pathname.startsWith('/api/'));
    expect(apiCalls.some((url) => url.pathname === '/api/cust/custMember/list' && url.searchParams.get('pageSize') === '30')).toBe(true);
    expect(apiCalls.filter((url) => /permission|auth/i.test(url.pathname)).map((url) => url.pathname)).toEqual([]);
    await context.close();
  });
});

describe('a dictionary edit reaches the member form after 清理缓存', () => {
  it('admin adds a register terminal to its dictionary, clears the cache and finds it in the create dialog', async () => {
    const level = `E2E支付宝小程序${stamp()}`;
    // The dictionary screen itself is proven by dictionaries.test.ts; here the item is added through its API.
    const token = await apiToken();
    const dicts = await apiResult<{ records: Array<{ id: string; dictCode: string }> }>(token, 'GET', '/sys/dict/list?dictCode=member_terminal');
    const dictId = dicts.records.find((dict) => dict.dictCode === 'member_terminal')?.id ?? '';
    const { context, page } = await newPage(browser());
    await loginAs(page, DEMO.admin);

    const levelOptions = async (): Promise<string[]> => {
      await toolbar(page).getByRole('button', { name: ADD }).click();
      await page.waitForURL((url) => url.searchParams.get('create') === '1');
      const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
      // The options re-render while the dictionaries load: read them once shown, opening the select again if it closed meanwhile.
      let texts: string[] = [];
      await expect
        .poll(async () => {
          if ((await options.count()) === 0) await field(page, 'form_registerTerminal').click();
          texts = await options.allInnerTexts();
          return texts.length;
        })
        .toBeGreaterThan(0);
      await page.keyboard.press('Escape');
      await page.locator('.ant-modal-footer:visible').getByRole('button', { name: /取\s*消/ }).click();
      await page.waitForURL((url) => !url.searchParams.has('create'));
      return texts;
    };

    // The dictionary cache from login holds the terminals as they were; then one is added on the server.
    await openMembers(page);
    const before = await levelOptions();
    expect(before).toEqual(expect.arrayContaining(['微信小程序', '后台录入']));
    expect(before).not.toContain(level);
    await apiResult(token, 'POST', '/sys/dictItem/add', { dictId, itemText: level, itemValue: `e2e${stamp()}`, status: 1 });

    await openUserMenu(page, '清理缓存');
    await page.getByText('刷新缓存完成！').first().waitFor();
    expect(await levelOptions()).toContain(level);
    await context.close();
  });
});

describe('granting 新增会员 through 角色管理', () => {
  it('a user created with the clerk role lacks 新增 until its role is granted 新增会员, then has it after re-login', async () => {
    const username = `e2e_m${stamp()}`;
    const password = 'member123';
    const { context, page } = await newPage(browser());
    await loginAs(page, DEMO.admin);

    // 用户管理: a new user with the clerk role (店员).
    await openList(page, '系统管理', '用户管理', '/system/user');
    await toolbar(page).getByRole('button', { name: ADD }).click();
    await page.waitForURL((url) => url.searchParams.get('create') === '1');
    await field(page, 'form_username').fill(username);
    await field(page, 'form_realname').fill('会员专员');
    await field(page, 'form_password').fill(password);
    await field(page, 'form_confirmpassword').fill(password);
    await field(page, 'form_selectedroles').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '店员' }).click();
    await page.keyboard.press('Escape');
    await modalOk(page).click();
    await page.getByText('添加成功！').first().waitFor();

    // The new user: 新增 absent, 删除 disabled.
    const member = await newPage(browser());
    await loginAs(member.page, { username, password });
    await openMembers(member.page);
    expect(await memberButtons(member.page)).toEqual({ add: 0, edit: true, remove: false });

    // 角色管理 → 店员 → 授权: tick 新增会员 and save.
    await openList(page, '系统管理', '角色管理', '/system/role');
    const clerkRow = rows(page).filter({ has: page.locator('td', { hasText: /^clerk$/ }) });
    await clickRowAction(clerkRow, '授权');
    const drawer = page.locator('.ant-drawer-content:visible');
    await drawer.getByText('角色权限配置：店员').waitFor();
    await drawer.getByRole('searchbox', { name: '搜索权限' }).fill('新增会员');
    const node = drawer.locator('.ant-tree-treenode').filter({ hasText: /^新增会员$/ });
    await node.waitFor();
    expect(await node.locator('.ant-tree-checkbox-checked').count()).toBe(0);
    await node.locator('.ant-tree-checkbox').click();
    await drawer.getByRole('button', { name: /保\s*存/ }).click();
    await page.getByText('保存成功！').first().waitFor();

    // The open session keeps its lists; after re-login the user has 新增.
    await logout(member.page);
    await loginAs(member.page, { username, password });
    await openMembers(member.page);
    expect(await memberButtons(member.page)).toEqual({ add: 1, edit: true, remove: false });

    await member.context.close();
    await context.close();
  });
});
