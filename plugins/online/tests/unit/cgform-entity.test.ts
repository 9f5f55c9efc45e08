import { describe, expect, it } from 'vitest';
import { parseEntityDefinition } from '../../../../src/contracts/entity';
import type { CgformDefinition, CgformField } from '../../cgform-api';
import { field as plainField } from '../cgform-fixtures';
import { cgformEntity, cgformFieldKey, checkDefinition, checkFieldName, checkTableName } from '../../server/cgform/entity';

const field = (dbFieldName: string, extra: Partial<CgformField> = {}): CgformField => plainField(dbFieldName, { dbFieldTxt: `${dbFieldName}标题`, ...extra });

const main: CgformDefinition = {
  head: { tableName: 'demo_request', tableTxt: '申请', tableType: 2, isTenant: 1 },
  fields: [
    field('req_name', { dbIsNull: 0, isQuery: 1, orderNum: 1 }),
    field('level', { dictField: 'sex', fieldShowType: 'radio', isQuery: 1, orderNum: 2 }),
    field('remark', { dbType: 'Text', dbLength: 0, fieldShowType: 'textarea', isShowList: 0, orderNum: 3 }),
    field('amount', { dbType: 'BigDecimal', dbLength: 14, dbPointLength: 2, fieldShowType: 'money', isQuery: 1, queryMode: 'group', orderNum: 4 }),
    field('qty', { dbType: 'int', dbLength: 10, fieldShowType: 'number', orderNum: 5 }),
    field('enabled', { dbLength: 1, fieldShowType: 'switch', orderNum: 6 }),
    field('apply_date', { dbType: 'Date', dbLength: 0, fieldShowType: 'date', orderNum: 7 }),
    field('done_at', { dbType: 'Datetime', dbLength: 0, fieldShowType: 'datetime', isShowList: 0, orderNum: 8 }),
    field('photo', { dbLength: 500, fieldShowType: 'image', orderNum: 9 }),
    field('attachment', { dbLength: 500, fieldShowType: 'file', orderNum: 10 }),
    field('content', { dbType: 'Text', dbLength: 0, fieldShowType: 'umeditor', isShowList: 0, orderNum: 11 }),
    field('code', { dbLength: 32, orderNum: 0 }),
  ],
  indexs: [{ indexName: 'uq_code', indexField: 'code', indexType: 'unique' }],
};
const sub: CgformDefinition = {
  head: { tableName: 'demo_request_item', tableTxt: '申请明细', tableType: 3, tabOrderNum: 1 },
  fields: [
    field('request_id', { dbLength: 32, mainTable: 'demo_request', mainField: 'id', isShowForm: 0, isShowList: 0 }),
    field('sku_name', { dbIsNull: 0, orderNum: 1 }),
    field('price', { dbType: 'double', dbLength: 10, dbPointLength: 2, fieldShowType: 'money', orderNum: 2 }),
  ],
  indexs: [],
};

describe('cgformEntity', () => {
  it('translates a master-detail definition into an entity the engine accepts from the wire', () => {
    const entity = cgformEntity(main, [sub]);
    const parsed = parseEntityDefinition(JSON.parse(JSON.stringify(entity)));
    expect(parsed.table).toBe('demo_request');
    expect(parsed.api).toBe('/online/cgform/data/demo_request');
    expect(parsed.permission).toBe('online:demo_request');
    expect(parsed.title).toBe('申请');
    expect(parsed.tenantScoped).toBe(true);
    // Ordered by orderNum, keyed by the camelCase of the column.
    expect(Object.keys(parsed.fields)).toEqual(['code', 'reqName', 'level', 'remark', 'amount', 'qty', 'enabled', 'applyDate', 'doneAt', 'photo', 'attachment', 'content']);
    expect(parsed.fields.code).toEqual({ type: 'string', label: 'code标题', column: 'code', max: 32, list: true, form: true, sortable: true, unique: true });
    expect(parsed.fields.reqName).toMatchObject({ type: 'string', column: 'req_name', required: true, search: 'like', max: 50 });
    expect(parsed.fields.level).toMatchObject({ type: 'dict', dict: 'sex', control: 'radio', search: 'eq' });
    expect(parsed.fields.remark).toMatchObject({ type: 'text', control: 'textarea', list: false });
    expect(parsed.fields.remark?.search).toBeUndefined();
    expect(parsed.fields.amount).toMatchObject({ type: 'decimal', search: 'range', sortable: true });
    expect(parsed.fields.qty).toMatchObject({ type: 'int' });
    expect(parsed.fields.enabled).toMatchObject({ type: 'string', control: 'switch' });
    expect(parsed.fields.applyDate).toMatchObject({ type: 'date', column: 'apply_date' });
    expect(parsed.fields.doneAt).toMatchObject({ type: 'datetime', list: false });
    expect(parsed.fields.photo).toMatchObject({ type: 'image', max: 500 });
    expect(parsed.fields.attachment).toMatchObject({ type: 'file', max: 500 });
    expect(parsed.fields.content).toMatchObject({ type: 'text', control: 'richtext' });
    const child = parsed.children?.demoRequestItem;
    expect(child?.label).toBe('申请明细');
    expect(child?.foreignKey).toBe('requestId');
    expect(child?.entity.table).toBe('demo_request_item');
    expect(child?.entity.tenantScoped).toBe(true);
    expect(child?.entity.fields.requestId).toMatchObject({ type: 'ref', column: 'request_id', form: false, list: false });
    expect(child?.entity.fields.price).toMatchObject({ type: 'decimal' });
  });

  it('a radio without a dictionary keeps the plain control; a single table has no children', () => {
    const entity = cgformEntity({ head: { tableName: 'plain_t', tableTxt: 'P', tableType: 1, isTenant: 0 }, fields: [field('a_b', { fieldShowType: 'radio' })], indexs: [] }, []);
    expect(entity.children).toBeUndefined();
    expect(entity.tenantScoped).toBeUndefined();
    expect(entity.fields.aB?.control).toBeUndefined();
  });
});

describe('name rules', () => {
  it('refuses bad, reserved and system table names', () => {
    for (const name of ['Users', '1abc', 'a', 'select', 'sys_user', 'pg_class', 'onl_cgform_head', 'a-b', 'x'.repeat(64)]) {
      expect(() => checkTableName(name), name).toThrow(`表名不合法：${name}`);
    }
    expect(() => checkTableName('shop_supplier')).not.toThrow();
  });

  it('refuses bad field names, the engine columns and reserved words', () => {
    for (const name of ['id', 'create_by', 'create_time', 'update_by', 'update_time', 'tenant_id', 'del_flag', 'order', 'Name', '_x', 'a b']) {
      expect(() => checkFieldName(name), name).toThrow(`字段名不合法：${name}`);
    }
    expect(() => checkFieldName('sku_name')).not.toThrow();
    expect(cgformFieldKey('sku_name_2')).toBe('skuName2');
  });

  it('checks a whole definition: duplicates, lengths, indexes and the sub table link', () => {
    expect(() => checkDefinition(main)).not.toThrow();
    expect(() => checkDefinition(sub)).not.toThrow();
    expect(() => checkDefinition({ ...main, fields: [...main.fields, field('code')] })).toThrow('字段名重复：code');
    expect(() => checkDefinition({ ...main, fields: [field('big', { dbLength: 5000 })] , indexs: [] })).toThrow('字段长度不合法：big');
    expect(() => checkDefinition({ ...main, indexs: [{ indexName: 'ix', indexField: 'nope', indexType: 'normal' }] })).toThrow('索引字段不存在：nope');
    expect(() => checkDefinition({ ...sub, fields: sub.fields.slice(1) })).toThrow('附表 demo_request_item 需要一个关联主表的字段（mainTable / mainField）');
    expect(() => checkDefinition({ ...main, fields: [] })).toThrow('表单至少需要一个字段');
  });
});
