import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { call, useDemoServer } from '../../../../tests/server/helpers';
import { parseEntityDefinition } from '../../../../src/contracts/entity';
import { cgformDataApi, CGFORM_API, type CgformDefinition, type CgformEntity, type CgformField } from '../../cgform-api';
import { MSG_FORM_NOT_FOUND } from '../../server/cgform/data-routes';
import { field as baseField } from './cgform-helpers';

/**
 * The data side of the form builder: a synchronised form is served by the CRUD engine like any plugin entity (list,
 * add with validation, edit, delete, master-detail rows in one body, tenant scoping), guarded by its own permissions
 * `online:<code>:<action>`, and answered through JeecgBoot's calls by head id too.
 */

const demo = useDemoServer();
const T1 = { 'tenant-id': '1' };
const T2 = { 'tenant-id': '2' };
const RUN = Date.now().toString(36);

interface Page<T> {
  records: T[];
  total: number;
}

/** A field with its label (the shared builder names it after its column). */
const field = (dbFieldName: string, dbFieldTxt: string, extra: Partial<CgformField> = {}): CgformField => baseField(dbFieldName, { dbFieldTxt, ...extra });

async function define(definition: CgformDefinition): Promise<string> {
  const added = await call<{ id?: string } | string | null>(demo.app, 'POST', `/api${CGFORM_API.addAll}`, { token: demo.admin, headers: T1, body: definition });
  expect(added.body.success, added.body.message).toBe(true);
  const head = await sql<{ id: string }>`select id from onl_cgform_head where table_name = ${definition.head.tableName}`.execute(demo.app.db);
  const headId = head.rows[0]?.id ?? '';
  expect(headId).not.toBe('');
  return headId;
}

async function synchronise(headId: string): Promise<void> {
  const synced = await call(demo.app, 'GET', `/api${CGFORM_API.doDbSynch}/${headId}/normal`, { token: demo.admin, headers: T1 });
  expect(synced.body.success, synced.body.message).toBe(true);
}

const data = (code: string, route: string) => `/api${cgformDataApi(code)}/${route}`;

describe('a synchronised single-table form', () => {
  const code = `cg_sup_${RUN}`;
  let headId = '';

  it('is served by the engine: add (validated), list with a filter, edit, delete', async () => {
    headId = await define({
      head: { tableName: code, tableTxt: '测试供应商', tableType: 1, isTenant: 1 },
      fields: [
        field('supplier_name', '供应商名称', { dbIsNull: 0, isQuery: 1, orderNum: 1 }),
        field('credit_limit', '授信额度', { dbType: 'BigDecimal', dbLength: 14, dbPointLength: 2, fieldShowType: 'money', orderNum: 2 }),
        field('remark', '备注', { dbType: 'Text', dbLength: 0, fieldShowType: 'textarea', isShowList: 0, orderNum: 3 }),
      ],
      indexs: [],
    });
    await synchronise(headId);

    const missing = await call(demo.app, 'POST', data(code, 'add'), { token: demo.admin, headers: T1, body: { creditLimit: '10.00' } });
    expect(missing.body.success).toBe(false);
    expect(missing.body.message).toContain('供应商名称');

    const added = await call<{ id: string }>(demo.app, 'POST', data(code, 'add'), { token: demo.admin, headers: T1, body: { supplierName: '华南五金', creditLimit: '1200.50', remark: '月结' } });
    expect(added.body.success, added.body.message).toBe(true);
    expect(added.body.message).toBe('添加成功！');
    const id = added.body.result.id;
    await call(demo.app, 'POST', data(code, 'add'), { token: demo.admin, headers: T1, body: { supplierName: '华东电子' } });

    const filtered = await call<Page<Record<string, unknown>>>(demo.app, 'GET', `${data(code, 'list')}?supplierName=*华南*`, { token: demo.admin, headers: T1 });
    expect(filtered.body.result.total).toBe(1);
    expect(filtered.body.result.records[0]).toMatchObject({ id, supplierName: '华南五金', creditLimit: 1200.5 });

    const version = filtered.body.result.records[0]?.rowVersion;
    const edited = await call(demo.app, 'PUT', data(code, 'edit'), { token: demo.admin, headers: T1, body: { id, supplierName: '华南五金（总店）', creditLimit: '99.90', rowVersion: version } });
    expect(edited.body.message).toBe('编辑成功!');
    const read = await call<Record<string, unknown>>(demo.app, 'GET', `${data(code, 'queryById')}?id=${id}`, { token: demo.admin, headers: T1 });
    expect(read.body.result).toMatchObject({ supplierName: '华南五金（总店）', creditLimit: 99.9, remark: '月结' });
    // A save made from the row read before that edit is refused (issue 32): the runtime table's rows have versions too.
    const stale = await call(demo.app, 'PUT', data(code, 'edit'), { token: demo.admin, headers: T1, body: { id, supplierName: '旧的', rowVersion: version } });
    expect(stale.body).toMatchObject({ success: false, code: 409, message: '数据已被他人修改，请刷新后重试' });

    // Another tenant sees none of it (admin also works in a second shop).
    await sql`insert into tenants (id, name, create_by) values (2, '第二租户', 'test') on conflict do nothing`.execute(demo.app.db);
    await sql`insert into user_tenant (id, user_id, tenant_id) select 'cgformdatatenant2', id, 2 from users where username = 'admin' on conflict do nothing`.execute(demo.app.db);
    const other = await call<Page<unknown>>(demo.app, 'GET', data(code, 'list'), { token: demo.admin, headers: T2 });
    expect(other.body.success, JSON.stringify(other.body)).toBe(true);
    expect(other.body.result.total).toBe(0);

    const removed = await call(demo.app, 'DELETE', `${data(code, 'delete')}?id=${id}`, { token: demo.admin, headers: T1 });
    expect(removed.body.message).toBe('删除成功!');
    const after = await call<Page<unknown>>(demo.app, 'GET', data(code, 'list'), { token: demo.admin, headers: T1 });
    expect(after.body.result.total).toBe(1);
  });

  it('answers its definition for the toolkit, and refuses an unknown form', async () => {
    const entity = await call<CgformEntity>(demo.app, 'GET', `/api${CGFORM_API.entity}/${code}`, { token: demo.admin, headers: T1 });
    expect(entity.body.success, entity.body.message).toBe(true);
    expect(entity.body.result).toMatchObject({ headId, code, title: '测试供应商', tableType: 1 });
    const definition = parseEntityDefinition(entity.body.result.definition);
    expect(definition.api).toBe(cgformDataApi(code));
    expect(definition.fields.remark?.control).toBe('textarea');

    const unknown = await call(demo.app, 'GET', data('no_such_form', 'list'), { token: demo.admin, headers: T1 });
    expect(unknown.body).toMatchObject({ success: false, message: MSG_FORM_NOT_FOUND });
    const hostile = await call(demo.app, 'GET', data('users;drop', 'list'), { token: demo.admin, headers: T1 });
    expect(hostile.status).toBe(400);
  });

  it('is guarded by its own permissions: a clerk without online:<code>:* is refused', async () => {
    for (const [method, route] of [
      ['GET', 'list'],
      ['POST', 'add'],
    ] as const) {
      const refused = await call(demo.app, method, data(code, route), { token: demo.clerk, headers: T1, ...(method === 'POST' ? { body: { supplierName: 'x' } } : {}) });
      expect(refused.status).toBe(403);
    }
    const jeecg = await call(demo.app, 'GET', `/api${CGFORM_API.getData}/${headId}`, { token: demo.clerk, headers: T1 });
    expect(jeecg.status).toBe(403);
  });

  it('answers JeecgBoot\'s calls by head id from the same engine', async () => {
    const columns = await call<{ columns: Array<{ dataIndex: string; title: string }>; description: string }>(demo.app, 'GET', `/api${CGFORM_API.getColumns}/${headId}`, { token: demo.admin, headers: T1 });
    expect(columns.body.result.description).toBe('测试供应商');
    expect(columns.body.result.columns.map((column) => column.dataIndex)).toEqual(['supplierName', 'creditLimit']);

    const formItem = await call<{ schema: { required: string[]; properties: Record<string, { view: string }> } }>(demo.app, 'GET', `/api${CGFORM_API.getFormItem}/${headId}`, { token: demo.admin, headers: T1 });
    expect(formItem.body.result.schema.required).toEqual(['supplierName']);
    expect(formItem.body.result.schema.properties.remark?.view).toBe('textarea');

    const queryInfo = await call<Array<{ field: string }>>(demo.app, 'GET', `/api${CGFORM_API.getQueryInfo}/${headId}`, { token: demo.admin, headers: T1 });
    expect(queryInfo.body.result.map((item) => item.field)).toEqual(['supplierName']);

    const added = await call<{ id: string }>(demo.app, 'POST', `/api${CGFORM_API.form}/${headId}`, { token: demo.admin, headers: T1, body: { supplierName: '西南物流' } });
    expect(added.body.success, added.body.message).toBe(true);
    const id = added.body.result.id;
    await call(demo.app, 'PUT', `/api${CGFORM_API.form}/${headId}`, { token: demo.admin, headers: T1, body: { id, supplierName: '西南物流二部' } });
    const one = await call<Record<string, unknown>>(demo.app, 'GET', `/api${CGFORM_API.form}/${headId}/${id}`, { token: demo.admin, headers: T1 });
    expect(one.body.result.supplierName).toBe('西南物流二部');
    const page = await call<Page<unknown>>(demo.app, 'GET', `/api${CGFORM_API.getData}/${headId}?pageSize=1`, { token: demo.admin, headers: T1 });
    expect(page.body.result.total).toBe(2);
    expect(page.body.result.records).toHaveLength(1);
    const removed = await call(demo.app, 'DELETE', `/api${CGFORM_API.form}/${headId}/${id}`, { token: demo.admin, headers: T1 });
    expect(removed.body.success).toBe(true);
  });
});

describe('a synchronised master-detail form', () => {
  const main = `cg_req_${RUN}`;
  const sub = `cg_req_item_${RUN}`;

  it('saves the record and its rows in one body, validates the rows, and reads them back', async () => {
    const mainHead = await define({
      head: { tableName: main, tableTxt: '测试采购申请', tableType: 2, subTableStr: sub, isTenant: 1 },
      fields: [field('request_no', '申请单号', { dbIsNull: 0, orderNum: 1 })],
      indexs: [],
    });
    await define({
      head: { tableName: sub, tableTxt: '申请明细', tableType: 3, relationType: 0, tabOrderNum: 1, isTenant: 1 },
      fields: [
        field('request_id', '申请单', { mainTable: main, mainField: 'id', isShowForm: 0, isShowList: 0, orderNum: 0, dbLength: 32 }),
        field('sku_name', '商品名称', { dbIsNull: 0, orderNum: 1 }),
        field('qty', '数量', { dbType: 'int', dbLength: 10, dbIsNull: 0, fieldShowType: 'number', orderNum: 2 }),
      ],
      indexs: [],
    });
    await synchronise(mainHead);

    const entity = await call<CgformEntity>(demo.app, 'GET', `/api${CGFORM_API.entity}/${main}`, { token: demo.admin, headers: T1 });
    const definition = parseEntityDefinition(entity.body.result.definition);
    const [key] = Object.keys(definition.children ?? {});
    expect(key).toBeDefined();
    const rowsKey = key ?? '';

    const badRow = await call(demo.app, 'POST', data(main, 'add'), { token: demo.admin, headers: T1, body: { requestNo: 'R1', [rowsKey]: [{ skuName: '螺丝', qty: 5 }, { qty: 2 }] } });
    expect(badRow.body.success).toBe(false);
    expect(badRow.body.message).toMatch(/^申请明细第2行：商品名称/);

    const added = await call<{ id: string }>(demo.app, 'POST', data(main, 'add'), { token: demo.admin, headers: T1, body: { requestNo: 'R2', [rowsKey]: [{ skuName: '螺丝', qty: 5 }, { skuName: '螺母', qty: 8 }] } });
    expect(added.body.success, added.body.message).toBe(true);
    const read = await call<Record<string, unknown>>(demo.app, 'GET', `${data(main, 'queryById')}?id=${added.body.result.id}`, { token: demo.admin, headers: T1 });
    const rows = read.body.result[rowsKey] as Array<Record<string, unknown>>;
    expect(rows.map((row) => [row.skuName, row.qty])).toEqual([
      ['螺丝', 5],
      ['螺母', 8],
    ]);
  });
});
