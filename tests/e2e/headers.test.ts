/** Security headers, compression and the app under its Content-Security-Policy, in a real browser (issue #20). */
import { describe, expect, it } from 'vitest';
import type { Page, Response } from 'playwright-core';
import { DEMO, loginAs, newPage, openFromMenu, rows, useBrowser } from './support';

const browser = useBrowser();

/** Collects CSP violations (the DOM event and the console report) from the page's start. */
async function watchCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction('__reportCspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return violations;
}

describe('headers and compression', () => {
  it('serves the HTML with the SPA policy, nosniff and a referrer policy', async () => {
    const { context, page } = await newPage(browser());
    const response = await page.goto('/user/login');
    const headers = (await response?.allHeaders()) ?? {};
    const policy = headers['content-security-policy'] ?? '';
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("style-src 'self' 'unsafe-inline';");
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toMatch(/connect-src 'self' blob: ws:\/\/[^ ]+ wss:\/\/[^ ;]+;/);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('same-origin');
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    // Plain HTTP: no HSTS.
    expect(headers['strict-transport-security']).toBeUndefined();
    await context.close();
  });

  it('sends the JS precompressed and API JSON over 1 KB compressed to the browser, and the app logs in and works under the policy', async () => {
    const { context, page } = await newPage(browser());
    const violations = await watchCspViolations(page);
    const scripts: Response[] = [];
    page.on('response', (response) => {
      if (/\/assets\/[^/]+\.js$/.test(new URL(response.url()).pathname)) scripts.push(response);
    });
    const permissions = page.waitForResponse((response) => response.url().includes('/sys/permission/getUserPermissionByToken'));
    await loginAs(page, DEMO.admin);

    expect(scripts.length).toBeGreaterThan(0);
    const encodings = await Promise.all(scripts.map(async (script) => (await script.allHeaders())['content-encoding']));
    expect(encodings.every((encoding) => encoding === 'br' || encoding === 'gzip')).toBe(true);
    expect(encodings).toContain('br');

    const menuAnswer = await permissions;
    expect((await menuAnswer.body()).length).toBeGreaterThan(1024);
    expect((await menuAnswer.allHeaders())['content-encoding']).toBe('br');

    await openFromMenu(page, '系统管理', '用户管理', '/system/user');
    await expect.poll(() => rows(page).count()).toBeGreaterThan(0);
    expect(violations).toEqual([]);
    await context.close();
  });
});
