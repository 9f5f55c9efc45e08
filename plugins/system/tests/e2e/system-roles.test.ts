/** 角色管理 end to end: granting a button to the clerk role through the 授权 drawer. */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { clickRowAction, DEMO, drawer, loginAs, newPage, openFromMenu, revokeFromRole, rows, useBrowser } from '../../../../tests/e2e/support';

const browser = useBrowser();
// Other browser tests share this server and expect clerk without 新增会员: start clean (a retry too) and take the grant back.
const revokeClerkMemberAdd = () => revokeFromRole('clerk', 'cust:member:add');
beforeEach(revokeClerkMemberAdd);
afterAll(revokeClerkMemberAdd);

const treeNode = (scope: Locator, title: string) => scope.locator('.ant-tree-treenode').filter({ has: scope.page().getByText(title, { exact: true }) });
const isChecked = async (scope: Locator, title: string) => (await treeNode(scope, title).locator('.ant-tree-checkbox').getAttribute('class'))?.includes('ant-tree-checkbox-checked') ?? false;

async function openRoles(page: Page): Promise<void> {
  await openFromMenu(page, '系统管理', '角色管理', '/system/role');
  await rows(page).first().waitFor();
}

async function openAuthorize(page: Page): Promise<Locator> {
  await clickRowAction(rows(page).filter({ hasText: 'clerk' }).first(), '授权');
  await page.waitForURL((url) => url.searchParams.has('authorize'));
  const panel = drawer(page);
  await panel.getByText('角色权限配置：店员').waitFor();
  await treeNode(panel, '新增会员').waitFor();
  return panel;
}

describe('角色管理', () => {
  it('admin grants 新增会员 to the clerk role in the 授权 drawer, and it shows checked when reopened', async () => {
    const { context, page } = await newPage(browser());
    await loginAs(page, DEMO.admin);
    await openRoles(page);
    expect(await rows(page).filter({ hasText: '店员' }).count()).toBe(1);

    let panel = await openAuthorize(page);
    expect(await panel.evaluate((element) => (element as HTMLElement).style.width)).toBe('650px');
    expect(await isChecked(panel, '新增会员')).toBe(false);
    // Checked strictly: the page (会员列表) the clerk already holds stays checked, its other buttons do not follow.
    expect(await isChecked(panel, '会员列表')).toBe(true);
    await treeNode(panel, '新增会员').locator('.ant-tree-checkbox').click();
    await expect.poll(() => isChecked(panel, '新增会员')).toBe(true);
    expect(await isChecked(panel, '删除会员')).toBe(false);
    await panel.getByRole('button', { name: '保存', exact: true }).click();
    await page.getByText('保存成功！').first().waitFor();

    await page.locator('.ant-drawer-close:visible').click();
    await page.waitForURL((url) => !url.searchParams.has('authorize'));
    panel = await openAuthorize(page);
    expect(await isChecked(panel, '新增会员')).toBe(true);

    // The drawer lives in the URL: a reload reopens it, still checked.
    await page.reload();
    panel = drawer(page);
    await treeNode(panel, '新增会员').waitFor();
    await expect.poll(() => isChecked(panel, '新增会员')).toBe(true);
    await context.close();
  });
});
