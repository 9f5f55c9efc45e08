import type { Rule } from 'antd/es/form';
import { columnOf, maxLengthOf, type EntityDefinition, type FieldDefinition } from '../../contracts/entity';
import { VALIDATION_PRESETS, type PresetName } from '../../contracts/validation-presets';
import { duplicateRule } from './validators';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Money has two decimals at most (exact NUMERIC on the server). */
export const MONEY_DECIMALS = 2;

/** Decimal places as typed: a decimal input gives its text (every digit kept), an int input a number. */
function decimalsOf(value: unknown): number {
  const text = typeof value === 'string' ? value.trim() : String(value);
  const [, fraction = ''] = text.split('.');
  return /e-/i.test(text) ? Number.POSITIVE_INFINITY : fraction.replace(/0+$/, '').length;
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
      if (field.type === 'decimal' && decimalsOf(value) > MONEY_DECIMALS) return refuse(t('tooManyDecimals', { label, decimals: MONEY_DECIMALS }));
      if (field.min !== undefined && number < field.min) return refuse(t('minValue', { label, min: field.min }));
      if (field.max !== undefined && number > field.max) return refuse(t('maxValue', { label, max: field.max }));
      return Promise.resolve();
    },
  });
  return rules;
}

/** The locale key (`crud:presets.<key>`) naming what a value of each preset should be. */
const PRESET_KEYS: Record<PresetName, string> = {
  '*': 'required',
  'n6-16': 'digits6to16',
  '*6-16': 'chars6to16',
  's6-18': 'letters6to18',
  url: 'url',
  e: 'email',
  m: 'mobile',
  p: 'postcode',
  s: 'letters',
  n: 'number',
  z: 'integer',
  money: 'money',
};

/** The refusal of a value that misses a preset (`联系电话格式不正确，应为手机号码`). */
export function patternMessage(pattern: PresetName, label: string, t: Translate): string {
  return t('patternMismatch', { label, preset: t(`presets.${PRESET_KEYS[pattern]}`) });
}

/** The field's pattern preset (the server checks the same expression); an empty value is the required rule's. */
function patternRule(pattern: PresetName, label: string, t: Translate): Rule {
  return {
    validator: (_rule, value: unknown) => {
      if (value === undefined || value === null || value === '' || typeof value === 'boolean' || typeof value === 'object') return Promise.resolve();
      if (VALIDATION_PRESETS[pattern].pattern.test(String(value).trim())) return Promise.resolve();
      return Promise.reject(new Error(patternMessage(pattern, label, t)));
    },
  };
}

/**
 * The form rules a field's definition implies, the server's own checks ahead of time: required,
 * maximum length, a pattern preset, numbers (integers, at most two decimals for money, bounds) and the
 * duplicate check of a unique field.
 */
export function fieldRules(entity: EntityDefinition, name: string, field: FieldDefinition, options: { label: string; editId?: string; t: Translate }): Rule[] {
  const { label, editId, t } = options;
  const rules: Rule[] = [];
  if (field.required && !(field.type === 'password' && editId !== undefined)) {
    rules.push({ required: true, message: t(field.dict !== undefined ? 'requiredSelect' : 'required', { label }) });
  }
  if (field.pattern !== undefined && field.type !== 'date' && field.type !== 'datetime' && field.type !== 'boolean') rules.push(patternRule(field.pattern, label, t));
  if (field.type === 'int' || field.type === 'decimal') return [...rules, ...(field.dict === undefined ? numberRules(field, label, t) : [])];
  const max = maxLengthOf(field);
  if (max !== undefined && field.dict === undefined) rules.push({ max, message: t('maxLength', { label, max }) });
  if (field.unique && field.uniqueWith === undefined) {
    rules.push({ ...duplicateRule({ tableName: entity.table, fieldName: columnOf(entity, name), dataId: editId }), validateTrigger: 'onBlur' });
  }
  return rules;
}
