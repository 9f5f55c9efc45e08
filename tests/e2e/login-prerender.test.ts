/** The login page paints from build-time HTML and CSS; the real form takes over without losing input (issue #20). */
import { describe, expect, it } from 'vitest';
import { clickRowAction, DEMO, newPage, useBrowser } from './support';

const browser = useBrowser();

/** The entry chunk (the login page is in it): held back until the test releases it. */
const ENTRY_SCRIPT = /\/assets\/index-[^/]+\.js$/;

describe('prerendered login page', () => {
  it('sends the login form and its CSS in the first HTML response, with no inline script', async () => {
    const { context, page } = await newPage(browser());
    const response = await page.request.get('/user/login');
    expect(response.status()).toBe(200);
    const html = await response.text();
    const prerendered = html.slice(html.indexOf('<div id="login-prerender">'), html.indexOf('<div id="root">'));
    expect(prerendered).toContain('id="username"');
    expect(prerendered).toContain('id="password"');
    expect(prerendered).toContain('商户小程序管理平台');
    // antd's CSS for that markup (the button's and the input's rules), extracted at build time.
    expect(html).toMatch(/<style[^>]*data-css-hash[^>]*>[^<]*\.ant-btn/);
    expect(html).toMatch(/<style[^>]*data-css-hash[^>]*>[^<]*\.ant-input/);
    // CSP: every script is a file.
    expect([...html.matchAll(/<script\b[^>]*>/g)].every(([tag]) => / src="\/assets\//.test(tag))).toBe(true);
    await context.close();
  });

  it('keeps what was typed before the script arrived, moves the focus, and the real form logs in', async () => {
    const { context, page } = await newPage(browser());
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(ENTRY_SCRIPT, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto('/user/login', { waitUntil: 'commit' });
    const prerendered = page.locator('#login-prerender');
    await prerendered.locator('#username').fill(DEMO.admin.username);
    await prerendered.locator('#password').fill(DEMO.admin.password.slice(0, 3));
    // The prerendered button does not submit (a native GET would put the password in the address).
    await clickRowAction(prerendered, /登\s*录/);
    expect(page.url()).not.toContain('password');
    await prerendered.locator('#password').focus();
    await prerendered.locator('#password').press('End');
    await prerendered.locator('#password').pressSequentially(DEMO.admin.password.slice(3));

    release();
    await prerendered.waitFor({ state: 'detached' });
    await expect.poll(() => page.locator('#username').inputValue()).toBe(DEMO.admin.username);
    expect(await page.locator('#password').inputValue()).toBe(DEMO.admin.password);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('password');
    expect(await page.locator('#root').isVisible()).toBe(true);

    await page.locator('button[type=submit]').first().click();
    await page.waitForURL((url) => url.pathname === '/dashboard/analysis');
    await page.getByRole('menu').first().waitFor();
    await context.close();
  });

  it('removes the prerendered form when a signed-in user is sent on from /user/login', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/user/login');
    await page.locator('#username').fill(DEMO.admin.username);
    await page.locator('#password').fill(DEMO.admin.password);
    await page.locator('button[type=submit]').first().click();
    await page.waitForURL((url) => url.pathname === '/dashboard/analysis');
    await page.goto('/user/login');
    await page.waitForURL((url) => url.pathname !== '/user/login');
    await page.getByRole('menu').first().waitFor();
    expect(await page.locator('#login-prerender').count()).toBe(0);
    await context.close();
  });
});
