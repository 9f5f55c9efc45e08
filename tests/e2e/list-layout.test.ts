/**
 * Issue 32, lists show what they hold: at 1280 px every row action of the busiest lists lies inside its cell and the
 * viewport and the sticky 操作 column covers no other column's content; the status tabs' count badges read (a size,
 * text at AA contrast on their fill) in the light and the dark theme; at 390 px 会员列表 keeps the member's number in
 * sight with 操作 scrolling along, and 会员详情 shows its values in one column.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, loginAs, newPage, openUserMenu, useBrowser } from './support';

const browser = useBrowser();

const LISTS = [
  { title: '订单列表', path: '/saleorder/saleOrderList' },
  { title: '会员列表', path: '/cust/custMemberList' },
  { title: '提现', path: '/marketingDrp/drpWithdrawList' },
  { title: '赠品活动', path: '/marketing/giftActivityList' },
  { title: '优惠券', path: '/marketing/couponList' },
] as const;

const ACTIVE = '.ant-tabs-tabpane-active';
const listRows = (page: Page) => page.locator(`${ACTIVE} .ant-card .ant-table-tbody tr.ant-table-row:visible`);

async function openList(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect.poll(() => listRows(page).count()).toBeGreaterThan(0);
  // The 操作 column, with the rows' actions (a row may have none, e.g. a withdrawal already paid).
  await page.locator(`${ACTIVE} .ant-card .ant-table-thead th`, { hasText: /^操作$/ }).first().waitFor();
}

/** What is wrong with the row actions of the list on the page (no problems: nothing), and how many were checked. */
function actionProblems(page: Page): Promise<{ problems: string[]; checked: number }> {
  return page.evaluate((active) => {
    const problems: string[] = [];
    let checked = 0;
    const inside = (inner: DOMRect, outer: { left: number; right: number; top: number; bottom: number }) =>
      inner.left >= outer.left - 1 && inner.right <= outer.right + 1 && inner.top >= outer.top - 1 && inner.bottom <= outer.bottom + 1;
    /**
     * The right edge of what a cell shows: its text and leaf elements, each cut by the ancestors that clip it (a
     * switch's hidden 停用 text sits outside the switch, clipped).
     */
    const visibleRight = (root: HTMLElement): number => {
      let right = -Infinity;
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
      for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
        const isText = node.nodeType === Node.TEXT_NODE;
        if (isText && (node.textContent ?? '').trim() === '') continue;
        if (!isText && (node as Element).children.length > 0) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const box = isText ? range.getBoundingClientRect() : (node as Element).getBoundingClientRect();
        if (box.width === 0 || box.height === 0) continue;
        let [left, end] = [box.left, box.right];
        for (let parent = node.parentElement; parent !== null && parent !== root.parentElement; parent = parent.parentElement) {
          if (getComputedStyle(parent).overflowX === 'visible') continue;
          const clip = parent.getBoundingClientRect();
          left = Math.max(left, clip.left);
          end = Math.min(end, clip.right);
        }
        if (end > left) right = Math.max(right, end);
      }
      return right;
    };
    const rows = [...document.querySelectorAll<HTMLTableRowElement>(`${active} .ant-card .ant-table-tbody tr.ant-table-row`)].filter((row) => row.offsetParent !== null);
    rows.forEach((row, index) => {
      const cell = row.querySelector<HTMLTableCellElement>('td:has(.row-actions)');
      if (cell === null) return;
      const cellBox = cell.getBoundingClientRect();
      for (const button of cell.querySelectorAll<HTMLElement>('.row-actions button')) {
        const box = button.getBoundingClientRect();
        const name = button.innerText.trim();
        checked += 1;
        if (box.width === 0 || box.height === 0) problems.push(`row ${index} ${name}: no size`);
        if (!inside(box, cellBox)) problems.push(`row ${index} ${name}: outside its cell`);
        if (box.left < 0 || box.right > window.innerWidth) problems.push(`row ${index} ${name}: outside the viewport`);
      }
      // No other cell's content reaches under the 操作 column.
      for (const other of row.querySelectorAll<HTMLTableCellElement>('td')) {
        if (other === cell) continue;
        const right = visibleRight(other);
        if (right > cellBox.left + 1) problems.push(`row ${index}: ${other.innerText.trim().slice(0, 20)} under 操作 (${Math.round(right)} > ${Math.round(cellBox.left)})`);
      }
    });
    return { problems, checked };
  }, ACTIVE);
}

/** Each count badge of the active page's status tabs: its size and its text's contrast on what it is drawn on. */
function badges(page: Page): Promise<Array<{ text: string; width: number; height: number; contrast: number }>> {
  return page.evaluate((active) => {
    type Rgba = [number, number, number, number];
    const parse = (css: string): Rgba => {
      const parts = (css.match(/[\d.]+/g) ?? []).map(Number);
      return [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0, parts[3] ?? 1];
    };
    const over = (top: Rgba, below: Rgba): Rgba => {
      const alpha = top[3];
      return [top[0] * alpha + below[0] * (1 - alpha), top[1] * alpha + below[1] * (1 - alpha), top[2] * alpha + below[2] * (1 - alpha), 1];
    };
    /** The opaque colour an element is painted on: its own background and its ancestors', composed. */
    const backdrop = (element: Element | null): Rgba => {
      const layers: Rgba[] = [];
      for (let node = element; node !== null; node = node.parentElement) {
        const colour = parse(getComputedStyle(node).backgroundColor);
        if (colour[3] > 0) layers.push(colour);
        if (colour[3] >= 1) break;
      }
      return layers.reduceRight<Rgba>((below, layer) => over(layer, below), [255, 255, 255, 1]);
    };
    const luminance = ([r, g, b]: Rgba) => {
      const [lr, lg, lb] = [r, g, b].map((channel) => {
        const s = channel / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      }) as [number, number, number];
      return 0.2126 * lr + 0.7152 * lg + 0.0722 * lb;
    };
    return [...document.querySelectorAll<HTMLElement>(`${active} .tab-count .ant-badge-count`)].map((badge) => {
      const box = badge.getBoundingClientRect();
      const background = backdrop(badge);
      const text = over(parse(getComputedStyle(badge).color), background);
      const [light, dark] = [luminance(text), luminance(background)].sort((a, b) => b - a) as [number, number];
      return { text: badge.title || badge.innerText, width: box.width, height: box.height, contrast: (light + 0.05) / (dark + 0.05) };
    });
  }, ACTIVE);
}

async function expectReadableBadges(page: Page, list: string): Promise<number> {
  const shown = await badges(page);
  for (const badge of shown) {
    expect(badge.width, `${list} badge ${badge.text}`).toBeGreaterThan(0);
    expect(badge.height, `${list} badge ${badge.text}`).toBeGreaterThan(0);
    expect(badge.contrast, `${list} badge ${badge.text}`).toBeGreaterThanOrEqual(4.5);
  }
  return shown.length;
}

describe('lists at 1280 px and on a phone', () => {
  it('at 1280 px no row action is clipped or covered, and the tab counts read in the light and the dark theme', async () => {
    const { context, page } = await newPage(browser());
    try {
      await page.setViewportSize({ width: 1280, height: 800 });
      await loginAs(page, DEMO.admin);
      let lightBadges = 0;
      for (const list of LISTS) {
        await openList(page, list.path);
        const actions = await actionProblems(page);
        expect(actions.problems, list.title).toEqual([]);
        expect(actions.checked, list.title).toBeGreaterThan(0);
        lightBadges += await expectReadableBadges(page, list.title);
      }
      expect(lightBadges).toBeGreaterThan(0);

      await openUserMenu(page, '系统设置');
      await page.locator('.settings-drawer [data-setting="darkMode"]').click();
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
      await page.keyboard.press('Escape');
      let darkBadges = 0;
      for (const list of LISTS.filter((entry) => entry.title !== '会员列表' && entry.title !== '优惠券')) {
        await openList(page, list.path);
        await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
        darkBadges += await expectReadableBadges(page, list.title);
      }
      expect(darkBadges).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });

  it('at 390 px 会员列表 keeps the member number in sight with 操作 scrolling along, and 会员详情 is one column', async () => {
    const { context, page } = await newPage(browser());
    try {
      await loginAs(page, DEMO.admin);
      await page.setViewportSize({ width: 390, height: 844 });
      await openList(page, '/cust/custMemberList');
      const first = listRows(page).first();
      // The 会员编号 column: the header cell's index among the header cells.
      const keyIndex = await page.locator(`${ACTIVE} .ant-table-thead > tr > th`).evaluateAll((cells) => cells.findIndex((cell) => cell.textContent?.trim() === '会员编号'));
      expect(keyIndex).toBeGreaterThanOrEqual(0);
      const keyCell = first.locator('td').nth(keyIndex);
      const actionsCell = first.locator('td:has(.row-actions)');
      const memberNo = (await keyCell.innerText()).trim();
      expect(memberNo).not.toBe('');

      /** Whether the key cell shows on screen, its centre not under another cell (the 操作 column). */
      const keyInSight = () =>
        keyCell.evaluate((cell) => {
          const box = cell.getBoundingClientRect();
          const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          return box.width >= 40 && box.left >= 0 && box.right <= window.innerWidth && hit !== null && cell.contains(hit);
        });
      await expect.poll(keyInSight).toBe(true);
      // 操作 is not pinned over the data on a phone: it is the row's last cell, off to the right until scrolled to.
      expect(await actionsCell.evaluate((cell) => getComputedStyle(cell).position)).not.toBe('sticky');
      const scroller = page.locator(`${ACTIVE} .ant-card .ant-table-content`).first();
      expect(await scroller.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
      await scroller.evaluate((element) => {
        element.scrollLeft = element.scrollWidth;
      });
      // Scrolled to the end: the member number still shows, and so do the row's actions.
      await expect.poll(keyInSight).toBe(true);
      await expect
        .poll(() =>
          actionsCell.locator('.row-actions button').first().evaluate((button) => {
            const box = button.getBoundingClientRect();
            return box.left >= 0 && box.right <= window.innerWidth && box.width > 0;
          }),
        )
        .toBe(true);

      // 会员详情 of that member: one label/value pair a line, no value squeezed to a character a line.
      const id = await first.getAttribute('data-row-key');
      expect(id).not.toBeNull();
      await page.goto(`/cust/CustMember/detail?id=${encodeURIComponent(id ?? '')}`);
      const header = page.locator(`${ACTIVE} .entity-detail-header`);
      await header.locator('.ant-descriptions-item-content').first().waitFor();
      await expect.poll(() => header.innerText()).toContain(memberNo);
      const layout = await header.evaluate((element) => ({
        itemsPerRow: [...element.querySelectorAll('.ant-descriptions-row')].map((row) => row.querySelectorAll(':scope > .ant-descriptions-item').length),
        contentWidths: [...element.querySelectorAll<HTMLElement>('.ant-descriptions-item-content')].map((content) => content.getBoundingClientRect().width),
      }));
      expect(layout.itemsPerRow.length).toBeGreaterThan(3);
      expect(layout.itemsPerRow.every((count) => count === 1)).toBe(true);
      expect(Math.min(...layout.contentWidths)).toBeGreaterThanOrEqual(120);
    } finally {
      await context.close();
    }
  });
});
