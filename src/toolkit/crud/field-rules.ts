import type { Rule } from 'antd/es/form';
import { columnOf, maxLengthOf, type EntityDefinition, type FieldDefinition } from '../../contracts/entity';
import { duplicateRule } from './validators';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Money has two decimals at most (exact NUMERIC on the server). */
export const MONEY_DECIMALS = 2;

function decimalsOf(value: number): number {
  const [, fraction = ''] = String(value).split('.');
  return /e-/i.test(String(value)) ? Number.POSITIVE_INFINITY : fraction.length;
}

function numberRules(field: FieldDefinition, label: string, t: Translate): Rule[] {
  const rules: Rule[] = [];
  const refuse = (message: string) => Promise.reject(new Error(message));
  rules.push({
    validator: (_rule, value: unknown) => {
      if (value === undefined || value === null || value === '') return Promise.resolve();
      const number = typeof value === 'number' ? value : Number(value);
      if (!Number.isFinite(number)) return refuse(t('notNumber', { label }));
      if (field.type === 'int' && !Number.isInteger(number)) return refuse(t('notInteger', { label }));
      if (field.type === 'decimal' && decimalsOf(number) > MONEY_DECIMALS) return refuse(t('tooManyDecimals', { label, decimals: MONEY_DECIMALS }));
      if (field.min !== undefined && number < field.min) return refuse(t('minValue', { label, min: field.min }));
      if (field.max !== undefined && number > field.max) return refuse(t('maxValue', { label, max: field.max }));
      return Promise.resolve();
    },
  });
  return rules;
}

/**
 * The form rules a field's definition implies, the server's own checks ahead of time: required,
 * maximum length, numbers (integers, at most two decimals for money, bounds) and the duplicate check
 * of a unique field.
 */
export function fieldRules(entity: EntityDefinition, name: string, field: FieldDefinition, options: { label: string; editId?: string; t: Translate }): Rule[] {
  const { label, editId, t } = options;
  const rules: Rule[] = [];
  if (field.required && !(field.type === 'password' && editId !== undefined)) {
    rules.push({ required: true, message: t(field.dict !== undefined ? 'requiredSelect' : 'required', { label }) });
  }
  if (field.type === 'int' || field.type === 'decimal') return [...rules, ...(field.dict === undefined ? numberRules(field, label, t) : [])];
  const max = maxLengthOf(field);
  if (max !== undefined && field.dict === undefined) rules.push({ max, message: t('maxLength', { label, max }) });
  if (field.unique && field.uniqueWith === undefined) {
    rules.push({ ...duplicateRule({ tableName: entity.table, fieldName: columnOf(entity, name), dataId: editId }), validateTrigger: 'onBlur' });
  }
  return rules;
}
