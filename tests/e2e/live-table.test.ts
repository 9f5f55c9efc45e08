/** Issue 5, moved out of the announcements plugin's notices test: live rows of an editable table over the table socket. */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO, loginAs, newPage, useBrowser } from './support';

const browser = useBrowser();

describe('editable table over the table socket', () => {
  it('an editable table with a socketKey on two pages: a row one page publishes patches the other page\'s row and flashes it; unsaved edits of other rows stay', async () => {
    const table = (page: Page) => page.getByRole('table', { name: '可编辑表格：全部列类型' });
    const row = (page: Page, id: string) => table(page).locator(`[data-row-id="${id}"]`);
    const open = async () => {
      const opened = await newPage(browser());
      let subscribed = false;
      opened.page.on('websocket', (socket) => {
        socket.on('framesent', (frame) => {
          const text = String(frame.payload);
          if (text.includes('"subscribe"') && text.includes('showcase:order-lines')) subscribed = true;
        });
      });
      await loginAs(opened.page, DEMO.admin);
      await opened.page.goto('/test/home');
      await row(opened.page, 'demo-line-1').waitFor();
      await expect.poll(() => subscribed).toBe(true);
      return opened;
    };
    const a = await open();
    const b = await open();

    await row(b.page, 'demo-line-2').getByLabel('商品名称').fill('B 未保存的修改');
    await row(a.page, 'demo-line-1').getByLabel('商品名称').fill('A 保存的商品');
    await a.page.getByTestId('publish-row').click();

    const patched = row(b.page, 'demo-line-1');
    await expect.poll(() => patched.getByLabel('商品名称').inputValue()).toBe('A 保存的商品');
    expect(await patched.getAttribute('data-highlight')).toBe('true');
    expect(await row(b.page, 'demo-line-2').getByLabel('商品名称').inputValue()).toBe('B 未保存的修改');
    expect(await row(a.page, 'demo-line-2').getByLabel('商品名称').inputValue()).not.toBe('B 未保存的修改');
    // The flash lasts 1.4 s.
    await expect.poll(() => patched.getAttribute('data-highlight'), { timeout: 3_000, interval: 100 }).toBe('false');
    await a.context.close();
    await b.context.close();
  });
});
