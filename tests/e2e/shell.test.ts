/** Issue 3: tabs that keep their state, the settings drawer, header tools and dialogs, accessibility. */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiToken, baseURL, clickRowAction, currentPath, DEMO, loginAs, menusClosed, newPage, openUserMenu, shopApi, submitLogin, useBrowser } from './support';

const require = createRequire(import.meta.url);
const AXE_PATH = require.resolve('axe-core/axe.min.js');

const browser = useBrowser();

/** Client-side navigation, as a link would do it (a page.goto would reload the app). */
async function spaNavigate(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState(null, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL((url) => url.pathname + url.search === path);
}

/** Opens a page in multi-tab mode and waits until its tab is the active one. */
async function openPage(page: Page, path: string): Promise<void> {
  await spaNavigate(page, path);
  await page.locator(`.page-tabs .ant-tabs-tab-active [data-tab-key="${path}"]`).waitFor();
}

const tabTitles = (page: Page) => page.locator('.page-tabs .ant-tabs-nav [data-tab-key]').allInnerTexts();
const tabNamed = (page: Page, title: string) => page.locator('.page-tabs .ant-tabs-tab').filter({ has: page.locator(`[data-tab-key]`, { hasText: new RegExp(`^${title}$`) }) });

async function tabAction(page: Page, title: string, action: '刷新' | '关闭左侧' | '关闭右侧' | '关闭其它'): Promise<void> {
  await tabNamed(page, title).locator('[data-tab-key]').click({ button: 'right' });
  const popup = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
  // A click during the opening animation can land beside the growing menu and close it.
  await expect.poll(() => popup.evaluate((el) => /-(enter|appear)/.test(el.className)), { timeout: 5_000 }).toBe(false);
  await popup.locator('.ant-dropdown-menu-item').filter({ hasText: action }).click();
  await menusClosed(page);
}

/** Waits until a modal or popup finished its opening animation (clicks during it can miss). */
async function settled(locator: ReturnType<Page['locator']>): Promise<void> {
  await locator.waitFor();
  await expect.poll(() => locator.evaluate((el) => /-(enter|appear)/.test(el.className)), { timeout: 5_000 }).toBe(false);
}

async function expectTabs(page: Page, titles: string[]): Promise<void> {
  await expect.poll(() => tabTitles(page), { timeout: 10_000 }).toEqual(titles);
}

async function seeMessage(page: Page, text: string): Promise<void> {
  await page.locator('.ant-message-notice', { hasText: text }).first().waitFor({ timeout: 10_000 });
}

const BRAND = '/goods/goodsBrandList';
const TAG = '/goods/goodsTagList';
const REFUND = '/saleorder/refundOrderList';

describe('tabs', () => {
  it('opens a titled tab per page, refuses to close home and the last tab, and runs each context action', async () => {
    const { context, page } = await newPage(browser());
    await loginAs(page, DEMO.admin);
    await expectTabs(page, ['首页']);
    for (const path of [BRAND, TAG, REFUND]) await openPage(page, path);
    await expectTabs(page, ['首页', '品牌', '标签', '退款单']);
    await expect.poll(() => page.title()).toBe('退款单 - 商户小程序管理平台');
    // A full path is a key of its own.
    await openPage(page, `${TAG}?from=test`);
    await expectTabs(page, ['首页', '品牌', '标签', '退款单', '标签']);
    await page.locator('.page-tabs .ant-tabs-tab-active [data-tab-key]').getAttribute('data-tab-key').then((key) => expect(key).toBe(`${TAG}?from=test`));

    await tabNamed(page, '首页').locator('.ant-tabs-tab-remove').click();
    await seeMessage(page, '首页不能关闭!');

    await tabAction(page, '退款单', '关闭右侧');
    await expectTabs(page, ['首页', '品牌', '标签', '退款单']);
    expect(currentPath(page)).toBe(REFUND);
    await tabAction(page, '标签', '关闭左侧');
    await expectTabs(page, ['首页', '标签', '退款单']);
    await openPage(page, BRAND);
    await tabAction(page, '标签', '关闭其它');
    await expectTabs(page, ['首页', '标签']);
    await page.waitForURL((url) => url.pathname === TAG);

    await tabNamed(page, '标签').locator('.ant-tabs-tab-remove').click();
    await expectTabs(page, ['首页']);
    await page.waitForURL((url) => url.pathname === '/dashboard/analysis');
    await tabNamed(page, '首页').locator('.ant-tabs-tab-remove').click();
    await seeMessage(page, '这是最后一页，不能再关闭了啦');

    // Refresh re-mounts only that tab: the typed filter is gone.
    const filter = page.locator('.area-filter input');
    await filter.fill('客户');
    await tabAction(page, '首页', '刷新');
    await expect.poll(() => page.locator('.area-filter input').inputValue()).toBe('');
    await context.close();
  });

  it('names two order details by their numbers, and keeps at most a dozen tabs, closing the one used longest ago', async () => {
    const orders = await shopApi<{ records: Array<{ id: string; no: string }> }>(await apiToken(), 'GET', '/saleorder/saleOrder/list?pageSize=2&column=createTime&order=desc');
    expect(orders.success, orders.message).toBe(true);
    const [first, second] = orders.result.records;
    if (first === undefined || second === undefined) throw new Error('the demo shop has fewer than two orders');
    const { context, page } = await newPage(browser());
    await loginAs(page, DEMO.admin);
    await expectTabs(page, ['首页']);
    const detail = (id: string) => `/saleorder/saleOrderDetail?id=${id}`;
    // Each named once its order has loaded (a tab left before then is named when it is shown again).
    await openPage(page, detail(first.id));
    await expectTabs(page, ['首页', `订单详情 · ${first.no}`]);
    await openPage(page, detail(second.id));
    await expectTabs(page, ['首页', `订单详情 · ${first.no}`, `订单详情 · ${second.no}`]);
    // The first order's tab shown again: the second is now the one used longest ago.
    await page.locator(`.page-tabs [data-tab-key="${detail(first.id)}"]`).click();
    await page.locator(`.page-tabs .ant-tabs-tab-active [data-tab-key="${detail(first.id)}"]`).waitFor();
    for (let n = 1; n <= 10; n += 1) await openPage(page, `${BRAND}?n=${n}`);
    await expectTabs(page, ['首页', `订单详情 · ${first.no}`, ...Array<string>(10).fill('品牌')]);
    await context.close();
  });

  it('keeps a tab alive: typed filter and scroll position survive switching, and the tabs survive a reload', async () => {
    const { context, page } = await newPage(browser());
    await page.setViewportSize({ width: 1366, height: 420 });
    await loginAs(page, DEMO.admin);
    const filter = page.locator('.area-filter input');
    await filter.waitFor();
    // Scroll and leave in one go, as a quick user does: the tab switches before any scroll event is delivered.
    const scrolledTo = await page.evaluate((target) => {
      window.scrollTo(0, 180);
      const at = window.scrollY;
      window.history.pushState(null, '', target);
      window.dispatchEvent(new PopStateEvent('popstate'));
      return at;
    }, BRAND);
    expect(scrolledTo).toBe(180);
    await page.locator(`.page-tabs .ant-tabs-tab-active [data-tab-key="${BRAND}"]`).waitFor();
    await tabNamed(page, '首页').click();
    await page.waitForURL((url) => url.pathname === '/dashboard/analysis');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(180);

    await filter.fill('商品');
    await tabNamed(page, '品牌').click();
    await page.waitForURL((url) => url.pathname === BRAND);
    await expect.poll(() => filter.isVisible()).toBe(false);
    await tabNamed(page, '首页').click();
    expect(await filter.inputValue()).toBe('商品');
    // The filter really filters the areas.
    await expect.poll(() => page.locator('.ant-tabs-tabpane-active .ant-card-small').allInnerTexts().then((texts) => texts.map((text) => text.trim()))).toEqual(['商品管理']);

    await openPage(page, REFUND);
    await page.reload();
    await expectTabs(page, ['首页', '品牌', '退款单']);
    expect(currentPath(page)).toBe(REFUND);
    await context.close();
  });

  it('keeps one tab per page while its dialogs come and go in the URL, with messages showing', async () => {
    const { context, page } = await newPage(browser());
    await loginAs(page, DEMO.admin);
    const tabKeys = () => page.locator('.page-tabs .ant-tabs-nav [data-tab-key]').evaluateAll((els) => els.map((el) => el.getAttribute('data-tab-key')));
    // The tab follows the address bar: one tab for the page, keyed by exactly what the URL shows.
    const tabFollowsUrl = async () => {
      await expect.poll(async () => ({ tabs: await tabKeys(), url: currentPath(page) })).toEqual({ tabs: ['/dashboard/analysis', currentPath(page)], url: currentPath(page) });
    };
    const active = page.locator('.ant-tabs-tabpane-active');
    const footer = page.locator('.ant-modal-footer:visible');
    const code = `e2e_tab_${Date.now() % 1_000_000}`;
    await openPage(page, '/system/dict');
    await active.locator('.ant-table-row').first().waitFor();

    // Create: the success message shows while the dialog leaves the URL.
    await active.getByRole('button', { name: /新\s*增/ }).first().click();
    await page.waitForURL((url) => url.searchParams.get('create') === '1');
    await tabFollowsUrl();
    await page.locator('#form_dictName:visible').fill('页签');
    await page.locator('#form_dictCode:visible').fill(code);
    await footer.getByRole('button', { name: /确\s*定/ }).click();
    await seeMessage(page, '添加成功！');
    await page.waitForURL((url) => !url.searchParams.has('create'));
    await tabFollowsUrl();

    // A message from the header shows while a dialog enters the URL.
    await page.getByRole('button', { name: '用户菜单' }).click();
    await page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item').filter({ hasText: '清理缓存' }).click();
    await active.getByRole('button', { name: /新\s*增/ }).first().click();
    await seeMessage(page, '刷新缓存完成！');
    await page.waitForURL((url) => url.searchParams.get('create') === '1');
    await tabFollowsUrl();
    await footer.getByRole('button', { name: /取\s*消/ }).click();
    await page.waitForURL((url) => !url.searchParams.has('create'));
    await tabFollowsUrl();

    // Edit after a reload, then save.
    await page.locator('#search_dictCode:visible').fill(code);
    await active.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => active.locator('.ant-table-row').count()).toBe(1);
    await clickRowAction(active.locator('.ant-table-row').first(), /编\s*辑/);
    await page.waitForURL((url) => url.searchParams.has('edit'));
    await page.reload();
    await expect.poll(() => page.locator('#form_dictName:visible').inputValue()).toBe('页签');
    await tabFollowsUrl();
    await footer.getByRole('button', { name: /确\s*定/ }).click();
    await seeMessage(page, '编辑成功!');
    await page.waitForURL((url) => !url.searchParams.has('edit'));
    await tabFollowsUrl();
    await context.close();
  });
});

describe('settings drawer', () => {
  it('applies every switch at once and keeps it across a reload', async () => {
    const { context, page } = await newPage(browser());
    await loginAs(page, DEMO.admin);
    const layout = page.locator('[data-layout]').first();
    expect(await layout.getAttribute('data-menu-theme')).toBe('light');
    await openUserMenu(page, '系统设置');
    const drawer = page.locator('.settings-drawer');
    await drawer.waitFor();

    await drawer.getByText('暗色', { exact: true }).click();
    await expect.poll(() => page.locator('.ant-layout-sider-dark').count()).toBe(1);
    await drawer.locator('[data-color="#1890ff"]').click();
    await drawer.locator('[data-setting="multipage"]').waitFor();
    // The switch takes the chosen colour at once, in its shade that white text reads on at AA (#1890ff → #126cbf).
    await expect.poll(() => drawer.locator('.ant-switch-checked').first().evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(18, 108, 191)');

    const setting = (name: string) => drawer.locator(`[data-setting="${name}"]`);
    // Fluid and the fixed side menu depend on the layout.
    expect(await drawer.getByRole('radio', { name: '流式' }).isDisabled()).toBe(true);
    await setting('fixedSidebar').click();
    await expect.poll(() => page.locator('.ant-layout-sider').getAttribute('data-fixed')).toBe('true');
    expect(await page.locator('.ant-layout-sider').evaluate((el) => getComputedStyle(el).position)).toBe('fixed');
    await drawer.getByRole('radio', { name: '顶部栏导航' }).click();
    await expect.poll(() => layout.getAttribute('data-layout')).toBe('topmenu');
    expect(await page.locator('header .ant-menu-horizontal').count()).toBe(1);
    expect(await page.locator('.ant-layout-sider').count()).toBe(0);
    expect(await setting('fixedSidebar').isDisabled()).toBe(true);
    await drawer.getByRole('radio', { name: '流式' }).click();
    await expect.poll(() => page.locator('main.ant-layout-content').evaluate((el) => getComputedStyle(el).maxWidth)).toBe('none');

    await setting('fixedHeader').click();
    await expect.poll(() => page.locator('header.main-header').evaluate((el) => getComputedStyle(el).position)).toBe('sticky');
    await setting('autoHideHeader').click();
    await setting('colorWeak').click();
    await expect.poll(() => page.evaluate(() => document.documentElement.style.filter)).toBe('invert(80%)');
    await setting('darkMode').click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await setting('multipage').click();
    await expect.poll(() => page.locator('.page-tabs').count()).toBe(0);
    await page.keyboard.press('Escape');

    await page.reload();
    await page.locator('header.main-header').waitFor();
    expect(await layout.getAttribute('data-layout')).toBe('topmenu');
    expect(await layout.getAttribute('data-menu-theme')).toBe('dark');
    expect(await page.locator('.page-tabs').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.style.filter)).toBe('invert(80%)');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await page.locator('main.ant-layout-content').evaluate((el) => getComputedStyle(el).maxWidth)).toBe('none');
    expect(await page.locator('header.main-header').evaluate((el) => getComputedStyle(el).position)).toBe('sticky');
    // Hide header on scroll, after 100 px (make the page tall enough to scroll).
    await page.evaluate(() => document.body.style.setProperty('min-height', '3000px'));
    await page.evaluate(() => window.scrollTo(0, 60));
    // Two frames: the scroll event of that position has been handled.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    expect(await page.locator('header.main-header').getAttribute('data-hidden')).toBe('false');
    // Scrolled on each try: the page may still be settling after the reload (its tab coming to show puts the scroll
    // back to where that tab was, the top), and the header hides on the scroll that follows.
    await expect
      .poll(async () => {
        await page.evaluate(() => window.scrollTo(0, 400));
        return page.locator('header.main-header').getAttribute('data-hidden');
      })
      .toBe('true');
    const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem('pro__DEFAULT_COLOR') ?? '{}') as { value?: string });
    expect(stored.value).toBe('#1890ff');
    await context.close();
  });
});

describe('header tools and dialogs', () => {
  it('searches the menu from the keyboard', async () => {
    const { context, page } = await newPage(browser());
    await loginAs(page, DEMO.admin);
    const search = page.getByPlaceholder('搜索菜单');
    await search.waitFor();
    expect(await search.count()).toBe(1);
    await page.locator('body').click();
    await page.keyboard.press('Control+k');
    await expect.poll(() => search.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('退款');
    await page.locator('.ant-select-item-option', { hasText: '退款单' }).first().waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === REFUND);
    // Paths match as well.
    await search.click();
    await page.keyboard.type('goodsBrand');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === BRAND);
    await context.close();
  });

  it('shows the welcome text and switches the language', async () => {
    const { context, page } = await newPage(browser());
    await loginAs(page, DEMO.admin);
    await page.locator('.welcome-text', { hasText: '管理员' }).waitFor();
    expect(await page.locator('.welcome-text').innerText()).toContain('欢迎使用商户管理平台');
    await page.getByRole('button', { name: '切换语言' }).click();
    await page.locator('.ant-dropdown-menu-item', { hasText: 'English' }).click();
    await page.getByPlaceholder('Search menu').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');
    await context.close();
  });

  it('clears the dictionary cache', async () => {
    const { context, page } = await newPage(browser());
    await loginAs(page, DEMO.admin);
    await page.evaluate(() => window.localStorage.removeItem('pro__UI_CACHE_DB_DICT_DATA'));
    await openUserMenu(page, '清理缓存');
    await seeMessage(page, '刷新缓存完成！');
    const cache = await page.evaluate(() => window.localStorage.getItem('pro__UI_CACHE_DB_DICT_DATA'));
    expect(cache).not.toBeNull();
    await context.close();
  });

  it("switches admin's department, marking the field when nothing is chosen", async () => {
    const { context, page } = await newPage(browser());
    await loginAs(page, DEMO.admin);
    const modal = page.locator('.ant-modal.depart-select-modal');
    const choose = async (name: string) => {
      await openUserMenu(page, '切换部门');
      await modal.getByText('您隶属于多部门，请选择当前所在部门').waitFor();
      await settled(modal);
      await modal.locator('.ant-select-selector').click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: name }).click();
      await modal.getByRole('button', { name: '确定' }).click();
      await modal.waitFor({ state: 'hidden' });
    };
    await openUserMenu(page, '切换部门');
    await settled(modal);
    expect(await modal.evaluate((el) => (el as HTMLElement).style.width)).toBe('450px');
    // The current department is preselected; cleared, the field shows its placeholder and 确定 marks it.
    expect(await modal.locator('.ant-select-selection-item').innerText()).toBe('总部');
    await modal.locator('.ant-select').hover();
    await modal.locator('.ant-select-clear').click();
    expect(await modal.locator('.ant-select-selection-placeholder').innerText()).toBe('请选择登录部门');
    await modal.getByRole('button', { name: '确定' }).click();
    await modal.locator('.ant-select-status-error').waitFor();
    await modal.getByRole('button', { name: '取消' }).click();
    await modal.waitFor({ state: 'hidden' });

    try {
      await choose('华东分公司');
      await seeMessage(page, '切换部门成功');
      const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem('pro__Login_Userinfo') ?? '{}') as { value?: { orgCode?: string }; expire?: number });
      expect(stored.value?.orgCode).toBe('A01A01');
      expect((stored.expire ?? 0) - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    } finally {
      await choose('总部');
    }
    await context.close();
  });

  it('changes the password end to end and logs in with the new one', async () => {
    const { context, page } = await newPage(browser());
    const changeTo = async (from: string, to: string) => {
      await openUserMenu(page, '密码修改');
      const modal = page.locator('.ant-modal.password-modal');
      await settled(modal);
      await modal.getByLabel('旧密码').fill(from);
      await modal.getByLabel('新密码', { exact: true }).fill(to);
      await modal.getByLabel('确认新密码').fill(to);
      await modal.getByRole('button', { name: '确定' }).click();
    };
    try {
      await loginAs(page, DEMO.clerk);
      await openUserMenu(page, '密码修改');
      const modal = page.locator('.ant-modal.password-modal');
      await settled(modal);
      await modal.getByRole('button', { name: '确定' }).click();
      for (const text of ['请输入旧密码!', '请输入新密码!', '请确认新密码!']) await modal.getByText(text).waitFor();
      expect(await modal.evaluate((el) => (el as HTMLElement).style.width)).toBe('800px');
      await modal.getByLabel('新密码', { exact: true }).fill('abc123');
      await modal.getByLabel('确认新密码').fill('abc124');
      await modal.getByText('两次输入的密码不一样！').waitFor();
      await modal.getByRole('button', { name: '取消' }).click();

      await changeTo('wrong-old', 'clerk-new-1');
      await seeMessage(page, '旧密码输入错误!');
      await page.locator('.ant-modal.password-modal').getByRole('button', { name: '取消' }).click();
      await changeTo(DEMO.clerk.password, 'clerk-new-1');
      await seeMessage(page, '密码修改成功！');
      await page.locator('.ant-modal.password-modal').waitFor({ state: 'hidden' });

      await page.evaluate(() => window.localStorage.clear());
      await page.goto('/user/login');
      await submitLogin(page, { username: 'clerk', password: 'clerk-new-1' });
      await page.waitForURL((url) => url.pathname === '/dashboard/analysis');
    } finally {
      // Later test files log in as clerk/123456: put the password back through the API.
      const login = await context.request.post(`${baseURL()}/api/sys/login`, { data: { username: 'clerk', password: 'clerk-new-1' } });
      const body = (await login.json()) as { success: boolean; result?: { token: string } };
      if (body.success && body.result) {
        await context.request.post(`${baseURL()}/api/sys/user/updatePassword`, {
          headers: { 'X-Access-Token': body.result.token },
          data: { username: 'clerk', oldpassword: 'clerk-new-1', password: DEMO.clerk.password, confirmpassword: DEMO.clerk.password },
        });
      }
      await context.close();
    }
    const check = await newPage(browser());
    await loginAs(check.page, DEMO.clerk);
    await check.context.close();
  });

  it('shows the menu in a drawer on a 375 px wide screen', async () => {
    const { context, page } = await newPage(browser());
    await page.setViewportSize({ width: 375, height: 740 });
    await loginAs(page, DEMO.admin);
    expect(await page.locator('.ant-layout-sider').count()).toBe(0);
    await page.getByRole('button', { name: '展开/收起菜单' }).click();
    const drawerMenu = page.locator('.ant-drawer-open .ant-menu');
    await drawerMenu.waitFor();
    await drawerMenu.getByText('客户管理').first().click();
    await drawerMenu.getByText('客户列表').click();
    await page.waitForURL((url) => url.pathname === '/cust/customerList');
    await page.locator('.ant-drawer-open').waitFor({ state: 'detached', timeout: 5_000 }).catch(() => undefined);
    expect(await page.locator('.ant-drawer-open .ant-menu').isVisible()).toBe(false);
    await context.close();
  });
});

interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: Array<{ target: unknown }>;
}

async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated rather than added as a <script>: the page's Content-Security-Policy allows no inline script.
  await page.evaluate(fs.readFileSync(AXE_PATH, 'utf8'));
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document);
    return result.violations.map(({ id, impact, nodes }) => ({ id, impact, nodes: nodes.map((node) => ({ target: node.target })) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.impact} ${v.id}: ${JSON.stringify(v.nodes.slice(0, 3))}`);
}

describe('accessibility (axe-core)', () => {
  it('finds no serious or critical violation on the login page', async () => {
    const { context, page } = await newPage(browser());
    await page.goto('/user/login');
    await page.locator('#username').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('finds none on the shell with tabs, and reaches the header and tabs from the keyboard', async () => {
    const { context, page } = await newPage(browser());
    await loginAs(page, DEMO.admin);
    await openPage(page, BRAND);
    expect(await seriousViolations(page)).toEqual([]);
    // Keyboard: the tab order reaches the menu search, the user menu and the page tabs.
    const reached = new Set<string>();
    await page.locator('body').click({ position: { x: 1, y: 1 } });
    for (let step = 0; step < 60; step += 1) {
      await page.keyboard.press('Tab');
      const where = await page.evaluate(() => {
        const el = document.activeElement;
        if (!el) return '';
        if (el.closest('.menu-search')) return 'search';
        if (el.classList.contains('user-menu')) return 'user';
        if (el.getAttribute('role') === 'tab') return 'tab';
        if (el.closest('.ant-menu')) return 'menu';
        return '';
      });
      if (where) reached.add(where);
    }
    expect([...reached].sort()).toEqual(['menu', 'search', 'tab', 'user']);
    await openUserMenu(page, '系统设置');
    await page.locator('.settings-drawer').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
