/** Types and attributes, guarded catalogue deletes, and the mini-program's shop front (issue #12). */
import { describe, expect, it } from 'vitest';
import type { PageResult } from '../../../../src/contracts/entity';
import { call, useDemoServer } from '../../../../tests/server/helpers';
import type { AttrRecord, BrandRecord, SkuRecord, TypeRecord } from '../../entities';
import type { AppSpuSummary } from '../../server/app-routes';
import { addSpu, adminCaller, colourSize, freshLeafCategory, multiSpu, SPU, unique } from './goods-helpers';

const demo = useDemoServer();
const T1 = { 'tenant-id': '1' };
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('types and attributes', () => {
  it('keeps a type’s 规格 and 参数 counts right on every attribute write, and refuses deleting a type with attributes', async () => {
    const admin = adminCaller(demo);
    const type = (await admin<TypeRecord>('POST', '/api/goods/goodsType/add', { name: unique('类型'), specCount: 99 })).body.result;
    expect(type).toMatchObject({ specCount: 0, paramCount: 0 });
    const attr = (body: Record<string, unknown>) => admin<AttrRecord>('POST', '/api/goods/goodsAttr/add', { typeId: type.id, selectType: '1', inputType: '0', sort: 1, ...body });
    const colour = (await attr({ name: '颜色', type: '0', inputType: '1', inputList: '红色， 蓝色,,红色' })).body.result;
    expect(colour.inputList).toBe('红色,蓝色');
    await attr({ name: '尺码', type: '0' });
    const fabric = (await attr({ name: '面料', type: '1' })).body.result;
    const counts = async () => (await admin<TypeRecord>('GET', `/api/goods/goodsType/queryById?id=${type.id}`)).body.result;
    expect(await counts()).toMatchObject({ specCount: 2, paramCount: 1 });
    expect((await attr({ name: '产地', type: '1', inputType: '1' })).body).toMatchObject({ success: false, message: '列表选取的属性必须填写可选值列表' });
    await admin('PUT', '/api/goods/goodsAttr/edit', { id: fabric.id, type: '0' });
    expect(await counts()).toMatchObject({ specCount: 3, paramCount: 0 });
    expect((await admin('DELETE', `/api/goods/goodsType/delete?id=${type.id}`)).body).toMatchObject({ success: false, message: '该类型下还有属性，请先删除属性再删除类型' });
    const attrs = (await admin<PageResult<AttrRecord>>('GET', `/api/goods/goodsAttr/list?typeId=${type.id}`)).body.result.records;
    await admin('DELETE', `/api/goods/goodsAttr/deleteBatch?ids=${attrs.map((row) => row.id).join(',')}`);
    expect(await counts()).toMatchObject({ specCount: 0, paramCount: 0 });
    expect((await admin('DELETE', `/api/goods/goodsType/delete?id=${type.id}`)).body).toMatchObject({ success: true, message: '删除成功!' });
  });

  it('refuses deleting a brand that goods use', async () => {
    const admin = adminCaller(demo);
    const brand = (await admin<BrandRecord>('POST', '/api/goods/goodsBrand/add', { name: unique('品牌'), status: '1' })).body.result;
    await addSpu(demo, multiSpu(await freshLeafCategory(demo), [{ properties: colourSize('红色', 'M'), price: 1 }], { brandId: brand.id }));
    expect((await admin('DELETE', `/api/goods/goodsBrand/delete?id=${brand.id}`)).body).toMatchObject({ success: false, message: '该品牌下有商品，不能删除' });
    const unused = (await admin<BrandRecord>('POST', '/api/goods/goodsBrand/add', { name: unique('品牌'), status: '1' })).body.result;
    expect((await admin('DELETE', `/api/goods/goodsBrand/delete?id=${unused.id}`)).body.success).toBe(true);
  });
});

function lastCode(mobile: string): string {
  const line = [...demo.server.logs].reverse().find((message) => message.startsWith(`SMS code for ${mobile}: `));
  if (line === undefined) throw new Error(`no SMS code logged for ${mobile}`);
  return line.slice(`SMS code for ${mobile}: `.length);
}

async function memberToken(mobile: string): Promise<string> {
  await call(demo.app, 'POST', '/api/app/auth/sms', { body: { mobile }, headers: T1 });
  const login = await call<{ token: string }>(demo.app, 'POST', '/api/app/auth/smsLogin', { body: { mobile, code: lastCode(mobile) }, headers: T1 });
  return login.body.result.token;
}

interface Detail extends AppSpuSummary {
  sliderPicUrls: string[];
  description: string | null;
  skus: Array<Pick<SkuRecord, 'id' | 'price' | 'stock'> & { specText: string; picUrl: string }>;
}

describe('the mini-program shop front', () => {
  it('pages and shows on-shelf goods only, with available stock (stock − reserved)', async () => {
    const token = await memberToken('13912340001');
    const member = (method: 'GET', url: string) => call<PageResult<AppSpuSummary>>(demo.app, method, url, { headers: bearer(token) });
    const category = await freshLeafCategory(demo);
    const onShelf = await addSpu(
      demo,
      multiSpu(
        category,
        [
          { properties: colourSize('红色', 'M'), price: '59.90', marketPrice: '79.00', stock: 10, picUrl: 'goods-demo/goods-3.png' },
          { properties: colourSize('红色', 'L'), price: '69.90', stock: 4 },
        ],
        { sliderPicUrls: 'goods-demo/goods-1.png,goods-demo/goods-2.png', virtualSalesCount: 100, keyword: '纯棉', description: '<p>详情</p>' },
      ),
    );
    const offShelf = await addSpu(demo, multiSpu(category, [{ properties: colourSize('蓝色', 'M'), price: 1, stock: 1 }], { status: '0' }));
    const firstSku = onShelf.skus?.[0]?.id ?? '';
    await call(demo.app, 'POST', '/api/goods/goodsStock/adjust', { token: demo.admin, headers: T1, body: { skuId: firstSku, count: 2, reason: '补货' } });
    const { reserveStock } = await import('../../server/stock/moves');
    await demo.app.db.transaction().execute((trx) => reserveStock(trx, 1, [{ skuId: firstSku, count: 5 }]));

    const page = await member('GET', `/api/app/goods/spu/page?categoryId=${category}&pageSize=10`);
    expect(page.body.success).toBe(true);
    expect(page.body.result).toMatchObject({ total: 1, current: 1, size: 10 });
    expect(page.body.result.records[0]).toEqual({ id: onShelf.id, name: onShelf.name, introduction: null, picUrl: 'goods-demo/goods-1.png', price: 59.9, marketPrice: 79, salesCount: 100, stock: 11 });
    // The parent category covers its children; the keyword matches name or keyword.
    const parent = (await adminCaller(demo)<{ parentId: string }>('GET', `/api/goods/goodsCategory/queryById?id=${category}`)).body.result.parentId;
    expect((await member('GET', `/api/app/goods/spu/page?categoryId=${parent}`)).body.result.total).toBe(1);
    expect((await member('GET', `/api/app/goods/spu/page?keyword=${encodeURIComponent('纯棉')}&categoryId=${category}`)).body.result.total).toBe(1);
    expect((await member('GET', '/api/app/goods/spu/page?pageSize=100')).body.result.records.some((row) => row.id === offShelf.id)).toBe(false);

    const detail = await call<Detail>(demo.app, 'GET', `/api/app/goods/spu/detail?id=${onShelf.id}`, { headers: bearer(token) });
    expect(detail.body.result).toMatchObject({ id: onShelf.id, stock: 11, sliderPicUrls: ['goods-demo/goods-1.png', 'goods-demo/goods-2.png'], description: '<p>详情</p>' });
    expect(detail.body.result.skus.map((row) => [row.specText, row.price, row.stock, row.picUrl])).toEqual([
      ['红色/M', 59.9, 7, 'goods-demo/goods-3.png'],
      ['红色/L', 69.9, 4, 'goods-demo/goods-1.png'],
    ]);
    expect((await call(demo.app, 'GET', `/api/app/goods/spu/detail?id=${offShelf.id}`, { headers: bearer(token) })).body).toMatchObject({ success: false, message: '商品不存在或已下架' });
    expect((await call(demo.app, 'GET', '/api/app/goods/spu/detail?id=nope', { headers: bearer(token) })).body).toMatchObject({ success: false, message: '商品不存在或已下架' });
    expect((await call(demo.app, 'GET', '/api/app/goods/spu/page?pageSize=abc', { headers: bearer(token) })).status).toBe(400);
    // Seeded goods are there for the member's shop (tenant 1).
    expect((await member('GET', '/api/app/goods/spu/page')).body.result.total).toBeGreaterThan(100);
  });

  it('refuses a staff token on /app and a member token on /goods', async () => {
    const token = await memberToken('13912340002');
    expect((await call(demo.app, 'GET', '/api/app/goods/spu/page', { headers: bearer(demo.admin) })).status).toBe(401);
    expect((await call(demo.app, 'GET', '/api/app/goods/spu/page', { token: demo.admin })).status).toBe(401);
    expect((await call(demo.app, 'GET', '/api/app/goods/spu/page')).status).toBe(401);
    expect((await call(demo.app, 'GET', `${SPU}/list`, { token, headers: T1 })).status).toBe(401);
    expect((await call(demo.app, 'GET', `${SPU}/list`, { headers: { ...T1, ...bearer(token) } })).status).toBe(401);
    expect((await call(demo.app, 'POST', '/api/goods/goodsStock/adjust', { headers: bearer(token), body: { skuId: 'x', count: 1, reason: 'x' } })).status).toBe(401);
  });

  it('stores the seeded goods pictures where the upload service serves them', async () => {
    const spus = (await adminCaller(demo)<PageResult<{ picUrl: string }>>('GET', `${SPU}/list?pageSize=5`)).body.result.records;
    for (const spu of spus) {
      expect(spu.picUrl).toMatch(/^goods-demo\/goods-\d\.png$/);
      const file = await demo.app.inject({ method: 'GET', url: `/api/sys/common/static/${spu.picUrl}`, headers: { 'x-access-token': demo.admin } });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.rawPayload.subarray(1, 4).toString('ascii')).toBe('PNG');
    }
  });
});
