/** Issue 4: the 部门管理 screen — tree maintenance, moves by editing and by dragging, edit, delete. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { DEMO, baseURL, loginAs, newPage, openBrowser } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const OK = /^确\s*定$/;
const SAVE = /^保\s*存$/;

// Keep-alive tabs may hold hidden copies of the screen: act on what is visible.
const pane = (page: Page) => page.locator('.depart-tree-pane:visible');
const titles = (page: Page) => pane(page).locator('.ant-tree-title');
const titleOf = (page: Page, name: string) => titles(page).getByText(name, { exact: true });
const treeButton = (page: Page, name: RegExp) => pane(page).getByRole('button', { name });
const field = (page: Page, id: string) => page.locator(`#${id}:visible`);
const treeNode = (page: Page, name: string): Locator => pane(page).locator('.ant-tree-treenode').filter({ has: page.locator('.ant-tree-title', { hasText: new RegExp(`^${name}$`) }) });

/** How deep a department shows in the tree (1 = top level). */
const depthOf = async (page: Page, name: string) => (await treeNode(page, name).locator('.ant-tree-indent-unit').count()) + 1;

/** The visible department names in tree order (the tree is fully expanded). */
const order = (page: Page) => titles(page).allInnerTexts();

/** Waits until earlier messages are gone, so the next one is really new. */
async function noToasts(page: Page): Promise<void> {
  await expect.poll(() => page.locator('.ant-message-notice').count(), { timeout: 15_000 }).toBe(0);
}

async function addDepartment(page: Page, button: RegExp, name: string): Promise<void> {
  await treeButton(page, button).click();
  await field(page, 'departAdd_departName').fill(name);
  await noToasts(page);
  await page.locator('.ant-modal-footer:visible').getByRole('button', { name: OK }).click();
  await page.getByText('添加成功！').first().waitFor();
  await titleOf(page, name).waitFor();
  await expect.poll(() => page.locator('.ant-modal-wrap:visible').count()).toBe(0);
}

/**
 * Drags one department onto another. antd drops INTO the target (rather than beside it) when the
 * pointer ends in the lower half of the row and well to the right of where the drag started.
 */
async function dragOnto(page: Page, source: string, target: string): Promise<void> {
  const from = await titleOf(page, source).boundingBox();
  const wrapper = treeNode(page, target).locator('.ant-tree-node-content-wrapper');
  const to = await wrapper.boundingBox();
  if (from === null || to === null) throw new Error('tree node not visible');
  await titleOf(page, source).dragTo(wrapper, {
    sourcePosition: { x: 4, y: from.height / 2 },
    targetPosition: { x: Math.max(8, from.x + 4 + 90 - to.x), y: to.height * 0.75 },
  });
}

async function apiToken(user: { username: string; password: string }): Promise<string> {
  const login = await fetch(`${baseURL()}/api/sys/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(user) });
  return ((await login.json()) as { result: { token: string } }).result.token;
}

async function api<T = unknown>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseURL()}/api${path}`, {
    method,
    headers: { 'X-Access-Token': token, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const envelope = (await response.json()) as { success: boolean; result: T; message: string };
  if (!envelope.success) throw new Error(`${method} ${path}: ${envelope.message}`);
  return envelope.result;
}

async function followsDirectly(page: Page, parent: string, child: string): Promise<boolean> {
  const names = await order(page);
  return names.indexOf(child) === names.indexOf(parent) + 1;
}

describe('部门管理', () => {
  it('adds a department and a child, moves the child by editing and by dragging, renames and deletes', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, DEMO.admin);
    const menu = page.getByRole('menu').first();
    await menu.getByText('系统管理').first().click();
    await menu.getByText('部门管理').first().click();
    await page.waitForURL((url) => url.pathname === '/system/depart');
    await titleOf(page, '华南分公司').waitFor();
    expect((await order(page)).slice(0, 3)).toEqual(['总部', '华东分公司', '华南分公司']);
    await page.getByText('请在左侧选择一个部门').waitFor();

    const top = `e2e部门${Date.now() % 100_000}`;
    const child = `${top}子`;
    // 新增 makes a top-level department and selects it (kept in the URL).
    await addDepartment(page, /^(plus )?新\s*增$/, top);
    await expect.poll(() => depthOf(page, top)).toBe(1);
    await page.waitForURL((url) => url.searchParams.has('depart'));
    await expect.poll(() => field(page, 'depart_departName').inputValue()).toBe(top);
    // The code was generated by the server and cannot be edited.
    expect(await field(page, 'depart_orgCode').inputValue()).toMatch(/^[A-Z]\d{2}$/);
    expect(await field(page, 'depart_orgCode').isDisabled()).toBe(true);

    // 添加下级 adds under the selected department.
    await addDepartment(page, /^(subnode )?添加下级$/, child);
    await expect.poll(() => depthOf(page, child)).toBe(2);
    expect(await followsDirectly(page, top, child)).toBe(true);
    await expect.poll(() => field(page, 'depart_departName').inputValue()).toBe(child);
    expect(await field(page, 'depart_orgCode').inputValue()).toMatch(/^[A-Z]\d{2}[A-Z]\d{2}$/);

    // Move by editing: 上级部门 → 华南分公司.
    await page.locator('.ant-select:visible').filter({ has: field(page, 'depart_parentId') }).locator('.ant-select-selector').click();
    await field(page, 'depart_parentId').fill('华南');
    await page.locator('.ant-select-dropdown:visible .ant-select-tree-title', { hasText: '华南分公司' }).click();
    await page.getByRole('button', { name: SAVE }).filter({ visible: true }).click();
    await page.getByText('编辑成功!').first().waitFor();
    await expect.poll(() => followsDirectly(page, '华南分公司', child)).toBe(true);
    await expect.poll(() => depthOf(page, child)).toBe(3);

    // Drag the child back onto the new department.
    await noToasts(page);
    await dragOnto(page, child, top);
    await page.getByText('编辑成功!').first().waitFor();
    await expect.poll(() => followsDirectly(page, top, child)).toBe(true);
    await expect.poll(() => depthOf(page, child)).toBe(2);

    // A refused drag — onto a department someone else deleted meanwhile — shows the server's message,
    // and the tree snaps back (and catches up with the deletion).
    const ghost = `${top}幽灵`;
    const admin = await apiToken(DEMO.admin);
    const created = await api<{ id: string }>(admin, 'POST', '/sys/sysDepart/add', { departName: ghost });
    await page.reload();
    await titleOf(page, ghost).waitFor();
    await api(admin, 'DELETE', `/sys/sysDepart/delete?id=${created.id}`);
    await dragOnto(page, child, ghost);
    await page.getByText('上级部门不存在').first().waitFor();
    await expect.poll(() => titles(page).getByText(ghost, { exact: true }).count()).toBe(0);
    expect(await followsDirectly(page, top, child)).toBe(true);

    // Rename in 基本信息: the tree shows the new name; a reload keeps the selection.
    await titleOf(page, top).click();
    await expect.poll(() => field(page, 'depart_departName').inputValue()).toBe(top);
    const renamed = `${top}改`;
    await field(page, 'depart_departName').fill(renamed);
    await page.getByRole('button', { name: SAVE }).filter({ visible: true }).click();
    await titleOf(page, renamed).waitFor();
    await page.reload();
    await expect.poll(() => field(page, 'depart_departName').inputValue()).toBe(renamed);
    expect(await pane(page).locator('.ant-tree-treenode-selected .ant-tree-title').innerText()).toBe(renamed);

    // 部门角色: a role of this department, and its 授权 dialog (both kept in the URL).
    const detail = page.locator('.depart-detail-pane:visible');
    await detail.getByRole('tab', { name: '部门角色' }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'roles');
    await detail.getByRole('button', { name: /新\s*增/ }).click();
    await field(page, 'roleform_roleName').fill('店长');
    await field(page, 'roleform_roleCode').fill('e2e_manager');
    await page.locator('.ant-modal-footer:visible').getByRole('button', { name: OK }).click();
    await page.getByText('添加成功！').first().waitFor();
    const roleRow = detail.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: 'e2e_manager' });
    await roleRow.waitFor();
    await roleRow.getByRole('button', { name: '授权' }).click();
    await page.waitForURL((url) => url.searchParams.has('roleAuth'));
    await page.locator('.ant-modal:visible').getByText('部门角色授权：店长').waitFor();
    await page.locator('.ant-modal:visible .ant-modal-close').click();
    await page.waitForURL((url) => !url.searchParams.has('roleAuth'));

    // 部门权限 shows the permission tree; 用户 lists the department's users (read-only).
    await detail.getByRole('tab', { name: '部门权限' }).click();
    await detail.locator('.ant-tree-title').filter({ hasText: '系统管理' }).first().waitFor();
    await titleOf(page, '华南分公司').click();
    await detail.getByRole('tab', { name: '用户' }).click();
    await detail.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: 'clerk' }).waitFor();
    await titleOf(page, renamed).click();
    await detail.getByRole('tab', { name: '基本信息' }).click();

    // Delete with confirm: the department goes with its child.
    await treeButton(page, /^(delete )?删\s*除$/).click();
    await page.locator('.ant-popconfirm:visible').getByText(`确定删除部门“${renamed}”及其全部下级部门吗？`).waitFor();
    await page.locator('.ant-popconfirm:visible').getByRole('button', { name: OK }).click();
    await page.getByText('删除成功!').first().waitFor();
    await expect.poll(async () => (await order(page)).filter((name) => name.startsWith(top))).toEqual([]);
    await page.getByText('请在左侧选择一个部门').waitFor();
    expect(new URL(page.url()).searchParams.has('depart')).toBe(false);
    await context.close();
  });

  it('searches by name and deletes checked departments in a batch', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, DEMO.admin);
    await page.goto('/system/depart');
    await titleOf(page, '总部').waitFor();
    const stamp = Date.now() % 100_000;
    const first = `批量甲${stamp}`;
    const second = `批量乙${stamp}`;
    await addDepartment(page, /^(plus )?新\s*增$/, first);
    await addDepartment(page, /^(plus )?新\s*增$/, second);

    await pane(page).getByPlaceholder('按部门名称搜索').fill(`批量甲${stamp}`);
    await pane(page).getByPlaceholder('按部门名称搜索').press('Enter');
    await expect.poll(() => order(page)).toEqual([first]);
    await pane(page).getByPlaceholder('按部门名称搜索').fill('没有这个部门');
    await pane(page).getByPlaceholder('按部门名称搜索').press('Enter');
    await pane(page).getByText('没有匹配的部门').waitFor();
    await pane(page).getByPlaceholder('按部门名称搜索').fill('');
    await pane(page).getByPlaceholder('按部门名称搜索').press('Enter');
    await titleOf(page, '总部').waitFor();

    for (const name of [first, second]) await treeNode(page, name).locator('.ant-tree-checkbox').click();
    await pane(page).getByText('已勾选 2 个部门').waitFor();
    await treeButton(page, /^批量删除$/).click();
    await page.locator('.ant-popconfirm:visible').getByRole('button', { name: OK }).click();
    await page.getByText('批量删除成功!').first().waitFor();
    await expect.poll(async () => (await order(page)).filter((name) => name === first || name === second)).toEqual([]);
    expect((await order(page)).slice(0, 3)).toEqual(['总部', '华东分公司', '华南分公司']);
    await context.close();
  });

  it('gives clerk no menu entry, and the API answers 403', async () => {
    const { context, page } = await newPage(browser);
    await loginAs(page, DEMO.clerk);
    const menu = page.getByRole('menu').first();
    await menu.getByText('客户管理').first().waitFor();
    expect(await menu.getByText('部门管理').count()).toBe(0);
    await context.close();

    const tree = await fetch(`${baseURL()}/api/sys/sysDepart/queryTreeList`, { headers: { 'X-Access-Token': await apiToken(DEMO.clerk) } });
    expect(tree.status).toBe(403);
  });
});
