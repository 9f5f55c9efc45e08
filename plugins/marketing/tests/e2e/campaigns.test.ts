/**
 * Issue 14, 赠品活动 end to end: campaigns in each time status list with their status tag, the deal button
 * (办理) only where docs/spec.md §4 allows it (not for statuses 1, 3 and 4), and closing one (confirmed) turns it 已关闭.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { answerConfirm, apiToken, clickRowAction, DEMO, field, loginAs, newPage, openFromMenu, rowActionNames, shopApi, useBrowser } from '../../../../tests/e2e/support';
import { formatShopTime } from '../../../../server/time/shop-time';

const browser = useBrowser();

/** The shop's wall clock some seconds from now, as staff enter campaign times. */
const wireTime = (offsetSeconds: number): string => formatShopTime(Date.now() + offsetSeconds * 1000);

const listRows = (page: Page) => page.locator('.ant-tabs-tabpane-active .ant-card .ant-table-tbody tr.ant-table-row:visible');
const rowOf = (page: Page, name: string) => listRows(page).filter({ hasText: name });

describe('gift campaigns', () => {
  it('shows each time status with 办理 only while in progress, and closing one turns it 已关闭', async () => {
    const token = await apiToken();
    const tag = `E2E赠品${Date.now() % 10_000_000}`;
    const rules = [{ limit: 99999, discountPrice: 1 }];
    const windows: Array<[string, number, number]> = [
      [`${tag}-未开始`, 3600, 7200],
      [`${tag}-进行中`, -3600, 3600],
      [`${tag}-已结束`, -7200, -3600],
      [`${tag}-待关闭`, -3600, 3600],
    ];
    for (const [name, start, end] of windows) {
      const added = await shopApi(token, 'POST', '/marketing/giftActivity/add', { name, startTime: wireTime(start), endTime: wireTime(end), conditionType: '10', productScope: '1', rules });
      expect(added.success, added.message).toBe(true);
    }

    const { context, page } = await newPage(browser());
    await loginAs(page, DEMO.admin);
    await openFromMenu(page, '营销管理', '赠品活动', '/marketing/giftActivityList');
    await field(page, 'search_name').fill(tag);
    await page.getByRole('button', { name: /查\s*询/ }).filter({ visible: true }).click();
    await expect.poll(() => listRows(page).count(), { timeout: 20_000 }).toBe(4);

    const statusOf = (name: string) => rowOf(page, name).getByTestId('campaign-status').textContent();
    const hasDeal = async (name: string) => ((await rowActionNames(rowOf(page, name))).includes('办理') ? 1 : 0);
    expect(await statusOf(`${tag}-未开始`)).toBe('未开始');
    expect(await statusOf(`${tag}-进行中`)).toBe('进行中');
    expect(await statusOf(`${tag}-已结束`)).toBe('已结束');
    expect([await hasDeal(`${tag}-未开始`), await hasDeal(`${tag}-进行中`), await hasDeal(`${tag}-已结束`), await hasDeal(`${tag}-待关闭`)]).toEqual([0, 1, 0, 1]);

    // 关闭 asks first; confirmed, the campaign is 已关闭 and its deal button is gone.
    await clickRowAction(rowOf(page, `${tag}-待关闭`), /^关\s*闭$/);
    await answerConfirm(page, '确定关闭该活动吗？关闭后不能重新开启');
    await expect.poll(() => statusOf(`${tag}-待关闭`), { timeout: 20_000 }).toBe('已关闭');
    expect(await hasDeal(`${tag}-待关闭`)).toBe(0);
    expect(await rowOf(page, `${tag}-待关闭`).getByRole('button', { name: /^关\s*闭$/ }).count()).toBe(0);
    await context.close();
  });
});
