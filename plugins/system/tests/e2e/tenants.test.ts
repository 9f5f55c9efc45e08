/** Issue 16: 租户管理 end to end — create a tenant, add a user in the 用户 drawer; that user switches tenant in the header. */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiResult, apiToken, clickRowAction, DEMO, dialogsClosed, drawer, field, loginAs, modalOk, newPage, openFromMenu, rows, searchForOne, tableRows, useBrowser } from '../../../../tests/e2e/support';

const browser = useBrowser();

/** Picks a tenant in the header's switch and waits for the reload it causes. */
async function chooseTenant(page: Page, name: string): Promise<void> {
  await page.getByTestId('tenant-switch').click();
  const reloaded = page.waitForEvent('load');
  await page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item').filter({ hasText: name }).click();
  await reloaded;
}

describe('租户管理', () => {
  it('admin creates a tenant and adds a user; the user switches to it and sees only its data', async () => {
    const stamp = Date.now() % 1_000_000;
    const tenantName = `e2e租户${stamp}`;
    const username = `e2e_t${stamp}`;
    const password = 'switch123';
    // A clerk (member list granted) in the demo shop, created through the API.
    const token = await apiToken();
    const roles = await apiResult<Array<{ id: string; roleCode: string }>>(token, 'GET', '/sys/role/queryall');
    const clerkRole = roles.find((role) => role.roleCode === 'clerk');
    if (clerkRole === undefined) throw new Error('no clerk role');
    await apiResult(token, 'POST', '/sys/user/add', { username, realname: '切换店员', password, confirmpassword: password, selectedroles: clerkRole.id });
    const userId = (await apiResult<{ records: Array<{ id: string }> }>(token, 'GET', `/sys/user/list?username=${username}`)).records[0]?.id ?? '';
    await apiResult(token, 'POST', '/sys/tenant/addUsers', { tenantId: 1, userIds: [userId] });

    const admin = await newPage(browser());
    let page = admin.page;
    await loginAs(page, DEMO.admin);
    await openFromMenu(page, '系统管理', '租户管理', '/system/tenant');
    await rows(page).first().waitFor();
    await page.getByRole('button', { name: /新\s*增/ }).filter({ visible: true }).first().click();
    await page.waitForURL((url) => url.searchParams.get('create') === '1');
    await field(page, 'form_name').fill(tenantName);
    await modalOk(page).click();
    await dialogsClosed(page);
    await searchForOne(page, 'search_name', tenantName);
    await expect.poll(() => rows(page).first().innerText()).toContain('正常');

    await clickRowAction(rows(page).first(), '用户');
    await drawer(page).getByText('该租户下暂无用户').waitFor();
    await drawer(page).getByRole('button', { name: /添加用户/ }).click();
    // A select's search box takes typing once it has the focus.
    await field(page, 'tenantAddUsers_userIds').click();
    await page.keyboard.type(username);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: username }).click();
    // The multiple select keeps its dropdown open: close it before 确定 (it may cover the button).
    await page.locator('.ant-modal-title:visible').click();
    await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
    await modalOk(page).click();
    await dialogsClosed(page);
    await tableRows(drawer(page)).filter({ hasText: username }).waitFor();
    await admin.context.close();

    const tenant = (await apiResult<Array<{ id: number; name: string }>>(token, 'GET', '/sys/tenant/queryList')).find((candidate) => candidate.name === tenantName);
    if (tenant === undefined) throw new Error('tenant not created');

    // In two tenants: the header offers the switch, with no tenant chosen yet.
    const user = await newPage(browser());
    page = user.page;
    await loginAs(page, { username, password });
    await expect.poll(() => page.getByTestId('tenant-switch').innerText()).toContain('选择租户');
    await chooseTenant(page, '默认租户');
    await expect.poll(() => page.getByTestId('tenant-switch').innerText(), { timeout: 20_000 }).toContain('默认租户');
    await openFromMenu(page, '客户管理', '会员列表', '/cust/custMemberList');
    await rows(page).first().waitFor();

    // Switching reloads the page: the list is asked for again in the new tenant, where it is empty.
    const inNewTenant = page.waitForRequest((request) => request.url().includes('/cust/custMember/list') && request.headers()['tenant-id'] === String(tenant.id), { timeout: 30_000 });
    await chooseTenant(page, tenantName);
    await inNewTenant;
    await expect.poll(() => page.getByTestId('tenant-switch').innerText(), { timeout: 20_000 }).toContain(tenantName);
    await page.locator('.ant-card .ant-table-placeholder:visible').waitFor();
    expect(await rows(page).count()).toBe(0);
    await user.context.close();
  });
});
