/**
 * Tree entities in the CRUD engine (EntityDefinition.tree): one level per list call (`?pid=`), the roots by
 * default, every level when searching; the has-children flag kept by the engine with each add, move and delete;
 * no row under a missing parent or under itself; no row deleted from under its children; tenants apart.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEntityTable } from '../../server/crud/table-ddl';
import { registerEntityRoutes } from '../../server/crud/register-entity-routes';
import { defineServerPlugin } from '../../server/plugin-api';
import { defineEntity } from '../../src/contracts/entity';
import { call, startProbeApp, type ProbeApp } from './helpers';

const regionEntity = defineEntity({
  table: 'probe_region',
  api: '/probe/region',
  permission: 'probe:region',
  tenantScoped: true,
  fields: {
    name: { type: 'string', label: 'probe:name', required: true, max: 50, search: 'like' },
    pid: { type: 'string', label: 'probe:pid', max: 32, form: false, list: false },
    hasChild: { type: 'string', label: 'probe:hasChild', max: 3, readonly: true, form: false, list: false },
  },
  tree: { parentField: 'pid', hasChildField: 'hasChild', labelField: 'name' },
});

const labels: Record<string, string> = { 'probe:name': '名称', 'probe:pid': '上级', 'probe:hasChild': '有下级' };

const probe = defineServerPlugin({
  name: 'probe',
  migrations: { '0001_regions': { up: (db) => createEntityTable(db, regionEntity) } },
  register: async (api) => {
    await registerEntityRoutes(api, regionEntity, { labels: (key) => labels[key] });
  },
});

type Region = { id: string; name: string; pid: string; hasChild: string };
type Page = { records: Region[]; total: number };

let probeApp: ProbeApp;
let app: FastifyInstance;
let admin: string;
const T1 = { 'tenant-id': '1' };
const T2 = { 'tenant-id': '2' };

const add = (body: Record<string, unknown>, headers = T1) => call<Region>(app, 'POST', '/api/probe/region/add', { token: admin, body, headers });
const edit = (body: Record<string, unknown>, headers = T1) => call<Region>(app, 'PUT', '/api/probe/region/edit', { token: admin, body, headers });
const remove = (id: string, headers = T1) => call(app, 'DELETE', `/api/probe/region/delete?id=${id}`, { token: admin, headers });
const list = async (query: string, headers = T1) => (await call<Page>(app, 'GET', `/api/probe/region/list?pageSize=100&${query}`, { token: admin, headers })).body.result;
const names = (page: Page) => page.records.map((row) => row.name).sort();
const byId = async (id: string) => (await call<Region>(app, 'GET', `/api/probe/region/queryById?id=${id}`, { token: admin, headers: T1 })).body.result;
const added = async (name: string, pid?: string) => {
  const answer = await add({ name, ...(pid === undefined ? {} : { pid }) });
  expect(answer.body.success, JSON.stringify(answer.body)).toBe(true);
  return answer.body.result;
};

beforeAll(async () => {
  probeApp = await startProbeApp([probe], 'crud-tree');
  ({ app, admin } = probeApp);
});

afterAll(async () => {
  await probeApp.close();
});

describe('a tree entity', () => {
  it('lists the roots by default, a row’s children by pid, and matching rows of every level when searching', async () => {
    const china = await added('中国');
    expect([china.pid, china.hasChild]).toEqual(['0', '0']);
    const zhejiang = await added('浙江', china.id);
    const hangzhou = await added('杭州', zhejiang.id);
    await added('江苏', china.id);
    await added('日本', '');
    expect(names(await list(''))).toEqual(['中国', '日本']);
    expect(names(await list('pid=0'))).toEqual(['中国', '日本']);
    expect(names(await list(`pid=${china.id}`))).toEqual(['江苏', '浙江']);
    expect(names(await list(`pid=${zhejiang.id}`))).toEqual(['杭州']);
    // Several expanded rows' children in one call.
    expect(names(await list(`pid=${china.id},${zhejiang.id}`))).toEqual(['杭州', '江苏', '浙江']);
    expect(names(await list('name=*杭*'))).toEqual(['杭州']);
    // The flag follows the children.
    expect((await byId(china.id)).hasChild).toBe('1');
    expect((await byId(zhejiang.id)).hasChild).toBe('1');
    expect((await byId(hangzhou.id)).hasChild).toBe('0');
    const bad = await call(app, 'GET', '/api/probe/region/list?pid=a%27b', { token: admin, headers: T1 });
    expect(bad.status).toBe(400);
  });

  it('ignores a has-children flag sent by the client', async () => {
    const leaf = await add({ name: '冒充', hasChild: '1' });
    expect(leaf.body.result.hasChild).toBe('0');
    const edited = await edit({ id: leaf.body.result.id, name: '冒充', hasChild: '1' });
    expect(edited.body.result.hasChild).toBe('0');
  });

  it('refuses a parent that does not exist, or lives in another tenant', async () => {
    const missing = await add({ name: '孤儿', pid: 'nosuchparent' });
    expect(missing.body).toMatchObject({ success: false, message: '上级节点不存在' });
    const other = (await add({ name: '他国' }, T2)).body.result;
    const foreign = await add({ name: '越界', pid: other.id });
    expect(foreign.body).toMatchObject({ success: false, message: '上级节点不存在' });
    expect((await list('name=越界')).total).toBe(0);
    expect(names(await list('', T2))).toEqual(['他国']);
  });

  it('refuses deleting a row with children, and clears the parent’s flag with its last child', async () => {
    const parent = await added('删父');
    const child = await added('删子', parent.id);
    const refused = await remove(parent.id);
    expect(refused.body).toMatchObject({ success: false, message: '该节点下有子节点，不能删除' });
    expect((await byId(parent.id)).name).toBe('删父');
    const batch = await call(app, 'DELETE', `/api/probe/region/deleteBatch?ids=${parent.id},`, { token: admin, headers: T1 });
    expect(batch.body).toMatchObject({ success: false, message: '该节点下有子节点，不能删除' });
    expect((await remove(child.id)).body).toMatchObject({ success: true });
    expect((await byId(parent.id)).hasChild).toBe('0');
    expect((await remove(parent.id)).body).toMatchObject({ success: true });
    // A whole branch at once leaves nothing behind.
    const top = await added('整枝');
    const leaf = await added('整枝叶', top.id);
    const whole = await call(app, 'DELETE', `/api/probe/region/deleteBatch?ids=${leaf.id},${top.id}`, { token: admin, headers: T1 });
    expect(whole.body).toMatchObject({ success: true });
  });

  it('moves a row: both parents’ flags follow, a row never goes under itself or its descendants', async () => {
    const a = await added('甲');
    const b = await added('乙');
    const a1 = await added('甲一', a.id);
    const a11 = await added('甲一一', a1.id);
    const moved = await edit({ id: a1.id, name: '甲一', pid: b.id });
    expect(moved.body.success, JSON.stringify(moved.body)).toBe(true);
    expect((await byId(a.id)).hasChild).toBe('0');
    expect((await byId(b.id)).hasChild).toBe('1');
    expect(names(await list(`pid=${b.id}`))).toEqual(['甲一']);
    const self = await edit({ id: a1.id, name: '甲一', pid: a1.id });
    expect(self.body).toMatchObject({ success: false, message: '不能将节点移动到其自身或其下级节点之下' });
    const descendant = await edit({ id: a1.id, name: '甲一', pid: a11.id });
    expect(descendant.body).toMatchObject({ success: false, message: '不能将节点移动到其自身或其下级节点之下' });
    expect((await byId(a1.id)).pid).toBe(b.id);
    // Back to the root: a blank parent is the root, the old parent loses its flag.
    const root = await edit({ id: a1.id, name: '甲一', pid: '' });
    expect(root.body.result.pid).toBe('0');
    expect((await byId(b.id)).hasChild).toBe('0');
    // An edit that leaves the parent out leaves it where it is.
    await edit({ id: a11.id, name: '甲一一改' });
    expect((await byId(a11.id)).pid).toBe(a1.id);
  });
});
