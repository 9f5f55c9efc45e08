/**
 * The walk of every screen admin reaches (issue 32): every page of the menu the server gives admin, the first row's
 * detail of every list that has one (a page of its own, or a dialog or drawer over the list) and each tab of such a
 * detail page. Each screen is visited once its data shows; the caller checks whatever it checks on it. Used by the
 * zh-CN walk (ids, accessibility: no-ids-walk.test.ts) and the en-US one (no Chinese chrome: en-us-walk.test.ts).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { apiResult, apiToken } from './support';

interface MenuItem {
  path: string;
  component?: string;
  hidden?: boolean;
  meta?: { title?: string; internalOrExternal?: boolean };
  children?: MenuItem[];
}

/** One screen of the walk: where it is (for the failure message) and the menu page it was reached from. */
export interface Screen {
  name: string;
  /** The menu page's path. */
  page: string;
}

/** The words of the row action that opens a detail, in the language the walk runs in. */
export interface DetailWords {
  /** The action itself (详情 / Details). */
  detail: RegExp;
  /** The row's overflow menu holding it (更多 / More). */
  more: RegExp;
}

export const ZH_CN_WORDS: DetailWords = { detail: /^详\s*情$/, more: /更多/ };
export const EN_US_WORDS: DetailWords = { detail: /^Details?$/, more: /^More/ };

function leaves(items: readonly MenuItem[]): Array<{ path: string; title: string }> {
  return items.flatMap((item) => {
    if (item.children !== undefined && item.children.length > 0) return leaves(item.children);
    if (item.hidden === true || item.meta?.internalOrExternal === true || item.component === undefined || item.component === 'layouts/RouteView') return [];
    return [{ path: item.path, title: item.meta?.title ?? item.path }];
  });
}

export const content = (page: Page): Locator => page.locator('main.ant-layout-content');

/** The open dialogs and drawers (a detail some lists show in place). */
export const overlays = (page: Page): Locator => page.locator('.ant-modal-content:visible, .ant-drawer-content:visible');

/** Waits until the page shows its data: nothing animating in, no spinner, and every visible table has rows or says it is empty. */
export async function settled(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        content(page).evaluate((main) => {
          const visible = (element: Element) => (element as HTMLElement).offsetParent !== null || element.getClientRects().length > 0;
          // The page's content and whatever dialog or drawer is open over it.
          const roots = [main, ...[...document.querySelectorAll('.ant-modal-content, .ant-drawer-content')].filter(visible)];
          const within = (selector: string) => roots.flatMap((root) => [...root.querySelectorAll(selector)]).filter(visible);
          // A dialog or drawer still sliding or fading in: its colours are not yet its own (axe would measure them mid-way).
          const moving = document.getAnimations().filter((animation) => animation.playState === 'running' && animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY);
          if (moving.length > 0) return `animating: ${moving.length}`;
          const spinning = within('.ant-spin-spinning, .ant-skeleton-active');
          if (spinning.length > 0) return `loading: ${spinning.map((element) => element.className).join(' | ')}`;
          const waiting = within('.ant-table-wrapper').filter((table) => table.querySelector('.ant-table-tbody tr.ant-table-row, .ant-table-placeholder, .ant-empty') === null);
          return waiting.length === 0 && main.textContent.trim() !== '' ? 'ready' : `tables: ${waiting.map((table) => table.outerHTML.slice(0, 300)).join(' | ')}`;
        }),
      { timeout: 20_000 },
    )
    .toBe('ready');
}

/** Opens `path` as the only tab (the kept tabs of the walk so far are dropped) and waits for its data. */
async function open(page: Page, path: string): Promise<void> {
  await page.evaluate(() => window.sessionStorage.removeItem('MULTI_PAGE_TABS'));
  await page.goto(path);
  await page.waitForURL((url) => url.pathname === path.split('?')[0]);
  await settled(page);
}

/** The detail action of the list's first row (a link or button, or an item under the row's 更多), clicked; false when there is none. */
async function openFirstDetail(page: Page, words: DetailWords): Promise<boolean> {
  const firstRow = content(page).locator('.ant-table-tbody tr.ant-table-row:visible').first();
  if ((await firstRow.count()) === 0) return false;
  const direct = firstRow.locator('a, button').filter({ hasText: words.detail });
  if ((await direct.count()) > 0) {
    await direct.first().click();
    return true;
  }
  const more = firstRow.locator('a, button').filter({ hasText: words.more });
  if ((await more.count()) === 0) return false;
  await more.first().click();
  const item = page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item').filter({ hasText: words.detail });
  if ((await item.count()) === 0) {
    await page.keyboard.press('Escape');
    return false;
  }
  await item.first().click();
  return true;
}

/** Visits every tab of the detail page now open (its related lists), each settled. */
async function walkTabs(page: Page, screen: Screen, visit: (screen: Screen) => Promise<void>): Promise<void> {
  const tabs = content(page).locator('.ant-card .ant-tabs-tab:visible');
  const count = await tabs.count();
  for (let index = 0; index < count; index += 1) {
    const tab = tabs.nth(index);
    const name = (await tab.innerText()).trim();
    await tab.click();
    await settled(page);
    await visit({ ...screen, name: `${screen.name} › ${name}` });
  }
}

/**
 * Walks every menu page admin has and the first row's detail of each list, calling `visit` on each screen once its
 * data shows. The page must be signed in as admin, in the language `words` are in.
 */
export async function walkScreens(page: Page, words: DetailWords, visit: (screen: Screen) => Promise<void>): Promise<number> {
  const token = await apiToken();
  const { menu } = await apiResult<{ menu: MenuItem[] }>(token, 'GET', '/sys/permission/getUserPermissionByToken');
  const pages = leaves(menu);
  expect(pages.length).toBeGreaterThan(40);
  let screens = 0;
  const count = (visitor: (screen: Screen) => Promise<void>) => async (screen: Screen) => {
    screens += 1;
    await visitor(screen);
  };
  const counted = count(visit);
  for (const entry of pages) {
    await open(page, entry.path);
    await counted({ name: `${entry.title} (${entry.path})`, page: entry.path });
    const before = page.url();
    if (await openFirstDetail(page, words)) {
      // A detail page of its own (a new URL), or a dialog or drawer over the list.
      await expect.poll(async () => page.url() !== before || (await overlays(page).count()) > 0).toBe(true);
      await settled(page);
      const detail = { name: `${entry.title} › detail (${new URL(page.url()).pathname})`, page: entry.path };
      await counted(detail);
      if ((await overlays(page).count()) === 0) await walkTabs(page, detail, counted);
    }
  }
  return screens;
}

// ---- Accessibility: axe-core on a screen.

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeResult {
  violations: Array<{ id: string; impact?: string | null; nodes: Array<{ target: unknown }> }>;
}

/** One serious or critical WCAG 2 A/AA violation: its rule and the first element it names. */
export interface Violation {
  rule: string;
  impact: string;
  target: string;
  nodes: number;
}

/** Runs axe-core's WCAG 2 A and AA rules on the page (shell, content, open dialogs) and returns the serious and critical violations. */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  // Evaluated rather than added as a <script>: the page's Content-Security-Policy allows no inline script. Once per
  // loaded document (the walk reloads the app for each menu page).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResult> } }).axe;
    const run = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] }, resultTypes: ['violations'] });
    return run.violations.map(({ id, impact, nodes }) => ({ id, impact: impact ?? '', target: JSON.stringify(nodes[0]?.target ?? []), nodes: nodes.length }));
  });
  return result.filter((one) => one.impact === 'serious' || one.impact === 'critical').map(({ id, impact, target, nodes }) => ({ rule: id, impact, target, nodes }));
}
