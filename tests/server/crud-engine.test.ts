/** The generic CRUD engine over a probe entity: list contract, filters, hostile input, permissions, tenants, Excel. */
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEntityTable } from '../../server/crud/table-ddl';
import { registerEntityRoutes } from '../../server/crud/register-entity-routes';
import { businessError } from '../../server/http/envelope';
import { defineServerPlugin } from '../../server/plugin-api';
import { defineEntity, type PageResult } from '../../src/contracts/entity';
import { call, startProbeApp, type ProbeApp } from './helpers';

const probeEntity = defineEntity({
  table: 'probe_items',
  api: '/probe/item',
  permission: 'probe:item',
  tenantScoped: true,
  softDelete: true,
  title: 'probe:title',
  fields: {
    name: { type: 'string', label: 'probe:name', required: true, max: 20, search: 'like', unique: true, sortable: true },
    code: { type: 'string', label: 'probe:code', max: 10, search: 'eq' },
    qty: { type: 'int', label: 'probe:qty', min: 0, search: 'range', sortable: true },
    status: { type: 'dict', label: 'probe:status', dict: 'valid_status', search: 'eq', sortable: true },
    onDate: { type: 'date', label: 'probe:onDate', search: 'range' },
    price: { type: 'decimal', label: 'probe:price' },
  },
});

const labels: Record<string, string> = { 'probe:title': '探针', 'probe:name': '名称', 'probe:code': '编码', 'probe:qty': '数量', 'probe:status': '状态', 'probe:onDate': '日期', 'probe:price': '价格' };

const probe = defineServerPlugin({
  name: 'probe',
  migrations: { '0001_items': { up: (db) => createEntityTable(db, probeEntity) } },
  register: async (api) => {
    await registerEntityRoutes(api, probeEntity, {
      labels: (key) => labels[key],
      // A business rule beyond the field checks: an import records it for its row and goes on.
      beforeWrite: (values) => {
        if (values.name === 'refused-by-rule') throw businessError('规则拒绝了这一行');
        return values;
      },
    });
  },
});

type Item = { id: string; name: string; code: string | null; qty: number | null; status: string | null; status_dictText: string | null; onDate: string | null; tenantId: number };

let probeApp: ProbeApp;
let app: FastifyInstance;
let admin: string;
let clerk: string;
const T1 = { 'tenant-id': '1' };
const T2 = { 'tenant-id': '2' };

async function add(body: Record<string, unknown>, headers = T1) {
  return call<Item>(app, 'POST', '/api/probe/item/add', { token: admin, body, headers });
}

async function list(query: string, headers = T1) {
  const response = await call<PageResult<Item>>(app, 'GET', `/api/probe/item/list?${query}`, { token: admin, headers });
  expect(response.status).toBe(200);
  return response.body;
}

beforeAll(async () => {
  probeApp = await startProbeApp([probe], 'crud');
  ({ app, admin, clerk } = probeApp);
  for (let index = 1; index <= 25; index += 1) {
    const response = await add({ name: `item-${String(index).padStart(2, '0')}`, code: index % 2 === 0 ? 'even' : 'odd', qty: index, status: index % 3 === 0 ? '0' : '1', onDate: `2024-01-${String(index).padStart(2, '0')}` });
    expect(response.body.success, JSON.stringify(response.body)).toBe(true);
  }
  await add({ name: '100%_off', code: 'pct', qty: 0, status: '1' });
});

afterAll(async () => {
  await probeApp.close();
});

describe('list contract', () => {
  it('pages with the default size and reports records, total, size, current, pages', async () => {
    const body = await list('');
    expect(body.result.records).toHaveLength(10);
    expect(body.result).toMatchObject({ total: 26, size: 10, current: 1, pages: 3 });
    const third = await list('pageNo=3&pageSize=10');
    expect(third.result.records).toHaveLength(6);
    expect((await list('pageSize=5000')).result.size).toBe(1000);
  });

  it('sorts only on sortable fields, mapping _dictText back', async () => {
    const ascending = await list('column=qty&order=asc&pageSize=3');
    expect(ascending.result.records.map((r) => r.qty)).toEqual([0, 1, 2]);
    const descending = await list('column=qty&order=desc&pageSize=2');
    expect(descending.result.records.map((r) => r.qty)).toEqual([25, 24]);
    const byDict = await list('column=status_dictText&order=asc&pageSize=30');
    expect(byDict.result.records[0]?.status).toBe('0');
    expect(byDict.result.records[0]?.status_dictText).toBe('无效');
  });

  it('applies the value rules of simple filters on declared search fields', async () => {
    expect((await list('name=*item-1*')).result.total).toBe(10);
    expect((await list('name=item-2*')).result.total).toBe(6);
    expect((await list('name=*5')).result.total).toBe(3);
    expect((await list('code=even')).result.total).toBe(12);
    expect((await list('code=!even')).result.total).toBe(14);
    expect((await list('code=even,pct')).result.total).toBe(13);
    expect((await list('qty_begin=10&qty_end=12')).result.total).toBe(3);
    expect((await list('onDate_begin=2024-01-20')).result.total).toBe(6);
    expect((await list(`name=${encodeURIComponent('*%*')}`)).result.total).toBe(1);
    expect((await list(`name=${encodeURIComponent('*_*')}`)).result.total).toBe(1);
    expect((await list('status=0')).result.total).toBe(8);
    // A field that is not a search field is ignored.
    expect((await list('id=x&tenantId=2&createBy=nobody')).result.total).toBe(26);
  });

  it('applies the super query with and/or and drops unknown fields and rules', async () => {
    const conditions = [
      { field: 'qty', rule: 'ge', val: '20' },
      { field: 'code', rule: 'eq', val: 'odd' },
      { field: 'password', rule: 'eq', val: 'x' },
      { field: 'name', rule: 'exists', val: 'x' },
    ];
    const query = encodeURIComponent(encodeURI(JSON.stringify(conditions)));
    expect((await list(`superQueryParams=${query}`)).result.total).toBe(3);
    expect((await list(`superQueryParams=${query}&superQueryMatchType=or`)).result.total).toBe(16);
  });

  it('never lets hostile sort columns, filter names or values reach SQL', async () => {
    const hostile = ["' or 1=1--", ';drop table probe_items', '"quoted"', 'a.b', 'qty;delete from users', 'create_time desc,(select 1)'];
    for (const value of hostile) {
      const sorted = await list(`column=${encodeURIComponent(value)}&order=${encodeURIComponent(value)}`);
      expect(sorted.success).toBe(true);
      expect(sorted.result.total).toBe(26);
      const filtered = await list(`${encodeURIComponent(value)}=1&name=${encodeURIComponent(value)}`);
      expect(filtered.success).toBe(true);
      expect(filtered.result.total).toBe(0);
      const superQuery = encodeURIComponent(JSON.stringify([{ field: value, rule: 'eq', val: '1' }, { field: 'name', rule: value, val: '1' }]));
      expect((await list(`superQueryParams=${superQuery}`)).result.total).toBe(26);
    }
    const badNumber = await call(app, 'GET', `/api/probe/item/list?qty_begin=${encodeURIComponent("1' or '1'='1")}`, { token: admin, headers: T1 });
    expect(badNumber.status).toBe(400);
    expect(badNumber.body).toMatchObject({ success: false, message: '参数校验失败：qty_begin 必须是整数' });
    expect((await app.db.selectFrom('users').select('id').execute()).length).toBeGreaterThan(0);
  });
});

describe('writes and validation', () => {
  it('adds, edits, reads and deletes with the conventions messages', async () => {
    const created = await add({ name: 'fresh', qty: 3, status: '1' });
    expect(created.body.message).toBe('添加成功！');
    const id = created.body.result.id;
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    const edited = await call<Item>(app, 'PUT', '/api/probe/item/edit', { token: admin, headers: T1, body: { id, qty: 4 } });
    expect(edited.body.message).toBe('编辑成功!');
    expect(edited.body.result.qty).toBe(4);
    expect(edited.body.result.name).toBe('fresh');
    const byPost = await call<Item>(app, 'POST', '/api/probe/item/edit', { token: admin, headers: T1, body: { id, code: 'c' } });
    expect(byPost.body.success).toBe(true);
    const read = await call<Item>(app, 'GET', `/api/probe/item/queryById?id=${id}`, { token: admin, headers: T1 });
    expect(read.body.result).toMatchObject({ name: 'fresh', qty: 4, code: 'c', status_dictText: '有效' });
    const removed = await call(app, 'DELETE', `/api/probe/item/delete?id=${id}`, { token: admin, headers: T1 });
    expect(removed.body.message).toBe('删除成功!');
    const gone = await call(app, 'GET', `/api/probe/item/queryById?id=${id}`, { token: admin, headers: T1 });
    expect(gone.body).toMatchObject({ success: false, message: '未找到对应数据' });
    // Soft delete: the name is free again.
    expect((await add({ name: 'fresh' })).body.success).toBe(true);
  });

  it('validates required, length, types, dictionary values and uniqueness', async () => {
    expect((await add({ qty: 1 })).body).toMatchObject({ success: false, message: '名称不能为空' });
    // Length and range come from the definition through the route schema: 400, named by the field's label.
    const long = await add({ name: 'x'.repeat(21) });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ success: false, code: 400, message: '参数校验失败：名称 长度不能超过20个字符' });
    expect((await add({ name: 'neg', qty: -1 })).body).toMatchObject({ code: 400, message: '参数校验失败：数量 不能小于0' });
    expect((await add({ name: 'nul', code: 'a\u0000b' })).body).toMatchObject({ code: 400, message: '参数校验失败：编码 含有不允许的控制字符' });
    expect((await add({ name: 'huge', qty: 1e12 })).body).toMatchObject({ code: 400, message: '参数校验失败：数量 不能大于2147483647' });
    expect((await add({ name: 'frac', qty: 1.5 })).body.message).toBe('数量必须是整数');
    expect((await add({ name: 'dict', status: '9' })).body.message).toBe('状态的值不在字典中');
    expect((await add({ name: 'date', onDate: '2024-02-30' })).body.message).toBe('日期的日期格式不正确');
    expect((await add({ name: 'item-01' })).body).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
    expect((await add({ name: 'hex', price: '0x1F' })).body.message).toBe('价格必须是数字');
    expect((await add({ name: 'word', price: '12元' })).body.message).toBe('价格必须是数字');
  });

  it('keeps every digit of a decimal: read as a decimal, not a binary float', async () => {
    const exact = await add({ name: 'exact', price: '12345678901234.5678' });
    expect(exact.body.success).toBe(true);
    const read = await call<Item & { price: unknown }>(app, 'GET', `/api/probe/item/queryById?id=${exact.body.result.id}`, { token: admin, headers: T1 });
    // Number('12345678901234.5678') would be 12345678901234.568.
    expect(String(read.body.result.price)).toBe('12345678901234.5678');
    expect((await add({ name: 'over', price: '100000000000000' })).body.message).toContain('价格');
  });

  it('batch-deletes ids with a trailing comma', async () => {
    const a = (await add({ name: 'batch-a' })).body.result.id;
    const b = (await add({ name: 'batch-b' })).body.result.id;
    const response = await call(app, 'DELETE', `/api/probe/item/deleteBatch?ids=${a},${b},`, { token: admin, headers: T1 });
    expect(response.body.message).toBe('批量删除成功!');
    expect((await list('name=batch-*')).result.total).toBe(0);
  });
});

describe('permissions and tenants', () => {
  it('answers 403 to a user without the route permission, for every route', async () => {
    const routes: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string]> = [
      ['GET', '/api/probe/item/list'],
      ['GET', '/api/probe/item/queryById?id=x'],
      ['POST', '/api/probe/item/add'],
      ['PUT', '/api/probe/item/edit'],
      ['POST', '/api/probe/item/edit'],
      ['DELETE', '/api/probe/item/delete?id=x'],
      ['DELETE', '/api/probe/item/deleteBatch?ids=x,'],
      ['GET', '/api/probe/item/exportXls'],
      ['POST', '/api/probe/item/importExcel'],
    ];
    for (const [method, url] of routes) {
      const response = await call(app, method, url, { token: clerk, ...(method === 'POST' || method === 'PUT' ? { body: { name: 'x' } } : {}) });
      expect(response.status, `${method} ${url}`).toBe(403);
    }
    const declared = app.routeAccess.filter((route) => route.url.startsWith('/api/probe/item/'));
    expect(declared.map((route) => route.access)).toContainEqual({ permission: 'probe:item:importExcel' });
  });

  it("keeps another tenant's rows invisible and unchangeable, even by id", async () => {
    const other = await add({ name: 'tenant-two', qty: 1 }, T2);
    expect(other.body.success).toBe(true);
    const id = other.body.result.id;
    expect(other.body.result.tenantId).toBe(2);
    expect((await list('name=tenant-two')).result.total).toBe(0);
    expect((await list('name=tenant-two', T2)).result.total).toBe(1);
    expect((await call(app, 'GET', `/api/probe/item/queryById?id=${id}`, { token: admin, headers: T1 })).body.success).toBe(false);
    expect((await call(app, 'PUT', '/api/probe/item/edit', { token: admin, headers: T1, body: { id, qty: 9 } })).body.message).toBe('未找到对应数据');
    expect((await call(app, 'DELETE', `/api/probe/item/delete?id=${id}`, { token: admin, headers: T1 })).body.message).toBe('未找到对应数据');
    expect((await call(app, 'DELETE', `/api/probe/item/deleteBatch?ids=${id},`, { token: admin, headers: T1 })).body.success).toBe(false);
    // The same name is free in another tenant; a forged tenant the user does not belong to is refused.
    expect((await add({ name: 'item-01' }, T2)).body.success).toBe(true);
    expect((await call(app, 'GET', '/api/probe/item/list', { token: admin, headers: { 'tenant-id': '3' } })).status).toBe(403);
    const still = await call<Item>(app, 'GET', `/api/probe/item/queryById?id=${id}`, { token: admin, headers: T2 });
    expect(still.body.result.qty).toBe(1);
  });
});

describe('Excel', () => {
  it('exports the filtered rows as a real xlsx with labels and dictionary texts', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/probe/item/exportXls?code=even&column=qty&order=asc', headers: { 'x-access-token': admin, ...T1 } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(String(response.headers['content-disposition'])).toMatch(/^attachment;/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).getCell(1).text).toBe('探针');
    expect(sheet?.getRow(3).values).toEqual([undefined, '名称', '编码', '数量', '状态', '日期', '价格']);
    expect(sheet?.rowCount).toBe(3 + 12);
    expect(sheet?.getRow(4).getCell(1).text).toBe('item-02');
    expect(sheet?.getRow(4).getCell(4).text).toBe('有效');
  });

  it('exports only the selections when given', async () => {
    const ids = (await list('pageSize=2&column=qty&order=asc')).result.records.map((r) => r.id);
    const response = await app.inject({ method: 'GET', url: `/api/probe/item/exportXls?selections=${ids.join(',')}`, headers: { 'x-access-token': admin, ...T1 } });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]?.rowCount).toBe(5);
  });

  async function upload(rows: unknown[][]) {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('data');
    sheet.addRow(['探针']);
    sheet.addRow(['导出人:admin']);
    sheet.addRow(['名称', '编码', '数量', '状态']);
    for (const row of rows) sheet.addRow(row);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const boundary = '----probe-boundary';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="items.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await app.inject({ method: 'POST', url: '/api/probe/item/importExcel', payload, headers: { 'x-access-token': admin, ...T1, 'content-type': `multipart/form-data; boundary=${boundary}` } });
    return { status: response.statusCode, body: response.json<{ success: boolean; code: number; message: string; result: { errors: Array<{ row: number; message: string }> } | null }>() };
  }

  it('imports every valid row', async () => {
    const response = await upload([
      ['imp-1', 'i', 1, '有效'],
      ['imp-2', 'i', 2, '0'],
    ]);
    expect(response.body).toMatchObject({ success: true, code: 200, message: '文件导入成功！数据行数：2' });
    const imported = await list('code=i&column=qty&order=asc');
    expect(imported.result.records.map((r) => [r.name, r.status])).toEqual([
      ['imp-1', '1'],
      ['imp-2', '0'],
    ]);
  });

  it('imports the valid rows and answers 201 with per-row errors when some fail', async () => {
    const response = await upload([
      ['imp-3', 'j', 3, '有效'],
      ['', 'j', 4, '有效'],
      ['imp-1', 'j', 5, '有效'],
      ['imp-6', 'j', 'many', '有效'],
    ]);
    expect(response.body.success).toBe(true);
    expect(response.body.code).toBe(201);
    expect(response.body.result?.errors.map((error) => error.row)).toEqual([5, 6, 7]);
    expect(response.body.result?.errors[0]?.message).toBe('第5行：名称不能为空');
    expect(response.body.result?.errors[1]?.message).toContain('该值不可用，系统中已存在！');
    expect((await list('code=j')).result.total).toBe(1);
  });

  it('records a business refusal from beforeWrite for its row and imports the rows after it', async () => {
    const response = await upload([
      ['imp-k1', 'k', 1, '有效'],
      ['refused-by-rule', 'k', 2, '有效'],
      ['imp-k3', 'k', 3, '有效'],
    ]);
    expect(response.body, response.body.message).toMatchObject({ success: true, code: 201 });
    expect(response.body.result?.errors).toEqual([{ row: 5, message: '第5行：规则拒绝了这一行' }]);
    expect((await list('code=k')).result.total).toBe(2);
  });

  it('refuses a file that is not a workbook', async () => {
    const boundary = '----probe-boundary';
    const payload = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.xlsx"\r\n\r\nnot a workbook\r\n--${boundary}--\r\n`);
    const response = await app.inject({ method: 'POST', url: '/api/probe/item/importExcel', payload, headers: { 'x-access-token': admin, ...T1, 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(response.json<{ success: boolean }>().success).toBe(false);
  });
});
