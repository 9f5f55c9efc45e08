/**
 * Issue 16, 文件管理 end to end: a small PNG uploaded (its progress, then its row), previewed, downloaded under
 * its original name, and deleted after the confirmation.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { answerConfirm, clickRowAction, DEMO, field, loginAs, newPage, openFromMenu, useBrowser } from '../../../../tests/e2e/support';

const browser = useBrowser();

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/** The list of the visible page (kept-alive tabs hold hidden copies). */
const listRows = (page: Page) => page.locator('.ant-tabs-tabpane-active .ant-card .ant-table-tbody tr.ant-table-row:visible');
const searchButton = (page: Page) => page.getByRole('button', { name: /查\s*询/ }).filter({ visible: true });

describe('文件管理', () => {
  it('uploads a PNG with progress, previews it, downloads it under its name and deletes it after the confirm', async () => {
    const { context, page } = await newPage(browser());
    try {
      await loginAs(page, DEMO.admin);
      await openFromMenu(page, '系统管理', '文件管理', '/system/ossFile');
      const name = `门店照片-${Date.now()}.png`;

      await page.locator('.ant-tabs-tabpane-active input[type=file]').setInputFiles({ name, mimeType: 'image/png', buffer: PNG });
      const item = page.getByTestId('oss-upload-item').filter({ hasText: name });
      await expect.poll(() => item.locator('.ant-progress').count()).toBe(1);
      await item.locator('.ant-progress-status-success').waitFor();

      await field(page, 'search_fileName').fill(name);
      await searchButton(page).click();
      await expect.poll(() => listRows(page).count()).toBe(1);
      const row = listRows(page).first();
      await expect.poll(async () => (await row.textContent()) ?? '').toContain(name);
      // 上传人 by name (the admin's 管理员), not the username.
      expect(await row.textContent()).toContain('管理员');

      // 预览: the picture in antd's image preview, from a blob fetched with the session.
      await clickRowAction(row, /预\s*览/);
      const previewImage = page.locator('.ant-image-preview-img:visible');
      await previewImage.waitFor();
      expect(await previewImage.getAttribute('src')).toMatch(/^blob:/);
      await page.keyboard.press('Escape');
      await previewImage.waitFor({ state: 'detached' });

      // 下载: the browser saves it under the original name.
      const [download] = await Promise.all([page.waitForEvent('download'), clickRowAction(row, /下\s*载/)]);
      expect(download.suggestedFilename()).toBe(name);

      // 删除 asks first; after 确定 the row is gone.
      await clickRowAction(row, /删\s*除/);
      await answerConfirm(page);
      await expect.poll(() => listRows(page).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
