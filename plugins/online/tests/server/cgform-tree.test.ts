import { describe, expect, it } from 'vitest';
import { call, useDemoServer } from '../../../../tests/server/helpers';
import { parseEntityDefinition } from '../../../../src/contracts/entity';
import { cgformDataApi, CGFORM_API, type CgformEntity } from '../../cgform-api';
import { columnsOf, field, forms, indexesOf, T1, tableName } from './cgform-helpers';

/**
 * Tree tables in the form builder (head isTree 'Y'): the rules of a tree definition, the parent and has-children
 * columns made by 同步数据库, and the engine's tree behaviour through the data API and JeecgBoot's form calls.
 */

const demo = useDemoServer();
const builder = forms(
  () => demo.app,
  () => demo.admin,
);

interface Node {
  id: string;
  name: string;
  pid: string;
  hasChild: string;
}

const treeHead = (name: string, extra: Record<string, unknown> = {}) => ({ tableName: name, tableTxt: '产品分类', tableType: 1 as const, isTree: 'Y' as const, treeFieldname: 'name', ...extra });
const treeFields = () => [field('name', { dbFieldTxt: '名称', dbIsNull: 0, isQuery: 1, orderNum: 1 }), field('code', { dbFieldTxt: '编码', orderNum: 2 })];

describe('a tree definition', () => {
  it('is refused unless a single table, with a label field of its own and engine columns that are not fields', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ tableType: 2 }, '只有单表可以设为树表'],
      [{ treeFieldname: 'title' }, '树表的显示字段不存在：title'],
      [{ treeFieldname: null }, '树表的显示字段不存在：'],
      [{ treeParentIdField: 'code' }, '树表的字段名不合法：code'],
      [{ treeIdField: 'select' }, '树表的字段名不合法：select'],
      [{ treeIdField: 'pid' }, '树表的字段名不合法：pid'],
    ];
    for (const [extra, message] of cases) {
      const answer = await builder.addAll({ head: treeHead(tableName('cgt_bad'), extra), fields: treeFields() });
      expect(answer.body, JSON.stringify(extra)).toMatchObject({ success: false, message });
    }
  });

  it('keeps its tree settings, and its list variant only for a main table', async () => {
    const name = tableName('cgt_keep');
    const added = await builder.addAll({ head: treeHead(name, { treeParentIdField: 'parent_id', treeIdField: 'leaf_flag' }), fields: treeFields() });
    expect(added.body.success, added.body.message).toBe(true);
    expect(await builder.head(added.body.result.id)).toMatchObject({ isTree: 'Y', treeParentIdField: 'parent_id', treeIdField: 'leaf_flag', treeFieldname: 'name', themeTemplate: 'normal' });
    const single = await builder.addAll({ head: { tableName: tableName('cgt_single'), tableType: 1, themeTemplate: 'erp' }, fields: treeFields() });
    expect(await builder.head(single.body.result.id)).toMatchObject({ isTree: 'N', themeTemplate: 'normal' });
    const main = await builder.addAll({ head: { tableName: tableName('cgt_main'), tableType: 2, themeTemplate: 'erp' }, fields: treeFields() });
    expect(await builder.head(main.body.result.id)).toMatchObject({ themeTemplate: 'erp' });
  });
});

describe('a synchronised tree table', () => {
  const code = tableName('cgt_cat');
  let headId = '';
  const data = (route: string) => `/api${cgformDataApi(code)}/${route}`;
  const list = async (query: string) => (await call<{ records: Node[]; total: number }>(demo.app, 'GET', `${data('list')}?pageSize=50&${query}`, { token: demo.admin, headers: T1 })).body.result;
  const names = (page: { records: Node[] }) => page.records.map((row) => row.name).sort();

  it('gets its parent and has-children columns from 同步数据库, the parent indexed', async () => {
    const added = await builder.addAll({ head: treeHead(code), fields: treeFields() });
    expect(added.body.success, added.body.message).toBe(true);
    headId = added.body.result.id;
    const synced = await builder.sync(headId);
    expect(synced.body.result.refused).toEqual([]);
    const columns = await columnsOf(demo.app, code);
    expect(columns.get('pid')?.character_maximum_length).toBe(32);
    expect(columns.has('has_child')).toBe(true);
    expect((await indexesOf(demo.app, code)).some((index) => /\(pid\)/.test(index))).toBe(true);
    // A second run finds nothing to do, and never offers to drop the engine's columns.
    const again = await builder.sync(headId);
    expect(again.body.result).toMatchObject({ statements: [], refused: [] });
  });

  it('is described as a tree to the toolkit', async () => {
    const answer = await call<CgformEntity>(demo.app, 'GET', `/api${CGFORM_API.entity}/${code}`, { token: demo.admin, headers: T1 });
    const entity = parseEntityDefinition(answer.body.result.definition);
    expect(entity.tree).toEqual({ parentField: 'pid', hasChildField: 'hasChild', labelField: 'name' });
    expect(entity.fields.pid).toMatchObject({ form: false, list: false });
    expect(entity.fields.hasChild).toMatchObject({ readonly: true });
  });

  it('adds roots and children through form/{headId} and the data API, lists by pid, refuses deleting a parent', async () => {
    const root = await call<Node>(demo.app, 'POST', `/api${CGFORM_API.form}/${headId}`, { token: demo.admin, headers: T1, body: { name: '电子产品' } });
    expect(root.body.success, root.body.message).toBe(true);
    expect(root.body.result).toMatchObject({ pid: '0', hasChild: '0' });
    const phone = await call<Node>(demo.app, 'POST', data('add'), { token: demo.admin, headers: T1, body: { name: '手机', pid: root.body.result.id } });
    expect(phone.body.success, phone.body.message).toBe(true);
    await call(demo.app, 'POST', data('add'), { token: demo.admin, headers: T1, body: { name: '智能手机', pid: phone.body.result.id } });
    await call(demo.app, 'POST', data('add'), { token: demo.admin, headers: T1, body: { name: '服装' } });

    expect(names(await list(''))).toEqual(['服装', '电子产品']);
    expect(names(await list(`pid=${root.body.result.id}`))).toEqual(['手机']);
    expect(names(await list('name=*手机*'))).toEqual(['手机', '智能手机']);
    const getData = await call<{ records: Node[] }>(demo.app, 'GET', `/api${CGFORM_API.getData}/${headId}?pid=${phone.body.result.id}`, { token: demo.admin, headers: T1 });
    expect(getData.body.result.records.map((row) => row.name)).toEqual(['智能手机']);
    const parent = await call<Node>(demo.app, 'GET', `/api${CGFORM_API.form}/${headId}/${root.body.result.id}`, { token: demo.admin, headers: T1 });
    expect(parent.body.result.hasChild).toBe('1');

    const refused = await call(demo.app, 'DELETE', `/api${CGFORM_API.form}/${headId}/${phone.body.result.id}`, { token: demo.admin, headers: T1 });
    expect(refused.body).toMatchObject({ success: false, message: '该节点下有子节点，不能删除' });
    const missing = await call(demo.app, 'POST', data('add'), { token: demo.admin, headers: T1, body: { name: '孤儿', pid: 'nosuchnode' } });
    expect(missing.body).toMatchObject({ success: false, message: '上级节点不存在' });
  });
});

describe('a single table made a tree later', () => {
  it('gets the engine columns from the next 同步数据库, its rows becoming roots', async () => {
    const code = tableName('cgt_late');
    const added = await builder.addAll({ head: { tableName: code, tableType: 1 }, fields: treeFields() });
    const headId = added.body.result.id;
    expect((await builder.sync(headId)).body.result.refused).toEqual([]);
    const row = await call<Node>(demo.app, 'POST', `/api${cgformDataApi(code)}/add`, { token: demo.admin, headers: T1, body: { name: '旧行' } });
    expect(row.body.success, row.body.message).toBe(true);
    const edited = await builder.editAll(headId, { head: treeHead(code), fields: treeFields() });
    expect(edited.body.success, edited.body.message).toBe(true);
    const synced = await builder.sync(headId);
    expect(synced.body.result.refused).toEqual([]);
    const roots = (await call<{ records: Node[] }>(demo.app, 'GET', `/api${cgformDataApi(code)}/list`, { token: demo.admin, headers: T1 })).body.result.records;
    expect(roots.map((node) => [node.name, node.pid, node.hasChild])).toEqual([['旧行', '0', '0']]);
  });
});

describe('the seeded 产品分类', () => {
  it('is a synchronised tree table with a few levels of rows, its flags kept, in the menu as the tree list', async () => {
    const list = async (query: string) => (await call<{ records: Array<Node & { categoryName: string }> }>(demo.app, 'GET', `/api${cgformDataApi('shop_product_category')}/list?pageSize=50&${query}`, { token: demo.admin, headers: T1 })).body.result.records;
    const roots = await list('');
    expect(roots.map((row) => row.categoryName).sort()).toEqual(['服装', '电子产品', '食品饮料']);
    const electronics = roots.find((row) => row.categoryName === '电子产品');
    expect(electronics?.hasChild).toBe('1');
    const second = await list(`pid=${electronics?.id ?? ''}`);
    expect(second.map((row) => row.categoryName).sort()).toEqual(['手机', '电脑']);
    const phones = second.find((row) => row.categoryName === '手机');
    const leaves = await list(`pid=${phones?.id ?? ''}`);
    expect(leaves.map((row) => [row.categoryName, row.hasChild]).sort()).toEqual([
      ['功能手机', '0'],
      ['智能手机', '0'],
    ]);
    const menu = await demo.app.db.selectFrom('permissions').select('component').where('url', '=', '/online/cgformList/shop_product_category').executeTakeFirst();
    expect(menu?.component).toBe('modules/online/cgform/auto/OnlCgformTreeList');
  });
});
