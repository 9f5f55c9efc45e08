/** Issue 10, the shell's defects: tab context menu, English menu titles and the sider name, dark-mode colours. */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, loginAs, menusClosed, newPage, openUserMenu, useBrowser } from './support';

const browser = useBrowser();

const openPopup = (page: Page) => page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');

/** Right-clicks a tab (anywhere on it) and waits until its context menu has finished opening. */
async function contextMenuOf(page: Page, tabText: string, position?: { x: number; y: number }) {
  await page.locator('.page-tabs .ant-tabs-tab', { hasText: tabText }).click({ button: 'right', ...(position ? { position } : {}) });
  const popup = openPopup(page);
  await popup.waitFor();
  await expect.poll(() => popup.evaluate((el) => /-(enter|appear)/.test(el.className)), { timeout: 5_000 }).toBe(false);
  return popup;
}

/** Whether the element's text is drawn whole (nothing cut off on either axis). */
const fullyShown = (page: Page, selector: string) =>
  page.locator(selector).first().evaluate((el) => el.scrollWidth <= el.clientWidth && el.scrollHeight <= el.clientHeight && el.getBoundingClientRect().right <= 200);

describe('shell defects', () => {
  it('the home tab alone has a context menu, on its padding too, and it opens again with one right-click after 刷新', async () => {
    const { context, page } = await newPage(browser());
    await loginAs(page, DEMO.admin);
    await page.locator('.page-tabs .ant-tabs-tab', { hasText: '首页' }).waitFor();
    // Beside the title, on the tab's own padding.
    let popup = await contextMenuOf(page, '首页', { x: 3, y: 3 });
    await popup.locator('.ant-dropdown-menu-item', { hasText: '刷新' }).click();
    await menusClosed(page);
    popup = await contextMenuOf(page, '首页');
    expect(await popup.locator('.ant-dropdown-menu-item').allInnerTexts()).toEqual(['刷新', '关闭左侧', '关闭右侧', '关闭其它']);
    await page.keyboard.press('Escape');
    await context.close();
  });

  it('English mode: menu, tab and breadcrumb titles in English, the sider name whole in both languages', async () => {
    const { context, page } = await newPage(browser());
    await loginAs(page, DEMO.admin);
    expect(await fullyShown(page, '.sider-brand-name')).toBe(true);
    await page.getByRole('button', { name: '切换语言' }).click();
    await page.locator('.ant-dropdown-menu-item', { hasText: 'English' }).click();
    await page.getByPlaceholder('Search menu').waitFor();
    const sider = page.locator('.ant-layout-sider');
    await sider.getByText('System', { exact: true }).waitFor();
    expect(await sider.getByText('Customers', { exact: true }).count()).toBe(1);
    expect(await page.locator('.page-tabs .ant-tabs-tab').first().innerText()).toBe('Home');
    await page.goto('/goods/goodsBrandList');
    await page.locator('.page-tabs .ant-tabs-tab-active', { hasText: 'Brands' }).waitFor();
    await expect.poll(() => page.locator('.ant-breadcrumb').first().innerText()).toContain('Goods');
    await expect.poll(() => page.title()).toBe('Brands - Merchant Mini-program Admin');
    expect(await fullyShown(page, '.sider-brand-name')).toBe(true);
    await context.close();
  });

  it('dark mode: primary buttons in the configured #fa541c, links in the theme colour, the login links too', async () => {
    const { context, page } = await newPage(browser());
    await loginAs(page, DEMO.admin);
    await openUserMenu(page, '系统设置');
    const drawer = page.locator('.settings-drawer');
    await drawer.locator('[data-setting="darkMode"]').click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.keyboard.press('Escape');
    await page.goto('/system/user');
    const primary = page.locator('.ant-card .ant-btn-primary').first();
    await expect.poll(() => primary.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(250, 84, 28)');
    const rowLink = page.locator('.ant-table-tbody .ant-btn-link, .ant-table-tbody a').first();
    await expect.poll(() => rowLink.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(250, 84, 28)');

    await page.evaluate(() => window.localStorage.removeItem('pro__Access-Token'));
    await page.goto('/user/login');
    const links = page.locator('.account-link');
    await links.first().waitFor();
    // Still dark on the login page; its links in the theme colour, not the browser's blue.
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await links.evaluateAll((els) => els.map((el) => getComputedStyle(el).color))).toEqual(['rgb(250, 84, 28)', 'rgb(250, 84, 28)']);
    await context.close();
  });
});
