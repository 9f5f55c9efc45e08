/** Issue 4: 部门管理 → 用户 → 分配角色 gives a department member the department's roles. */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { apiResult, apiToken, clickRowAction, DEMO, dialog, dialogsClosed, loginAs, newPage, noToasts, SAVE, useBrowser } from '../../../../tests/e2e/support';

const browser = useBrowser();

interface TreeNode {
  id: string;
  departName: string;
  children: TreeNode[];
}

const findDepart = (nodes: TreeNode[], name: string): TreeNode | undefined =>
  nodes.find((node) => node.departName === name) ?? nodes.map((node) => findDepart(node.children, name)).find((node) => node !== undefined);

// Keep-alive tabs may hold hidden copies of the screen: act on what is visible.
const detail = (page: Page) => page.locator('.depart-detail-pane:visible');
const roleBox = (page: Page, name: string): Locator => dialog(page).getByRole('checkbox', { name, exact: true });

// Clicks until the box shows the wanted state: a click during the dialog's opening animation may not land.
async function setBox(box: Locator, checked: boolean): Promise<void> {
  await expect
    .poll(async () => {
      if ((await box.isChecked()) !== checked) await box.click();
      return box.isChecked();
    })
    .toBe(checked);
}

async function openAssignment(page: Page): Promise<void> {
  const clerkRow = detail(page).locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: 'clerk' });
  await clickRowAction(clerkRow, '分配角色');
  await dialog(page).getByText('分配部门角色：店员').waitFor();
}

async function save(page: Page): Promise<void> {
  await noToasts(page);
  await dialog(page).getByRole('button', { name: SAVE }).click();
  await page.getByText('添加成功！').first().waitFor();
  await dialogsClosed(page);
}

describe('部门管理 用户 分配角色', () => {
  it('assigns a department role to a member, shows it checked on reopening, and takes it back', async () => {
    const admin = await apiToken(DEMO.admin);
    const south = findDepart(await apiResult<TreeNode[]>(admin, 'GET', '/sys/sysDepart/queryTreeList'), '华南分公司');
    if (south === undefined) throw new Error('no 华南分公司');
    const suffix = Date.now() % 100_000;
    const roleName = `e2e店长${suffix}`;
    const role = await apiResult<{ id: string }>(admin, 'POST', '/sys/sysDepartRole/add', { departId: south.id, roleName, roleCode: `e2e_drole_${suffix}` });
    const clerkId = (await apiResult<{ records: Array<{ id: string; username: string }> }>(admin, 'GET', '/sys/user/list?username=clerk')).records.find((user) => user.username === 'clerk')?.id ?? '';
    const held = () => apiResult<Array<{ droleId: string }>>(admin, 'GET', `/sys/sysDepartRole/getDeptRoleByUserId?userId=${clerkId}&departId=${south.id}`);
    const { context, page } = await newPage(browser());
    try {
      await loginAs(page, DEMO.admin);
      await page.goto(`/system/depart?depart=${south.id}&tab=users`);
      await openAssignment(page);
      await roleBox(page, roleName).waitFor();
      expect(await roleBox(page, roleName).isChecked()).toBe(false);

      await setBox(roleBox(page, roleName), true);
      await save(page);
      await expect.poll(async () => (await held()).map((link) => link.droleId)).toContain(role.id);

      // Reopened, the dialog reads the links afresh.
      await openAssignment(page);
      await expect.poll(() => roleBox(page, roleName).isChecked()).toBe(true);

      // Undo through the screen too.
      await setBox(roleBox(page, roleName), false);
      await save(page);
      await expect.poll(async () => (await held()).map((link) => link.droleId)).not.toContain(role.id);
      await openAssignment(page);
      await expect.poll(() => roleBox(page, roleName).isChecked()).toBe(false);
    } finally {
      await context.close();
      await apiResult(admin, 'DELETE', `/sys/sysDepartRole/delete?id=${role.id}`);
    }
  });
});
