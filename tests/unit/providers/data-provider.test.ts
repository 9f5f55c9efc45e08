import type { CrudFilter } from '@refinedev/core';
import { describe, expect, it, vi } from 'vitest';
import type { ApiResult } from '../../../src/contracts/envelope';
import { buildListQuery, createDataProvider } from '../../../src/providers/data-provider';
import type { DataHttp } from '../../../src/providers/data-provider';
import { fail, ok } from './mock-adapter';

function fakeHttp(answer: (method: string, url: string, payload: unknown) => ApiResult<unknown>) {
  const call = (method: string) =>
    vi.fn((url: string, payload?: unknown) => Promise.resolve(answer(method, url, payload)));
  const http = {
    get: call('get'),
    post: call('post'),
    put: call('put'),
    delete: call('delete'),
    request: vi.fn((req: { method: string; url: string; data?: unknown }) => Promise.resolve(answer(req.method, req.url, req.data))),
  };
  return { http, provider: createDataProvider(http as unknown as DataHttp) };
}

function queryFor(filters: CrudFilter[]) {
  return buildListQuery({ filters });
}

describe('getList', () => {
  it('GETs {meta.api}/list with pageNo/pageSize/column/order and reads records/total', async () => {
    const { http, provider } = fakeHttp(() => ok({ records: [{ id: '1' }], total: 31, size: 10, current: 2, pages: 4 }));
    const page = await provider.getList({
      resource: 'brand',
      pagination: { currentPage: 2, pageSize: 20 },
      sorters: [{ field: 'create_time', order: 'asc' }],
      meta: { api: '/goods/goodsBrand' },
    });
    expect(page).toEqual({ data: [{ id: '1' }], total: 31 });
    expect(http.get).toHaveBeenCalledWith('/goods/goodsBrand/list', {
      pageNo: 2,
      pageSize: 20,
      column: 'createTime',
      order: 'asc',
    });
  });

  it('falls back to /{resource}, page 1 size 10, and to a plain array result', async () => {
    const { http, provider } = fakeHttp(() => ok([{ id: 'a' }, { id: 'b' }]));
    const page = await provider.getList({ resource: 'sys/role' });
    expect(page).toEqual({ data: [{ id: 'a' }, { id: 'b' }], total: 2 });
    expect(http.get).toHaveBeenCalledWith('/sys/role/list', { pageNo: 1, pageSize: 10 });
  });

  it('several sorters become a comma list with the first direction', () => {
    expect(
      buildListQuery({
        sorters: [
          { field: 'sort_no', order: 'desc' },
          { field: 'name', order: 'asc' },
        ],
      }),
    ).toMatchObject({ column: 'sortNo,name', order: 'desc' });
  });

  it.each<[CrudFilter, Record<string, unknown>]>([
    [{ field: 'status', operator: 'eq', value: '1' }, { status: '1' }],
    [{ field: 'name', operator: 'contains', value: 'ab' }, { name: '*ab*' }],
    [{ field: 'name', operator: 'startswith', value: 'ab' }, { name: 'ab*' }],
    [{ field: 'name', operator: 'endswith', value: 'ab' }, { name: '*ab' }],
    [{ field: 'type', operator: 'in', value: ['a', 'b'] }, { type: 'a,b' }],
    [{ field: 'type', operator: 'ne', value: 'x' }, { type: '!x' }],
    [{ field: 'price', operator: 'gte', value: 10 }, { price_begin: 10 }],
    [{ field: 'price', operator: 'lte', value: 99 }, { price_end: 99 }],
    [{ field: 'price', operator: 'gt', value: 10 }, { price_begin: 10 }],
    [{ field: 'price', operator: 'lt', value: 99 }, { price_end: 99 }],
    [{ field: 'day', operator: 'between', value: ['2024-01-01', '2024-01-31'] }, { day_begin: '2024-01-01', day_end: '2024-01-31' }],
  ])('filter %j → %j', (filter, expected) => {
    expect(queryFor([filter])).toEqual({ pageNo: 1, pageSize: 10, ...expected });
  });

  it('strips empty filter values and flattens `and` groups', () => {
    expect(
      queryFor([
        { field: 'a', operator: 'eq', value: '' },
        { field: 'b', operator: 'contains', value: undefined },
        { field: 'c', operator: 'in', value: [] },
        { field: 'd', operator: 'between', value: ['', '9'] },
        { operator: 'and', value: [{ field: 'e', operator: 'eq', value: 1 }] },
      ]),
    ).toEqual({ pageNo: 1, pageSize: 10, d_end: '9', e: 1 });
  });

  it('passes superQueryParams and the match type through meta', () => {
    const conditions = [{ field: 'name', rule: 'like', val: 'x' }];
    expect(buildListQuery({ meta: { superQueryParams: conditions, superQueryMatchType: 'or' } })).toMatchObject({
      superQueryParams: encodeURI(JSON.stringify(conditions)),
      superQueryMatchType: 'or',
    });
    expect(buildListQuery({ meta: { superQueryParams: '%5B%5D' } })).toMatchObject({ superQueryParams: '%5B%5D' });
  });

  it('a success:false envelope rejects with an HttpError {message, statusCode}', async () => {
    const { provider } = fakeHttp(() => fail('没有权限，请联系管理员授权', 510));
    await expect(provider.getList({ resource: 'x' })).rejects.toMatchObject({
      message: '没有权限，请联系管理员授权',
      statusCode: 510,
    });
  });
});

describe('CRUD', () => {
  const meta = { api: '/goods/goodsBrand' };

  it('getOne → GET queryById?id=', async () => {
    const { http, provider } = fakeHttp(() => ok({ id: '9', name: 'n' }));
    await expect(provider.getOne({ resource: 'brand', id: '9', meta })).resolves.toEqual({ data: { id: '9', name: 'n' } });
    expect(http.get).toHaveBeenCalledWith('/goods/goodsBrand/queryById', { id: '9' });
  });

  it('create → POST add; update → PUT edit with the id in the body', async () => {
    const { http, provider } = fakeHttp(() => ok(null, '添加成功！'));
    await provider.create({ resource: 'brand', variables: { name: 'n' }, meta });
    expect(http.post).toHaveBeenCalledWith('/goods/goodsBrand/add', { name: 'n' });
    await provider.update({ resource: 'brand', id: '9', variables: { name: 'm' }, meta });
    expect(http.put).toHaveBeenCalledWith('/goods/goodsBrand/edit', { name: 'm', id: '9' });
  });

  it('deleteOne → DELETE delete?id=; deleteMany → DELETE deleteBatch?ids=a,b', async () => {
    const { http, provider } = fakeHttp(() => ok(null));
    await provider.deleteOne({ resource: 'brand', id: '9', meta });
    expect(http.delete).toHaveBeenCalledWith('/goods/goodsBrand/delete', { id: '9' });
    await provider.deleteMany?.({ resource: 'brand', ids: ['a', 'b'], meta });
    expect(http.delete).toHaveBeenCalledWith('/goods/goodsBrand/deleteBatch', { ids: 'a,b' });
  });

  it('getMany uses queryByIds when meta says so, else parallel queryById', async () => {
    const { http, provider } = fakeHttp((_method, url, payload) =>
      url.endsWith('queryByIds') ? ok([{ id: 'a' }, { id: 'b' }]) : ok({ id: (payload as { id: string }).id }),
    );
    await expect(provider.getMany?.({ resource: 'brand', ids: ['a', 'b'], meta: { ...meta, queryByIds: true } })).resolves.toEqual({
      data: [{ id: 'a' }, { id: 'b' }],
    });
    expect(http.get).toHaveBeenCalledWith('/goods/goodsBrand/queryByIds', { ids: 'a,b' });
    await expect(provider.getMany?.({ resource: 'brand', ids: ['a', 'b'], meta })).resolves.toEqual({
      data: [{ id: 'a' }, { id: 'b' }],
    });
    expect(http.get).toHaveBeenCalledWith('/goods/goodsBrand/queryById', { id: 'b' });
  });

  it('custom → http.request with the caller-chosen method', async () => {
    const { http, provider } = fakeHttp(() => ok({ done: true }));
    await expect(provider.custom?.({ url: '/sys/user/frozenBatch', method: 'put', payload: { ids: 'a' } })).resolves.toEqual({
      data: { done: true },
      message: '',
      code: 200,
    });
    expect(http.request).toHaveBeenCalledWith(expect.objectContaining({ method: 'put', url: '/sys/user/frozenBatch', data: { ids: 'a' } }));
  });

  it("writes answer the server's message beside the data (the toolkit shows it)", async () => {
    const { provider } = fakeHttp(() => ok(null, '添加成功！'));
    await expect(provider.create({ resource: 'brand', variables: { name: 'n' }, meta })).resolves.toMatchObject({ data: { name: 'n' }, message: '添加成功！' });
    await expect(provider.deleteOne({ resource: 'brand', id: '9', meta })).resolves.toMatchObject({ data: { id: '9' }, message: '添加成功！' });
  });

  it('custom with meta.download answers the Blob; meta.upload posts the file with its progress; meta.query are the parameters', async () => {
    const { http } = fakeHttp(() => ok({ imported: 2, skipped: 1, errors: [{ row: 3, message: '必填' }] }, '导入完成'));
    const blob = new Blob(['x']);
    const withFiles = { ...http, download: vi.fn(() => Promise.resolve(blob)), upload: vi.fn(() => Promise.resolve(ok({ imported: 2, skipped: 1, errors: [{ row: 3, message: '必填' }] }, '导入完成'))) };
    const files = createDataProvider(withFiles as unknown as DataHttp);
    await expect(files.custom?.({ url: '/goods/goodsBrand/exportXls', method: 'get', meta: { download: true, query: { name: '*a*' } } })).resolves.toEqual({ data: blob });
    expect(withFiles.download).toHaveBeenCalledWith('/goods/goodsBrand/exportXls', { name: '*a*' });
    const progress: number[] = [];
    const file = new Blob(['sheet']);
    await expect(files.custom?.({ url: '/goods/goodsBrand/importExcel', method: 'post', meta: { upload: { file, fileName: 'a.xlsx', onProgress: (percent: number) => progress.push(percent) }, query: { importId: 'import-0001' } } })).resolves.toMatchObject({
      data: { imported: 2, skipped: 1 },
      message: '导入完成',
    });
    const [url, form, options] = withFiles.upload.mock.calls[0] as unknown as [string, FormData, { onProgress: (percent: number) => void; params: unknown }];
    expect(url).toBe('/goods/goodsBrand/importExcel');
    // The import's id travels in the query: the server reports the import's progress under it.
    expect(options.params).toEqual({ importId: 'import-0001' });
    expect(form.get('file')).toBeInstanceOf(Blob);
    options.onProgress(40);
    expect(progress).toEqual([40]);
  });

  it('update failure rejects with the server message', async () => {
    const { provider } = fakeHttp(() => fail('编辑失败'));
    await expect(provider.update({ resource: 'brand', id: '1', variables: {}, meta })).rejects.toMatchObject({
      message: '编辑失败',
      statusCode: 500,
    });
  });

  it('getApiUrl is the API base', () => {
    const { provider } = fakeHttp(() => ok(null));
    expect(provider.getApiUrl()).toBe('/api');
  });
});
