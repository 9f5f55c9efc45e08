/** Issue 5: notices pushed over the notice socket, the announcement modal, live lists over the table socket. */
import { describe, expect, it } from 'vitest';
import type { Page, WebSocketRoute } from 'playwright-core';
import { answerConfirm, clickRowAction, DEMO, loginAs, newPage, openFromMenu, useBrowser } from '../../../../tests/e2e/support';

const browser = useBrowser();

const ADMIN_LIST = '/system/annountCement';
const MY_LIST = '/system/userAnnouncement';

async function bellCount(page: Page): Promise<number> {
  return Number(await page.locator('[data-testid=notice-bell]').getAttribute('data-count'));
}

/** Waits until the bell shows `expected`, failing after timeoutMs; returns the time it took. */
async function waitForCount(page: Page, expected: number, timeoutMs: number): Promise<number> {
  const started = Date.now();
  await page.waitForFunction((value) => document.querySelector('[data-testid=notice-bell]')?.getAttribute('data-count') === String(value), expected, {
    timeout: timeoutMs,
  });
  return Date.now() - started;
}

/** Creates an announcement on the admin page; to the clerk only, opening `openPage` (a 链接, or a 组件 with busId) with 去处理. */
async function createOnAdminPage(page: Page, title: string, options: { toClerk: boolean; openPage?: string; component?: { busId: string } }): Promise<void> {
  await page.getByRole('button', { name: /新\s*增/ }).click();
  const dialog = page.locator('.ant-modal').filter({ hasText: '新增通告' });
  await dialog.locator('#announcement_titile').fill(title);
  if (options.toClerk) {
    await dialog.getByLabel('指定用户').check();
    await dialog.locator('.ant-form-item', { hasText: '指定用户' }).locator('.ant-select-selector').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '店员' }).click();
    // The choice is made before the dropdown closes: Escape on a closed dropdown would close the dialog instead.
    await dialog.locator('.ant-form-item', { hasText: '指定用户' }).locator('.ant-select-selection-item', { hasText: '店员' }).waitFor();
    await page.keyboard.press('Escape');
    await page.locator('.ant-select-dropdown:visible').waitFor({ state: 'hidden' });
  }
  if (options.openPage !== undefined) {
    await dialog.locator('.ant-form-item', { hasText: '打开方式' }).locator('.ant-select-selector').click();
    const openType = options.component ? '组件' : '链接';
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: openType }).click();
    await dialog.locator('.ant-form-item', { hasText: '打开方式' }).locator('.ant-select-selection-item', { hasText: openType }).waitFor();
    await dialog.locator('#announcement_openPage').fill(options.openPage);
    if (options.component) await dialog.locator('#announcement_busId').fill(options.component.busId);
  }
  await dialog.locator('.ql-editor').fill(`${title} 的内容`);
  await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
  await dialog.waitFor({ state: 'hidden' });
  await page.locator('tr', { hasText: title }).waitFor();
}

async function releaseOnAdminPage(page: Page, title: string): Promise<void> {
  await clickRowAction(page.locator('tr', { hasText: title }), /发\s*布/);
  await answerConfirm(page, '确定要发布吗?');
  await page.locator('tr', { hasText: title }).getByText('已发布').waitFor();
}

describe('notices', () => {
  it('admin releases to clerk on the admin page; clerk sees the count rise without reloading, opens it, 去处理 navigates; the socket comes back after a drop', async () => {
    const clerk = await newPage(browser());
    // Playwright stands between the page and the server on the notice socket, so the test can drop it.
    const noticeRoutes: WebSocketRoute[] = [];
    await clerk.page.routeWebSocket(/\/api\/websocket\//, (route) => {
      noticeRoutes.push(route);
      route.connectToServer();
    });
    await loginAs(clerk.page, DEMO.clerk);
    await clerk.page.locator('[data-testid=notice-bell]').waitFor();
    await expect.poll(() => noticeRoutes.length, { timeout: 10_000 }).toBe(1);
    await clerk.page.waitForFunction(() => document.querySelector('[data-testid=notice-bell]')?.getAttribute('data-count') !== '0', undefined, { timeout: 10_000 }).catch(() => undefined);
    const before = await bellCount(clerk.page);

    const admin = await newPage(browser());
    await loginAs(admin.page, DEMO.admin);
    await admin.page.goto(ADMIN_LIST);
    const title = `店员通知 ${Date.now()}`;
    await createOnAdminPage(admin.page, title, { toClerk: true, openPage: '/dashboard/workplace' });
    await releaseOnAdminPage(admin.page, title);

    // Pushed, not polled: well inside the 6 s reload interval.
    const took = await waitForCount(clerk.page, before + 1, 5_000);
    expect(took).toBeLessThan(5_000);
    expect(clerk.page.url()).toContain('/dashboard/analysis');

    await clerk.page.locator('[data-testid=notice-bell] button').click();
    await clerk.page.locator('.ant-popover:visible .ant-list-item', { hasText: title }).click();
    const modal = clerk.page.locator('.announcement-modal');
    await expect(modal.locator('.ant-modal-title').textContent()).resolves.toContain('通知消息');
    await expect(modal.getByText(title).first().isVisible()).resolves.toBe(true);
    await expect(modal.getByText('店员通知').first().isVisible()).resolves.toBe(true);
    await waitForCount(clerk.page, before, 5_000);
    // offsetWidth ignores the opening zoom animation's transform.
    const [width, viewport] = await modal.evaluate((node) => [(node as HTMLElement).offsetWidth, (node.parentElement as HTMLElement).clientWidth]);
    expect(width).toBe(Math.round((viewport ?? 0) * 0.6));
    await modal.getByRole('button', { name: '全屏' }).click();
    await expect.poll(() => modal.evaluate((node) => (node as HTMLElement).offsetWidth)).toBe(viewport);
    await modal.getByRole('button', { name: '退出全屏' }).click();
    await modal.getByRole('button', { name: /去\s*处\s*理/ }).click();
    await clerk.page.waitForURL((url) => url.pathname === '/dashboard/workplace');

    // Drop the notice socket from the page's side: it reconnects after 5 s and the next push arrives.
    const dropped = Date.now();
    noticeRoutes[0]?.close({ code: 1006 });
    await expect.poll(() => noticeRoutes.length, { timeout: 8_000, interval: 100 }).toBe(2);
    const reconnectedAfter = Date.now() - dropped;
    expect(reconnectedAfter).toBeGreaterThanOrEqual(4_500);
    expect(reconnectedAfter).toBeLessThan(7_000);
    const next = `重连后的通知 ${Date.now()}`;
    await createOnAdminPage(admin.page, next, { toClerk: true });
    await releaseOnAdminPage(admin.page, next);
    await waitForCount(clerk.page, before + 1, 5_000);

    await clerk.context.close();
    await admin.context.close();
  });

  it('a write on one tab refreshes the list of another open tab without a reload (Refine invalidation): 发布 on 通告管理 shows in 我的消息', async () => {
    const { context, page } = await newPage(browser());
    await loginAs(page, DEMO.admin);
    await openFromMenu(page, '系统管理', '我的消息', MY_LIST);
    await page.locator('.ant-table-tbody').first().waitFor();
    // Proves no reload below: a full page load would forget this.
    await page.evaluate(() => Object.assign(window, { e2eStillHere: true }));
    await openFromMenu(page, '系统管理', '通告管理', ADMIN_LIST);
    const title = `跨页签 ${Date.now()}`;
    await createOnAdminPage(page, title, { toClerk: false });
    await releaseOnAdminPage(page, title);

    await page.locator('.page-tabs .ant-tabs-tab').filter({ hasText: '我的消息' }).first().click();
    await page.waitForURL((url) => url.pathname === MY_LIST);
    await page.locator('tr:visible', { hasText: title }).first().waitFor({ timeout: 10_000 });
    expect(await page.evaluate(() => (window as unknown as { e2eStillHere?: boolean }).e2eStillHere)).toBe(true);
    await context.close();
  }, 180_000);

  it('a list page open in two contexts shows an edit made in the other in place: the row changes and the list is not fetched again', async () => {
    const first = await newPage(browser());
    const second = await newPage(browser());
    // The second page's list subscribes to the announcements' live rows over the table socket.
    let subscribed = false;
    second.page.on('websocket', (socket) => {
      socket.on('framesent', (frame) => {
        const text = String(frame.payload);
        if (text.includes('"subscribe"') && text.includes('annountCement')) subscribed = true;
      });
    });
    await loginAs(first.page, DEMO.admin);
    await loginAs(second.page, DEMO.admin);
    await first.page.goto(ADMIN_LIST);
    const title = `草稿 ${Date.now()}`;
    await createOnAdminPage(first.page, title, { toClerk: false });
    await second.page.goto(ADMIN_LIST);
    await second.page.locator('tr', { hasText: title }).waitFor();
    // Edit only once it listens (on a loaded machine the socket may connect after the list shows).
    await expect.poll(() => subscribed, { timeout: 15_000 }).toBe(true);
    const listRequests: string[] = [];
    second.page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('/sys/annountCement/list')) listRequests.push(request.url());
    });

    await clickRowAction(first.page.locator('tr', { hasText: title }), /编\s*辑/);
    const dialog = first.page.locator('.ant-modal').filter({ hasText: '编辑通告' });
    await dialog.locator('#announcement_titile').fill(`${title} 已修改`);
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    await dialog.waitFor({ state: 'hidden' });

    const edited = second.page.locator('tr', { hasText: `${title} 已修改` });
    await edited.waitFor({ timeout: 10_000 });
    // The changed fields were patched into the cached list: no refetch, now or a moment later.
    await new Promise((done) => setTimeout(done, 1_500));
    expect(listRequests).toEqual([]);
    expect(await second.page.locator('tr', { hasText: title }).count()).toBe(1);
    // The first cell is the row's selection box (batch delete); the title follows.
    await expect(edited.locator('td').nth(1).textContent()).resolves.toBe(`${title} 已修改`);
    await first.context.close();
    await second.context.close();
  });

  it('openType component: 去处理 opens the page openPage names with the busId', async () => {
    const admin = await newPage(browser());
    const clerk = await newPage(browser());
    await loginAs(admin.page, DEMO.admin);
    await loginAs(clerk.page, DEMO.clerk);
    await admin.page.goto(ADMIN_LIST);
    const title = `组件通知 ${Date.now()}`;
    const busId = `BUS-${Date.now()}`;
    await createOnAdminPage(admin.page, title, { toClerk: true, openPage: '/isps/userAnnouncement', component: { busId } });
    await releaseOnAdminPage(admin.page, title);

    await clerk.page.locator('[data-testid=notice-bell] button').click();
    // Dispatched on the item itself: the list may re-render (6 s reload, pushes) and shift under a pointer click.
    await clerk.page.locator('.ant-popover:visible .ant-list-item', { hasText: title }).dispatchEvent('click');
    const modal = clerk.page.locator('.announcement-modal');
    await modal.getByText(title).first().waitFor();
    await modal.getByRole('button', { name: /去\s*处\s*理/ }).click();
    await clerk.page.waitForURL((url) => url.pathname === '/isps/userAnnouncement' && url.searchParams.get('busId') === busId);
    await modal.waitFor({ state: 'hidden' });
    // The page itself opened (my messages lists the announcement).
    await clerk.page.locator('tr:visible', { hasText: title }).first().waitFor();
    await admin.context.close();
    await clerk.context.close();
  });
});
