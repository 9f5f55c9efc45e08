/**
 * docs/spec.md §4/§7 Sockets: the real server is stopped and started again under a signed-in page. The notice
 * socket comes back on its own (5 s reconnect) with the same session (sessions live in the database),
 * and the next release reaches the bell without a reload. This file runs its OWN product server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, WebSocket } from 'playwright-core';
import { HEADER_TOKEN } from '../../src/contracts/constants';
import type { LoginResult } from '../../src/contracts/session';
import { startProductServer, type ProductServer } from '../support/product-server';
import { CONTEXT_DEFAULTS, DEMO, loginAs, openBrowser } from './support';

let server: ProductServer;
let browser: Browser;
beforeAll(async () => {
  // Sockets and sessions only: the demo trade would only slow its first start.
  server = await startProductServer({ env: { DEMO_TRADE: 'off' } });
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface Envelope<T> {
  success: boolean;
  message: string;
  result: T;
}

async function api<T>(method: 'GET' | 'POST', path: string, body?: unknown, token?: string): Promise<Envelope<T>> {
  const response = await fetch(`${server.baseURL}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token === undefined ? {} : { [HEADER_TOKEN]: token }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as Envelope<T>;
}

interface TrackedSocket {
  socket: WebSocket;
  createdAt: number;
  closedAt: number | null;
  received: string[];
}

describe('server restart', () => {
  it('the notice socket reconnects within 8 s of the server being back, the session survives, and a release reaches the bell without a reload', async () => {
    const admin = (await api<LoginResult>('POST', '/sys/login', DEMO.admin)).result;
    const context = await browser.newContext({ baseURL: server.baseURL, ...CONTEXT_DEFAULTS });
    const page = await context.newPage();
    const noticeSockets: TrackedSocket[] = [];
    page.on('websocket', (socket) => {
      if (!socket.url().includes('/api/websocket/')) return;
      const tracked: TrackedSocket = { socket, createdAt: Date.now(), closedAt: null, received: [] };
      socket.on('close', () => (tracked.closedAt = Date.now()));
      socket.on('framereceived', (frame) => tracked.received.push(String(frame.payload)));
      noticeSockets.push(tracked);
    });
    await loginAs(page, DEMO.clerk);
    const bell = page.locator('[data-testid=notice-bell]');
    await bell.waitFor();
    await expect.poll(() => noticeSockets.filter((s) => s.closedAt === null).length).toBe(1);
    const first = noticeSockets[0];
    // A reload would lose this mark.
    await page.evaluate(() => Object.assign(window, { mboBeforeRestart: true }));

    await server.halt();
    await expect.poll(() => first?.closedAt ?? null).not.toBeNull();
    await server.start();
    const backAt = Date.now();

    // The reconnected socket is the one that stays open (attempts while the server was down closed at once).
    const live = () => noticeSockets.find((s) => s !== first && s.closedAt === null && Date.now() - s.createdAt > 1_000);
    await expect.poll(() => live() !== undefined, { timeout: 10_000, interval: 100 }).toBe(true);
    const reconnected = live();
    if (reconnected === undefined) throw new Error('no reconnected notice socket');
    expect(reconnected.createdAt - backAt).toBeLessThan(8_000);

    // The clerk's session outlived the restart: the page is still signed in and nothing reloaded.
    expect(new URL(page.url()).pathname).toBe('/dashboard/analysis');
    expect(await page.evaluate(() => (window as unknown as { mboBeforeRestart?: boolean }).mboBeforeRestart)).toBe(true);
    const before = Number(await bell.getAttribute('data-count'));

    // So did the admin's: release through the API to the clerk.
    const clerkId = decodeURIComponent(new URL(reconnected.socket.url()).pathname.split('/').at(-1) ?? '');
    const title = `重启后的通知 ${Date.now()}`;
    const added = await api<{ id: string }>(
      'POST',
      '/sys/annountCement/add',
      { titile: title, priority: 'H', msgCategory: '1', msgType: 'USER', userIds: clerkId, msgContent: `<p>${title}</p>` },
      admin.token,
    );
    expect(added.success, added.message).toBe(true);
    const released = await api('GET', `/sys/annountCement/doReleaseData?id=${added.result.id}`, undefined, admin.token);
    expect(released.success, released.message).toBe(true);

    await expect.poll(() => reconnected.received.some((frame) => frame.includes(added.result.id)), { timeout: 5_000, interval: 100 }).toBe(true);
    await expect.poll(async () => Number(await bell.getAttribute('data-count')), { timeout: 5_000 }).toBe(before + 1);
    expect(await page.evaluate(() => (window as unknown as { mboBeforeRestart?: boolean }).mboBeforeRestart)).toBe(true);
    await context.close();
  });
});
