/**
 * No screen shows an id where a name belongs (issue 32, "Names, never ids"): admin opens every page of the menu the
 * server gives it, the first row's detail of every list that has one (and each tab of that detail), and no visible
 * text of the page may hold a 32-character id (or a dashed UUID) — the references a screen shows are names and
 * numbers. The walk fails naming every screen that does, not only the first.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { apiResult, apiToken, DEMO, loginAs, newPage, useBrowser } from './support';

interface MenuItem {
  path: string;
  component?: string;
  hidden?: boolean;
  meta?: { title?: string; internalOrExternal?: boolean };
  children?: MenuItem[];
}

/** A 32-character hexadecimal id (server/db/ids.ts) or a dashed UUID, standing alone. */
const ID = /(?<![0-9A-Za-z])(?:[0-9a-f]{32}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?![0-9A-Za-z])/i;

/** Monitoring pages whose text is the machine's own, not the shop's references: request URLs (ids in their queries), cache keys. */
const NOT_SHOP_DATA = new Set(['/monitor/httpTrace', '/monitor/cache']);

function leaves(items: readonly MenuItem[]): Array<{ path: string; title: string }> {
  return items.flatMap((item) => {
    if (item.children !== undefined && item.children.length > 0) return leaves(item.children);
    if (item.hidden === true || item.meta?.internalOrExternal === true || item.component === undefined || item.component === 'layouts/RouteView') return [];
    return [{ path: item.path, title: item.meta?.title ?? item.path }];
  });
}

const content = (page: Page): Locator => page.locator('main.ant-layout-content');

/** Waits until the page shows its data: no spinner, and every visible table has rows or says it is empty. */
async function settled(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        content(page).evaluate((main) => {
          const visible = (element: Element) => (element as HTMLElement).offsetParent !== null || element.getClientRects().length > 0;
          // The page's content and whatever dialog or drawer is open over it.
          const roots = [main, ...[...document.querySelectorAll('.ant-modal-content, .ant-drawer-content')].filter(visible)];
          const within = (selector: string) => roots.flatMap((root) => [...root.querySelectorAll(selector)]).filter(visible);
          const spinning = within('.ant-spin-spinning, .ant-skeleton-active');
          if (spinning.length > 0) return `loading: ${spinning.map((element) => element.className).join(' | ')}`;
          const waiting = within('.ant-table-wrapper').filter((table) => table.querySelector('.ant-table-tbody tr.ant-table-row, .ant-table-placeholder, .ant-empty') === null);
          return waiting.length === 0 && main.textContent.trim() !== '' ? 'ready' : `tables: ${waiting.map((table) => table.outerHTML.slice(0, 300)).join(' | ')}`;
        }),
      { timeout: 20_000 },
    )
    .toBe('ready');
}

/** The open dialogs and drawers (a detail some lists show in place). */
const overlays = (page: Page): Locator => page.locator('.ant-modal-content:visible, .ant-drawer-content:visible');

/** The ids the visible part of the page shows (its content and any open dialog or drawer), each with a little of the text around it. */
async function idsShown(page: Page): Promise<string[]> {
  const parts = [await content(page).evaluate((main) => (main as HTMLElement).innerText), ...(await overlays(page).allInnerTexts())];
  const text = parts.join('\n');
  const found: string[] = [];
  const pattern = new RegExp(ID.source, 'gi');
  for (const match of text.matchAll(pattern)) {
    const at = match.index;
    found.push(text.slice(Math.max(0, at - 20), at + match[0].length + 10).replace(/\s+/g, ' '));
  }
  return found;
}

/** Opens `path` as the only tab (the kept tabs of the walk so far are dropped) and waits for its data. */
async function open(page: Page, path: string): Promise<void> {
  await page.evaluate(() => window.sessionStorage.removeItem('MULTI_PAGE_TABS'));
  await page.goto(path);
  await page.waitForURL((url) => url.pathname === path.split('?')[0]);
  await settled(page);
}

/** The 详情 action of the list's first row (a link or button, or an item under 更多), clicked; false when there is none. */
async function openFirstDetail(page: Page): Promise<boolean> {
  const firstRow = content(page).locator('.ant-table-tbody tr.ant-table-row:visible').first();
  if ((await firstRow.count()) === 0) return false;
  const direct = firstRow.locator('a, button').filter({ hasText: /^详\s*情$/ });
  if ((await direct.count()) > 0) {
    await direct.first().click();
    return true;
  }
  const more = firstRow.locator('a, button').filter({ hasText: /更多/ });
  if ((await more.count()) === 0) return false;
  await more.first().click();
  const item = page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item').filter({ hasText: /^详\s*情$/ });
  if ((await item.count()) === 0) {
    await page.keyboard.press('Escape');
    return false;
  }
  await item.first().click();
  return true;
}

/** Every tab of the detail page now open (its related lists), each settled and read. */
async function walkTabs(page: Page, where: string, offences: Offences): Promise<void> {
  const tabs = content(page).locator('.ant-card .ant-tabs-tab:visible');
  const count = await tabs.count();
  for (let index = 0; index < count; index += 1) {
    const tab = tabs.nth(index);
    const name = (await tab.innerText()).trim();
    await tab.click();
    await settled(page);
    offences.note(`${where} › ${name}`, await idsShown(page));
  }
}

/** Per screen: how many ids it showed and the first, with its surroundings. */
class Offences {
  private readonly screens: string[] = [];

  note(screen: string, ids: readonly string[]): void {
    if (ids.length > 0) this.screens.push(`${screen}: ${ids.length} id(s), e.g. …${ids[0]}…`);
  }

  list(): readonly string[] {
    return this.screens;
  }
}

const browser = useBrowser();

describe('no 32-character id on any screen (admin)', () => {
  it('walks every menu page and the first row’s detail of each list', { timeout: 900_000 }, async () => {
    const token = await apiToken();
    const { menu } = await apiResult<{ menu: MenuItem[] }>(token, 'GET', '/sys/permission/getUserPermissionByToken');
    const pages = leaves(menu).filter((entry) => !NOT_SHOP_DATA.has(entry.path));
    expect(pages.length).toBeGreaterThan(40);
    const { context, page } = await newPage(browser());
    await loginAs(page, DEMO.admin);
    const offences = new Offences();
    for (const entry of pages) {
      await open(page, entry.path);
      offences.note(`${entry.title} (${entry.path})`, await idsShown(page));
      const before = page.url();
      if (await openFirstDetail(page)) {
        // A detail page of its own (a new URL), or a dialog or drawer over the list.
        await expect.poll(async () => page.url() !== before || (await overlays(page).count()) > 0).toBe(true);
        await settled(page);
        const where = `${entry.title} › 详情 (${new URL(page.url()).pathname})`;
        offences.note(where, await idsShown(page));
        if ((await overlays(page).count()) === 0) await walkTabs(page, where, offences);
      }
    }
    await context.close();
    expect(offences.list()).toEqual([]);
  });
});
