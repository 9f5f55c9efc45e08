/**
 * A form field's semantics as the engine's field (pure): validation types, defaults, dictionaries (a code, a
 * registered table dictionary, another form's table) and the popup, and the definitions refused for them.
 */
import { describe, expect, it } from 'vitest';
import { parseEntityDefinition } from '../../../../src/contracts/entity';
import type { CgformDefinition, CgformField } from '../../cgform-api';
import { field } from '../cgform-fixtures';
import { cgformEntity, checkDefinition } from '../../server/cgform/entity';
import { defaultFits, formDictCode, validRuleOf } from '../../server/cgform/field-semantics';


const form = (fields: CgformField[]): CgformDefinition => ({ head: { tableName: 'demo_semantics', tableTxt: '语义', tableType: 1 }, fields, indexs: [] });

describe('the engine field of a form field', () => {
  it('maps validation types, defaults, dictionaries and the popup', () => {
    const definition = form([
      field('phone', { fieldValidType: 'm' }),
      field('code', { fieldValidType: 'only' }),
      field('name', { fieldValidType: '*' }),
      field('qty', { dbType: 'int', dbLength: 10, dbDefaultVal: '5', fieldShowType: 'number' }),
      field('level', { dictField: 'supplier_level', fieldShowType: 'list' }),
      field('owner', { dictTable: 'sys_user_realname' }),
      field('supplier_id', { dictTable: 'shop_supplier', dictField: 'id', dictText: 'supplier_name', dbLength: 32 }),
      field('member_name', { fieldShowType: 'popup', dictTable: 'member_pick', dictField: 'member_name,phone', dictText: 'member_name,phone' }),
    ]);
    checkDefinition(definition);
    const entity = parseEntityDefinition(JSON.parse(JSON.stringify(cgformEntity(definition, []))));
    expect(entity.fields.phone).toMatchObject({ type: 'string', pattern: 'm' });
    expect(entity.fields.code).toMatchObject({ unique: true });
    expect(entity.fields.name).toMatchObject({ required: true });
    expect(entity.fields.qty).toMatchObject({ type: 'int', defaultValue: 5 });
    expect(entity.fields.level).toMatchObject({ type: 'dict', dict: 'supplier_level' });
    expect(entity.fields.owner).toMatchObject({ type: 'dict', dict: 'sys_user_realname' });
    expect(entity.fields.supplierId).toMatchObject({ type: 'dict', dict: 'onl_dict_shop_supplier__id__supplier_name' });
    expect(entity.fields.memberName).toMatchObject({ type: 'string', control: 'popup', popup: { report: 'member_pick', columns: ['member_name', 'phone'], targets: ['memberName', 'phone'] } });
    expect(entity.fields.memberName?.dict).toBeUndefined();
  });

  it('gives a long table dictionary a digest code that is still a plain code', () => {
    const long = { table: `t_${'a'.repeat(40)}`, valueField: 'id', textField: `n_${'b'.repeat(30)}` };
    const code = formDictCode(long);
    expect(code).toMatch(/^onl_dict_[0-9a-f]{32}$/);
    expect(formDictCode(long)).toBe(code);
    // Names holding the separator never read as another triple.
    expect(formDictCode({ table: 'a__b', valueField: 'id', textField: 'c' })).not.toBe(formDictCode({ table: 'a', valueField: 'b__id', textField: 'c' }));
  });
});

describe('what is refused', () => {
  it('validation types: unknown names, patterns on dates', () => {
    expect(validRuleOf(field('x', { fieldValidType: 'mobile' }))).toBeNull();
    expect(validRuleOf(field('x', { dbType: 'Datetime', fieldValidType: 'z' }))).toBeNull();
    expect(validRuleOf(field('x', { fieldValidType: 'money' }))).toEqual({ pattern: 'money' });
    expect(() => checkDefinition(form([field('xx', { fieldValidType: 'abc' })]))).toThrow('校验规则不合法：xx');
  });

  it('defaults: by the column they go in', () => {
    expect(defaultFits(field('x', { dbType: 'int' }), '-12', undefined)).toBe(true);
    expect(defaultFits(field('x', { dbType: 'int' }), '3000000000', undefined)).toBe(false);
    expect(defaultFits(field('x', { dbType: 'BigDecimal', dbLength: 5, dbPointLength: 2 }), '999.99', undefined)).toBe(true);
    expect(defaultFits(field('x', { dbType: 'BigDecimal', dbLength: 5, dbPointLength: 2 }), '1000', undefined)).toBe(false);
    expect(defaultFits(field('x', { dbType: 'Datetime' }), '2024-01-01 10:30:00', undefined)).toBe(true);
    expect(defaultFits(field('x', { dbLength: 5 }), 'a\u0001b', undefined)).toBe(false);
    expect(() => checkDefinition(form([field('xx', { dbType: 'Date', dbLength: 0, fieldShowType: 'date', dbDefaultVal: 'today' })]))).toThrow('默认值不合法：xx');
  });

  it('dictionaries and popups whose names cannot be right', () => {
    expect(() => checkDefinition(form([field('xx', { dictTable: 'Bad-Name', dictText: 'name' })]))).toThrow('表字典不存在：Bad-Name');
    expect(() => checkDefinition(form([field('xx', { dictTable: 'shop_supplier', dictField: 'no;pe', dictText: 'name' })]))).toThrow('表字典字段不存在：shop_supplier.no;pe');
    expect(() => checkDefinition(form([field('xx', { fieldShowType: 'popup', dbType: 'int', dictTable: 'r', dictField: 'a', dictText: 'xx' })]))).toThrow('控件类型与字段类型不符：xx');
    expect(() => checkDefinition(form([field('xx', { fieldShowType: 'popup', dictTable: 'member_pick', dictField: 'a,b', dictText: 'xx' })]))).toThrow('弹框的报表字段与回填字段数量不一致：xx');
  });
});
