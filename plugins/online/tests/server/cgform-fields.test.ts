import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { call, useDemoServer } from '../../../../tests/server/helpers';
import { cgformDataApi, type CgformField } from '../../cgform-api';
import { columnsOf, field as baseField, forms, T1, tableName } from './cgform-helpers';

/**
 * A form field's semantics through the real app: validation types (presets as the engine's patterns, 'only' unique,
 * '*' required), defaults (checked at save, the column's DEFAULT, the engine's add), table dictionaries (a registered
 * code or another form's table) and the popup picker's settings.
 */

const demo = useDemoServer();
const admin = forms(() => demo.app, () => demo.admin);

const field = (dbFieldName: string, dbFieldTxt: string, extra: Partial<CgformField> = {}): CgformField => baseField(dbFieldName, { dbFieldTxt, ...extra });

async function defineAndSync(table: string, fields: CgformField[]): Promise<string> {
  const added = await admin.addAll({ head: { tableName: table }, fields });
  expect(added.body.success, added.body.message).toBe(true);
  const synced = await admin.sync(added.body.result.id);
  expect(synced.body.success, synced.body.message).toBe(true);
  return added.body.result.id;
}

const add = (table: string, body: Record<string, unknown>) => admin.call('POST', `${cgformDataApi(table)}/add`, body);

describe('validation types', () => {
  it('applies a preset as the field pattern: 400 naming the field and the preset, an empty optional value passes', async () => {
    const table = tableName('fv_valid');
    await defineAndSync(table, [field('title', '标题', { dbIsNull: 0 }), field('phone', '联系电话', { dbLength: 20, fieldValidType: 'm' }), field('mail', '邮箱', { fieldValidType: 'e' })]);

    const bad = await add(table, { title: 'a', phone: '12345' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('参数校验失败：联系电话 格式不正确，应为手机号码');

    const badMail = await add(table, { title: 'a', mail: 'not-a-mail' });
    expect(badMail.status).toBe(400);
    expect(badMail.body.message).toBe('参数校验失败：邮箱 格式不正确，应为电子邮箱');

    // A number never meets the schema's pattern: the engine checks its text.
    const number = await add(table, { title: 'a', phone: 12345 });
    expect(number.body.success).toBe(false);
    expect(number.body.message).toBe('联系电话格式不正确，应为手机号码');

    const empty = await add(table, { title: 'a', phone: '', mail: null });
    expect(empty.body.success, empty.body.message).toBe(true);
    const good = await add(table, { title: 'b', phone: '13800138000', mail: 'shop.admin@example.com' });
    expect(good.body.success, good.body.message).toBe(true);
  });

  it("maps 'only' to unique and '*' to required", async () => {
    const table = tableName('fv_only');
    await defineAndSync(table, [field('code', '编码', { fieldValidType: 'only' }), field('name', '名称', { fieldValidType: '*' })]);
    const missing = await add(table, { code: 'A1' });
    expect(missing.body.success).toBe(false);
    expect(missing.body.message).toBe('名称不能为空');
    expect((await add(table, { code: 'A1', name: 'x' })).body.success).toBe(true);
    const duplicate = await add(table, { code: 'A1', name: 'y' });
    expect(duplicate.body.success).toBe(false);
    expect(duplicate.body.message).toBe('该值不可用，系统中已存在！');
  });

  it('refuses an unknown validation type at save', async () => {
    const refused = await admin.addAll({ head: { tableName: tableName('fv_badvalid') }, fields: [field('phone', '电话', { fieldValidType: 'mobile' })] });
    expect(refused.body.success).toBe(false);
    expect(refused.body.message).toBe('校验规则不合法：phone');
    const onDate = await admin.addAll({ head: { tableName: tableName('fv_badvalid') }, fields: [field('day', '日期', { dbType: 'Date', dbLength: 0, fieldShowType: 'date', fieldValidType: 'm' })] });
    expect(onDate.body.message).toBe('校验规则不合法：day');
  });
});

describe('default values', () => {
  it('stores the default when an add leaves the field out; the column has it as its DEFAULT', async () => {
    const table = tableName('fv_default');
    await defineAndSync(table, [
      field('title', '标题', { dbIsNull: 0 }),
      field('status', '状态', { dbLength: 10, dbDefaultVal: "it's new" }),
      field('qty', '数量', { dbType: 'int', dbLength: 10, dbIsNull: 0, dbDefaultVal: '5', fieldShowType: 'number' }),
      field('price', '单价', { dbType: 'BigDecimal', dbLength: 10, dbPointLength: 2, dbDefaultVal: '12.50', fieldShowType: 'money' }),
      field('day', '日期', { dbType: 'Date', dbLength: 0, dbDefaultVal: '2024-02-29', fieldShowType: 'date' }),
    ]);
    const added = await add(table, { title: 'first' });
    expect(added.body.success, added.body.message).toBe(true);
    expect(added.body.result).toMatchObject({ status: "it's new", qty: 5, price: 12.5, day: '2024-02-29' });

    // The column's own DEFAULT, for rows written by anything else.
    await sql`insert into ${sql.id(table)} (id, title) values ('raw1', 'raw')`.execute(demo.app.db);
    const raw = await sql<{ status: string; qty: number; price: string }>`select status, qty, price from ${sql.id(table)} where id = 'raw1'`.execute(demo.app.db);
    expect(raw.rows[0]).toMatchObject({ status: "it's new", qty: 5, price: '12.50' });
  });

  it('adds a required column with a default to a table with rows, and changes a default', async () => {
    const table = tableName('fv_addreq');
    const base = [field('title', '标题', { dbIsNull: 0, orderNum: 1 })];
    const id = await defineAndSync(table, base);
    await sql`insert into ${sql.id(table)} (id, title) values ('r1', 'existing')`.execute(demo.app.db);

    // Without a default the rows already there have nothing to put in it.
    await admin.editAll(id, { head: { tableName: table }, fields: [...base, field('level', '等级', { dbLength: 10, dbIsNull: 0, orderNum: 2 })] });
    const refused = await admin.sync(id);
    expect(refused.body.success).toBe(false);
    expect(refused.body.result.refused).toEqual(['字段 level 存在空值，无法设为必填']);

    await admin.editAll(id, { head: { tableName: table }, fields: [...base, field('level', '等级', { dbLength: 10, dbIsNull: 0, dbDefaultVal: 'B', orderNum: 2 })] });
    const synced = await admin.sync(id);
    expect(synced.body.success, synced.body.message).toBe(true);
    expect(synced.body.result.statements).toEqual(expect.arrayContaining([`alter table "${table}" add column "level" varchar(10) default 'B'`, `alter table "${table}" alter column "level" set not null`]));
    const rows = await sql<{ level: string }>`select level from ${sql.id(table)} where id = 'r1'`.execute(demo.app.db);
    expect(rows.rows[0]?.level).toBe('B');
    expect((await columnsOf(demo.app, table)).get('level')?.is_nullable).toBe('NO');

    // A changed default alters the column's DEFAULT; the same default again changes nothing.
    await admin.editAll(id, { head: { tableName: table }, fields: [...base, field('level', '等级', { dbLength: 10, dbIsNull: 0, dbDefaultVal: "C'1", orderNum: 2 })] });
    const changed = await admin.sync(id);
    expect(changed.body.result.statements).toEqual([`alter table "${table}" alter column "level" set default 'C''1'`]);
    const again = await admin.sync(id);
    expect(again.body.success, again.body.message).toBe(true);
    expect(again.body.result.statements).toEqual([]);
    expect((await add(table, { title: 'new' })).body.result).toMatchObject({ level: "C'1" });

    // Without its default the column keeps no DEFAULT.
    await admin.editAll(id, { head: { tableName: table }, fields: [...base, field('level', '等级', { dbLength: 10, orderNum: 2 })] });
    const dropped = await admin.sync(id);
    expect(dropped.body.result.statements).toEqual([`alter table "${table}" alter column "level" drop default`, `alter table "${table}" alter column "level" drop not null`]);
  });

  it('refuses a default that does not fit its field', async () => {
    const cases: Array<[Partial<CgformField>, string]> = [
      [{ dbType: 'int', dbLength: 10, dbDefaultVal: '1.5' }, 'qty'],
      [{ dbType: 'int', dbLength: 10, dbDefaultVal: 'abc' }, 'qty'],
      [{ dbType: 'BigDecimal', dbLength: 6, dbPointLength: 2, dbDefaultVal: '12345.1' }, 'qty'],
      [{ dbType: 'BigDecimal', dbLength: 6, dbPointLength: 2, dbDefaultVal: '1.123' }, 'qty'],
      [{ dbType: 'Date', dbLength: 0, dbDefaultVal: '2023-02-29', fieldShowType: 'date' }, 'qty'],
      [{ dbLength: 3, dbDefaultVal: 'abcd' }, 'qty'],
      [{ dbLength: 20, dbDefaultVal: '123', fieldValidType: 'm' }, 'qty'],
    ];
    for (const [extra, name] of cases) {
      const refused = await admin.addAll({ head: { tableName: tableName('fv_baddefault') }, fields: [field(name, '数量', extra)] });
      expect(refused.body.success, JSON.stringify(extra)).toBe(false);
      expect(refused.body.message).toBe('默认值不合法：qty');
    }
  });
});

interface Page<T> {
  records: T[];
  total: number;
}

const T2 = { 'tenant-id': '2' };
const list = (table: string, headers = T1) => call<Page<Record<string, unknown>>>(demo.app, 'GET', `/api${cgformDataApi(table)}/list?pageSize=100`, { token: demo.admin, headers });
const addIn = (table: string, body: Record<string, unknown>, headers: Record<string, string>) => call<Record<string, unknown>>(demo.app, 'POST', `/api${cgformDataApi(table)}/add`, { token: demo.admin, headers, body });

describe('table dictionaries', () => {
  it('a registered table dictionary code: values checked against it, lists show its text', async () => {
    const table = tableName('fv_regdict');
    await defineAndSync(table, [field('title', '标题'), field('owner', '负责人', { dictTable: 'sys_user_realname', fieldShowType: 'list' })]);
    const entity = await admin.call('GET', `/online/cgform/api/entity/${table}`);
    expect((entity.body.result as { definition: { fields: Record<string, unknown> } }).definition.fields.owner).toMatchObject({ type: 'dict', dict: 'sys_user_realname' });
    const refused = await add(table, { title: 'a', owner: 'nobody-here' });
    expect(refused.body.message).toBe('负责人的值不在字典中');
    expect((await add(table, { title: 'a', owner: 'admin' })).body.success).toBe(true);
    const rows = (await list(table)).body.result.records;
    expect(rows[0]).toMatchObject({ owner: 'admin' });
    expect(typeof rows[0]?.owner_dictText).toBe('string');
    expect(rows[0]?.owner_dictText).not.toBe('');
  });

  it("another form's table: its rows of the caller's tenant, refreshed when that table is written", async () => {
    const suppliers = tableName('fv_supplier');
    const supplierHead = await admin.addAll({ head: { tableName: suppliers, isTenant: 1 }, fields: [field('supplier_name', '供应商名称', { dbIsNull: 0 })] });
    expect((await admin.sync(supplierHead.body.result.id)).body.success).toBe(true);
    // admin also works in a second shop.
    await sql`insert into tenants (id, name, create_by) values (2, '第二租户', 'test') on conflict do nothing`.execute(demo.app.db);
    await sql`insert into user_tenant (id, user_id, tenant_id) select 'cgformfieldstenant2', id, 2 from users where username = 'admin' on conflict do nothing`.execute(demo.app.db);
    const first = await addIn(suppliers, { supplierName: '华南五金' }, T1);
    const other = await addIn(suppliers, { supplierName: '租户二的供应商' }, T2);
    expect(first.body.success, first.body.message).toBe(true);
    expect(other.body.success, other.body.message).toBe(true);

    const requests = tableName('fv_request');
    const requestHead = await admin.addAll({
      head: { tableName: requests, isTenant: 1 },
      fields: [field('title', '标题'), field('supplier_id', '供应商', { dbLength: 32, dictTable: suppliers, dictField: 'id', dictText: 'supplier_name', fieldShowType: 'list' })],
    });
    expect(requestHead.body.success, requestHead.body.message).toBe(true);
    expect((await admin.sync(requestHead.body.result.id)).body.success).toBe(true);

    const firstId = String(first.body.result.id);
    const added = await addIn(requests, { title: 'r1', supplierId: firstId }, T1);
    expect(added.body.success, added.body.message).toBe(true);
    expect(added.body.result).toMatchObject({ supplierId: firstId, supplierId_dictText: '华南五金' });
    // Another tenant's supplier is not in this tenant's dictionary.
    const foreign = await addIn(requests, { title: 'r2', supplierId: String(other.body.result.id) }, T1);
    expect(foreign.body.message).toBe('供应商的值不在字典中');

    // A supplier added now is in the dictionary at once (the cached items go when the table is written).
    const later = await addIn(suppliers, { supplierName: '华东电子' }, T1);
    const withLater = await addIn(requests, { title: 'r3', supplierId: String(later.body.result.id) }, T1);
    expect(withLater.body.result).toMatchObject({ supplierId_dictText: '华东电子' });
    const rows = (await list(requests)).body.result.records;
    expect(rows.map((row) => row.supplierId_dictText).sort()).toEqual(['华东电子', '华南五金']);
  });

  it('refuses a table dictionary that does not exist, at save and at synchronisation', async () => {
    const missingCode = await admin.addAll({ head: { tableName: tableName('fv_nodict') }, fields: [field('owner', '负责人', { dictTable: 'no_such_dictionary' })] });
    expect(missingCode.body.message).toBe('表字典不存在：no_such_dictionary');
    const missingTable = await admin.addAll({ head: { tableName: tableName('fv_nodict') }, fields: [field('owner', '负责人', { dictTable: 'no_such_form', dictField: 'id', dictText: 'name' })] });
    expect(missingTable.body.message).toBe('表字典不存在：no_such_form');

    const target = tableName('fv_dicttarget');
    const targetHead = await admin.addAll({ head: { tableName: target }, fields: [field('name', '名称')] });
    expect((await admin.sync(targetHead.body.result.id)).body.success).toBe(true);
    const missingColumn = await admin.addAll({ head: { tableName: tableName('fv_nodict') }, fields: [field('owner', '负责人', { dictTable: target, dictField: 'id', dictText: 'title' })] });
    expect(missingColumn.body.message).toBe(`表字典字段不存在：${target}.title`);

    // Saved against the target's definition, synchronised against the columns it really has.
    await admin.editAll(targetHead.body.result.id, { head: { tableName: target }, fields: [field('name', '名称'), field('title', '标题')] });
    const referring = tableName('fv_dictref');
    const saved = await admin.addAll({ head: { tableName: referring }, fields: [field('owner', '负责人', { dictTable: target, dictField: 'id', dictText: 'title' })] });
    expect(saved.body.success, saved.body.message).toBe(true);
    const refused = await admin.sync(saved.body.result.id);
    expect(refused.body.success).toBe(false);
    expect(refused.body.message).toBe(`表字典字段不存在：${target}.title`);
    expect((await admin.sync(targetHead.body.result.id)).body.success).toBe(true);
    expect((await admin.sync(saved.body.result.id)).body.success).toBe(true);
  });

  it('the seeded 采购申请 picks its 供应商 from the 供应商 form', async () => {
    const entity = await admin.call('GET', '/online/cgform/api/entity/shop_purchase_request');
    const supplier = (entity.body.result as { definition: { fields: Record<string, { type: string; dict?: string }> } }).definition.fields.supplierId;
    expect(supplier).toMatchObject({ type: 'dict', dict: 'onl_dict_shop_supplier__id__supplier_name' });
    const items = await admin.call('GET', `/sys/dict/getDictItems/${supplier?.dict ?? ''}`);
    expect(items.body.success, items.body.message).toBe(true);
    // JeecgBoot's query info names the same code.
    const head = await sql<{ id: string }>`select id from onl_cgform_head where table_name = 'shop_purchase_request'`.execute(demo.app.db);
    const info = await admin.call('GET', `/online/cgform/api/getQueryInfo/${head.rows[0]?.id ?? ''}`);
    expect(info.body.result).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'supplierId', dictCode: 'onl_dict_shop_supplier__id__supplier_name' })]));
  });
});

describe('popup picker settings', () => {
  it('carries the report, its columns and the fields they fill into the entity', async () => {
    const table = tableName('fv_popup');
    await defineAndSync(table, [
      field('level_name', '会员等级', { fieldShowType: 'popup', dictTable: 'member_level_dist', dictField: 'level_name,member_count', dictText: 'level_name,member_total' }),
      field('member_total', '会员数'),
    ]);
    const entity = await admin.call('GET', `/online/cgform/api/entity/${table}`);
    const fields = (entity.body.result as { definition: { fields: Record<string, unknown> } }).definition.fields;
    expect(fields.levelName).toMatchObject({ type: 'string', control: 'popup', popup: { report: 'member_level_dist', columns: ['level_name', 'member_count'], targets: ['levelName', 'memberTotal'] } });
    expect(fields.levelName).not.toHaveProperty('dict');
  });

  it('refuses a popup whose report, columns or fields do not hold', async () => {
    const cases: Array<[Partial<CgformField>, string]> = [
      [{ dictTable: '', dictField: 'level_name', dictText: 'level_name' }, '弹框配置不完整：level_name（需要报表编码、报表字段和回填字段）'],
      [{ dictTable: 'member_level_dist', dictField: 'level_name,member_count', dictText: 'level_name' }, '弹框的报表字段与回填字段数量不一致：level_name'],
      [{ dictTable: 'member_level_dist', dictField: 'level_name', dictText: 'no_such_field' }, '弹框回填字段不存在：level_name'],
      [{ dictTable: 'no_such_report', dictField: 'level_name', dictText: 'level_name' }, '弹框报表不存在：no_such_report'],
      [{ dictTable: 'member_level_dist', dictField: 'level_code', dictText: 'level_name' }, '弹框报表字段不存在：member_level_dist.level_code'],
    ];
    for (const [extra, message] of cases) {
      const refused = await admin.addAll({ head: { tableName: tableName('fv_badpopup') }, fields: [field('level_name', '会员等级', { fieldShowType: 'popup', ...extra })] });
      expect(refused.body.success, message).toBe(false);
      expect(refused.body.message).toBe(message);
    }
  });
});
