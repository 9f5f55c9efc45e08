/**
 * npm run bench:table: the editable table of the /test/home showcase at 1,000 and 10,000 rows × 12 columns,
 * on the production build in headless Chromium:
 *  - first render: click on "load N rows" → the paint after the table mounted
 *  - keystroke → paint: a key pressed in a cell until the frame after it painted (median of N)
 *  - full validation: every rule over every row (median of 5)
 */
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../tests/support/browser';
import { startProductServer } from '../tests/support/product-server';

const KEYSTROKES = Number(process.env.BENCH_KEYSTROKES ?? 40);
const SIZES = [1_000, 10_000] as const;

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

export interface TableFigures {
  rows: number;
  firstRenderMs: number;
  keystrokeMedianMs: number;
  keystrokeP95Ms: number;
  validationMs: number;
}

async function login(page: Page): Promise<void> {
  await page.goto('/user/login');
  await page.locator('#username').fill('admin');
  await page.locator('#password').fill('123456');
  await page.locator('button[type=submit]').first().click();
  await page.waitForURL((url) => url.pathname === '/dashboard/analysis');
}

async function measure(browser: Browser, baseURL: string, rows: number): Promise<TableFigures> {
  const context = await browser.newContext({ baseURL, locale: 'zh-CN', viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  try {
    await login(page);
    await page.goto('/test/home');
    await page.getByTestId(`load-${rows}`).click();
    const rendered = page.getByTestId('render-ms');
    await rendered.waitFor({ timeout: 60_000 });
    const firstRenderMs = Number(await rendered.getAttribute('data-ms'));

    const table = page.getByRole('table', { name: '大数据量表格' });
    const input = table.locator('[data-row-id="row-000003"]').getByLabel('商品名称');
    await input.click();
    await input.press('End');
    await page.evaluate(() => {
      const samples: number[] = [];
      Reflect.set(window, '__keystrokeSamples', samples);
      document.addEventListener(
        'keydown',
        (event) => {
          const started = event.timeStamp;
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
    await page.waitForTimeout(200);
    const samples = (await page.evaluate(() => Reflect.get(window, '__keystrokeSamples'))) as number[];

    const validations: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      await page.getByTestId('validate-large').click();
      const result = page.getByTestId('validate-ms');
      await result.waitFor();
      validations.push(Number(await result.getAttribute('data-ms')));
    }
    const sorted = [...samples].sort((a, b) => a - b);
    return {
      rows,
      firstRenderMs,
      keystrokeMedianMs: median(samples),
      keystrokeP95Ms: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? NaN,
      validationMs: median(validations),
    };
  } finally {
    await context.close();
  }
}

/** Measures against a server that is already running (scripts/bench.ts can pass its own). */
export async function benchEditableTable(browser: Browser, baseURL: string): Promise<TableFigures[]> {
  const figures: TableFigures[] = [];
  for (const rows of SIZES) figures.push(await measure(browser, baseURL, rows));
  return figures;
}

export function formatTableFigures(figures: readonly TableFigures[]): [string, string][] {
  return figures.flatMap((f) => {
    const label = `editable table ${f.rows.toLocaleString('en-US')} rows × 12 cols`;
    return [
      [`${label}: first render`, `${f.firstRenderMs.toFixed(0)} ms`],
      [`${label}: keystroke → paint, median / p95 of ${KEYSTROKES}`, `${f.keystrokeMedianMs.toFixed(1)} / ${f.keystrokeP95Ms.toFixed(1)} ms`],
      [`${label}: full validation, median of 5`, `${f.validationMs.toFixed(1)} ms`],
    ] as [string, string][];
  });
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
