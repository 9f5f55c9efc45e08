/**
 * No screen shows an id where a name belongs, and none has a serious accessibility fault (issue 32, "Names, never
 * ids" and "Accessible and translated"): admin walks every page of the menu the server gives it, the first row's
 * detail of every list that has one and each tab of that detail (tests/e2e/walk.ts). No visible text of a screen may
 * hold a 32-character id (or a dashed UUID) — the references a screen shows are names and numbers — and axe-core's
 * WCAG 2 A/AA rules may find nothing serious or critical on it. The walk fails naming every offending screen, not only
 * the first.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, loginAs, newPage, useBrowser } from './support';
import { content, overlays, seriousViolations, walkScreens, ZH_CN_WORDS } from './walk';

/** A 32-character hexadecimal id (server/db/ids.ts) or a dashed UUID, standing alone. */
const ID = /(?<![0-9A-Za-z])(?:[0-9a-f]{32}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?![0-9A-Za-z])/i;

/** Monitoring pages whose text is the machine's own, not the shop's references: request URLs (ids in their queries), cache keys. */
const NOT_SHOP_DATA = new Set(['/monitor/httpTrace', '/monitor/cache']);

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

const browser = useBrowser();

describe('every screen admin reaches (zh-CN)', () => {
  it('shows no 32-character id and has no serious or critical axe violation, on every menu page and the first row’s detail of each list', { timeout: 900_000 }, async () => {
    const { context, page } = await newPage(browser());
    await loginAs(page, DEMO.admin);
    const ids: string[] = [];
    const faults: string[] = [];
    // A fault of the shell (header, menu, tabs) shows on every screen: named once, on the first.
    const seen = new Set<string>();
    const screens = await walkScreens(page, ZH_CN_WORDS, async (screen) => {
      if (!NOT_SHOP_DATA.has(screen.page)) {
        const shown = await idsShown(page);
        if (shown.length > 0) ids.push(`${screen.name}: ${shown.length} id(s), e.g. …${shown[0]}…`);
      }
      for (const violation of await seriousViolations(page)) {
        const key = `${violation.rule} ${violation.target}`;
        if (seen.has(key)) continue;
        seen.add(key);
        faults.push(`${screen.name}: ${violation.impact} ${violation.rule} at ${violation.target} (${violation.nodes} element(s))`);
      }
    });
    await context.close();
    expect(screens).toBeGreaterThan(60);
    expect({ ids, faults }).toEqual({ ids: [], faults: [] });
  });
});
