/**
 * docs/spec.md §2/§9 shell details: the footer credit, the bell's 查看更多, the side menu widths and its 1087.99 px fold;
 * and motion only for those who have not asked their system for less.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, loginAs, menusClosed, newPage, useBrowser } from './support';

const browser = useBrowser();

const sider = (page: Page) => page.locator('.ant-layout-sider');
const siderWidth = (page: Page) => sider(page).evaluate((element) => Math.round(element.getBoundingClientRect().width));

describe('main layout', () => {
  it('credits 商城管理团队出品 in the footer', async () => {
    const { context, page } = await newPage(browser());
    await loginAs(page, DEMO.admin);
    await expect.poll(() => page.locator('.ant-layout-footer').innerText()).toBe('商城管理团队出品');
    await context.close();
  });

  it('opens 我的消息 (/isps/userAnnouncement) with its list from the bell\'s 查看更多', async () => {
    const { context, page } = await newPage(browser());
    await loginAs(page, DEMO.admin);
    await page.getByRole('button', { name: '消息通知' }).click();
    const popover = page.locator('.ant-popover:not(.ant-popover-hidden)');
    await popover.getByRole('button', { name: '查看更多' }).click();
    await page.waitForURL((url) => url.pathname === '/isps/userAnnouncement');
    await expect.poll(() => popover.count()).toBe(0);
    const card = page.locator('.ant-card:visible', { hasText: '我的消息' });
    await expect.poll(() => card.locator('.ant-table-thead th').allInnerTexts()).toEqual(expect.arrayContaining(['标题', '发布人', '优先级']));
    // Two seeded announcements go to everybody.
    await expect.poll(() => card.locator('.ant-table-tbody tr.ant-table-row').count()).toBeGreaterThanOrEqual(2);
    await expect.poll(() => card.locator('.ant-table-tbody').innerText()).toContain('系统升级通知');
    await context.close();
  });
});

/**
 * Opens the header's user menu and returns where its 退出登录 entry was, frame by frame, from the first frame it shows
 * until 30 frames later (antd's motion grows the popup into place in about 200 ms).
 */
async function logoutEntryPositions(page: Page): Promise<number[]> {
  await page.evaluate(() => {
    const positions: number[] = [];
    (window as unknown as { logoutPositions: number[] }).logoutPositions = positions;
    let after = 0;
    const sample = () => {
      const entry = [...document.querySelectorAll('.ant-dropdown-menu-item')].find((item) => item.textContent?.includes('退出登录'));
      if (entry !== undefined) {
        positions.push(Math.round(entry.getBoundingClientRect().top));
        after += 1;
      }
      if (after < 30) requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });
  await page.getByRole('button', { name: '用户菜单' }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { logoutPositions: number[] }).logoutPositions.length)).toBe(30);
  return page.evaluate(() => (window as unknown as { logoutPositions: number[] }).logoutPositions);
}

describe('motion', () => {
  it('grows a popup into place by default, and shows it in place for a system that asks for reduced motion', async () => {
    const moving = await newPage(browser(), { reducedMotion: 'no-preference' });
    await loginAs(moving.page, DEMO.admin);
    expect(new Set(await logoutEntryPositions(moving.page)).size).toBeGreaterThan(1);
    await moving.context.close();

    const still = await newPage(browser(), { reducedMotion: 'reduce' });
    await loginAs(still.page, DEMO.admin);
    expect(new Set(await logoutEntryPositions(still.page)).size).toBe(1);
    await still.page.keyboard.press('Escape');
    await menusClosed(still.page);
    await still.context.close();
  });
});

describe('side menu', () => {
  it('is inline and 200 px wide, 80 px when collapsed', async () => {
    const { context, page } = await newPage(browser());
    await loginAs(page, DEMO.admin);
    await expect.poll(() => siderWidth(page)).toBe(200);
    expect(await sider(page).locator('ul.ant-menu-inline').count()).toBe(1);
    const toggle = page.getByRole('button', { name: '展开/收起菜单' });
    await toggle.click();
    await expect.poll(() => siderWidth(page)).toBe(80);
    await toggle.click();
    await expect.poll(() => siderWidth(page)).toBe(200);
    await context.close();
  });

  it('is folded up to 1087 px wide screens and open from 1088 px', async () => {
    const { context, page } = await newPage(browser());
    await page.setViewportSize({ width: 1087, height: 800 });
    await loginAs(page, DEMO.admin);
    await expect.poll(() => siderWidth(page)).toBe(80);
    await page.setViewportSize({ width: 1088, height: 800 });
    await expect.poll(() => siderWidth(page)).toBe(200);
    await page.setViewportSize({ width: 1087, height: 800 });
    await expect.poll(() => siderWidth(page)).toBe(80);
    // Unfolding on a narrow screen is possible (for this visit).
    await page.getByRole('button', { name: '展开/收起菜单' }).click();
    await expect.poll(() => siderWidth(page)).toBe(200);
    await context.close();
  });

  it('becomes the phone drawer up to 767 px and is a sider from 768 px', async () => {
    const { context, page } = await newPage(browser());
    await page.setViewportSize({ width: 767, height: 800 });
    await loginAs(page, DEMO.admin);
    await expect.poll(() => sider(page).count()).toBe(0);
    await page.setViewportSize({ width: 768, height: 800 });
    await expect.poll(() => sider(page).count()).toBe(1);
    await context.close();
  });
});
