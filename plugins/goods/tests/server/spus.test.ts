/** SPUs with their SKUs saved in one transaction, prices and stock rolled up, status tabs and delete (issue #12). */
import { describe, expect, it } from 'vitest';
import type { PageResult } from '../../../../src/contracts/entity';
import { useDemoServer } from '../../../../tests/server/helpers';
import type { SkuRecord, SpuRecord, StockRecordRecord } from '../../entities';
import type { SpuTabCounts } from '../../server/spus/routes';
import { reserveStock } from '../../server/stock/moves';
import { addSpu, adminCaller, colourSize, freshLeafCategory, listTotal, multiSpu, SPU, spuById, unique } from './goods-helpers';

const demo = useDemoServer();

const skusOf = (spu: SpuRecord): SkuRecord[] => spu.skus ?? [];

describe('add', () => {
  it('saves a multi-spec SPU with its SKUs: price from the lowest SKU, stock the sum, opening stock as records', async () => {
    const category = await freshLeafCategory(demo);
    const spu = await addSpu(
      demo,
      multiSpu(category, [
        { properties: colourSize('红色', 'M'), price: '69.90', marketPrice: 99, costPrice: '30.55', stock: 10, lowStock: 5, barCode: '6900000000011' },
        { properties: colourSize('红色', 'L'), price: 59.9, marketPrice: '89.00', costPrice: '28.10', stock: 7, lowStock: 5, weight: '0.35', volume: '1.125' },
        { properties: colourSize('蓝色', 'M'), price: '79.90', stock: 0, firstBrokeragePrice: '3.50' },
      ]),
    );
    expect(spu).toMatchObject({ price: 59.9, marketPrice: 89, costPrice: 28.1, stock: 17, lowStockAlert: false, specType: '1', status: '1', salesCount: 0 });
    const again = await spuById(demo, spu.id);
    expect(skusOf(again).map((sku) => [sku.properties.map((p) => p.valueName).join('/'), sku.price, sku.marketPrice, sku.stock, sku.lockStock, sku.lowStock])).toEqual([
      ['红色/M', 69.9, 99, 10, 0, 5],
      ['红色/L', 59.9, 89, 7, 0, 5],
      ['蓝色/M', 79.9, null, 0, 0, null],
    ]);
    expect(skusOf(again)[1]).toMatchObject({ weight: 0.35, volume: 1.125, costPrice: 28.1 });
    expect(skusOf(again)[2]).toMatchObject({ firstBrokeragePrice: 3.5 });
    const firstSku = skusOf(again)[0]?.id ?? '';
    const records = await adminCaller(demo)<PageResult<StockRecordRecord>>('GET', `/api/goods/goodsStockRecord/list?skuId=${firstSku}`);
    expect(records.body.result.records.map((row) => [row.count, row.totalCount, row.bizType, row.bizType_dictText, row.title])).toEqual([[10, 10, '10', '其它入库', '期初库存']]);
    // The stock list shows the SKU with its SPU's name, the spec text and the SPU's picture.
    const stock = await adminCaller(demo)<PageResult<Record<string, unknown>>>('GET', `/api/goods/goodsStock/list?skuId=${firstSku}`);
    expect(stock.body.result.records[0]).toMatchObject({ skuId: firstSku, spuId: spu.id, spuName: spu.name, specText: '红色/M', picUrl: 'goods-demo/goods-1.png', stock: 10, lockStock: 0, lowStock: 5 });
  });

  it('keeps each SKU’s 库位: saved, read back, listed and sorted on 库存, changed or cleared by an edit, blank as none', async () => {
    const category = await freshLeafCategory(demo);
    const spu = await addSpu(
      demo,
      multiSpu(category, [
        { properties: colourSize('红色', 'M'), price: '10.00', stock: 1, location: ' A-10-01 ' },
        { properties: colourSize('红色', 'L'), price: '10.00', stock: 1, location: 'A-2-05' },
        { properties: colourSize('蓝色', 'M'), price: '10.00', stock: 1, location: '   ' },
        { properties: colourSize('蓝色', 'L'), price: '10.00', stock: 1 },
      ]),
    );
    // Trimmed; blank or left out is none.
    expect(skusOf(await spuById(demo, spu.id)).map((sku) => sku.location)).toEqual(['A-10-01', 'A-2-05', null, null]);
    const stock = await adminCaller(demo)<PageResult<Record<string, unknown>>>('GET', `/api/goods/goodsStock/list?spuId=${spu.id}&column=location&order=asc`);
    // Sorted as text by the list (nulls last), like any sortable column.
    expect(stock.body.result.records.map((row) => row.location ?? null)).toEqual(['A-10-01', 'A-2-05', null, null]);
    const found = await adminCaller(demo)<PageResult<Record<string, unknown>>>('GET', `/api/goods/goodsStock/list?spuId=${spu.id}&location=${encodeURIComponent('*2-05*')}`);
    expect(found.body.result.records.map((row) => row.specText)).toEqual(['红色/L']);

    // An edit moves one, clears one (blank), and one left out of the SKU is none too.
    const [medium, large, blueMedium, blueLarge] = skusOf(spu);
    const keep = (row: SkuRecord | undefined, location?: string | null) => ({ id: row?.id, properties: row?.properties, price: '10.00', ...(location === undefined ? {} : { location }) });
    const edited = await adminCaller(demo)<SpuRecord>('PUT', `${SPU}/edit`, { id: spu.id, skus: [keep(medium, 'B-01-01'), keep(large, ''), keep(blueMedium, 'C-03-02'), keep(blueLarge, null)] });
    expect(edited.body).toMatchObject({ success: true, message: '编辑成功!' });
    expect(skusOf(await spuById(demo, spu.id)).map((sku) => sku.location)).toEqual(['B-01-01', null, 'C-03-02', null]);
    const cleared = await adminCaller(demo)<SpuRecord>('PUT', `${SPU}/edit`, { id: spu.id, skus: [keep(medium), keep(large), keep(blueMedium, 'C-03-02'), keep(blueLarge)] });
    expect(cleared.body.success).toBe(true);
    expect(skusOf(await spuById(demo, spu.id)).map((sku) => sku.location)).toEqual([null, null, 'C-03-02', null]);

    // More than 32 characters is refused as the bar code's 64 are, nothing saved.
    const long = await adminCaller(demo)('POST', `${SPU}/add`, multiSpu(category, [{ properties: colourSize('白色', 'S'), price: 1, location: 'A'.repeat(33) }]));
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ success: false, message: '参数校验失败：skus[0].location 长度不能超过32个字符' });
    const longBarCode = await adminCaller(demo)('POST', `${SPU}/add`, multiSpu(category, [{ properties: colourSize('白色', 'S'), price: 1, barCode: '6'.repeat(65) }]));
    expect(longBarCode.body).toMatchObject({ success: false, message: '参数校验失败：skus[0].barCode 长度不能超过64个字符' });
    const edit = await adminCaller(demo)('PUT', `${SPU}/edit`, { id: spu.id, skus: [keep(medium, 'B'.repeat(33)), keep(large), keep(blueMedium), keep(blueLarge)] });
    expect(edit.status).toBe(400);
    expect(edit.body).toMatchObject({ success: false, message: '参数校验失败：skus[0].location 长度不能超过32个字符' });
    expect(skusOf(await spuById(demo, spu.id)).map((sku) => sku.location)).toEqual([null, null, 'C-03-02', null]);
  });

  it('keeps single-spec SPUs to exactly one SKU without properties', async () => {
    const category = await freshLeafCategory(demo);
    const admin = adminCaller(demo);
    const single = { name: unique('单规格'), picUrl: 'goods-demo/goods-2.png', categoryId: category, specType: '0' };
    expect((await admin('POST', `${SPU}/add`, { ...single, skus: [{ properties: [], price: 1 }, { properties: [], price: 2 }] })).body).toMatchObject({ success: false, message: '单规格商品只能有一个SKU，且不能设置规格' });
    expect((await admin('POST', `${SPU}/add`, { ...single, skus: [{ properties: colourSize('红色', 'M'), price: 1 }] })).body).toMatchObject({ success: false, message: '单规格商品只能有一个SKU，且不能设置规格' });
    expect((await admin('POST', `${SPU}/add`, { ...single, skus: [] })).body).toMatchObject({ success: false, message: '单规格商品只能有一个SKU，且不能设置规格' });
    const saved = await addSpu(demo, { ...single, skus: [{ price: '12.30', stock: 4, lowStock: 4 }] });
    // At the threshold: the alert is on.
    expect(saved).toMatchObject({ price: 12.3, stock: 4, lowStockAlert: true });
  });

  it('refuses a duplicate combination, SKUs without properties, differing property names, bad prices, a root category', async () => {
    const category = await freshLeafCategory(demo);
    const admin = adminCaller(demo);
    const post = async (body: unknown) => (await admin('POST', `${SPU}/add`, body)).body;
    expect(await post(multiSpu(category, [{ properties: colourSize('红色', 'XL'), price: 1 }, { properties: colourSize('红色', 'XL'), price: 2 }]))).toMatchObject({ success: false, message: '规格组合重复：红色/XL' });
    expect(await post(multiSpu(category, []))).toMatchObject({ success: false, message: '多规格商品至少需要一个SKU' });
    expect(await post(multiSpu(category, [{ properties: [], price: 1 }]))).toMatchObject({ success: false, message: '多规格商品的每个SKU都必须设置规格' });
    expect(await post(multiSpu(category, [{ properties: colourSize('红色', 'M'), price: 1 }, { properties: [{ propertyName: '颜色', valueName: '蓝色' }], price: 1 }]))).toMatchObject({ success: false, message: '各SKU的规格项必须一致' });
    expect(await post(multiSpu(category, [{ properties: colourSize('红色', 'M'), price: '1.005' }]))).toMatchObject({ success: false, message: 'SKU「红色/M」的销售价最多保留两位小数' });
    expect(await post(multiSpu(category, [{ properties: colourSize('红色', 'M'), price: -1 }]))).toMatchObject({ success: false, message: 'SKU「红色/M」的销售价不能小于 0' });
    const root = (await admin<{ parentId: string }>('GET', `/api/goods/goodsCategory/queryById?id=${category}`)).body.result.parentId;
    expect(await post(multiSpu(root, [{ properties: colourSize('红色', 'M'), price: 1 }]))).toMatchObject({ success: false, message: '商品分类必须选择二级及以下分类' });
    expect(await post(multiSpu('nope', [{ properties: colourSize('红色', 'M'), price: 1 }]))).toMatchObject({ success: false, message: '商品分类的值不在字典中' });
    expect(await post({ ...multiSpu(category, [{ properties: colourSize('红色', 'M'), price: 1 }]), name: '' })).toMatchObject({ success: false, message: '商品名称不能为空' });
    // Malformed input is a 400, never a 500.
    expect((await admin('POST', `${SPU}/add`, { ...multiSpu(category, []), skus: 'x' })).status).toBe(400);
    expect((await admin('POST', `${SPU}/add`, multiSpu(category, [{ properties: colourSize('红色', 'M'), price: 'abc' }]))).status).toBe(400);
  });

  it('sanitises the description: scripts and event handlers go, images and formatting stay', async () => {
    const category = await freshLeafCategory(demo);
    const spu = await addSpu(demo, {
      ...multiSpu(category, [{ properties: colourSize('白色', 'S'), price: 9 }]),
      description: '<p onclick="steal()">好<b>物</b></p><script>alert(1)</script><img src="https://example.com/a.png" onerror="x()"><a href="javascript:alert(1)">链接</a>',
    });
    expect(spu.description).toBe('<p>好<b>物</b></p><img src="https://example.com/a.png" /><a rel="noopener noreferrer">链接</a>');
    // The description is detail-only: a list page carries the rows without their documents.
    const page = (await adminCaller(demo)<PageResult<Record<string, unknown>>>('GET', `${SPU}/list?categoryId=${category}`)).body.result;
    expect(page.records.map((row) => row.id)).toContain(spu.id);
    expect(page.records.every((row) => !('description' in row))).toBe(true);
  });
});

describe('edit', () => {
  it('updates listed SKUs (never their stock), adds new ones with opening stock, removes the rest, and recomputes the SPU', async () => {
    const category = await freshLeafCategory(demo);
    const spu = await addSpu(
      demo,
      multiSpu(category, [
        { properties: colourSize('红色', 'M'), price: '59.90', stock: 10, lowStock: 3 },
        { properties: colourSize('红色', 'L'), price: '49.90', stock: 5 },
      ]),
    );
    const [red, large] = skusOf(spu);
    const edited = await adminCaller(demo)<SpuRecord>('PUT', `${SPU}/edit`, {
      id: spu.id,
      name: '改名后的T恤',
      skus: [
        { id: red?.id, properties: colourSize('红色', 'M'), price: '65.00', stock: 999, lowStock: 20 },
        { properties: colourSize('黑色', 'XL'), price: '88.80', stock: 3 },
      ],
    });
    expect(edited.body).toMatchObject({ success: true, message: '编辑成功!' });
    // 红色/L is gone; 红色/M keeps its 10 (the 999 is ignored); 黑色/XL opens with 3.
    expect(edited.body.result).toMatchObject({ name: '改名后的T恤', price: 65, stock: 13, lowStockAlert: true });
    expect(skusOf(edited.body.result).map((sku) => [sku.id === red?.id, sku.properties.map((p) => p.valueName).join('/'), sku.price, sku.stock])).toEqual([
      [true, '红色/M', 65, 10],
      [false, '黑色/XL', 88.8, 3],
    ]);
    const stockRows = await adminCaller(demo)<PageResult<Record<string, unknown>>>('GET', `/api/goods/goodsStock/list?spuId=${spu.id}`);
    expect(stockRows.body.result.records.map((row) => row.spuName)).toEqual(['改名后的T恤', '改名后的T恤']);
    expect(stockRows.body.result.records.some((row) => row.skuId === large?.id)).toBe(false);
    // A SKU id of another SPU is refused.
    const other = await addSpu(demo, multiSpu(category, [{ properties: colourSize('白色', 'S'), price: 1 }]));
    const foreign = await adminCaller(demo)('PUT', `${SPU}/edit`, { id: spu.id, skus: [{ id: skusOf(other)[0]?.id, properties: colourSize('白色', 'S'), price: 1 }] });
    expect(foreign.body).toMatchObject({ success: false, message: '商品SKU不存在' });
  });

  it('rolls the whole save back when removing a SKU with reserved stock is refused', async () => {
    const category = await freshLeafCategory(demo);
    const spu = await addSpu(
      demo,
      multiSpu(category, [
        { properties: colourSize('红色', 'M'), price: '10.00', stock: 5 },
        { properties: colourSize('蓝色', 'M'), price: '20.00', stock: 5 },
      ]),
    );
    const [red, blue] = skusOf(spu);
    await demo.app.db.transaction().execute((trx) => reserveStock(trx, 1, [{ skuId: blue?.id ?? '', count: 2 }]));
    const refused = await adminCaller(demo)('PUT', `${SPU}/edit`, {
      id: spu.id,
      name: '不该保存的名字',
      skus: [
        { id: red?.id, properties: colourSize('红色', 'M'), price: '1.00' },
        { properties: colourSize('绿色', 'M'), price: '2.00', stock: 9 },
      ],
    });
    expect(refused.body).toMatchObject({ success: false, message: 'SKU「蓝色/M」有订单预留的库存，不能删除' });
    // Nothing half-written: name, prices, the SKU list and the stock are as before.
    const after = await spuById(demo, spu.id);
    expect(after).toMatchObject({ name: spu.name, price: 10, stock: 10 });
    expect(skusOf(after).map((sku) => [sku.id, sku.price, sku.stock, sku.lockStock])).toEqual([
      [red?.id, 10, 5, 0],
      [blue?.id, 20, 5, 2],
    ]);
    expect(await listTotal(demo, `/api/goods/goodsStock/list?spuId=${spu.id}`)).toBe(2);
  });
});

describe('edit over a newer version (issue 32)', () => {
  it('refuses a save made from an older read with 数据已被他人修改，请刷新后重试, keeping the prices the other saved', async () => {
    const category = await freshLeafCategory(demo);
    const spu = await addSpu(demo, multiSpu(category, [{ properties: colourSize('红色', 'M'), price: '79.00', stock: 5 }, { properties: colourSize('红色', 'L'), price: '79.00', stock: 5 }]));
    const mine = await spuById(demo, spu.id);
    const [medium, large] = skusOf(mine);
    const sku = (row: SkuRecord | undefined, price: string, barCode?: string) => ({ id: row?.id, properties: row?.properties, price, ...(barCode === undefined ? {} : { barCode }) });
    const theirs = await adminCaller(demo)<SpuRecord>('PUT', `${SPU}/edit`, { id: spu.id, rowVersion: mine.rowVersion, skus: [sku(medium, '79.00'), sku(large, '89.00')] });
    expect(theirs.body).toMatchObject({ success: true, message: '编辑成功!' });
    expect(theirs.body.result.rowVersion).not.toBe(mine.rowVersion);
    // The stale form changes only a bar code, but would put 79 back on L.
    const stale = await adminCaller(demo)('PUT', `${SPU}/edit`, { id: spu.id, rowVersion: mine.rowVersion, skus: [sku(medium, '79.00', '6900000000999'), sku(large, '79.00')] });
    expect(stale.status).toBe(200);
    expect(stale.body).toMatchObject({ success: false, code: 409, message: '数据已被他人修改，请刷新后重试' });
    const after = await spuById(demo, spu.id);
    expect(skusOf(after).map((row) => [row.price, row.barCode ?? null])).toEqual([
      [79, null],
      [89, null],
    ]);
    // 上架/下架 is a change too: a form read before it is refused.
    const beforeStatus = after.rowVersion;
    expect((await adminCaller(demo)('PUT', `${SPU}/updateStatus`, { ids: spu.id, status: '0' })).body.success).toBe(true);
    expect((await adminCaller(demo)('PUT', `${SPU}/edit`, { id: spu.id, rowVersion: beforeStatus, skus: [sku(medium, '79.00'), sku(large, '89.00')] })).body).toMatchObject({ success: false, code: 409 });
  });

  it('lets exactly one of two saves of the same version through', async () => {
    const category = await freshLeafCategory(demo);
    const spu = await addSpu(demo, multiSpu(category, [{ properties: colourSize('蓝色', 'S'), price: '10.00', stock: 1 }]));
    const [only] = skusOf(spu);
    const save = (price: string) => adminCaller(demo)<SpuRecord>('PUT', `${SPU}/edit`, { id: spu.id, rowVersion: spu.rowVersion, skus: [{ id: only?.id, properties: only?.properties, price }] });
    const results = await Promise.all([save('11.00'), save('12.00')]);
    expect(results.filter((result) => result.body.success)).toHaveLength(1);
    expect(results.filter((result) => result.body.code === 409 && result.body.message === '数据已被他人修改，请刷新后重试')).toHaveLength(1);
    const winner = results.find((result) => result.body.success)?.body.result;
    expect((await spuById(demo, spu.id)).price).toBe(winner?.price);
  });
});

describe('status and the list tabs', () => {
  it('moves SPUs between 出售中, 仓库中 and 回收站 one and many at a time, with tab counts and list filters agreeing', async () => {
    const admin = adminCaller(demo);
    const category = await freshLeafCategory(demo);
    const make = (stock: number, lowStock: number | null) => addSpu(demo, multiSpu(category, [{ properties: colourSize('红色', 'M'), price: 5, stock, lowStock }]));
    const a = await make(100, 10);
    const b = await make(0, 5);
    const c = await make(3, 5);
    const mine = `categoryId=${category}`;
    const total = (filters: string) => listTotal(demo, `${SPU}/list?${mine}&${filters}`);
    expect([await total('status=1'), await total('status=0'), await total('stock_end=0'), await total('lowStockAlert=true'), await total('status=-1')]).toEqual([3, 0, 1, 2, 0]);

    const counts = async () => (await admin<SpuTabCounts>('GET', `${SPU}/tabCounts`)).body.result;
    const before = await counts();
    expect((await admin('PUT', `${SPU}/updateStatus`, { ids: `${a.id},${b.id},`, status: '0' })).body).toMatchObject({ success: true, message: '修改状态成功' });
    expect([await total('status=1'), await total('status=0')]).toEqual([1, 2]);
    expect((await admin('PUT', `${SPU}/updateStatus`, { ids: c.id, status: -1 })).body.success).toBe(true);
    expect([await total('status=1,0'), await total('status=-1'), await total('status=1,0&lowStockAlert=true')]).toEqual([2, 1, 1]);
    const after = await counts();
    expect(after.onShelf - before.onShelf).toBe(-3);
    expect(after.offShelf - before.offShelf).toBe(2);
    expect(after.recycled - before.recycled).toBe(1);
    expect(after.alert - before.alert).toBe(-1);
    // 恢复 from the 回收站 goes to 仓库中.
    expect((await admin('PUT', `${SPU}/updateStatus`, { ids: c.id, status: '0' })).body.success).toBe(true);
    expect(await total('status=0')).toBe(3);
    expect((await admin('PUT', `${SPU}/updateStatus`, { ids: c.id, status: '2' })).status).toBe(400);
    expect((await admin('PUT', `${SPU}/updateStatus`, { ids: 'nope', status: '1' })).body).toMatchObject({ success: false, message: '未找到对应数据' });
  });

  it('deletes only from the 回收站, taking the SKUs and leaving the stock records', async () => {
    const admin = adminCaller(demo);
    const category = await freshLeafCategory(demo);
    const spu = await addSpu(demo, multiSpu(category, [{ properties: colourSize('红色', 'M'), price: 5, stock: 8 }]));
    const skuId = skusOf(spu)[0]?.id ?? '';
    expect((await admin('DELETE', `${SPU}/delete?id=${spu.id}`)).body).toMatchObject({ success: false, message: '只能删除回收站中的商品' });
    const other = await addSpu(demo, multiSpu(category, [{ properties: colourSize('红色', 'M'), price: 5 }]));
    await admin('PUT', `${SPU}/updateStatus`, { ids: other.id, status: '-1' });
    expect((await admin('DELETE', `${SPU}/deleteBatch?ids=${spu.id},${other.id}`)).body).toMatchObject({ success: false, message: '只能删除回收站中的商品' });
    await admin('PUT', `${SPU}/updateStatus`, { ids: spu.id, status: '-1' });
    expect((await admin('DELETE', `${SPU}/delete?id=${spu.id}`)).body).toMatchObject({ success: true, message: '删除成功!' });
    expect((await admin('GET', `${SPU}/queryById?id=${spu.id}`)).body).toMatchObject({ success: false, message: '未找到对应数据' });
    expect(await listTotal(demo, `/api/goods/goodsStock/list?skuId=${skuId}`)).toBe(0);
    expect(await listTotal(demo, `/api/goods/goodsStockRecord/list?skuId=${skuId}`)).toBe(1);
  });

  it('seeds a catalogue with every tab filled', async () => {
    const counts = (await adminCaller(demo)<SpuTabCounts>('GET', `${SPU}/tabCounts`)).body.result;
    expect(counts.onShelf).toBeGreaterThan(100);
    expect(counts.offShelf).toBeGreaterThan(5);
    expect(counts.soldOut).toBeGreaterThan(2);
    expect(counts.alert).toBeGreaterThan(5);
    expect(counts.recycled).toBeGreaterThan(2);
  });
});
