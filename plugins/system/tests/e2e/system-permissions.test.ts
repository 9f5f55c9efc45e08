/** 菜单管理 end to end: a sub-menu with a picked icon reaches the side menu after re-login; edit; delete. */
import { beforeEach, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { apiResult, apiToken, clickRowAction, DEMO, field, loginAs, newPage, OK, openFromMenu, rows, rowWithCell, useBrowser } from '../../../../tests/e2e/support';

const browser = useBrowser();

const NAME = 'E2E会员画像';
const RENAMED = 'E2E会员画像分析';

const rowNamed = (page: Page, name: string) => rowWithCell(rows(page), name);
const sideMenu = (page: Page) => page.getByRole('menu').first();

async function openMenuManagement(page: Page): Promise<void> {
  await openFromMenu(page, '系统管理', '菜单管理', '/system/permission');
  await rowNamed(page, '客户管理').waitFor();
}

async function relogin(page: Page): Promise<void> {
  await page.getByRole('button', { name: /用户菜单/ }).click();
  await page.getByText('退出登录').click();
  await page.getByText('真的要注销登录吗 ?').waitFor();
  await page.getByRole('button', { name: OK }).filter({ visible: true }).click();
  await page.waitForURL((url) => url.pathname === '/user/login');
  await loginAs(page, DEMO.admin);
}

/**
 * Unfolds 客户管理 in the side menu until `shown` is visible: clicked only while folded (a click on an open branch
 * folds it, and the menu may still be settling after a login — its open branches follow the page shown).
 */
async function unfoldCustomers(page: Page, shown: Locator): Promise<void> {
  const branch = sideMenu(page).locator('.ant-menu-submenu-title').filter({ hasText: '客户管理' }).first();
  await expect
    .poll(async () => {
      if (await shown.isVisible()) return true;
      if ((await branch.getAttribute('aria-expanded')) !== 'true') await branch.click();
      return false;
    })
    .toBe(true);
}

/** The side-menu entry under 客户管理 with this title (the branch unfolded first). */
async function customerMenuEntry(page: Page, title: string) {
  const entry = sideMenu(page).getByRole('menuitem').filter({ hasText: title });
  await unfoldCustomers(page, entry.first());
  return entry;
}

async function searchByName(page: Page, name: string): Promise<void> {
  const box = page.getByRole('searchbox', { name: '菜单名称' }).filter({ visible: true });
  await box.fill(name);
  await box.press('Enter');
  await rowNamed(page, name).waitFor();
}

interface MenuNode {
  id: string;
  name: string;
  children?: MenuNode[];
}

/** The menus named `name` anywhere in the tree 菜单管理 lists for a search by it. */
const named = (nodes: readonly MenuNode[], name: string): MenuNode[] => nodes.flatMap((node) => [...(node.name === name ? [node] : []), ...named(node.children ?? [], name)]);

/**
 * Deletes what an earlier, failed attempt of this test left behind (the runner retries a failed browser test once, on
 * the same server): its menu would show twice in the side menu, and in every later walk of the menu.
 */
async function removeLeftovers(): Promise<void> {
  const token = await apiToken();
  for (const name of [NAME, RENAMED]) {
    const tree = await apiResult<MenuNode[]>(token, 'GET', `/sys/permission/list?name=${encodeURIComponent(name)}`);
    for (const menu of named(tree, name)) await apiResult(token, 'DELETE', `/sys/permission/delete?id=${encodeURIComponent(menu.id)}`);
  }
}

describe('菜单管理', () => {
  beforeEach(removeLeftovers);

  // Four logins, each reading the whole menu: more than the 60 s default on a loaded 2-core runner.
  it('adds a sub-menu with a picked icon that the side menu shows after re-login, renames it, deletes it', { timeout: 120_000 }, async () => {
    const { context, page } = await newPage(browser());
    await loginAs(page, DEMO.admin);
    await openMenuManagement(page);

    // The tree: top-level menus folded, 展开全部 opens every branch down to the buttons.
    expect(await rowNamed(page, '客户列表').count()).toBe(0);
    await page.getByRole('button', { name: '展开全部' }).filter({ visible: true }).click();
    await rowNamed(page, '客户列表').waitFor();
    await rowNamed(page, '新增菜单').waitFor();
    expect(await rowNamed(page, '新增菜单').locator('td').nth(2).innerText()).toBe('按钮权限');
    await page.getByRole('button', { name: '折叠全部' }).filter({ visible: true }).click();
    await expect.poll(() => rowNamed(page, '客户列表').count()).toBe(0);

    // 更多 ▾ 添加下级 under 客户管理: a 600 px drawer in the URL, 子菜单 under its parent.
    await rowNamed(page, '客户管理').getByRole('button', { name: /更多/ }).click();
    await page.locator('.ant-dropdown:visible').getByText('添加下级').click();
    await page.waitForURL((url) => url.searchParams.get('create') === '1' && url.searchParams.has('parent'));
    const drawer = page.locator('.ant-drawer-content-wrapper:visible');
    expect(Math.round((await drawer.boundingBox())?.width ?? 0)).toBe(600);
    await expect.poll(() => drawer.locator('.ant-radio-wrapper-checked').innerText()).toBe('子菜单');
    await expect.poll(() => drawer.locator('.ant-select-selection-item').first().innerText()).toBe('客户管理');

    // The client checks what the type needs before sending.
    await drawer.getByRole('button', { name: OK }).click();
    await drawer.getByText('请输入菜单名称!').waitFor();
    await field(page, 'permissionForm_name').fill(NAME);
    await field(page, 'permissionForm_url').fill('cust/e2ePortrait');
    await drawer.getByRole('button', { name: OK }).click();
    await drawer.getByText('菜单路径须以 / 开头，外部链接须以 http:// 或 https:// 开头').waitFor();
    await field(page, 'permissionForm_url').fill('/cust/e2ePortrait');
    await field(page, 'permissionForm_component').fill('cust/E2ePortrait');
    await field(page, 'permissionForm_sortNo').fill('3');

    // The icon picker: search, pick, and the field holds the kebab-case name.
    await drawer.getByRole('button', { name: '选择图标' }).click();
    const picker = page.locator('.ant-modal:visible');
    await picker.getByRole('searchbox', { name: '搜索图标' }).fill('shop');
    await expect.poll(() => picker.getByRole('option').evaluateAll((options) => options.map((option) => option.getAttribute('title')))).toEqual(['shop', 'shopping', 'shopping-cart']);
    await picker.locator('[role=option][title="shop"]').click();
    await expect.poll(() => field(page, 'permissionForm_icon').inputValue()).toBe('shop');
    await drawer.getByRole('button', { name: OK }).click();
    await page.getByText('添加成功！').first().waitFor();
    await page.waitForURL((url) => !url.searchParams.has('create'));

    // The side menu reads the menu at login: after logging in again it has the entry with its icon.
    await relogin(page);
    const entry = await customerMenuEntry(page, NAME);
    await entry.waitFor();
    expect(await entry.locator('.anticon-shop').count()).toBe(1);
    // Sort 3: after 客户列表 and 会员列表.
    expect((await sideMenu(page).getByRole('menuitem').allInnerTexts()).filter((text) => ['客户列表', '会员列表', NAME].includes(text.trim()))).toEqual(['客户列表', '会员列表', NAME]);

    // Rename; the drawer reopens from the URL after a reload.
    await openMenuManagement(page);
    await searchByName(page, NAME);
    await clickRowAction(rowNamed(page, NAME), /编\s*辑/);
    await page.waitForURL((url) => url.searchParams.has('edit'));
    await page.reload();
    await expect.poll(() => field(page, 'permissionForm_name').inputValue()).toBe(NAME);
    expect(await field(page, 'permissionForm_icon').inputValue()).toBe('shop');
    await field(page, 'permissionForm_name').fill(RENAMED);
    await page.locator('.ant-drawer-content-wrapper:visible').getByRole('button', { name: OK }).click();
    await page.getByText('编辑成功!').first().waitFor();

    await relogin(page);
    await (await customerMenuEntry(page, RENAMED)).waitFor();
    expect(await sideMenu(page).getByRole('menuitem').filter({ hasText: new RegExp(`^${NAME}$`) }).count()).toBe(0);

    // Delete with a confirm; gone from the side menu after the next login.
    await openMenuManagement(page);
    await searchByName(page, RENAMED);
    await rowNamed(page, RENAMED).getByRole('button', { name: /更多/ }).click();
    await page.locator('.ant-dropdown:visible').getByText('删除').click();
    await page.locator('.ant-modal-confirm-title').getByText('确定删除吗?').waitFor();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: OK }).click();
    await page.getByText('删除成功!').first().waitFor();
    await expect.poll(() => rowNamed(page, RENAMED).count()).toBe(0);

    await relogin(page);
    const menu = sideMenu(page);
    await unfoldCustomers(page, menu.getByRole('menuitem').filter({ hasText: '客户列表' }).first());
    expect(await menu.getByRole('menuitem').filter({ hasText: RENAMED }).count()).toBe(0);
    await context.close();
  });
});
