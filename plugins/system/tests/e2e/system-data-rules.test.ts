/** 菜单管理 → 数据规则 end to end: a rule added on 会员列表 is offered in 角色管理 → 授权, then removed again. */
import { afterAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { answerConfirm, apiCall, apiToken, clickRowAction, DEMO, dialog, drawer, loginAs, newPage, OK, openFromMenu, rowActionNames, rows, rowWithCell, tableRows, useBrowser } from '../../../../tests/e2e/support';

const browser = useBrowser();
afterAll(async () => {
  // The server is shared with the other browser tests: leave no rule behind, even after a failure.
  await removeLeftoverRules();
});

const RULE = 'E2E仅本人创建';
const RENAMED = 'E2E仅本人创建的会员';

async function removeLeftoverRules(): Promise<void> {
  const token = await apiToken();
  const permissions = await apiCall<Array<{ id: string; name: string }>>(token, 'GET', '/api/permission/no-pager');
  const members = permissions.result.find((permission) => permission.name === '会员列表');
  if (members === undefined) return;
  const rules = await apiCall<Array<{ id: string; ruleName: string }>>(token, 'GET', `/sys/permission/getPermRuleListByPermId?permissionId=${members.id}`);
  for (const rule of rules.result.filter((candidate) => candidate.ruleName.startsWith('E2E'))) {
    await apiCall(token, 'DELETE', `/sys/permission/deletePermissionRule?id=${rule.id}`);
  }
}

const rowNamed = (scope: Locator, name: string) => rowWithCell(tableRows(scope), name);
const field = (page: Page, id: string) => page.locator(`#dataRuleForm_${id}:visible`);

async function openFromSideMenu(page: Page, title: string, pathname: string): Promise<void> {
  await openFromMenu(page, '系统管理', title, pathname);
  await rows(page).first().waitFor();
}

/** 菜单管理, searched down to 会员列表, its 数据规则 drawer opened from 更多 ▾. */
async function openMemberRules(page: Page): Promise<Locator> {
  await openFromSideMenu(page, '菜单管理', '/system/permission');
  const box = page.getByRole('searchbox', { name: '菜单名称' }).filter({ visible: true });
  await box.fill('会员列表');
  await box.press('Enter');
  const member = rowNamed(page.locator('.ant-card'), '会员列表');
  await member.waitFor();
  await member.getByRole('button', { name: /更多/ }).click();
  await page.locator('.ant-dropdown:visible').getByText('数据规则').click();
  await page.waitForURL((url) => url.searchParams.has('dataRule'));
  const panel = drawer(page);
  await panel.getByText('数据权限规则').waitFor();
  return panel;
}

describe('菜单管理 数据规则', () => {
  it('adds a rule to 会员列表, renames it, offers it in 角色管理 授权, and deletes it', async () => {
    // A retry starts clean: nothing an earlier attempt added is left in the drawer.
    await removeLeftoverRules();
    const { context, page } = await newPage(browser());
    await loginAs(page, DEMO.admin);

    // A button row has no 数据规则.
    await openFromSideMenu(page, '菜单管理', '/system/permission');
    const box = page.getByRole('searchbox', { name: '菜单名称' }).filter({ visible: true });
    await box.fill('新增会员');
    await box.press('Enter');
    await rowNamed(page.locator('.ant-card'), '新增会员').waitFor();
    const buttonActions = await rowActionNames(rowNamed(page.locator('.ant-card'), '新增会员'));
    expect(buttonActions).toContain('删除');
    expect(buttonActions).not.toContain('数据规则');

    let panel = await openMemberRules(page);
    expect(Math.round((await panel.boundingBox())?.width ?? 0)).toBe(650);
    await panel.getByText('菜单：会员列表').waitFor();

    // 新增: the column must be an identifier; the condition is chosen by its Chinese label.
    await panel.getByRole('button', { name: /新\s*增/ }).click();
    const form = dialog(page);
    await form.getByText('新增数据规则').waitFor();
    await field(page, 'ruleName').fill(RULE);
    await field(page, 'ruleColumn').fill('create by');
    await field(page, 'ruleValue').fill('#{sys_user_code}');
    await form.getByRole('button', { name: OK }).click();
    await form.getByText('规则字段只能包含字母、数字和下划线，且不能以数字开头!').waitFor();
    await field(page, 'ruleColumn').fill('create_by');
    await form.locator('.ant-select').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('不等于').waitFor();
    await page.locator('.ant-select-dropdown:visible').getByTitle('等于', { exact: true }).click();
    await form.getByRole('button', { name: OK }).click();
    await page.getByText('添加成功！').first().waitFor();
    await expect.poll(() => dialog(page).count()).toBe(0);
    const added = rowNamed(panel, RULE);
    await added.waitFor();
    expect((await added.locator('td').allInnerTexts()).slice(0, 5)).toEqual([RULE, 'create_by', '等于', '#{sys_user_code}', '有效']);

    // 编辑: rename.
    await clickRowAction(added, /编\s*辑/);
    await expect.poll(() => field(page, 'ruleName').inputValue()).toBe(RULE);
    await field(page, 'ruleName').fill(RENAMED);
    await dialog(page).getByRole('button', { name: OK }).click();
    await page.getByText('编辑成功!').first().waitFor();
    await rowNamed(panel, RENAMED).waitFor();
    expect(await rowNamed(panel, RULE).count()).toBe(0);

    // The drawer lives in the URL: a reload reopens it with the rule.
    await page.reload();
    panel = drawer(page);
    await rowNamed(panel, RENAMED).waitFor();
    // The search narrows by name.
    await panel.getByRole('textbox', { name: '规则名称' }).fill('没有这个规则');
    await panel.getByRole('button', { name: /查\s*询/ }).click();
    await panel.getByText('暂无数据规则').waitFor();
    await panel.getByRole('button', { name: /重\s*置/ }).click();
    await rowNamed(panel, RENAMED).waitFor();
    await page.locator('.ant-drawer-close:visible').click();
    await page.waitForURL((url) => !url.searchParams.has('dataRule'));

    // 角色管理 → 授权 on 店员: 会员列表 now carries a 数据规则 link listing the rule.
    await openFromSideMenu(page, '角色管理', '/system/role');
    await clickRowAction(rows(page).filter({ hasText: 'clerk' }).first(), '授权');
    const authorize = drawer(page);
    await authorize.getByText('角色权限配置：店员').waitFor();
    const memberNode = authorize.locator('.ant-tree-treenode').filter({ hasText: '会员列表' });
    await clickRowAction(memberNode, '数据规则');
    const ruleDrawer = page.locator('.ant-drawer-content-wrapper:visible').filter({ hasText: '数据规则配置：会员列表' });
    await ruleDrawer.getByText(RENAMED).waitFor();
    await ruleDrawer.getByRole('button', { name: /取\s*消/ }).click();
    await expect.poll(() => drawer(page).count()).toBe(1);

    // Back on 菜单管理: delete it with the confirm.
    await authorize.locator('.ant-drawer-close').click();
    await expect.poll(() => drawer(page).count()).toBe(0);
    panel = await openMemberRules(page);
    await clickRowAction(rowNamed(panel, RENAMED), /删\s*除/);
    await page.locator('.ant-popover:visible').getByText('确定删除吗?').waitFor();
    await answerConfirm(page);
    await page.getByText('删除成功!').first().waitFor();
    await panel.getByText('暂无数据规则').waitFor();
    await context.close();
  });
});
