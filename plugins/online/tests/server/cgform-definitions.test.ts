import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { call, useDemoServer } from '../../../../tests/server/helpers';
import type { CgformField, CgformHead, CgformIndex } from '../../cgform-api';
import { columnsOf, field, forms, T1, tableName } from './cgform-helpers';

/** 表单开发 on the server: definitions (name rules, addAll / editAll / lists / delete), enhancement history, permissions, the seed. */

const demo = useDemoServer();
const admin = forms(() => demo.app, () => demo.admin);

describe('defining a form', () => {
  it('refuses bad, reserved and taken table names and bad field names with their exact messages', async () => {
    const cases: Array<[string, string]> = [
      ['sys_user', '表名不合法：sys_user'],
      ['pg_class', '表名不合法：pg_class'],
      ['select', '表名不合法：select'],
      ['Bad_Name', '表名不合法：Bad_Name'],
      ['users', '表名已存在'],
      ['cust_member', '表名已存在'],
      ['shop_supplier', '表名已存在'],
    ];
    for (const [name, message] of cases) {
      const { body } = await admin.addAll({ head: { tableName: name }, fields: [field('title')] });
      expect(body.success, name).toBe(false);
      expect(body.message, name).toBe(message);
    }
    for (const bad of ['id', 'create_time', 'tenant_id', 'del_flag', 'order', 'Title', 'a-b']) {
      const { body } = await admin.addAll({ head: { tableName: tableName('t') }, fields: [field(bad)] });
      expect(body.message, bad).toBe(`字段名不合法：${bad}`);
    }
    const duplicate = await admin.addAll({ head: { tableName: tableName('t') }, fields: [field('title'), field('title')] });
    expect(duplicate.body.message).toBe('字段名重复：title');
    const badIndex = await admin.addAll({ head: { tableName: tableName('t') }, fields: [field('title')], indexs: [{ indexName: 'ix_x', indexField: 'nope', indexType: 'normal' }] });
    expect(badIndex.body.message).toBe('索引字段不存在：nope');
    // Nothing of the refused definitions was kept.
    const kept = await sql<{ n: string }>`select count(*)::text as n from onl_cgform_head where table_name in ('sys_user', 'select', 'users', 'cust_member')`.execute(demo.app.db);
    expect(kept.rows[0]?.n).toBe('0');
  });

  it('adds, lists, reads and edits a definition; an edit marks it not synchronised', async () => {
    const name = tableName('def');
    const added = await admin.addAll({
      head: { tableName: name, tableTxt: '定义测试', isTenant: 1 },
      fields: [field('title', { dbIsNull: 0, orderNum: 1 }), field('qty', { dbType: 'int', dbLength: 10, orderNum: 2 }), field('note', { orderNum: 3 })],
      indexs: [{ indexName: 'uq_title', indexField: 'title', indexType: 'unique' }],
    });
    expect(added.body.success, added.body.message).toBe(true);
    const id = added.body.result.id;

    const list = await call<{ records: CgformHead[]; total: number }>(demo.app, 'GET', `/api/online/cgform/head/list?tableName=${name}`, { token: demo.admin, headers: T1 });
    expect(list.body.result.total).toBe(1);
    expect(list.body.result.records[0]).toMatchObject({ id, tableName: name, tableTxt: '定义测试', tableType: 1, isDbSynch: 'N', isTenant: 1 });

    const fields = await call<CgformField[]>(demo.app, 'GET', `/api/online/cgform/field/listByHeadId?headId=${id}`, { token: demo.admin, headers: T1 });
    expect(fields.body.result.map((f) => [f.dbFieldName, f.dbType, f.dbIsNull])).toEqual([
      ['title', 'string', 0],
      ['qty', 'int', 1],
      ['note', 'string', 1],
    ]);
    const indexes = await call<CgformIndex[]>(demo.app, 'GET', `/api/online/cgform/index/listByHeadId?headId=${id}`, { token: demo.admin, headers: T1 });
    expect(indexes.body.result.map((index) => [index.indexName, index.indexField, index.indexType])).toEqual([['uq_title', 'title', 'unique']]);

    // Synchronised, then edited: the whole body is the definition (note removed, remark added).
    expect((await admin.sync(id)).body.success).toBe(true);
    const read = await admin.head(id);
    expect(read.isDbSynch).toBe('Y');
    expect(read.rowVersion).toMatch(/^[0-9]+$/);
    const edited = await admin.editAll(id, { head: { tableName: name, tableTxt: '定义测试2', isTenant: 1, rowVersion: read.rowVersion }, fields: [field('title', { dbIsNull: 0, orderNum: 1 }), field('qty', { dbType: 'int', dbLength: 10, orderNum: 2 }), field('remark', { orderNum: 3 })] });
    expect(edited.body.success, edited.body.message).toBe(true);
    // A designer opened before that save is refused (issue 32): its fields never replace the saved ones.
    const stale = await admin.editAll(id, { head: { tableName: name, tableTxt: '旧设计', rowVersion: read.rowVersion }, fields: [field('title')] });
    expect(stale.body).toMatchObject({ success: false, code: 409, message: '数据已被他人修改，请刷新后重试' });
    const after = await admin.head(id);
    expect(after).toMatchObject({ tableTxt: '定义测试2', isDbSynch: 'N' });
    const fieldsAfter = await call<CgformField[]>(demo.app, 'GET', `/api/online/cgform/field/listByHeadId?headId=${id}`, { token: demo.admin, headers: T1 });
    expect(fieldsAfter.body.result.map((f) => f.dbFieldName)).toEqual(['title', 'qty', 'remark']);
    // indexs left out of the body: removed.
    const indexesAfter = await call<CgformIndex[]>(demo.app, 'GET', `/api/online/cgform/index/listByHeadId?headId=${id}`, { token: demo.admin, headers: T1 });
    expect(indexesAfter.body.result).toEqual([]);

    // A synchronised table keeps its name.
    const renamed = await admin.editAll(id, { head: { tableName: tableName('other') }, fields: [field('title')] });
    expect(renamed.body.message).toBe('已同步数据库的表不能修改表名');
  });

  it('deletes a definition: refused while a main table has sub tables; the table stays unless dropTable=true', async () => {
    const mainName = tableName('m');
    const subName = `${mainName}_item`;
    const main = await admin.addAll({ head: { tableName: mainName, tableType: 2 }, fields: [field('title')] });
    const sub = await admin.addAll({ head: { tableName: subName, tableTxt: '明细', tableType: 3 }, fields: [field('main_id', { dbLength: 32, mainTable: mainName, mainField: 'id' }), field('sku')] });
    expect(sub.body.success, sub.body.message).toBe(true);
    expect((await admin.head(main.body.result.id)).subTableStr).toBe(subName);
    expect((await admin.sync(main.body.result.id)).body.success).toBe(true);

    const refused = await admin.call('DELETE', `/online/cgform/head/delete?id=${main.body.result.id}`);
    expect(refused.body.message).toBe('请先删除附表：明细');

    // Definition only: the sub table's real table stays.
    expect((await admin.call('DELETE', `/online/cgform/head/delete?id=${sub.body.result.id}`)).body.success).toBe(true);
    expect((await columnsOf(demo.app, subName)).has('sku')).toBe(true);
    expect((await admin.head(main.body.result.id)).subTableStr).toBeNull();
    // And its name is now taken by a table that is no form's.
    expect((await admin.addAll({ head: { tableName: subName }, fields: [field('x1')] })).body.message).toBe('表名已存在');

    const dropped = await admin.call('DELETE', `/online/cgform/head/delete?id=${main.body.result.id}&dropTable=true`);
    expect(dropped.body.success, dropped.body.message).toBe(true);
    expect((await columnsOf(demo.app, mainName)).size).toBe(0);
    expect((await admin.call('GET', `/online/cgform/head/queryById?id=${main.body.result.id}`)).body.message).toBe('表单不存在');
  });

  it('takes JeecgBoot\'s bodies as they come: extra keys ignored, no orderNum keeps the order sent', async () => {
    const name = tableName('jb');
    const { body } = await call<{ id: string }>(demo.app, 'POST', '/api/online/cgform/api/addAll', {
      token: demo.admin,
      headers: T1,
      body: {
        head: { tableName: name, tableTxt: 'JeecgBoot', tableType: 1, formTemplate: '1', isCheckbox: 'Y' },
        fields: [
          { dbFieldName: 'b_name', dbFieldTxt: 'B', dbType: 'string', dbLength: 20, dbIsNull: 1, isShowForm: 1, isShowList: 1, isQuery: 0, fieldShowType: 'text', isReadOnly: 0, fieldLength: 120 },
          { dbFieldName: 'a_name', dbFieldTxt: 'A', dbType: 'string', dbLength: 20, dbIsNull: 1, isShowForm: 1, isShowList: 1, isQuery: 0, fieldShowType: 'text' },
        ],
        indexs: [],
      },
    });
    expect(body.success, body.message).toBe(true);
    const fields = await call<CgformField[]>(demo.app, 'GET', `/api/online/cgform/field/listByHeadId?headId=${body.result.id}`, { token: demo.admin, headers: T1 });
    expect(fields.body.result.map((f) => [f.dbFieldName, f.orderNum])).toEqual([
      ['b_name', 0],
      ['a_name', 1],
    ]);
  });

  it('refuses a control that does not fit the column type', async () => {
    const { body } = await admin.addAll({ head: { tableName: tableName('ctl') }, fields: [field('price', { fieldShowType: 'money' })] });
    expect(body.message).toBe('控件类型与字段类型不符：price');
  });

  it('a sub table needs an existing main table and exactly one link field', async () => {
    const missing = await admin.addAll({ head: { tableName: tableName('s'), tableType: 3 }, fields: [field('main_id', { mainTable: 'no_such_main', mainField: 'id' })] });
    expect(missing.body.message).toBe('主表不存在：no_such_main');
    const name = tableName('s');
    const unlinked = await admin.addAll({ head: { tableName: name, tableType: 3 }, fields: [field('sku')] });
    expect(unlinked.body.message).toBe(`附表 ${name} 需要一个关联主表的字段（mainTable / mainField）`);
  });
});

describe('JavaScript enhancement', () => {
  it('keeps every save as history, at most 16 per form and type, newest first', async () => {
    const added = await admin.addAll({ head: { tableName: tableName('js') }, fields: [field('title')] });
    const headId = added.body.result.id;
    const empty = await call<{ cgJs: string | null }>(demo.app, 'GET', `/api/online/cgform/head/enhanceJs?headId=${headId}&type=form`, { token: demo.admin, headers: T1 });
    expect(empty.body.result.cgJs).toBeNull();
    for (let version = 1; version <= 18; version += 1) {
      const saved = await call(demo.app, 'POST', '/api/online/cgform/head/enhanceJs', { token: demo.admin, headers: T1, body: { headId, cgJsType: 'form', cgJs: `// v${version}` } });
      expect(saved.body.success, saved.body.message).toBe(true);
    }
    await call(demo.app, 'POST', '/api/online/cgform/head/enhanceJs', { token: demo.admin, headers: T1, body: { headId, cgJsType: 'list', cgJs: '// list v1' } });

    const history = await call<Array<{ cgJs: string }>>(demo.app, 'GET', `/api/online/cgform/head/enhanceJs/history?headId=${headId}&type=form`, { token: demo.admin, headers: T1 });
    expect(history.body.result).toHaveLength(16);
    expect(history.body.result[0]?.cgJs).toBe('// v18');
    expect(history.body.result[15]?.cgJs).toBe('// v3');
    const current = await call<{ cgJs: string | null }>(demo.app, 'GET', `/api/online/cgform/head/enhanceJs?headId=${headId}&type=form`, { token: demo.admin, headers: T1 });
    expect(current.body.result.cgJs).toBe('// v18');
    const list = await call<Array<{ cgJs: string }>>(demo.app, 'GET', `/api/online/cgform/head/enhanceJs/history?headId=${headId}&type=list`, { token: demo.admin, headers: T1 });
    expect(list.body.result.map((row) => row.cgJs)).toEqual(['// list v1']);
  });
});

describe('permissions', () => {
  it('a clerk without the 表单开发 buttons gets 403 on every definition call', async () => {
    const added = await admin.addAll({ head: { tableName: tableName('perm') }, fields: [field('title')] });
    const id = added.body.result.id;
    const clerk = forms(() => demo.app, () => demo.clerk);
    expect((await clerk.call('GET', '/online/cgform/head/list')).status).toBe(403);
    expect((await clerk.call('GET', `/online/cgform/field/listByHeadId?headId=${id}`)).status).toBe(403);
    expect((await clerk.addAll({ head: { tableName: tableName('perm') }, fields: [field('title')] })).status).toBe(403);
    expect((await clerk.editAll(id, { head: { tableName: 'x_y' }, fields: [field('title')] })).status).toBe(403);
    expect((await clerk.sync(id)).status).toBe(403);
    expect((await clerk.call('GET', `/online/cgform/head/syncLog?headId=${id}`)).status).toBe(403);
    expect((await clerk.call('GET', `/online/cgform/head/enhanceJs?headId=${id}&type=form`)).status).toBe(403);
    expect((await clerk.call('POST', '/online/cgform/head/enhanceJs', { headId: id, cgJsType: 'form', cgJs: '1' })).status).toBe(403);
    expect((await clerk.call('DELETE', `/online/cgform/head/delete?id=${id}`)).status).toBe(403);
    expect((await admin.head(id)).tableName).toBeDefined();
  });
});

describe('the seeded forms', () => {
  it('are defined, synchronised (tenant-scoped tables), and reachable from 在线开发 with their buttons', async () => {
    const list = await call<{ records: CgformHead[] }>(demo.app, 'GET', '/api/online/cgform/head/list?tableName=shop_&pageSize=50', { token: demo.admin, headers: T1 });
    const byName = new Map(list.body.result.records.map((head) => [head.tableName, head]));
    expect(byName.get('shop_supplier')).toMatchObject({ tableTxt: '供应商', tableType: 1, isDbSynch: 'Y', isTenant: 1 });
    expect(byName.get('shop_purchase_request')).toMatchObject({ tableTxt: '采购申请', tableType: 2, isDbSynch: 'Y', subTableStr: 'shop_purchase_request_item' });
    expect(byName.get('shop_purchase_request_item')).toMatchObject({ tableType: 3, isDbSynch: 'Y', isTenant: 1 });
    const subs = await call<{ records: CgformHead[] }>(demo.app, 'GET', '/api/online/cgform/head/list?tableType=3&tableTxt=采购申请&pageSize=50', { token: demo.admin, headers: T1 });
    expect(subs.body.result.records.map((head) => head.tableName)).toEqual(['shop_purchase_request_item']);
    const item = await columnsOf(demo.app, 'shop_purchase_request_item');
    expect([...item.keys()].sort()).toEqual(['create_by', 'create_time', 'id', 'price', 'quantity', 'request_id', 'sku_name', 'tenant_id', 'update_by', 'update_time']);
    expect(item.get('price')?.data_type).toBe('numeric');
    expect((await columnsOf(demo.app, 'shop_supplier')).get('tenant_id')?.is_nullable).toBe('NO');

    const menus = await sql<{ url: string; component: string }>`select url, component from permissions where url in ('/online/cgformList/shop_supplier', '/online/cgformList/shop_purchase_request') order by url`.execute(demo.app.db);
    expect(menus.rows).toEqual([
      { url: '/online/cgformList/shop_purchase_request', component: 'modules/online/cgform/auto/OnlCgformAutoList' },
      { url: '/online/cgformList/shop_supplier', component: 'modules/online/cgform/auto/OnlCgformAutoList' },
    ]);
    const buttons = await sql<{ perms: string }>`select perms from permissions where perms like 'online:shop_supplier:%' order by perms`.execute(demo.app.db);
    expect(buttons.rows.map((row) => row.perms)).toEqual(['add', 'delete', 'deleteBatch', 'edit', 'exportXls', 'importExcel', 'list'].map((action) => `online:shop_supplier:${action}`));
  });
});
