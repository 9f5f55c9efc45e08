/**
 * Master-detail in the CRUD engine (issue 10): a record's child rows travel in its add/edit body, are validated by
 * their own definition, and are saved with it in one transaction; queryById returns them in order; a delete removes
 * them; a tenant never reaches another's rows.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEntityTable } from '../../server/crud/table-ddl';
import { registerEntityRoutes } from '../../server/crud/register-entity-routes';
import { defineServerPlugin } from '../../server/plugin-api';
import { defineEntity, parseEntityDefinition } from '../../src/contracts/entity';
import { call, startProbeApp, type ProbeApp } from './helpers';

const lineEntity = defineEntity({
  table: 'probe_order_line',
  api: '/probe/orderLine',
  permission: 'probe:order',
  tenantScoped: true,
  fields: {
    orderId: { type: 'ref', label: 'probe:orderId', form: false, list: false },
    goodsName: { type: 'string', label: 'probe:goodsName', required: true, max: 20 },
    qty: { type: 'int', label: 'probe:qty', required: true, min: 1 },
    price: { type: 'decimal', label: 'probe:price', min: 0 },
  },
});

const orderEntity = defineEntity({
  table: 'probe_order',
  api: '/probe/order',
  permission: 'probe:order',
  tenantScoped: true,
  fields: { orderNo: { type: 'string', label: 'probe:orderNo', required: true, max: 20, unique: true, search: 'eq' } },
  children: { lines: { entity: lineEntity, foreignKey: 'orderId', label: 'probe:lines', max: 3 } },
});

const labels: Record<string, string> = { 'probe:orderNo': '单号', 'probe:lines': '明细', 'probe:goodsName': '商品名称', 'probe:qty': '数量', 'probe:price': '单价', 'probe:orderId': '订单' };

const probe = defineServerPlugin({
  name: 'probe',
  migrations: {
    '0001_orders': {
      up: async (db) => {
        await createEntityTable(db, orderEntity);
        await createEntityTable(db, lineEntity);
      },
    },
  },
  register: async (api) => {
    await registerEntityRoutes(api, orderEntity, { labels: (key) => labels[key] });
  },
});

type Line = { id: string; goodsName: string; qty: number; price: number | null; orderId: string };
type Order = { id: string; orderNo: string; lines: Line[] };

let probeApp: ProbeApp;
let app: FastifyInstance;
let admin: string;
const T1 = { 'tenant-id': '1' };
const T2 = { 'tenant-id': '2' };

const add = (body: Record<string, unknown>, headers = T1) => call<Order>(app, 'POST', '/api/probe/order/add', { token: admin, body, headers });
const edit = (body: Record<string, unknown>, headers = T1) => call<Order>(app, 'PUT', '/api/probe/order/edit', { token: admin, body, headers });
const read = (id: string, headers = T1) => call<Order>(app, 'GET', `/api/probe/order/queryById?id=${id}`, { token: admin, headers });
const storedLines = async () => (await sql<{ n: number }>`select count(*)::int as n from probe_order_line`.execute(app.db)).rows[0]?.n ?? 0;

beforeAll(async () => {
  probeApp = await startProbeApp([probe], 'crud-children');
  ({ app, admin } = probeApp);
});

afterAll(async () => {
  await probeApp.close();
});

describe('a record with its child rows', () => {
  it('adds the record and its rows together, and reads them back in the order given', async () => {
    const answer = await add({ orderNo: 'A-1', lines: [{ goodsName: '苹果', qty: 2, price: '3.50' }, { goodsName: '香蕉', qty: 1 }] });
    expect(answer.body.success, JSON.stringify(answer.body)).toBe(true);
    const order = (await read(answer.body.result.id)).body.result;
    expect(order.lines.map((line) => [line.goodsName, line.qty, line.price, line.orderId])).toEqual([
      ['苹果', 2, 3.5, order.id],
      ['香蕉', 1, null, order.id],
    ]);
  });

  it('refuses a bad row with its row number and the field’s message, and writes nothing', async () => {
    const before = await storedLines();
    const answer = await add({ orderNo: 'A-2', lines: [{ goodsName: '苹果', qty: 2 }, { goodsName: '', qty: 0 }] });
    expect(answer.body).toMatchObject({ success: false, message: '明细第2行：商品名称不能为空' });
    const tooMany = await add({ orderNo: 'A-2', lines: [1, 2, 3, 4].map((n) => ({ goodsName: `g${n}`, qty: n })) });
    expect(tooMany.status).toBe(400);
    expect(await storedLines()).toBe(before);
    const list = await call<{ total: number }>(app, 'GET', '/api/probe/order/list?orderNo=A-2', { token: admin, headers: T1 });
    expect(list.body.result.total).toBe(0);
  });

  it('rolls the record back when a row cannot be stored (one transaction)', async () => {
    const before = await storedLines();
    // Valid for the checks, too long for the column (a row the database refuses after the parent was written).
    await sql`alter table probe_order_line add constraint probe_qty_small check (qty < 100)`.execute(app.db);
    try {
      const answer = await add({ orderNo: 'A-3', lines: [{ goodsName: '苹果', qty: 500 }] });
      expect(answer.body.success, JSON.stringify(answer.body)).toBe(false);
    } finally {
      await sql`alter table probe_order_line drop constraint probe_qty_small`.execute(app.db);
    }
    expect(await storedLines()).toBe(before);
    const list = await call<{ total: number }>(app, 'GET', '/api/probe/order/list?orderNo=A-3', { token: admin, headers: T1 });
    expect(list.body.result.total).toBe(0);
  });

  it('edits: keeps rows by id, adds new ones, removes the missing, and leaves rows alone when the body has none', async () => {
    const created = (await add({ orderNo: 'E-1', lines: [{ goodsName: '甲', qty: 1 }, { goodsName: '乙', qty: 2 }, { goodsName: '丙', qty: 3 }] })).body.result;
    const [first, , third] = created.lines;
    const edited = await edit({ id: created.id, orderNo: 'E-1', lines: [{ id: first?.id, goodsName: '甲', qty: 10 }, { goodsName: '丁', qty: 4 }, { id: third?.id, goodsName: '丙', qty: 3 }] });
    expect(edited.body.success, JSON.stringify(edited.body)).toBe(true);
    const after = (await read(created.id)).body.result.lines;
    expect(after.map((line) => [line.goodsName, line.qty])).toEqual([
      ['甲', 10],
      ['丙', 3],
      ['丁', 4],
    ]);
    expect(after[0]?.id).toBe(first?.id);
    // A row id the record does not own is a new row, never another record's row.
    const foreign = (await add({ orderNo: 'E-2', lines: [{ goodsName: '外', qty: 1 }] })).body.result.lines[0]?.id;
    await edit({ id: created.id, orderNo: 'E-1', lines: [{ id: foreign, goodsName: '冒充', qty: 1 }] });
    expect((await read(created.id)).body.result.lines.map((line) => line.goodsName)).toEqual(['冒充']);
    const e2 = (await call<{ records: Order[] }>(app, 'GET', '/api/probe/order/list?orderNo=E-2', { token: admin, headers: T1 })).body.result.records[0];
    expect((await read(e2?.id ?? '')).body.result.lines.map((line) => line.goodsName)).toEqual(['外']);
    // No lines key: the rows stay as they are.
    await edit({ id: created.id, orderNo: 'E-1b' });
    expect((await read(created.id)).body.result.lines.map((line) => line.goodsName)).toEqual(['冒充']);
  });

  it('deletes the rows with the record, and keeps each tenant’s rows to itself', async () => {
    const created = (await add({ orderNo: 'D-1', lines: [{ goodsName: '甲', qty: 1 }] })).body.result;
    expect((await read(created.id, T2)).body.success).toBe(false);
    const before = await storedLines();
    const removed = await call(app, 'DELETE', `/api/probe/order/delete?id=${created.id}`, { token: admin, headers: T1 });
    expect(removed.body).toMatchObject({ success: true });
    expect(await storedLines()).toBe(before - 1);
  });
});

describe('a definition from the wire', () => {
  it('parses children like fields, and refuses a child without its foreign key', () => {
    const parsed = parseEntityDefinition(JSON.parse(JSON.stringify(orderEntity)));
    expect(parsed.children?.lines?.foreignKey).toBe('orderId');
    const broken = JSON.parse(JSON.stringify(orderEntity)) as { children: { lines: { foreignKey: string } } };
    broken.children.lines.foreignKey = 'missing';
    expect(() => parseEntityDefinition(broken)).toThrow(/no foreign key/);
  });
});
