/** Issue 2: log in and work in the shell, end to end, against the real build and server. */
import { describe, expect, it } from 'vitest';

import { DEMO, apiCall, apiToken, currentPath, loginAs, newPage, submitLogin, useBrowser } from './support';

const browser = useBrowser();

describe('redirect rules', () => {
  it('sends a logged-out visit of a deep path to the login page with the full original path', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/system/user?status=1&page=2');
    await page.waitForURL((url) => url.pathname === '/user/login');
    const redirect = new URL(page.url()).searchParams.get('redirect');
    expect(redirect).toBe('/system/user?status=1&page=2');
    await context.close();
  });

  it('logs admin in and lands on the redirect target', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/dashboard/workplace?from=mail');
    await page.waitForURL((url) => url.pathname === '/user/login');
    await submitLogin(page, DEMO.admin);
    await page.waitForURL((url) => url.pathname === '/dashboard/workplace');
    expect(currentPath(page)).toBe('/dashboard/workplace?from=mail');
    await context.close();
  });

  it('sends a logged-in visit of /user/login to /dashboard/analysis, and /user to /user/login', async () => {
    const { context, page } = await newPage(browser());
    await loginAs(page, DEMO.admin);
    await page.goto('/user/login');
    await page.waitForURL((url) => url.pathname === '/dashboard/analysis');
    expect(currentPath(page)).toBe('/dashboard/analysis');
    await context.close();

    const fresh = await newPage(browser());
    await fresh.page.goto('/user');
    await fresh.page.waitForURL((url) => url.pathname === '/user/login');
    await fresh.context.close();
  });

  it('redirects an unknown path to /404, which shows a failure page', async () => {
    const { context, page } = await newPage(browser());
    await loginAs(page, DEMO.admin);
    await page.goto('/no/such/page');
    await page.waitForURL((url) => url.pathname === '/404');
    // The exception page is a chunk of its own: wait for it to show.
    await page.getByText('404').first().waitFor();
    await context.close();
  });
});

describe('login failures', () => {
  it('shows the server message and keeps the typed username on a wrong password', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/user/login');
    await submitLogin(page, { username: 'admin', password: 'wrong-password' });
    await page.getByText('用户名或密码错误').first().waitFor();
    expect(await page.locator('#username').inputValue()).toBe('admin');
    expect(new URL(page.url()).pathname).toBe('/user/login');
    await context.close();
  });
});

describe('shell', () => {
  it('logs out after the confirm and lands on /user/login', async () => {
    const { context, page } = await newPage(browser());
    await loginAs(page, DEMO.admin);
    await page.getByRole('button', { name: /用户菜单/ }).click();
    await page.getByText('退出登录').click();
    await page.getByText('真的要注销登录吗 ?').waitFor();
    await page.getByRole('button', { name: /确\s*定|OK/ }).click();
    await page.waitForURL((url) => url.pathname === '/user/login');
    // The session is gone: a protected page sends us back to login.
    await page.goto('/dashboard/analysis');
    await page.waitForURL((url) => url.pathname === '/user/login');
    await context.close();
  });

  it("shows admin the system menu that clerk's side menu lacks", async () => {
    const admin = await newPage(browser());
    await loginAs(admin.page, DEMO.admin);
    const adminMenu = admin.page.getByRole('menu').first();
    await adminMenu.getByText('客户管理').first().waitFor();
    expect(await adminMenu.getByText('系统管理').count()).toBeGreaterThan(0);
    await admin.context.close();

    const clerk = await newPage(browser());
    await loginAs(clerk.page, DEMO.clerk);
    const clerkMenu = clerk.page.getByRole('menu').first();
    await clerkMenu.getByText('客户管理').first().waitFor();
    expect(await clerkMenu.getByText('系统管理').count()).toBe(0);
    await clerk.context.close();
  });

  it('opens a menu item whose screen is not built yet on the MODULE_NOT_FOUND page', async () => {
    // A (hidden) menu item an administrator points at a component no plugin provides: every seeded one is built.
    const stamp = Date.now().toString(36);
    const token = await apiToken();
    const added = await apiCall<{ id: string }>(token, 'POST', '/sys/permission/add', { name: `未建页面${stamp}`, menuType: 0, url: `/probe/notBuilt${stamp}`, component: `modules/probe/NotBuilt${stamp}`, hidden: true, sortNo: 99 });
    expect(added.success, added.message).toBe(true);
    const { context, page } = await newPage(browser());
    await loginAs(page, DEMO.admin);
    await page.goto(`/probe/notBuilt${stamp}`);
    await page.getByText('MODULE_NOT_FOUND').first().waitFor();
    await context.close();
    await apiCall(token, 'DELETE', `/sys/permission/delete?id=${added.result.id}`);
  });
});
