/**
 * Issue 16, the operations screens end to end. 定时任务: a job created from the kinds select with a
 * previewed Quartz cron (a bad one refused with the server's words), 启动/停止, 执行一次 and its run in
 * the run-log drawer, then deleted. 日志管理: the login and operation logs in their own tabs, a login
 * and a change made by the test itself found by searching its user.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { answerConfirm, apiResult, apiToken, clickRowAction, DEMO, dialog, dialogsClosed, drawer, field, loginAs, newPage, OK, openFromMenu, openUserMenu, rows, tableRows, useBrowser } from '../../../../tests/e2e/support';

const browser = useBrowser();

/** A control by its id, which may contain dots (`t1.search_username`: the list's URL prefix). */
const byId = (scope: Page | Locator, id: string): Locator => scope.locator(`[id="${id}"]:visible`);

/** The text of the cell under `header` in `row` (the headers read from the table holding the row). */
async function cellOf(table: Locator, row: Locator, header: string): Promise<string> {
  const headers = (await table.locator('.ant-table-thead th:visible').allTextContents()).map((text) => text.trim());
  const index = headers.indexOf(header);
  if (index < 0) throw new Error(`no column ${header} in ${headers.join(', ')}`);
  return ((await row.locator('td').nth(index).textContent()) ?? '').trim();
}

const listTable = (page: Page): Locator => page.locator('.ant-card .ant-table:visible');
const message = (page: Page, text: string): Locator => page.locator('.ant-message-notice', { hasText: text }).first();
/**
 * The dialog's 确定. Not anchored at the start: after a refused save antd may keep the spinner of the
 * saving state in the button, shrunk to nothing, whose "loading" label then comes first in its name.
 */
const dialogOk = (page: Page): Locator => page.locator('.ant-modal-footer:visible').getByRole('button', { name: /确\s*定$/ });
const search = (page: Page): Promise<void> => page.getByRole('button', { name: /^查\s*询$/ }).filter({ visible: true }).click();

// ---- 定时任务

const KIND = 'sys.purgeOldLogs';
const KIND_LABEL = `清理过期的登录日志和操作日志（参数：保留天数，默认 90）（${KIND}）`;

interface JobRecord {
  id: string;
  jobClassName: string;
  cronExpression: string;
  parameter: string | null;
  description: string | null;
  status: number;
}

const jobsOfKind = async (token: string): Promise<JobRecord[]> =>
  (await apiResult<{ records: JobRecord[] }>(token, 'GET', `/sys/quartzJob/list?pageNo=1&pageSize=50&jobClassName=${KIND}`)).records.filter((job) => job.jobClassName === KIND);

/**
 * A job kind may be scheduled once and the demo data schedules every kind, so the test takes the seeded
 * log purge out for its run and puts it back afterwards (same cron, parameter, description and status).
 */
async function freeKind(token: string): Promise<() => Promise<void>> {
  const seeded = (await jobsOfKind(token))[0];
  if (seeded !== undefined) await apiResult(token, 'DELETE', `/sys/quartzJob/delete?id=${seeded.id}`);
  return async () => {
    for (const left of await jobsOfKind(token)) await apiResult(token, 'DELETE', `/sys/quartzJob/delete?id=${left.id}`);
    if (seeded === undefined) return;
    const restored = await apiResult<JobRecord>(token, 'POST', '/sys/quartzJob/add', { jobClassName: KIND, cronExpression: seeded.cronExpression, parameter: seeded.parameter, description: seeded.description });
    if (seeded.status === 0) await apiResult(token, 'GET', `/sys/quartzJob/resume?id=${restored.id}`);
  };
}

describe('定时任务', () => {
  it('creates a job from a kind with a previewed cron, starts, stops and runs it once, shows the run in its log, and deletes it', async () => {
    const token = await apiToken();
    const restore = await freeKind(token);
    const { context, page } = await newPage(browser());
    try {
      const description = `端到端任务${Date.now() % 1_000_000}${Math.floor(Math.random() * 1000)}`;
      await loginAs(page, DEMO.admin);
      await openFromMenu(page, '系统管理', '定时任务', '/system/quartzJob');
      await rows(page).first().waitFor();

      // 新增: the kind is picked from the server's registry.
      await page.getByRole('button', { name: /新\s*增/ }).filter({ visible: true }).first().click();
      await page.waitForURL((url) => url.searchParams.get('create') === '1');
      const form = dialog(page);
      await byId(form, 'form_jobClassName').click();
      const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: `（${KIND}）` });
      expect((await option.innerText()).trim()).toBe(KIND_LABEL);
      await option.click();
      await form.locator('.ant-select-selection-item', { hasText: KIND_LABEL }).waitFor();

      // An hour that does not exist: flagged under the field, and refused by the server on 确定.
      const cron = form.getByLabel('Cron表达式');
      await cron.fill('0 0 25 * * ?');
      await form.locator('.ant-form-item-extra', { hasText: /^Cron表达式不正确$/ }).waitFor();
      await dialogOk(page).click();
      await page.locator('.ant-message-error', { hasText: /^Cron表达式不正确$/ }).waitFor();
      expect(await form.isVisible()).toBe(true);

      // A good one shows its next five fire times (once a year here, so it never fires during a test run).
      await cron.fill('0 15 4 1 1 ?');
      const preview = form.getByTestId('cron-preview');
      await preview.waitFor();
      const previewText = (await preview.innerText()).trim();
      expect(previewText).toMatch(/^接下来的执行时间：(\d{4}-01-01 04:15:00，){4}\d{4}-01-01 04:15:00$/);
      const years = [...previewText.matchAll(/(\d{4})-01-01/g)].map((match) => Number(match[1]));
      expect(years).toEqual([0, 1, 2, 3, 4].map((step) => (years[0] ?? 0) + step));
      await form.getByLabel('参数').fill('90');
      await form.getByLabel('描述').fill(description);
      await dialogOk(page).click();
      await message(page, '添加成功！').waitFor();
      await page.waitForURL((url) => !url.searchParams.has('create'));
      await dialogsClosed(page);

      // Listed, stopped until started.
      await field(page, 'search_description').fill(description);
      await search(page);
      await rows(page).filter({ hasText: description }).waitFor();
      await expect.poll(() => rows(page).count()).toBe(1);
      const job = rows(page).first();
      const cell = (header: string) => cellOf(listTable(page), job, header);
      expect(await cell('任务类型')).toBe(KIND);
      expect(await cell('Cron表达式')).toBe('0 15 4 1 1 ?');
      expect(await cell('参数')).toBe('90');
      expect(await cell('状态')).toBe('停止');
      const jobId = (await job.getAttribute('data-row-key')) ?? '';
      expect(jobId).not.toBe('');

      // 启动 / 停止, each with the server's message.
      await clickRowAction(job, /^启\s*动$/);
      await message(page, '定时任务已启动').waitFor();
      await expect.poll(() => cell('状态')).toBe('正常');
      await clickRowAction(job, /^停\s*止$/);
      await message(page, '定时任务已停止').waitFor();
      await expect.poll(() => cell('状态')).toBe('停止');

      // 执行一次 after its confirmation.
      await clickRowAction(job, '执行一次', { exact: true });
      await answerConfirm(page, '立即执行一次该任务？');
      await message(page, '执行成功').waitFor();

      // 日志: the run-log drawer (kept in the URL) lists that run, and offers no search by job (it is fixed).
      await clickRowAction(job, '日志', { exact: true });
      await page.waitForURL((url) => url.searchParams.get('log') === jobId);
      const logDrawer = drawer(page);
      await logDrawer.locator('.ant-drawer-title', { hasText: '任务运行日志' }).waitFor();
      await byId(logDrawer, 'log.search_jobClassName').waitFor();
      expect(await logDrawer.locator('[id="log.search_jobId"]').count()).toBe(0);
      const run = tableRows(logDrawer);
      await run.first().waitFor();
      expect(await run.count()).toBe(1);
      const runCell = (header: string) => cellOf(logDrawer.locator('.ant-table'), run.first(), header);
      expect(await runCell('任务类型')).toBe(KIND);
      expect(await runCell('触发方式')).toBe('手动执行');
      expect(await runCell('结果')).toBe('成功');
      expect(await runCell('信息')).toMatch(/^kept 90 days, deleted \d+$/);
      await logDrawer.getByRole('button', { name: '关闭', exact: true }).click();
      await page.waitForURL((url) => !url.searchParams.has('log'));

      // 删除 after its confirmation: gone from the list and from the server.
      await clickRowAction(job, /^删\s*除$/);
      await answerConfirm(page, '确定删除吗?');
      await message(page, '删除成功!').waitFor();
      await expect.poll(() => rows(page).count()).toBe(0);
      expect(await jobsOfKind(token)).toEqual([]);
    } finally {
      await context.close();
      await restore();
    }
  });
});

// ---- 日志管理

describe('日志管理', () => {
  it('shows the login and the operation log in their own tabs, each finding what the test user just did', async () => {
    const token = await apiToken();
    const username = `e2elog${Date.now() % 1_000_000}${Math.floor(Math.random() * 1000)}`;
    const password = 'Log12345';
    const clerkRole = (await apiResult<{ records: Array<{ id: string }> }>(token, 'GET', '/sys/role/list?roleCode=clerk')).records[0]?.id ?? '';
    expect(clerkRole).not.toBe('');
    await apiResult(token, 'POST', '/sys/user/add', { username, realname: '日志端到端', password, confirmPassword: password, selectedroles: clerkRole, selecteddeparts: '' });

    // The test user logs in (the login log) and changes its password (the operation log).
    const user = await newPage(browser());
    await loginAs(user.page, { username, password });
    await openUserMenu(user.page, '密码修改');
    const passwordModal = user.page.locator('.ant-modal.password-modal');
    await passwordModal.getByLabel('旧密码').fill(password);
    await passwordModal.getByLabel('新密码', { exact: true }).fill('Log23456');
    await passwordModal.getByLabel('确认新密码').fill('Log23456');
    await passwordModal.getByRole('button', { name: OK }).click();
    await message(user.page, '密码修改成功！').waitFor();
    await user.context.close();
    // Logs are written off the request path: wait until both rows are stored before the screen is searched.
    const logged = async (logType: number) =>
      (await apiResult<{ total: number }>(token, 'GET', `/sys/log/list?pageNo=1&pageSize=10&logType=${logType}&username=${encodeURIComponent(username)}`)).total;
    await expect.poll(() => logged(1), { timeout: 20_000 }).toBeGreaterThan(0);
    await expect.poll(() => logged(2), { timeout: 20_000 }).toBeGreaterThan(0);

    const { context, page } = await newPage(browser());
    await loginAs(page, DEMO.admin);
    await openFromMenu(page, '系统管理', '日志管理', '/system/log');
    const tab = (name: string) => page.getByRole('tab', { name, exact: true });

    // 登录日志 first: every login, admin's and the test user's at least; the tab fixes the type, so no type to search.
    await expect.poll(() => tab('登录日志').getAttribute('aria-selected')).toBe('true');
    await byId(page, 't1.search_username').waitFor();
    expect(await page.locator('[id="t1.search_logType"]').count()).toBe(0);
    await expect.poll(() => rows(page).count()).toBeGreaterThan(1);
    await byId(page, 't1.search_username').fill(username);
    await search(page);
    await rows(page).filter({ hasText: username }).waitFor();
    await expect.poll(() => rows(page).count()).toBe(1);
    const login = rows(page).first();
    const loginCell = (header: string) => cellOf(listTable(page), login, header);
    expect(await loginCell('用户')).toBe(username);
    expect(await loginCell('内容')).toBe(`用户名: ${username},登录成功！`);
    expect(await loginCell('请求路径')).toBe('/api/sys/login');
    expect(await loginCell('结果')).toBe('成功');
    expect(await loginCell('时间')).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // A name nobody has narrows to nothing; 重置 brings every login back.
    await byId(page, 't1.search_username').fill(`${username}x`);
    await search(page);
    await expect.poll(() => rows(page).count()).toBe(0);
    await page.getByRole('button', { name: /^重\s*置$/ }).filter({ visible: true }).click();
    await expect.poll(() => rows(page).count()).toBeGreaterThan(1);

    // 操作日志 (kept in the URL): the test user's one change, not its login.
    await tab('操作日志').click();
    await page.waitForURL((url) => url.searchParams.get('logType') === '2');
    await byId(page, 't2.search_username').fill(username);
    expect(await page.locator('[id="t2.search_logType"]').count()).toBe(0);
    await search(page);
    await rows(page).filter({ hasText: username }).waitFor();
    await expect.poll(() => rows(page).count()).toBe(1);
    const change = rows(page).first();
    const changeCell = (header: string) => cellOf(listTable(page), change, header);
    expect(await changeCell('用户')).toBe(username);
    expect(await changeCell('内容')).toBe('密码修改成功！');
    expect(await changeCell('请求方式')).toBe('POST');
    expect(await changeCell('请求路径')).toBe('/api/sys/user/updatePassword');
    expect(await changeCell('结果')).toBe('成功');
    await context.close();
  });
});

describe('数据日志', () => {
  it('shows an edit in the edit dialog’s 修改记录 and in 数据日志 with the field before and after', async () => {
    const token = await apiToken();
    const code = `e2e_dl_${Date.now() % 1_000_000}${Math.floor(Math.random() * 1000)}`;
    const added = await apiResult<{ id: string }>(token, 'POST', '/sys/dict/add', { dictName: '尺码', dictCode: code, description: '' });
    const { context, page } = await newPage(browser());
    await loginAs(page, DEMO.admin);

    // The edit dialog of 数据字典: change the name, then its 修改记录 tab shows the change.
    await openFromMenu(page, '系统管理', '数据字典', '/system/dict');
    await rows(page).first().waitFor();
    await field(page, 'search_dictCode').fill(code);
    await search(page);
    await rows(page).filter({ hasText: code }).waitFor();
    await expect.poll(() => rows(page).count()).toBe(1);
    await clickRowAction(rows(page).first(), /编\s*辑/);
    await expect.poll(() => field(page, 'form_dictName').inputValue()).toBe('尺码');
    await field(page, 'form_dictName').fill('服装尺码');
    await dialogOk(page).click();
    await message(page, '编辑成功!').waitFor();
    await dialogsClosed(page);
    await clickRowAction(rows(page).first(), /编\s*辑/);
    await expect.poll(() => field(page, 'form_dictName').inputValue()).toBe('服装尺码');
    const modal = dialog(page);
    await modal.getByRole('tab', { name: '修改记录' }).click();
    const history = modal.getByTestId('record-history');
    await history.getByText('第 2 版').waitFor();
    const change = history.locator('.ant-table-row').first();
    await expect.poll(async () => (await change.locator('td').allInnerTexts()).map((text) => text.trim())).toEqual(['字典名称', '尺码', '服装尺码']);
    await history.getByText('第 1 版').waitFor();
    await modal.getByRole('button', { name: /取\s*消/ }).click();
    await dialogsClosed(page);

    // 数据日志: the record's two versions; 详情 shows the changed field.
    await openFromMenu(page, '系统管理', '数据日志', '/system/dataLog');
    await rows(page).first().waitFor();
    await field(page, 'search_dataId').fill(added.id);
    await search(page);
    await expect.poll(() => rows(page).count()).toBe(2);
    const edit = rows(page).filter({ hasText: '修改' });
    expect(await cellOf(listTable(page), edit, '表名')).toBe('dicts');
    expect(await cellOf(listTable(page), edit, '修改的字段')).toBe('字典名称');
    await clickRowAction(edit, '详情');
    const changes = drawer(page).getByTestId('data-log-changes').locator('.ant-table-row');
    await expect.poll(async () => (await changes.first().locator('td').allInnerTexts()).map((text) => text.trim())).toEqual(['字典名称 (dictName)', '尺码', '服装尺码']);
    await context.close();
  });
});
