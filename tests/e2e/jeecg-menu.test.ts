/** A JeecgBoot-shaped menu with an alwaysShow ("aggregate child routes") item, served in place of the real one (issue #20). */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { MenuItem, PermissionResult } from '../../src/contracts/session';
import { DEMO, loginAs, newPage, useBrowser } from './support';

const browser = useBrowser();

/** As JeecgBoot sends it: a RouteView parent flagged alwaysShow, children with their own component paths. */
const AGGREGATE: MenuItem = {
  id: 'jeecg-aggregate',
  path: '/jeecg/aggregate',
  name: 'jeecg-aggregate',
  component: 'layouts/RouteView',
  route: '1',
  alwaysShow: true,
  redirect: null,
  meta: { title: '聚合路由', icon: 'appstore' },
  children: [
    { id: 'jeecg-aggregate-users', path: '/jeecg/aggregate/users', name: 'jeecg-aggregate-users', component: 'system/UserList', route: '1', meta: { title: '聚合用户' } },
    { id: 'jeecg-aggregate-missing', path: '/jeecg/aggregate/missing', name: 'jeecg-aggregate-missing', component: 'jeecg/NoSuchPage', route: '1', meta: { title: '未注册页面' } },
  ],
};

/** Answers the permission call with the real menu plus the aggregate item. */
async function serveJeecgMenu(page: Page): Promise<void> {
  await page.route('**/sys/permission/getUserPermissionByToken**', async (route) => {
    const response = await route.fetch();
    const envelope = (await response.json()) as { result: PermissionResult };
    envelope.result.menu = [...envelope.result.menu, AGGREGATE];
    await route.fulfill({ response, json: envelope });
  });
}

describe('JeecgBoot alwaysShow menu item', () => {
  it('is a leaf of the side menu that opens its own path and shows its children as tabs', async () => {
    const { context, page } = await newPage(browser());
    await serveJeecgMenu(page);
    await loginAs(page, DEMO.admin);

    const menu = page.getByRole('menu').first();
    const entry = menu.getByRole('menuitem', { name: /聚合路由/ });
    await entry.waitFor();
    // A leaf: no submenu to unfold, and the children are no menu entries.
    expect(await menu.locator('.ant-menu-submenu').filter({ hasText: '聚合路由' }).count()).toBe(0);
    expect(await menu.getByText('聚合用户').count()).toBe(0);
    expect(await menu.getByText('未注册页面').count()).toBe(0);

    await entry.click();
    await page.waitForURL((url) => url.pathname === '/jeecg/aggregate');
    const tabs = page.locator('.aggregate-route-tabs:visible');
    await expect.poll(() => tabs.getByRole('tab').allTextContents()).toEqual(['聚合用户', '未注册页面']);
    // The first tab is the registered users page.
    await expect.poll(() => tabs.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: 'admin' }).count()).toBeGreaterThan(0);

    await tabs.getByRole('tab', { name: '未注册页面' }).click();
    await expect.poll(() => tabs.getByText('MODULE_NOT_FOUND').isVisible()).toBe(true);
    await expect.poll(() => tabs.getByText('jeecg/NoSuchPage').isVisible()).toBe(true);
    // Still on its own path: no redirect to the dashboard or the first child.
    expect(new URL(page.url()).pathname).toBe('/jeecg/aggregate');
    await context.close();
  });

  it('opens its own path on a reload, not the dashboard', async () => {
    const { context, page } = await newPage(browser());
    await serveJeecgMenu(page);
    await loginAs(page, DEMO.admin);
    await page.goto('/jeecg/aggregate');
    await page.locator('.aggregate-route-tabs:visible').getByRole('tab', { name: '聚合用户' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/jeecg/aggregate');
    await context.close();
  });
});
