/**
 * npm run bench:table: the editable table of the /test/home showcase on the production build in headless
 * Chromium, against antd 5's own virtual Table doing the same job (plugins/showcase/pages/antd-virtual-table-reference.tsx):
 *  - 1,000 rows, ours only: first render, keystroke → paint, full validation
 *  - 10,000 rows: first render and keystroke → paint of ours and of antd in alternating rounds (each
 *    round a fresh page; the order flips every round), and a floor: the same keystrokes in a bare
 *    <input> outside any table on our page, the machine's own keystroke → paint cost
 *  - full validation at 10,000 rows (every rule over every row; median of 5)
 * Keystroke → paint: from the keydown event until the task after the frame that painted it.
 */
import { availableParallelism, loadavg } from 'node:os';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser } from '../tests/support/browser';
import { startProductServer } from '../tests/support/product-server';

/** Keystrokes per table per round. */
const KEYSTROKES = Number(process.env.BENCH_KEYSTROKES ?? 40);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const LARGE = 10_000;
const SMALL = 1_000;
/** One frame at 60 Hz. */
const FRAME_BUDGET_MS = 16;

type Subject = 'ours' | 'antd' | 'floor';

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};
const p95 = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? NaN;
};

export interface TableFigures {
  rounds: number;
  keystrokesPerRound: number;
  small: { firstRenderMs: number; keystrokes: number[]; validationMs: number };
  firstRenderMs: Record<'ours' | 'antd', number[]>;
  keystrokes: Record<Subject, number[]>;
  validationMs: number;
  /** 1-minute load average before and after, with the core count. */
  load: { before: number; after: number; cores: number };
}

async function login(page: Page): Promise<void> {
  await page.goto('/user/login');
  await page.locator('#username').fill('admin');
  await page.locator('#password').fill('123456');
  await page.locator('button[type=submit]').first().click();
  await page.waitForURL((url) => url.pathname === '/dashboard/analysis');
}

/** Opens the large mode of /test/home with `rows` rows in ours or antd's table; returns its first-render time. */
async function loadTable(page: Page, rows: number, table: 'ours' | 'antd'): Promise<number> {
  await page.goto('/test/home');
  await page.getByTestId(table === 'ours' ? `load-${rows}` : `load-antd-${rows}`).click();
  const rendered = page.getByTestId('render-ms');
  await rendered.waitFor({ timeout: 120_000 });
  return Number(await rendered.getAttribute('data-ms'));
}

/** The goods-name text input of the third row, in either table. */
function goodsNameInput(page: Page, table: 'ours' | 'antd'): Locator {
  if (table === 'ours') return page.getByRole('table', { name: '大数据量表格' }).locator('[data-row-id="row-000003"]').getByLabel('商品名称');
  return page.getByTestId('antd-reference').locator('[data-row-key="row-000003"]').getByLabel('商品名称');
}

/** Types KEYSTROKES keys (a letter, then Backspace) into `input`; the keystroke → paint time of each. */
async function typeInto(page: Page, input: Locator): Promise<number[]> {
  await input.click();
  await input.press('End');
  await page.waitForTimeout(300);
  // No named functions inside evaluate: tsx would wrap them in a helper the page does not have.
  await page.evaluate(() => {
    Reflect.set(window, '__keystrokeSamples', []);
    if (Reflect.get(window, '__keystrokeListening') === true) return;
    Reflect.set(window, '__keystrokeListening', true);
    document.addEventListener(
      'keydown',
      (event) => {
        const started = event.timeStamp;
        const samples = Reflect.get(window, '__keystrokeSamples') as number[];
        // rAF runs before the next paint; a task queued from it runs after that paint.
        requestAnimationFrame(() => setTimeout(() => samples.push(performance.now() - started), 0));
      },
      { capture: true },
    );
  });
  for (let i = 0; i < KEYSTROKES; i += 1) {
    await page.keyboard.press(i % 2 === 0 ? 'x' : 'Backspace');
    await page.waitForTimeout(25);
  }
  await page.waitForTimeout(300);
  return (await page.evaluate(() => Reflect.get(window, '__keystrokeSamples'))) as number[];
}

/** A bare <input> laid over the page, outside React and any table. */
async function floorInput(page: Page): Promise<Locator> {
  await page.evaluate(() => {
    const input = document.createElement('input');
    input.setAttribute('data-bench-floor', '');
    input.style.cssText = 'position:fixed;top:0;left:0;z-index:100000;width:200px';
    document.body.append(input);
  });
  return page.locator('[data-bench-floor]');
}

async function validationMedian(page: Page): Promise<number> {
  const validations: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    await page.getByTestId('validate-large').click();
    const result = page.getByTestId('validate-ms');
    await result.waitFor();
    validations.push(Number(await result.getAttribute('data-ms')));
  }
  return median(validations);
}

async function withPage<T>(browser: Browser, baseURL: string, run: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ baseURL, locale: 'zh-CN', viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  try {
    await login(page);
    return await run(page);
  } finally {
    await context.close();
  }
}

/** Measures against a server that is already running (scripts/bench.ts can pass its own). */
export async function benchEditableTable(browser: Browser, baseURL: string): Promise<TableFigures> {
  const before = loadavg()[0] ?? NaN;
  const small = await withPage(browser, baseURL, async (page) => {
    const firstRenderMs = await loadTable(page, SMALL, 'ours');
    const keystrokes = await typeInto(page, goodsNameInput(page, 'ours'));
    return { firstRenderMs, keystrokes, validationMs: await validationMedian(page) };
  });
  const firstRenderMs: TableFigures['firstRenderMs'] = { ours: [], antd: [] };
  const keystrokes: TableFigures['keystrokes'] = { ours: [], antd: [], floor: [] };
  let validationMs = NaN;
  for (let round = 0; round < ROUNDS; round += 1) {
    const order: ('ours' | 'antd')[] = round % 2 === 0 ? ['ours', 'antd'] : ['antd', 'ours'];
    for (const table of order) {
      await withPage(browser, baseURL, async (page) => {
        firstRenderMs[table].push(await loadTable(page, LARGE, table));
        keystrokes[table].push(...(await typeInto(page, goodsNameInput(page, table))));
        if (table !== 'ours') return;
        keystrokes.floor.push(...(await typeInto(page, await floorInput(page))));
        if (round === 0) validationMs = await validationMedian(page);
      });
    }
  }
  return { rounds: ROUNDS, keystrokesPerRound: KEYSTROKES, small, firstRenderMs, keystrokes, validationMs, load: { before, after: loadavg()[0] ?? NaN, cores: availableParallelism() } };
}

const verdict = (ok: boolean) => (ok ? 'meets' : 'misses');
const ms = (value: number) => `${value.toFixed(1)} ms`;
const medianP95 = (values: readonly number[]) => `${ms(median(values))} / ${ms(p95(values))}`;

export function formatTableFigures(f: TableFigures): [string, string][] {
  const small = `editable table ${SMALL.toLocaleString('en-US')} rows × 12 cols`;
  const large = `${LARGE.toLocaleString('en-US')} rows × 12 cols`;
  const count = f.keystrokes.ours.length;
  const ours = { median: median(f.keystrokes.ours), p95: p95(f.keystrokes.ours) };
  const antd = { median: median(f.keystrokes.antd), p95: p95(f.keystrokes.antd) };
  return [
    [`${small}: first render`, `${f.small.firstRenderMs.toFixed(0)} ms`],
    [`${small}: keystroke → paint, median / p95 of ${f.small.keystrokes.length}`, medianP95(f.small.keystrokes)],
    [`${small}: full validation, median of 5`, ms(f.small.validationMs)],
    [`${large}: first render, median of ${f.rounds}: ours / antd virtual Table`, `${median(f.firstRenderMs.ours).toFixed(0)} ms / ${median(f.firstRenderMs.antd).toFixed(0)} ms`],
    [`${large}: keystroke → paint, median / p95 of ${count} (${f.rounds} alternating rounds): ours`, medianP95(f.keystrokes.ours)],
    [`${large}: keystroke → paint, median / p95 of ${f.keystrokes.antd.length}: antd virtual Table`, medianP95(f.keystrokes.antd)],
    [`floor: bare <input> outside any table, median / p95 of ${f.keystrokes.floor.length}`, medianP95(f.keystrokes.floor)],
    [`${large}: full validation, median of 5`, ms(f.validationMs)],
    [`ours faster than antd (median and p95)`, `${verdict(ours.median < antd.median && ours.p95 < antd.p95)} (${(antd.median / ours.median).toFixed(1)}× median, ${(antd.p95 / ours.p95).toFixed(1)}× p95)`],
    [`ours keystroke → paint ≤ ${FRAME_BUDGET_MS} ms: median / p95`, `${verdict(ours.median <= FRAME_BUDGET_MS)} / ${verdict(ours.p95 <= FRAME_BUDGET_MS)}`],
    ['load average (1 min) before / after', `${f.load.before.toFixed(2)} / ${f.load.after.toFixed(2)} on ${f.load.cores} cores`],
  ];
}

async function main(): Promise<void> {
  const server = await startProductServer();
  const browser = await launchBrowser();
  try {
    const rows = formatTableFigures(await benchEditableTable(browser, server.baseURL));
    const width = Math.max(...rows.map(([name]) => name.length));
    console.log('\neditable table benchmarks');
    for (const [name, value] of rows) console.log(`  ${name.padEnd(width)}  ${value}`);
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
