/**
 * npm run bench (part), or alone: npm run bench:screens. How soon a screen shows its content (issue 34), on the
 * production build, side by side with the Refine + antd starter's list page (scripts/bench-starter) in the same run:
 *  - cold: the address typed into a fresh browser context (no cache, signed in) → the first row painted;
 *  - in-app: a menu click in a signed-in app → the first row painted (the page never opened before in that context).
 * Screens: 订单列表, 商品SPU, 会员列表 (their first table row), 首页 (its member figures) and 销售报表 (its first money
 * card). Each figure is the median of BENCH_SCREEN_RUNS (default 5) rounds; the rounds alternate the starter with ours.
 * "Painted" is read in the page, on the animation frame in which the content is first there and visible.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { fileURLToPath } from 'node:url';
import { buildStarter } from './bench-starter/build';
import { serveStatic } from './bench-starter/serve';

const RUNS = Number(process.env.BENCH_SCREEN_RUNS ?? 5);
const COLD_GOAL_MS = 1500;
const IN_APP_GOAL_MS = 300;
const VIEWPORT = { width: 1366, height: 800 };
const TABLE_ROW = '.ant-table-tbody tr.ant-table-row';

/** What shows that a screen has its content: an element matching `selector` (holding `text` when given), visible. */
interface Marker {
  selector: string;
  text?: string;
}

interface Screen {
  name: string;
  path: string;
  /** The side menu's entries to click, parent first. */
  menu: readonly string[];
  marker: Marker;
  /** Where the in-app click starts (another screen: the one measured must not be open yet). */
  from: string;
}

const SCREENS: readonly Screen[] = [
  { name: '订单列表', path: '/saleorder/saleOrderList', menu: ['销售订单', '订单列表'], marker: { selector: TABLE_ROW }, from: '/dashboard/analysis' },
  { name: '商品SPU', path: '/goods/goodsSpuList', menu: ['商品管理', '商品SPU'], marker: { selector: TABLE_ROW }, from: '/dashboard/analysis' },
  { name: '会员列表', path: '/cust/custMemberList', menu: ['客户管理', '会员列表'], marker: { selector: TABLE_ROW }, from: '/dashboard/analysis' },
  { name: '首页', path: '/dashboard/analysis', menu: ['首页'], marker: { selector: '[data-testid="members-total"]' }, from: '/saleorder/saleOrderList' },
  { name: '销售报表', path: '/report/salesReport', menu: ['报表', '销售报表'], marker: { selector: '[data-testid="sales-card-yesterdayPay"]', text: '¥' }, from: '/dashboard/analysis' },
];

declare global {
  interface Window {
    __benchClickAt?: number;
  }
}

/**
 * Resolves with performance.now() on the first animation frame where the marker is there and visible, leaving out
 * what was marked old (content that was on the screen before the click).
 */
async function paintedAt(page: Page, marker: Marker): Promise<number> {
  const handle = await page.waitForFunction(
    ({ selector, text }) => {
      for (const element of document.querySelectorAll<HTMLElement>(selector)) {
        if (element.dataset.benchOld === undefined && element.offsetParent !== null && (text === undefined || (element.textContent ?? '').includes(text))) return performance.now();
      }
      return false;
    },
    marker,
    { polling: 'raf', timeout: 60_000 },
  );
  return (await handle.jsonValue()) as number;
}

/** A fresh context (no cache) signed in as admin, from the saved session. */
const signedIn = (browser: Browser, baseURL: string, storageState: Awaited<ReturnType<BrowserContext['storageState']>>) =>
  browser.newContext({ baseURL, storageState, viewport: VIEWPORT, locale: 'zh-CN' });

async function coldLoad(context: BrowserContext, url: string, marker: Marker): Promise<number> {
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'commit' });
    // performance.now() counts from the navigation's start: address typed → painted.
    return await paintedAt(page, marker);
  } finally {
    await context.close();
  }
}

/** Opens `screen.from`, waits until it has settled, then clicks the screen's menu entry: click → painted. */
async function menuClick(context: BrowserContext, screen: Screen): Promise<number> {
  try {
    const page = await context.newPage();
    await page.goto(screen.from);
    const menu = page.locator('.ant-layout-sider .ant-menu').first();
    await menu.waitFor();
    await page.waitForLoadState('networkidle');
    const [parent, ...rest] = screen.menu;
    const item = rest.length === 0 ? parent : rest[rest.length - 1];
    if (parent === undefined || item === undefined) throw new Error(`${screen.name}: no menu entry`);
    // By the entry's title (a menuitem's accessible name starts with its icon's label).
    const entry = menu.locator('.ant-menu-item .ant-menu-title-content').getByText(item, { exact: true });
    if (rest.length > 0 && !(await entry.isVisible())) {
      await menu.locator('.ant-menu-submenu-title').getByText(parent, { exact: true }).click();
      await entry.waitFor();
      // The submenu's opening animation ends outside the measured span.
      await page.waitForFunction(() => document.querySelector('.ant-motion-collapse, .ant-motion-collapse-active') === null);
    }
    await page.evaluate(({ selector }) => {
      for (const element of document.querySelectorAll<HTMLElement>(selector)) element.dataset.benchOld = '1';
      document.addEventListener('click', () => (window.__benchClickAt = performance.now()), { capture: true, once: true });
    }, screen.marker);
    await entry.click();
    const painted = await paintedAt(page, screen.marker);
    const clicked = await page.evaluate(() => window.__benchClickAt ?? Number.NaN);
    return painted - clicked;
  } finally {
    await context.close();
  }
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

export interface ScreenFigures {
  runs: number;
  starterCold: number[];
  cold: Map<string, number[]>;
  inApp: Map<string, number[]>;
}

export async function benchFirstRows(browser: Browser, baseURL: string, runs = RUNS): Promise<ScreenFigures> {
  // The session every measured context starts from (signed in once, through the login form).
  const login = await browser.newContext({ baseURL, viewport: VIEWPORT, locale: 'zh-CN' });
  const loginPage = await login.newPage();
  await loginPage.goto('/user/login');
  await loginPage.locator('#root #username:enabled').fill('admin');
  await loginPage.locator('#password').fill('123456');
  await loginPage.locator('button[type=submit]').first().click();
  await loginPage.locator('.ant-layout-sider .ant-menu').first().waitFor();
  const storageState = await login.storageState();
  await login.close();

  const starter = await serveStatic(await buildStarter());
  try {
    const figures: ScreenFigures = { runs, starterCold: [], cold: new Map(), inApp: new Map() };
    const starterList = `${starter.baseURL}/orders`;
    // One unmeasured load of each: the first navigation of a browser pays for its own start-up.
    await coldLoad(await browser.newContext({ viewport: VIEWPORT }), starterList, { selector: TABLE_ROW });
    await coldLoad(await signedIn(browser, baseURL, storageState), '/saleorder/saleOrderList', { selector: TABLE_ROW });
    for (let round = 0; round < runs; round += 1) {
      const starterFirst = round % 2 === 0;
      const starterRun = async () => figures.starterCold.push(await coldLoad(await browser.newContext({ viewport: VIEWPORT }), starterList, { selector: TABLE_ROW }));
      if (starterFirst) await starterRun();
      for (const screen of SCREENS) {
        const cold = figures.cold.get(screen.name) ?? [];
        cold.push(await coldLoad(await signedIn(browser, baseURL, storageState), screen.path, screen.marker));
        figures.cold.set(screen.name, cold);
        const inApp = figures.inApp.get(screen.name) ?? [];
        inApp.push(await menuClick(await signedIn(browser, baseURL, storageState), screen));
        figures.inApp.set(screen.name, inApp);
      }
      if (!starterFirst) await starterRun();
    }
    return figures;
  } finally {
    await starter.close();
  }
}

const meets = (ok: boolean): string => (ok ? 'meets' : 'misses');

/** The figures as the bench prints them: each screen's medians and whether each meets its goal. */
export function formatScreenFigures(figures: ScreenFigures): Array<[string, string]> {
  const starter = median(figures.starterCold);
  const rows: Array<[string, string]> = [[`Refine + antd starter's list, cold → first row, median of ${figures.runs}`, `${starter.toFixed(0)} ms`]];
  for (const screen of SCREENS) {
    const cold = median(figures.cold.get(screen.name) ?? []);
    const inApp = median(figures.inApp.get(screen.name) ?? []);
    rows.push([
      `${screen.name}: cold → content (≤ ${COLD_GOAL_MS} ms, ≤ starter)`,
      `${cold.toFixed(0)} ms (${(cold / starter).toFixed(2)}× the starter): ${meets(cold <= COLD_GOAL_MS)}, ${meets(cold <= starter)}`,
    ]);
    rows.push([`${screen.name}: menu click → content (≤ ${IN_APP_GOAL_MS} ms)`, `${inApp.toFixed(0)} ms: ${meets(inApp <= IN_APP_GOAL_MS)}`]);
  }
  return rows;
}

// Run alone: npm run bench:screens (builds first).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { launchBrowser } = await import('../tests/support/browser');
  const { startProductServer } = await import('../tests/support/product-server');
  const { loadavg } = await import('node:os');
  const server = await startProductServer();
  const browser = await launchBrowser();
  try {
    const rows = formatScreenFigures(await benchFirstRows(browser, server.baseURL));
    const width = Math.max(...rows.map(([name]) => name.length));
    console.log(`\nscreens to first content (load average ${loadavg().map((value) => value.toFixed(1)).join(' ')})`);
    for (const [name, value] of rows) console.log(`  ${name.padEnd(width)}  ${value}`);
  } finally {
    await browser.close();
    await server.stop();
  }
}
