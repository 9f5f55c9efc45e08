/** Helpers shared by the browser tests: one browser per test file, a fresh context per scenario. */
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser';

export const baseURL = (): string => inject('baseURL');

export const DEMO = {
  admin: { username: 'admin', password: '123456' },
  clerk: { username: 'clerk', password: '123456' },
} as const;

export async function openBrowser(): Promise<Browser> {
  return launchBrowser();
}

export async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseURL(), locale: 'zh-CN', viewport: { width: 1366, height: 800 } });
  const page = await context.newPage();
  return { context, page };
}

/** Fills the password form of the login page the page is on and submits it. */
export async function submitLogin(page: Page, user: { username: string; password: string }): Promise<void> {
  await page.locator('#username').fill(user.username);
  await page.locator('#password').fill(user.password);
  await page.locator('button[type=submit]').first().click();
}

export async function loginAs(page: Page, user: { username: string; password: string }): Promise<void> {
  await page.goto('/user/login');
  await submitLogin(page, user);
  await page.waitForURL((url) => url.pathname === '/dashboard/analysis');
}

/** The pathname plus search of the page, as the router sees it. */
export function currentPath(page: Page): string {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

export function serverLog(): string {
  return readFileSync(inject('serverLogFile'), 'utf8');
}
