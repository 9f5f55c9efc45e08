/**
 * In English nothing of the product is Chinese (issue 32, "Accessible and translated"): admin switches the UI to
 * en-US from the header's language menu and walks every screen the zh-CN walk does (tests/e2e/walk.ts). Every
 * visible text, placeholder, label and title of a screen (shell, content, open dialog) must be free of Chinese
 * characters, except the shop's own data: the seeded demo records are Chinese (names, goods, addresses).
 *
 * What is the shop's data is decided by where the text sits, not by what it says: the body cells of a table, the
 * values of a description list, the value a select shows, the nodes of a tree (departments, categories), the signed-
 * in user's menu, and whatever the product marks with HTML's translate="no" (content not to be translated: a name in
 * a greeting, a record's title on its detail, a rich-text description, what a log entry says). A dictionary label is
 * the product's even there (a status tag in a cell): DictValue marks it with `data-dict`
 * (src/toolkit/dict/dict-value.tsx) and it must be English — unless its dictionary is a table of records (member
 * levels, brands, units: a dictionary without locale labels, which DictValue marks translate="no"; every seeded
 * dictionary has them, tests/server/seeded-texts-locales.test.ts).
 *
 * The online forms' and reports' lists (在线开发) are left out: their title, columns, search fields and placeholders
 * are the form's or report's definition, typed by an administrator in 表单开发 / 报表配置 — the shop's data, not
 * the product's words. Their buttons and pagination are the shared list's, checked on every other list.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, loginAs, menusClosed, newPage, useBrowser } from './support';
import { EN_US_WORDS, walkScreens } from './walk';

/** Where the shop's own records show (see above). */
const USER_DATA = ['.ant-table-tbody td', '.ant-descriptions-item-content', '.ant-select-selection-item', '.ant-tree-treenode', '.user-menu', '[translate="no"]'].join(', ');

/** Screens made of an online form's or report's definition (see above). */
const DEFINED_BY_DATA = /^\/online\/(cgformList|cgreportList)\//;

/** The Chinese texts the screen shows outside the shop's data, each with a short selector of where. */
async function chineseChrome(page: Page): Promise<string[]> {
  return page.evaluate((userData) => {
    const cjk = /[\u4e00-\u9fff]/;
    const found: string[] = [];
    const where = (element: Element): string => {
      const parts: string[] = [];
      for (let at: Element | null = element; at !== null && parts.length < 3 && at !== document.body; at = at.parentElement) {
        const classes = [...at.classList].filter((name) => !/^(css-|ant-.*-(css-var|hashed))/.test(name)).slice(0, 2);
        parts.unshift(`${at.tagName.toLowerCase()}${classes.map((name) => `.${name}`).join('')}`);
      }
      return parts.join(' > ');
    };
    const ours = (element: Element) => {
      const dict = element.closest('[data-dict]');
      if (dict !== null) return dict.getAttribute('translate') !== 'no';
      return element.closest(userData) === null;
    };
    const shown = (element: Element) => element.checkVisibility({ visibilityProperty: true });
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const parent = node.parentElement;
      if (!cjk.test(text) || parent === null || parent.closest('script, style, noscript') !== null) continue;
      if (shown(parent) && ours(parent)) found.push(`"${text.trim().slice(0, 40)}" in ${where(parent)}`);
    }
    for (const element of document.body.querySelectorAll('[placeholder], [aria-label], [title], [alt]')) {
      for (const attribute of ['placeholder', 'aria-label', 'title', 'alt']) {
        const value = element.getAttribute(attribute);
        if (value !== null && cjk.test(value) && shown(element) && ours(element)) found.push(`${attribute}="${value.slice(0, 40)}" on ${where(element)}`);
      }
    }
    if (cjk.test(document.title)) found.push(`document title "${document.title}"`);
    return found;
  }, USER_DATA);
}

/** Picks English in the header's language menu, as a user does (the choice is kept for the next visits). */
async function switchToEnglish(page: Page): Promise<void> {
  await page.locator('.language-switch').click();
  await page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item').filter({ hasText: 'English' }).click();
  await menusClosed(page);
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en-US');
}

const browser = useBrowser();

describe('every screen admin reaches (en-US)', () => {
  it('shows no Chinese outside the shop’s data, on every menu page and the first row’s detail of each list', { timeout: 900_000 }, async () => {
    const { context, page } = await newPage(browser());
    await loginAs(page, DEMO.admin);
    await switchToEnglish(page);
    const offences: string[] = [];
    // A text of the shell (header, menu, tabs) shows on every screen: named once, on the first.
    const seen = new Set<string>();
    const screens = await walkScreens(page, EN_US_WORDS, async (screen) => {
      if (DEFINED_BY_DATA.test(screen.page)) return;
      for (const text of await chineseChrome(page)) {
        if (seen.has(text)) continue;
        seen.add(text);
        offences.push(`${screen.name}: ${text}`);
      }
    });
    await context.close();
    expect(screens).toBeGreaterThan(60);
    expect(offences).toEqual([]);
  });
});
