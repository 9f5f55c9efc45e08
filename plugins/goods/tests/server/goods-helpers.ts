import type { PageResult } from '../../../../src/contracts/entity';
import { call, type DemoServer } from '../../../../tests/server/helpers';
import type { CategoryRecord, SkuInput, SkuRecord, SpuRecord, StockRecordRecord } from '../../entities';

/** Calls and fixtures the goods server tests share. */

export const T1 = { 'tenant-id': '1' };
export const SPU = '/api/goods/goodsSpu';
export const STOCK = '/api/goods/goodsStock';
export const CATEGORY = '/api/goods/goodsCategory';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export function adminCaller(demo: DemoServer) {
  return <T>(method: Method, url: string, body?: unknown) => call<T>(demo.app, method, url, { token: demo.admin, headers: T1, ...(body !== undefined ? { body } : {}) });
}

let sequence = 0;
export const unique = (prefix: string) => {
  sequence += 1;
  return `${prefix}${Date.now() % 100_000}-${sequence}`;
};

/** A fresh level-2 category (under a fresh root), so goods tests own their category. */
export async function freshLeafCategory(demo: DemoServer): Promise<string> {
  const admin = adminCaller(demo);
  const root = await admin<CategoryRecord>('POST', `${CATEGORY}/add`, { name: unique('根'), parentId: '0', sort: 1, status: '1' });
  const child = await admin<CategoryRecord>('POST', `${CATEGORY}/add`, { name: unique('子'), parentId: root.body.result.id, sort: 1, status: '1' });
  if (!child.body.success) throw new Error(JSON.stringify(child.body));
  return child.body.result.id;
}

export const colourSize = (colour: string, size: string) => [
  { propertyName: '颜色', valueName: colour },
  { propertyName: '尺码', valueName: size },
];

export function multiSpu(categoryId: string, skus: SkuInput[], extra: Record<string, unknown> = {}) {
  return { name: unique('测试T恤'), picUrl: 'goods-demo/goods-1.png', categoryId, specType: '1', status: '1', skus, ...extra };
}

export async function addSpu(demo: DemoServer, body: unknown): Promise<SpuRecord> {
  const added = await adminCaller(demo)<SpuRecord>('POST', `${SPU}/add`, body);
  if (!added.body.success) throw new Error(JSON.stringify(added.body));
  return added.body.result;
}

export async function spuById(demo: DemoServer, id: string): Promise<SpuRecord> {
  return (await adminCaller(demo)<SpuRecord>('GET', `${SPU}/queryById?id=${id}`)).body.result;
}

export async function listTotal(demo: DemoServer, url: string): Promise<number> {
  return (await adminCaller(demo)<PageResult<unknown>>('GET', url)).body.result.total;
}

/** A fresh SPU with one SKU per opening stock given (low-stock threshold 5). */
export async function freshSkus(demo: DemoServer, ...stocks: number[]): Promise<{ spu: SpuRecord; skus: SkuRecord[] }> {
  const category = await freshLeafCategory(demo);
  const sizes = ['S', 'M', 'L', 'XL'];
  const spu = await addSpu(demo, multiSpu(category, stocks.map((stock, index) => ({ properties: colourSize('红色', sizes[index] ?? 'S'), price: '10.00', stock, lowStock: 5 }))));
  return { spu, skus: spu.skus ?? [] };
}

/** A SKU's stock records, oldest first. */
export async function stockRecords(demo: DemoServer, skuId: string): Promise<StockRecordRecord[]> {
  const answer = await adminCaller(demo)<PageResult<StockRecordRecord>>('GET', `/api/goods/goodsStockRecord/list?skuId=${skuId}&column=createTime&order=asc&pageSize=100`);
  return answer.body.result.records;
}
