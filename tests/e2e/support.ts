/** Helpers shared by the browser tests: one browser per test file, a fresh context per scenario. */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { workerSlot } from './workers';

/** The product server of this worker (tests/e2e/global-setup.ts). */
export const baseURL = (): string => ofThisWorker(inject('baseURLs'));

function ofThisWorker(values: readonly string[]): string {
  const value = values[workerSlot()];
  if (value === undefined) throw new Error(`no product server for worker slot ${workerSlot()}`);
  return value;
}

export const DEMO = {
  admin: { username: 'admin', password: '123456' },
  clerk: { username: 'clerk', password: '123456' },
} as const;

export async function openBrowser(): Promise<Browser> {
  return launchBrowser();
}

/** The test file's one browser: opened in `beforeAll`, closed in `afterAll`. Call the returned function inside tests. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (browser === undefined) throw new Error('useBrowser: the browser opens in beforeAll; use it inside a test');
    return browser;
  };
}

/**
 * What every test browser asks of the product: Chinese, a laptop screen, and reduced motion — the product then shows
 * menus, dialogs and drawers in place (src/app/theme.ts withMotion). A button that is still growing into place can
 * take a click's press and release at two different spots, and the browser then clicks neither (seen in CI: a
 * confirm's 确定, a dropdown's 退出登录).
 */
export const CONTEXT_DEFAULTS = { locale: 'zh-CN', viewport: { width: 1366, height: 800 }, reducedMotion: 'reduce' } as const;

/** A fresh context and page; `timezoneId` puts the browser in another zone than the machine's (the shop-clock tests). */
export async function newPage(browser: Browser, options: { timezoneId?: string; reducedMotion?: 'reduce' | 'no-preference' } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseURL(), ...CONTEXT_DEFAULTS, ...options });
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
  return readFileSync(ofThisWorker(inject('serverLogFiles')), 'utf8');
}

// ---- The screens' shared building blocks. Keep-alive tabs may hold hidden copies of a screen: act on what is visible.

/** antd renders two-character button labels with a space between the characters. */
export const OK = /^确\s*定$/;
export const SAVE = /^保\s*存$/;

/** Visible data rows of the tables inside `scope`. */
export const tableRows = (scope: Page | Locator): Locator => scope.locator('.ant-table-tbody tr.ant-table-row:visible');

/** Visible data rows of the screen's list (the table in the page's card). */
export const rows = (page: Page): Locator => page.locator('.ant-card .ant-table-tbody tr.ant-table-row:visible');

/** Those of `rowsOf` with a cell reading exactly `text` (the `has` locator must start from the page). */
export const rowWithCell = (rowsOf: Locator, text: string): Locator => rowsOf.filter({ has: rowsOf.page().locator('td', { hasText: new RegExp(`^${text}$`) }) });

/** The visible form control with this id (antd ids are `<form name>_<field>`). */
export const field = (page: Page, id: string): Locator => page.locator(`#${id}:visible`);

export const dialog = (page: Page): Locator => page.locator('.ant-modal:visible');
export const drawer = (page: Page): Locator => page.locator('.ant-drawer-content-wrapper:visible');
/** The 确定 button of the open dialog. */
export const modalOk = (page: Page): Locator => page.locator('.ant-modal-footer:visible').getByRole('button', { name: OK });

/** Opens a side-menu page: unfolds `branch` unless `entry` already shows (a second click would fold it), clicks `entry`, waits for `pathname`. */
export async function openFromMenu(page: Page, branch: string, entry: string, pathname: string): Promise<void> {
  const menu = page.getByRole('menu').first();
  if (!(await menu.getByText(entry).first().isVisible())) await menu.getByText(branch).first().click();
  await menu.getByText(entry).first().click();
  await page.waitForURL((url) => url.pathname === pathname);
}

/** Clicks a row's action: its link, or the item of that name under the row's 更多 ▾ (src/toolkit/crud/row-actions.tsx). */
export async function clickRowAction(row: Locator, name: string | RegExp, options: { exact?: boolean } = {}): Promise<void> {
  // A row shows its first actions as links and the rest under 更多 ▾: wait for whichever the row has, then click
  // the link, or open 更多 and pick the item.
  const link = row.getByRole('button', { name, ...options });
  const more = row.locator('.row-actions-more');
  await link.or(more).first().waitFor();
  if ((await link.count()) > 0) return link.click();
  await more.first().click();
  const items = row.page().locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item');
  const hasText = typeof name === 'string' && options.exact === true ? new RegExp(`^${name}$`) : name;
  await items.filter({ hasText }).click();
}

/** Whether a row's action may be used: its link enabled, or its item under 更多 ▾ not disabled (the menu closed again). */
export async function rowActionEnabled(row: Locator, name: string | RegExp): Promise<boolean> {
  const link = row.getByRole('button', { name });
  const more = row.locator('.row-actions-more');
  await link.or(more).first().waitFor();
  if ((await link.count()) > 0) return link.isEnabled();
  await more.first().click();
  const menu = row.page().locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu');
  const item = menu.locator('.ant-dropdown-menu-item').filter({ hasText: name });
  await item.waitFor();
  const enabled = (await item.getAttribute('aria-disabled')) !== 'true';
  await row.page().keyboard.press('Escape');
  await menu.waitFor({ state: 'hidden' });
  return enabled;
}

/** The names of a row's actions: its links and, opened and closed again, the items under its 更多 ▾. */
export async function rowActionNames(row: Locator): Promise<string[]> {
  const actions = row.locator('.row-actions');
  await actions.first().waitFor();
  const links = (await actions.locator('button:not(.row-actions-more)').allTextContents()).map((text) => text.replace(/\s+/g, ''));
  const more = row.locator('.row-actions-more');
  if ((await more.count()) === 0) return links;
  await more.first().click();
  const menu = row.page().locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu');
  await menu.waitFor();
  const items = (await menu.locator('.ant-dropdown-menu-item').allTextContents()).map((text) => text.replace(/\s+/g, ''));
  await row.page().keyboard.press('Escape');
  await menu.waitFor({ state: 'hidden' });
  return [...links, ...items];
}

/**
 * Answers the open question (a Popconfirm beside a row's link, a confirm dialog for an item under 更多 ▾) with
 * `answer`, 确定 by default; with `question`, only the one asking that.
 */
export async function answerConfirm(page: Page, question?: string | RegExp, answer: string | RegExp = OK): Promise<void> {
  const open = page.locator('.ant-popconfirm:visible, .ant-modal-confirm:visible');
  const box = question === undefined ? open.first() : open.filter({ hasText: question }).first();
  await box.getByRole('button', { name: answer }).click();
}

/** An amount of yuan as the screens show money: ¥, thousands separators, two decimals (`97378.66` → `¥97,378.66`). */
export function yuan(amount: string | undefined): string {
  if (amount === undefined) return '';
  const [whole = '', cents = '00'] = amount.replace(/^-/, '').split('.');
  return `${amount.startsWith('-') ? '-' : ''}¥${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents.padEnd(2, '0')}`;
}

/** Fills a list's search field, presses 查询 and waits until exactly one row is left. */
export async function searchForOne(page: Page, fieldId: string, value: string): Promise<void> {
  await field(page, fieldId).fill(value);
  await page.getByRole('button', { name: /查\s*询/ }).filter({ visible: true }).click();
  await expect.poll(() => rows(page).count()).toBe(1);
}

/** Waits until no dialog shows any more (closing animations included). */
export async function dialogsClosed(page: Page): Promise<void> {
  await expect.poll(() => page.locator('.ant-modal-wrap:visible').count()).toBe(0);
}

/** Waits until earlier messages are gone, so the next one is really new. */
export async function noToasts(page: Page): Promise<void> {
  await expect.poll(() => page.locator('.ant-message-notice').count(), { timeout: 15_000 }).toBe(0);
}

/** Waits until every dropdown finished closing (the next one's items are then unambiguous). */
export async function menusClosed(page: Page): Promise<void> {
  await expect.poll(() => page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').count(), { timeout: 15_000 }).toBe(0);
}

/** Picks an item of the header's user menu (e.g. 退出登录). */
export async function openUserMenu(page: Page, item: string): Promise<void> {
  await page.getByRole('button', { name: '用户菜单' }).click();
  await page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item').filter({ hasText: item }).click();
  await menusClosed(page);
}

/** Signs clerk in and checks that the side menu (once 客户管理 shows) has no `entry`. */
export async function expectNoMenuEntryForClerk(browser: Browser, entry: string): Promise<void> {
  const { context, page } = await newPage(browser);
  await loginAs(page, DEMO.clerk);
  const menu = page.getByRole('menu').first();
  await menu.getByText('客户管理').first().waitFor();
  expect(await menu.getByText(entry).count()).toBe(0);
  await context.close();
}

// ---- The API, for test set-up and clean-up around the browser steps.

export interface Envelope<T> {
  success: boolean;
  message: string;
  result: T;
}

/** Logs a user in through the API and returns the token. */
export async function apiToken(user: { username: string; password: string } = DEMO.admin): Promise<string> {
  const login = await fetch(`${baseURL()}/api/sys/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(user) });
  return ((await login.json()) as { result: { token: string } }).result.token;
}

/** One call to `/api<path>` with the token (JSON body when given). */
export async function apiFetch(token: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${baseURL()}/api${path}`, {
    method,
    headers: { 'X-Access-Token': token, ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
}

/** The envelope of one API call, successful or not. */
export async function apiCall<T = unknown>(token: string, method: string, path: string, body?: unknown): Promise<Envelope<T>> {
  return (await (await apiFetch(token, method, path, body)).json()) as Envelope<T>;
}

/** The envelope of one call in tenant 1, the admin's shop (goods, members and orders are kept per tenant). */
export async function shopApi<T = unknown>(token: string, method: string, path: string, body?: unknown): Promise<Envelope<T>> {
  return (await (await apiFetch(token, method, path, body, { 'tenant-id': '1' })).json()) as Envelope<T>;
}

/** One call in tenant 1 with the given headers (the admin's X-Access-Token, a member's bearer, or none); throws on a refusal. */
export async function shopCall<T>(headers: Record<string, string>, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseURL()}/api${path}`, {
    method,
    headers: { 'tenant-id': '1', ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const envelope = (await response.json()) as Envelope<T>;
  if (!envelope.success) throw new Error(`${method} ${path}: ${envelope.message}`);
  return envelope.result;
}

/** The result of one API call; throws when the envelope says it failed. */
export async function apiResult<T = unknown>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const envelope = await apiCall<T>(token, method, path, body);
  if (!envelope.success) throw new Error(`${method} ${path}: ${envelope.message}`);
  return envelope.result;
}

/**
 * Takes a permission (by its perms code, e.g. `cust:member:add`) back from a role, if the role holds it.
 * The browser tests share one server: a test that grants runs this before it starts (so its retry
 * starts clean) and after its file (so the other files find the seeded grants).
 */
export async function revokeFromRole(roleCode: string, perms: string): Promise<void> {
  await setRoleGrant(roleCode, perms, false);
}

/** Gives a role a permission (by its perms code) back, if it lacks it: the other half of revokeFromRole. */
export async function grantToRole(roleCode: string, perms: string): Promise<void> {
  await setRoleGrant(roleCode, perms, true);
}

async function setRoleGrant(roleCode: string, perms: string, granted: boolean): Promise<void> {
  const token = await apiToken();
  const roles = await apiResult<Array<{ id: string; roleCode: string }>>(token, 'GET', '/sys/role/queryall');
  const role = roles.find((candidate) => candidate.roleCode === roleCode);
  const permissions = await apiResult<Array<{ id: string; perms: string | null }>>(token, 'GET', '/api/permission/no-pager');
  const permission = permissions.find((candidate) => candidate.perms === perms);
  if (role === undefined || permission === undefined) throw new Error(`setRoleGrant: no role ${roleCode} or permission ${perms}`);
  const held = await apiResult<string[]>(token, 'GET', `/sys/permission/queryRolePermission?roleId=${role.id}`);
  if (held.includes(permission.id) === granted) return;
  await apiResult(token, 'POST', '/sys/permission/saveRolePermission', {
    roleId: role.id,
    permissionIds: (granted ? [...held, permission.id] : held.filter((id) => id !== permission.id)).join(','),
    lastpermissionIds: held.join(','),
  });
}

/** The first five bytes of the PDF an embedded viewer (an iframe with this test id) shows from its blob URL, read inside the page. */
export async function viewerMagic(page: Page, testId: string): Promise<string> {
  const viewer = page.locator(`iframe[data-testid="${testId}"]:visible`);
  await viewer.waitFor();
  const src = (await viewer.getAttribute('src')) ?? '';
  expect(src.startsWith('blob:')).toBe(true);
  return page.evaluate(async (url) => {
    const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
    return String.fromCharCode(...bytes.slice(0, 5));
  }, src);
}
