/** Issue 6: the editable-table, upload and popup toolkit, driven through its showcase at /test/home. */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { clickRowAction, DEMO, loginAs, newPage, useBrowser } from './support';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex');
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(512, 0x90)]);
const PDF = Buffer.from(
  [
    '%PDF-1.4',
    '1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj',
    '2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj',
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj',
    'trailer<</Root 1 0 R>>',
    '%%EOF',
    '',
  ].join('\n'),
);

const browser = useBrowser();

async function openShowcase(path = '/test'): Promise<{ page: Page; close: () => Promise<void> }> {
  const { context, page } = await newPage(browser());
  await loginAs(page, DEMO.admin);
  await page.goto(path);
  await page.waitForURL((url) => url.pathname === '/test/home');
  return { page, close: () => context.close() };
}

const everyTypeTable = (page: Page) => page.getByRole('table', { name: '可编辑表格：全部列类型' });
const lastRow = (page: Page) => everyTypeTable(page).locator('[data-row-id]').last();
const okButton = (page: Page) => page.locator('.ant-modal-footer .ant-btn-primary');
/** The src of every thumbnail <img> inside a locator. */
const thumbnailSources = (scope: Locator) => scope.locator('img').evaluateAll((images) => images.map((img) => img.getAttribute('src') ?? ''));

async function chooseOption(page: Page, select: Locator, text: string): Promise<void> {
  await select.click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first().click();
}

describe('/test/home editable table', () => {
  it('fills a new row through every cell type and gets the values', async () => {
    const { page, close } = await openShowcase();
    await everyTypeTable(page).waitFor();
    expect(await everyTypeTable(page).locator('[data-row-id]').count()).toBe(4);
    await page.getByTestId('add-row').click();
    await expect.poll(() => everyTypeTable(page).locator('[data-row-id]').count()).toBe(5);
    const row = lastRow(page);

    // Popup cell: the goods picker writes code, name and price into this row.
    await row.getByLabel('商品编码').click();
    const modal = page.locator('.ant-modal').filter({ hasText: '商品选择' });
    await modal.waitFor();
    expect(await modal.evaluate((el) => getComputedStyle(el).width)).toBe('1200px');
    await modal.getByRole('textbox', { name: '商品编码' }).fill('G10010');
    await modal.getByRole('button', { name: /查\s*询/ }).click();
    await modal.locator('.ant-table-row', { hasText: 'G10010' }).click();
    await okButton(page).click();
    await expect.poll(() => row.getByLabel('商品编码').inputValue()).toBe('G10010');
    expect(await row.getByLabel('商品名称').inputValue()).toBe('宁夏枸杞');
    await row.getByLabel('商品名称').fill('宁夏枸杞 特级');

    // Number cell: letters are refused keystroke by keystroke; blur makes a number.
    await row.getByLabel('单价').fill('');
    await row.getByLabel('单价').pressSequentially('1a2.5x');
    expect(await row.getByLabel('单价').inputValue()).toBe('12.5');
    await row.getByLabel('数量').pressSequentially('3');
    await row.getByLabel('数量').blur();

    await chooseOption(page, row.locator('[data-column=unit] .ant-select'), '箱');
    await chooseOption(page, row.locator('[data-column=channels] .ant-select'), '小程序');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '门店' }).click();
    await page.keyboard.press('Escape');
    // Multiple mode shows at most one tag (plus a +1 counter).
    expect(await row.locator('[data-column=channels] .ant-select-selection-item').count()).toBeLessThanOrEqual(2);
    await expect.poll(() => row.locator('[data-column=channels]').innerText()).toContain('+ 1');

    // Remote search: async, debounced; an empty result says 没有查询到任何数据.
    await row.locator('[data-column=supplier] .ant-select').click();
    await page.keyboard.type('不存在的供应商');
    await page.locator('.ant-select-dropdown:visible', { hasText: '没有查询到任何数据' }).waitFor();
    await page.keyboard.press('Control+A');
    await page.keyboard.type('广州');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '广州南方粮油集团' }).click();

    await chooseOption(page, row.locator('[data-column=status] .ant-select'), '无效');
    await row.locator('[data-column=invoice]').getByText('专票').click();
    await row.getByLabel('赠品').check();
    await row.locator('[data-column=deliveryDate] input').click();
    await row.locator('[data-column=deliveryDate] input').fill('2024-07-01');
    await page.keyboard.press('Enter');
    await row.locator('[data-column=createdAt] input').click();
    await row.locator('[data-column=createdAt] input').fill('2024-07-01 09:30:00');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await row.getByLabel('标签').pressSequentially('热卖新品包邮');
    expect(await row.getByLabel('标签').inputValue()).toBe('热卖;新品;包邮');
    await row.getByLabel('联系电话').fill('13912345678');
    await row.getByLabel('邮箱').fill('buyer@shop.com');

    // Upload cells: a text file and a picture go to /sys/common/upload with isup=1.
    await row.locator('[data-column=attachment] input[type=file]').setInputFiles({ name: 'delivery-note.txt', mimeType: 'text/plain', buffer: Buffer.from('发货单 2024-07-01\n') });
    await row.locator('[data-column=attachment] [data-upload-status=done]').waitFor();
    expect(await row.locator('[data-column=attachment]').innerText()).toContain('deliv…');
    await row.locator('[data-column=picture] input[type=file]').setInputFiles({ name: 'goods.png', mimeType: 'image/png', buffer: PNG });
    await row.locator('[data-column=picture] [data-upload-status=done]').waitFor();
    // The stored picture shows as a thumbnail fetched with the session (a blob), not as a bare path.
    await expect.poll(() => thumbnailSources(row.locator('[data-column=picture]'))).toEqual([expect.stringMatching(/^blob:/)]);

    await row.getByLabel('编辑备注').click();
    const textarea = page.locator('.ant-popover:visible textarea');
    await textarea.fill('周末送货');
    expect(await textarea.evaluate((el) => [getComputedStyle(el).width, getComputedStyle(el).height])).toEqual(['300px', '210px']);
    await page.keyboard.press('Escape');
    await row.locator('[data-column=rating] .ant-rate-star').nth(3).click();

    await page.getByTestId('get-values').click();
    const result = page.getByTestId('values-result');
    await result.waitFor();
    const values = JSON.parse(await result.innerText()) as Record<string, unknown>[];
    expect(values).toHaveLength(5);
    const added = values[4] ?? {};
    expect(added).toMatchObject({
      goodsCode: 'G10010',
      goodsName: '宁夏枸杞 特级',
      price: 12.5,
      qty: 3,
      unit: 'box',
      channels: 'mini,store',
      supplier: 'S003',
      status: '0',
      invoice: 'special',
      gift: 'Y',
      deliveryDate: '2024-07-01',
      createdAt: '2024-07-01 09:30:00',
      labels: '热卖;新品;包邮',
      contactPhone: '13912345678',
      email: 'buyer@shop.com',
      remark: '周末送货',
      rating: 4,
    });
    expect(String(added.id)).toMatch(/^[0-9a-f]{32}$/);
    expect(String(added.attachment)).toMatch(/^temp\/[0-9a-f]{32}\.txt$/);
    expect(String(added.picture)).toMatch(/^temp\/[0-9a-f]{32}\.png$/);
    expect(added.orderNum).toBe(5);

    // Footer statistics follow the edit: 合计 and 平均 rows.
    const table = everyTypeTable(page);
    expect(await table.getByText('合计').count()).toBe(1);
    expect(await table.getByText('平均').count()).toBe(1);
    expect(await table.locator('[data-statistic="sum:qty"]').innerText()).toBe(String(2 + 1 + 3 + 5 + 3));
    await close();
  });

  it('shows the rule messages, and the upload cell refuses an executable and an oversized file', async () => {
    const { page, close } = await openShowcase();
    await everyTypeTable(page).waitFor();
    await page.getByTestId('insert-row').click();
    const row = everyTypeTable(page).locator('[data-row-id]').first();
    await expect.poll(() => row.getByLabel('商品名称').inputValue()).toBe('');
    await row.getByLabel('联系电话').fill('12345');
    await row.getByLabel('邮箱').fill('not-an-email');
    await page.getByTestId('get-values').click();
    await page.getByText(/有 \d+ 处校验未通过/).waitFor();
    expect(await row.locator('[data-column=goodsName] [role=alert]').innerText()).toBe('请输入商品名称');
    expect(await row.locator('[data-column=qty] [role=alert]').innerText()).toBe('请输入数量');
    expect(await row.locator('[data-column=contactPhone] [role=alert]').innerText()).toBe('请输入正确的手机号码');
    expect(await row.locator('[data-column=email] [role=alert]').innerText()).toBe('请输入正确的邮箱地址');
    await row.getByLabel('联系电话').fill('13800138000');
    await expect.poll(() => row.locator('[data-column=contactPhone] [role=alert]').count()).toBe(0);

    await row.locator('[data-column=attachment] input[type=file]').setInputFiles({ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: EXE });
    const failed = row.locator('[data-column=attachment] [data-upload-status=error]');
    await failed.waitFor();
    await failed.hover();
    await page.locator('.ant-tooltip:visible', { hasText: '不允许上传可执行文件' }).waitFor();

    const second = everyTypeTable(page).locator('[data-row-id]').nth(1);
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(10 * 1024 * 1024 + 10, 0x20)]);
    await second.locator('[data-column=attachment] input[type=file]').setInputFiles({ name: 'catalogue.pdf', mimeType: 'application/pdf', buffer: big });
    const tooBig = second.locator('[data-column=attachment] [data-upload-status=error]');
    await tooBig.waitFor({ timeout: 20_000 });
    await tooBig.hover();
    await page.locator('.ant-tooltip:visible', { hasText: '文件大小超过限制(10MB)' }).waitFor();
    await close();
  });
});

describe('/test/home upload widget and popup picker', () => {
  it('uploads through the widget, rejects non-images in image mode and shows the server refusal', async () => {
    const { page, close } = await openShowcase();
    const files = page.getByTestId('upload-files');
    await files.getByText('点击上传').waitFor();
    await files.locator('input[type=file]').setInputFiles({ name: 'price-list.txt', mimeType: 'text/plain', buffer: Buffer.from('price list') });
    await expect.poll(() => page.getByTestId('upload-files-value').innerText()).toMatch(/^showcase\/[0-9a-f]{32}\.txt$/);

    await files.locator('input[type=file]').setInputFiles({ name: 'virus.exe', mimeType: 'application/octet-stream', buffer: EXE });
    await page.locator('.ant-message', { hasText: '不允许上传可执行文件' }).waitFor();
    expect(await page.getByTestId('upload-files-value').innerText()).toMatch(/^showcase\/[0-9a-f]{32}\.txt$/);

    const images = page.getByTestId('upload-images');
    await images.locator('input[type=file]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
    await page.locator('.ant-message', { hasText: '请上传图片' }).waitFor();
    await images.locator('input[type=file]').setInputFiles([
      { name: 'front.png', mimeType: 'image/png', buffer: PNG },
      { name: 'back.png', mimeType: 'image/png', buffer: PNG },
    ]);
    await expect.poll(async () => (JSON.parse((await page.getByTestId('upload-images-value').innerText()) || '[]') as unknown[]).length).toBe(2);
    const entries = JSON.parse(await page.getByTestId('upload-images-value').innerText()) as { fileName: string; filePath: string; fileSize: number }[];
    expect(entries.map((e) => e.fileName).sort()).toEqual(['back.png', 'front.png']);
    expect(entries[0]?.fileSize).toBe(PNG.length);
    await expect.poll(() => thumbnailSources(images)).toEqual([expect.stringMatching(/^blob:/), expect.stringMatching(/^blob:/)]);
    const firstName = entries[0]?.fileName ?? '';
    const lastName = entries[1]?.fileName ?? '';
    await page.getByRole('button', { name: `${firstName} 左移` }).click();
    await page.locator('.ant-message', { hasText: '未知的操作' }).waitFor();
    await page.getByRole('button', { name: `${lastName} 右移` }).click();
    await page.locator('.ant-message', { hasText: '已到最后~' }).waitFor();
    await page.getByRole('button', { name: `${firstName} 右移` }).click();
    await expect.poll(async () => (JSON.parse(await page.getByTestId('upload-images-value').innerText()) as { fileName: string }[])[0]?.fileName).toBe(lastName);

    await page.getByTestId('open-file-popup').click();
    const popup = page.locator('.ant-modal').filter({ hasText: '文件上传' });
    await popup.waitFor();
    expect(await popup.evaluate((el) => getComputedStyle(el).width)).toBe('520px');
    await okButton(page).click();
    await page.locator('.ant-message', { hasText: '未上传任何文件' }).waitFor();
    await close();
  });

  it('checks the popup configuration, warns with nothing chosen and writes the destination fields', async () => {
    const { page, close } = await openShowcase();
    await page.getByLabel('配置错误的弹窗（字段数量不一致）').click();
    await page.locator('.ant-message', { hasText: 'popup参数未正确配置,原始值和目标值数量不一致!' }).waitFor();

    await page.getByLabel('选择会员').click();
    const modal = page.locator('.ant-modal').filter({ hasText: '会员选择' });
    await modal.locator('.ant-table-row').first().waitFor();
    expect(await modal.getByRole('textbox', { name: '手机号' }).count()).toBe(0);
    await modal.getByRole('button', { name: '展开' }).click();
    await modal.getByRole('textbox', { name: '手机号' }).waitFor();
    await okButton(page).click();
    await page.locator('.ant-message', { hasText: '请选择一条记录' }).waitFor();
    await modal.locator('.ant-table-row', { hasText: 'M20240002' }).click();
    await okButton(page).click();
    await expect.poll(() => page.getByTestId('dest-memberNo').inputValue()).toBe('M20240002');
    expect(await page.getByTestId('dest-memberName').inputValue()).not.toBe('');
    expect(await page.getByTestId('dest-memberPhone').inputValue()).toMatch(/^1\d{10}$/);
    await close();
  });
});

describe('/test/home large mode', () => {
  it('renders 10,000 rows virtually, scrolls to the end and takes an edit', async () => {
    const { page, close } = await openShowcase('/test/home?rows=10000');
    const table = page.getByRole('table', { name: '大数据量表格' });
    await table.locator('[data-row-id="row-000001"]').waitFor();
    expect(await table.getAttribute('aria-rowcount')).toBe('10001');
    expect(await table.locator('[data-row-id]').count()).toBeLessThan(60);
    await table.evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });
    const last = table.locator('[data-row-id="row-010000"]');
    await last.waitFor();
    await last.getByLabel('商品名称').fill('');
    await last.getByLabel('商品名称').pressSequentially('末行已编辑');
    expect(await last.getByLabel('商品名称').inputValue()).toBe('末行已编辑');
    await last.getByLabel('商品名称').fill('');
    await page.getByTestId('validate-large').click();
    await page.getByTestId('validate-ms').waitFor();
    expect(await page.getByTestId('validate-ms').getAttribute('data-errors')).toBe('1');
    expect(await last.locator('[data-column=goodsName] [role=alert]').innerText()).toBe('请输入商品名称');
    await close();
  });
});

describe('/test/home antd virtual Table reference', () => {
  it('shows the same 10,000 rows in antd 5\'s virtual Table and takes an edit (the bench\'s yardstick)', async () => {
    const { page, close } = await openShowcase('/test/home?rows=10000&table=antd');
    const reference = page.getByTestId('antd-reference');
    const input = reference.locator('[data-row-key="row-000003"]').getByLabel('商品名称');
    await input.waitFor();
    expect(await page.getByRole('table', { name: '大数据量表格' }).count()).toBe(0);
    expect(await reference.locator('.ant-table-row').count()).toBeLessThan(60);
    await input.fill('对照行已编辑');
    expect(await input.inputValue()).toBe('对照行已编辑');
    await close();
  });
});

describe('/test/home popup dictionary text and range query', () => {
  it('shows dictionary text in the columns and filters by a number range and a date range', async () => {
    const { page, close } = await openShowcase();
    await page.getByLabel('选择会员').click();
    const modal = page.locator('.ant-modal:visible').filter({ hasText: '会员选择' });
    await modal.locator('.ant-table-row').first().waitFor();
    const headers = await modal.locator('thead th').allInnerTexts();
    const sexColumn = headers.findIndex((text) => text.trim() === '性别');
    const pointsColumn = headers.findIndex((text) => text.trim() === '积分');
    const dateColumn = headers.findIndex((text) => text.trim() === '入会日期');
    expect(sexColumn).toBeGreaterThan(0);
    const cell = (text: string, column: number) => modal.locator('.ant-table-row', { hasText: text }).locator('td').nth(column).innerText();
    // Member M20240001 is 男 ('1'), M20240002 is 女 ('2'): the popup shows the dictionary text.
    expect(await cell('M20240001', sexColumn)).toBe('男');
    expect(await cell('M20240002', sexColumn)).toBe('女');

    // Number range (shown without expanding): two inputs sending points_begin / points_end.
    await modal.getByRole('spinbutton', { name: '积分开始' }).fill('1000');
    await modal.getByRole('spinbutton', { name: '积分结束' }).fill('2000');
    const byPoints = page.waitForRequest((request) => request.url().includes('/getData/'));
    await modal.getByRole('button', { name: /查\s*询/ }).click();
    const pointsUrl = new URL((await byPoints).url());
    expect([pointsUrl.searchParams.get('points_begin'), pointsUrl.searchParams.get('points_end')]).toEqual(['1000', '2000']);
    await expect.poll(async () => (await modal.locator('.ant-table-row').count()) > 0 && (await modal.locator('.ant-table-pagination').innerText()).includes('共')).toBe(true);
    await expect
      .poll(async () => {
        const points = await modal.locator('.ant-table-row').evaluateAll((rows, column) => rows.map((row) => Number(row.querySelectorAll('td')[column]?.textContent)), pointsColumn);
        return points.length > 0 && points.every((value) => value >= 1000 && value <= 2000);
      })
      .toBe(true);

    // Date range: hidden until expanded; a 10-character end date covers the whole day.
    await modal.getByRole('button', { name: '重置' }).click();
    expect(await modal.getByRole('textbox', { name: '入会日期开始' }).count()).toBe(0);
    await modal.getByRole('button', { name: '展开' }).click();
    const begin = modal.getByRole('textbox', { name: '入会日期开始' });
    await begin.click();
    await begin.fill('2024-01-11');
    await page.keyboard.press('Enter');
    const end = modal.getByRole('textbox', { name: '入会日期结束' });
    await end.click();
    await end.fill('2024-01-31');
    await page.keyboard.press('Enter');
    const byDate = page.waitForRequest((request) => request.url().includes('/getData/') && request.url().includes('join_date_begin'));
    await modal.getByRole('button', { name: /查\s*询/ }).click();
    const dateUrl = new URL((await byDate).url());
    expect([dateUrl.searchParams.get('join_date_begin'), dateUrl.searchParams.get('join_date_end')]).toEqual(['2024-01-11', '2024-01-31']);
    await expect.poll(() => modal.locator('.ant-table-pagination').innerText()).toContain('共 3 条');
    const dates = await modal.locator('.ant-table-row').evaluateAll((rows, column) => rows.map((row) => row.querySelectorAll('td')[column]?.textContent), dateColumn);
    expect(dates.sort()).toEqual(['2024-01-11', '2024-01-21', '2024-01-31']);
    await close();
  });
});

describe('/test/home stored pictures', () => {
  it('shows stored pictures as blob thumbnails after an upload and after a reload, with preview on click', async () => {
    const { page, close } = await openShowcase();
    const widget = page.getByTestId('stored-pictures');
    const table = () => page.getByRole('table', { name: '已保存图片表格' });
    await widget.locator('input[type=file]').setInputFiles({ name: 'shelf.png', mimeType: 'image/png', buffer: PNG });
    await expect.poll(() => new URL(page.url()).searchParams.get('storedPictures')).toMatch(/^temp\/[0-9a-f]{32}\.png$/);
    await expect.poll(() => thumbnailSources(widget)).toEqual([expect.stringMatching(/^blob:/)]);
    await expect.poll(() => thumbnailSources(table().locator('[data-column=picture]'))).toEqual([expect.stringMatching(/^blob:/)]);

    await page.reload();
    await page.getByTestId('stored-pictures').waitFor();
    await expect.poll(() => thumbnailSources(page.getByTestId('stored-pictures'))).toEqual([expect.stringMatching(/^blob:/)]);
    await expect.poll(() => thumbnailSources(table().locator('[data-column=picture]'))).toEqual([expect.stringMatching(/^blob:/)]);
    const [thumbnail] = await thumbnailSources(page.getByTestId('stored-pictures'));
    // The blob holds the stored picture itself.
    const fetched = await page.evaluate(async (url) => {
      const blob = await (await fetch(url ?? '')).blob();
      return { type: blob.type, size: blob.size };
    }, thumbnail);
    expect(fetched).toEqual({ type: 'image/png', size: PNG.length });

    // Clicking the thumbnail opens the picture preview.
    await page.getByTestId('stored-pictures').locator('.ant-image').click();
    const preview = page.locator('.ant-image-preview-img:visible');
    await preview.waitFor();
    expect(await preview.getAttribute('src')).toBe(thumbnail);
    await page.keyboard.press('Escape');
    await expect.poll(() => preview.count()).toBe(0);

    // Deleting the picture empties the stored value.
    await page.getByTestId('stored-pictures').getByRole('button', { name: /^删除 [0-9a-f]{32}\.png$/ }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('storedPictures')).toBeNull();
    await expect.poll(() => thumbnailSources(table().locator('[data-column=picture]'))).toEqual([]);
    await close();
  });
});

describe('/test/home sub-table popover', () => {
  it('opens and closes per row, and reports 打开子表失败 after 3 retries at 100 ms', async () => {
    const { page, close } = await openShowcase();
    const table = everyTypeTable(page);
    await table.waitFor();
    const rows = table.locator('[data-row-id]');
    const subTables = page.locator('[data-testid=sub-table]:visible');
    const firstName = await rows.nth(0).getByLabel('商品名称').inputValue();
    const secondName = await rows.nth(1).getByLabel('商品名称').inputValue();

    await clickRowAction(rows.nth(0), '展开子表');
    await expect.poll(() => subTables.count()).toBe(1);
    expect(await subTables.innerText()).toContain(firstName);
    expect(await subTables.innerText()).toContain('ERP-000001');
    // Another row's button moves the popover to that row.
    await clickRowAction(rows.nth(1), '展开子表');
    await expect.poll(() => subTables.count()).toBe(1);
    await expect.poll(() => subTables.innerText()).toContain(secondName);
    expect(await subTables.innerText()).toContain('ERP-000002');
    // The same button again closes it.
    await clickRowAction(rows.nth(1), '展开子表');
    await expect.poll(() => subTables.count()).toBe(0);

    // By source number: a known number opens that row's sub-table.
    await page.getByRole('textbox', { name: '来源单号' }).fill('ERP-000003');
    await page.getByTestId('open-sub-table').click();
    await expect.poll(() => subTables.innerText()).toContain('ERP-000003');
    await clickRowAction(rows.nth(2), '展开子表');
    await expect.poll(() => subTables.count()).toBe(0);

    // An unknown number has no row to anchor on: after 3 retries at 100 ms the table gives up.
    await page.getByRole('textbox', { name: '来源单号' }).fill('ERP-999999');
    const started = Date.now();
    await page.getByTestId('open-sub-table').click();
    await page.locator('.ant-message', { hasText: '打开子表失败' }).waitFor();
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(await subTables.count()).toBe(0);
    await close();
  });
});

describe('/test/home PDF preview', () => {
  it('previews an uploaded PDF from /sys/common/pdf/pdfPreviewIframe with the token, and refuses other files', async () => {
    const { page, close } = await openShowcase();
    const files = page.getByTestId('upload-files');
    await files.locator('input[type=file]').setInputFiles({ name: 'price-list.txt', mimeType: 'text/plain', buffer: Buffer.from('price list') });
    await files.locator('input[type=file]').setInputFiles({ name: 'contract.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect.poll(() => page.getByTestId('upload-files-value').innerText()).toMatch(/^showcase\/[0-9a-f]{32}\.txt,showcase\/[0-9a-f]{32}\.pdf$/);
    const [textPath = '', pdfPath = ''] = (await page.getByTestId('upload-files-value').innerText()).split(',');

    const answered = page.waitForResponse((response) => response.url().includes('/sys/common/pdf/pdfPreviewIframe'));
    await files.locator('.ant-upload-list-item-name', { hasText: 'contract.pdf' }).click();
    const response = await answered;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('application/pdf');
    const previewUrl = new URL(response.url());
    expect(previewUrl.searchParams.get('path')).toBe(pdfPath);
    const token = (await response.request().allHeaders())['x-access-token'] ?? '';
    expect(token).not.toBe('');

    const dialog = page.locator('.ant-modal:visible').filter({ hasText: '预览 contract.pdf' });
    await dialog.waitFor();
    const frame = dialog.getByTestId('pdf-preview-frame');
    await frame.waitFor();
    const src = (await frame.getAttribute('src')) ?? '';
    expect(src).toMatch(/^blob:/);
    const shown = await page.evaluate(async (url) => {
      const blob = await (await fetch(url)).blob();
      return { type: blob.type, head: new TextDecoder().decode(await blob.slice(0, 5).arrayBuffer()), size: blob.size };
    }, src);
    expect(shown).toEqual({ type: 'application/pdf', head: '%PDF-', size: PDF.length });
    // The frame renders it as a PDF document.
    await expect.poll(() => page.frames().find((f) => f.url() === src)?.evaluate(() => document.contentType)).toBe('application/pdf');

    // The route itself: no token, a non-PDF, and paths outside the upload root are refused.
    const ask = (path: string, headers: Record<string, string> = { 'X-Access-Token': token }) => {
      const url = new URL(previewUrl);
      url.searchParams.set('path', path);
      return page.request.get(url.toString(), { headers });
    };
    expect((await ask(pdfPath, {})).status()).toBe(401);
    for (const refused of [textPath, '../token-secret', '../../package.json', 'showcase/../../uploads.pdf', '/etc/passwd']) {
      const answer = await ask(refused);
      expect(answer.status(), refused).toBe(404);
      expect(answer.headers()['content-type'] ?? '', refused).not.toContain('application/pdf');
    }
    expect((await ask(pdfPath)).headers()['content-type']).toBe('application/pdf');
    await close();
  });
});

describe('/test/home drag ordering', () => {
  it('moves a row by dragging its handle with the pointer, next to the up/down buttons, and rewrites orderNum', async () => {
    const { page, close } = await openShowcase();
    const table = everyTypeTable(page);
    await table.waitFor();
    const rows = table.locator('[data-row-id]');
    const names = async () => Promise.all([0, 1, 2, 3].map((i) => rows.nth(i).getByLabel('商品名称').inputValue()));
    const before = await names();

    const handle = rows.nth(0).getByLabel('拖动排序');
    const box = await handle.boundingBox();
    if (box === null) throw new Error('no drag handle');
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x, y + 10, { steps: 2 });
    await page.mouse.move(x, y + 46 * 2, { steps: 10 });
    // While dragging, the landing row is marked.
    await expect.poll(() => table.locator('[data-drop-target=below]').count()).toBe(1);
    await page.mouse.up();
    await expect.poll(names).toEqual([before[1], before[2], before[0], before[3]]);
    expect(await table.locator('[data-drop-target]').count()).toBe(0);

    // The buttons still work beside the handle.
    await clickRowAction(rows.nth(2), '上移');
    await expect.poll(names).toEqual([before[1], before[0], before[2], before[3]]);

    await page.getByTestId('get-values').click();
    const values = JSON.parse(await page.getByTestId('values-result').innerText()) as { goodsName: string; orderNum: number }[];
    expect(values.map((v) => [v.goodsName, v.orderNum])).toEqual([
      [before[1], 1],
      [before[0], 2],
      [before[2], 3],
      [before[3], 4],
    ]);
    await close();
  });
});
