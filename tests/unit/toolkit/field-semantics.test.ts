/**
 * A field's pattern preset and default in the toolkit's forms: the form rules refuse a value that misses the preset
 * (the server's expression) with the preset's name, an empty value is left to the required rule; an add form starts
 * with the fields' defaults.
 */
import type { RuleObject } from 'antd/es/form';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { defineEntity, type FieldDefinition } from '../../../src/contracts/entity';
import { i18n } from '../../../src/providers/i18n';
import { childColumns } from '../../../src/toolkit/crud/entity-child-grid';
import { fieldRules } from '../../../src/toolkit/crud/field-rules';
import { createValuesOf } from '../../../src/toolkit/crud/use-entity-form';
import { useLocales } from '../use-locales';

useLocales('crud');

const entity = defineEntity({
  table: 'probe_semantics',
  api: '/probe/semantics',
  permission: 'probe:semantics',
  fields: {
    phone: { type: 'string', label: '联系电话', pattern: 'm' },
    qty: { type: 'int', label: '数量', pattern: 'z', defaultValue: 5 },
    status: { type: 'string', label: '状态', defaultValue: 'A' },
    day: { type: 'date', label: '日期', defaultValue: '2024-02-29' },
    hidden: { type: 'string', label: '隐藏', defaultValue: 'x', form: false },
  },
});

async function check(field: FieldDefinition, value: unknown): Promise<string | null> {
  const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, { ns: 'crud', ...options });
  for (const rule of fieldRules(entity, 'phone', field, { label: field.label, t })) {
    const validator = (rule as RuleObject).validator;
    if (validator === undefined) continue;
    try {
      await validator(rule as RuleObject, value, () => undefined);
    } catch (error) {
      return (error as Error).message;
    }
  }
  return null;
}

describe('pattern presets in the form rules', () => {
  it('refuses a value that misses the preset, naming the preset', async () => {
    expect(await check(entity.fields.phone, '12345')).toBe('联系电话格式不正确，应为手机号码');
    expect(await check(entity.fields.qty, 1.5)).toBe('数量格式不正确，应为整数');
  });

  it('passes a matching value and leaves an empty one to the required rule', async () => {
    expect(await check(entity.fields.phone, '13800138000')).toBeNull();
    expect(await check(entity.fields.phone, '')).toBeNull();
    expect(await check(entity.fields.phone, undefined)).toBeNull();
    expect(await check(entity.fields.qty, 12)).toBeNull();
  });
});

describe('a child grid', () => {
  it('gives a new row the field’s default and checks its preset', () => {
    const child = { entity, foreignKey: 'hidden', label: '明细' };
    const columns = childColumns(child, (key, options) => i18n.t(key, { ...options }));
    const qty = columns.find((column) => column.key === 'qty');
    expect(qty?.defaultValue).toBe(5);
    expect(qty?.validateRules).toEqual(expect.arrayContaining([{ pattern: 'z', message: '数量格式不正确，应为整数' }]));
    expect(columns.find((column) => column.key === 'phone')?.validateRules).toEqual(expect.arrayContaining([{ pattern: 'm', message: '联系电话格式不正确，应为手机号码' }]));
  });
});

describe('an add form starts with the defaults', () => {
  it('takes each form field’s default, dates as dayjs', () => {
    const values = createValuesOf(entity);
    expect(Object.keys(values).sort()).toEqual(['day', 'qty', 'status']);
    expect(values.qty).toBe(5);
    expect(values.status).toBe('A');
    expect(dayjs.isDayjs(values.day)).toBe(true);
    expect((values.day as dayjs.Dayjs).format('YYYY-MM-DD')).toBe('2024-02-29');
  });
});
