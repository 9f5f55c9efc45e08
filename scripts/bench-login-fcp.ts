/**
 * First contentful paint of our /user/login against the minimal Refine + antd starter, measured side by
 * side: a cold browser context for every load, the two pages alternating (which one goes first swaps
 * every round, so a slow spell hurts both alike), the same CPU for both (BENCH_CPU_THROTTLE, a CDP
 * slow-down factor, 1 = none).
 */
import { rm } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { buildStarter } from './bench-starter/build';
import { serveStatic } from './bench-starter/serve';

const CPU_THROTTLE = Number(process.env.BENCH_CPU_THROTTLE ?? 1);

/** Navigates a fresh context to `url` and reads the first-contentful-paint entry (ms since navigation). */
async function firstContentfulPaint(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1366, height: 800 } });
  try {
    const page = await context.newPage();
    if (CPU_THROTTLE > 1) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_THROTTLE });
    }
    await page.goto(url, { waitUntil: 'commit' });
    return await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) => {
            const entry = list.getEntriesByName('first-contentful-paint')[0];
            if (entry) resolve(entry.startTime);
          }).observe({ type: 'paint', buffered: true });
        }),
    );
  } finally {
    await context.close();
  }
}

export interface LoginFcpFigures {
  runs: number;
  cpuThrottle: number;
  starter: number[];
  login: number[];
}

export async function benchLoginFcp(browser: Browser, productBaseURL: string, runs: number): Promise<LoginFcpFigures> {
  const starterDir = await buildStarter();
  const starter = await serveStatic(starterDir);
  try {
    const pages = { starter: `${starter.baseURL}/login`, login: `${productBaseURL}/user/login` };
    // One unmeasured load of each: the first navigation of a browser pays for its own start-up.
    await firstContentfulPaint(browser, pages.starter);
    await firstContentfulPaint(browser, pages.login);
    const figures: LoginFcpFigures = { runs, cpuThrottle: CPU_THROTTLE, starter: [], login: [] };
    for (let i = 0; i < runs; i += 1) {
      const order = i % 2 === 0 ? (['starter', 'login'] as const) : (['login', 'starter'] as const);
      for (const which of order) figures[which].push(await firstContentfulPaint(browser, pages[which]));
    }
    return figures;
  } finally {
    await starter.close();
    await rm(starterDir, { recursive: true, force: true });
  }
}
