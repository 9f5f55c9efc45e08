import { sql, type Kysely, type RawBuilder } from 'kysely';
import { columnOf, fieldEntries, maxLengthOf, type EntityDefinition, type FieldDefinition } from '../../src/contracts/entity';
import type { Database } from '../db/schema';
import type { DictLookup } from './records';
import { scopeConditions } from './list-query';
import { matchesPreset, PATTERN_TYPES, presetReason } from './pattern-presets';
import { hasControlCharacters, INT4, isCalendarDate, isCalendarDateTime } from '../http/schemas';

/** Input validation from the entity definition: required, lengths, types, dictionary values, uniqueness. */

export const MSG_DUPLICATE = '该值不可用，系统中已存在！';

export interface ValidationIssue {
  field: string;
  message: string;
}

export type FieldValues = Record<string, unknown>;

export interface ValidateOptions {
  mode: 'add' | 'edit';
  /** Display name of a field for messages. */
  label: (field: string) => string;
  dictItems: DictLookup;
}

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** numeric(18, 4): at most 14 integer digits. */
const DECIMAL_RANGE = { min: -99_999_999_999_999, max: 99_999_999_999_999 } as const;

/** One value typed for its column, or an issue message. */
function coerce(field: FieldDefinition, value: unknown, label: string): { value: unknown } | { message: string } {
  switch (field.type) {
    case 'int':
    case 'decimal': {
      const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : Number.NaN;
      if (!Number.isFinite(number)) return { message: `${label}必须是数字` };
      if (field.type === 'int' && !Number.isInteger(number)) return { message: `${label}必须是整数` };
      // Without a declared bound, the column's own range: integer, or numeric(18, 4).
      const limit = field.type === 'int' ? INT4 : DECIMAL_RANGE;
      const min = Math.max(field.min ?? limit.min, limit.min);
      const max = Math.min(field.max ?? limit.max, limit.max);
      if (number < min) return { message: `${label}不能小于${min}` };
      if (number > max) return { message: `${label}不能大于${max}` };
      return { value: number };
    }
    case 'boolean':
      if (value === true || value === 'true' || value === 1 || value === '1') return { value: true };
      if (value === false || value === 'false' || value === 0 || value === '0') return { value: false };
      return { message: `${label}的值不合法` };
    case 'date':
    case 'datetime': {
      const text = typeof value === 'string' ? value.trim() : '';
      const pattern = field.type === 'date' ? /^\d{4}-\d{2}-\d{2}$/ : /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2})?)?$/;
      if (!pattern.test(text) || !(field.type === 'date' ? isCalendarDate(text) : isCalendarDateTime(text))) return { message: `${label}的日期格式不正确` };
      return { value: text };
    }
    default: {
      if (typeof value !== 'string' && typeof value !== 'number') return { message: `${label}的值不合法` };
      const text = String(value).trim();
      // Imported cells never pass a route schema; PostgreSQL refuses NUL in text.
      if (hasControlCharacters(text, field.type === 'text')) return { message: `${label}含有不允许的控制字符` };
      const max = maxLengthOf(field);
      if (max !== undefined && text.length > max) return { message: `${label}长度不能超过${max}个字符` };
      if (field.min !== undefined && text.length < field.min) return { message: `${label}长度不能少于${field.min}个字符` };
      return { value: text };
    }
  }
}

/**
 * Validates a body against the definition. Unknown keys, readonly fields and implicit fields are
 * dropped; `add` needs every required field, `edit` updates what it carries (blank required ones are refused).
 */
export async function validateInput(entity: EntityDefinition, body: unknown, options: ValidateOptions): Promise<{ values: FieldValues; issues: ValidationIssue[] }> {
  const input = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const values: FieldValues = {};
  const issues: ValidationIssue[] = [];
  for (const [name, field] of fieldEntries(entity)) {
    if (field.readonly) continue;
    const label = options.label(name);
    const present = Object.prototype.hasOwnProperty.call(input, name);
    const given = present ? input[name] : undefined;
    // add: a field left out (or blank) takes its default, as the column's DEFAULT would.
    const raw = options.mode === 'add' && isBlank(given) && field.defaultValue !== undefined ? field.defaultValue : given;
    if (isBlank(raw)) {
      if (field.required && (options.mode === 'add' || present)) issues.push({ field: name, message: `${label}不能为空` });
      // add: a blank optional field is left out so the column default applies; edit: it clears the value.
      else if (present && options.mode === 'edit' && field.type !== 'password') values[name] = null;
      continue;
    }
    const result = coerce(field, raw, label);
    if ('message' in result) {
      issues.push({ field: name, message: result.message });
      continue;
    }
    // Imported cells and numbers sent as numbers never met the route schema's pattern.
    if (field.pattern !== undefined && PATTERN_TYPES.has(field.type) && !matchesPreset(field.pattern, String(result.value))) {
      issues.push({ field: name, message: `${label}${presetReason(field.pattern)}` });
      continue;
    }
    if (field.dict !== undefined) {
      const items = await options.dictItems(field.dict);
      const known = new Set((items ?? []).map((item) => item.value));
      const parts = String(result.value).split(',');
      if (!parts.every((part) => known.has(part))) {
        issues.push({ field: name, message: `${label}的值不在字典中` });
        continue;
      }
    }
    values[name] = result.value;
  }
  return { values, issues };
}

export interface UniqueScope {
  /** The record being edited (excluded from the count). */
  id?: string;
  tenantId: number | null;
  /** The stored values of the edited record, for `uniqueWith` partners the body does not carry. */
  current?: FieldValues;
}

/** Unique and unique-together fields among live rows (within the tenant for tenant-scoped entities). */
export async function uniqueIssues(db: Kysely<Database>, entity: EntityDefinition, values: FieldValues, scope: UniqueScope, label: (field: string) => string): Promise<ValidationIssue[]> {
  const issues: ValidationIssue[] = [];
  for (const [name, field] of fieldEntries(entity)) {
    if (!field.unique && field.uniqueWith === undefined) continue;
    const value = values[name];
    if (value === undefined || value === null) continue;
    const conditions: RawBuilder<unknown>[] = [...scopeConditions(entity, scope.tenantId), sql`${sql.id(columnOf(entity, name))} = ${value}`];
    for (const partner of field.uniqueWith ?? []) {
      const partnerValue = values[partner] ?? scope.current?.[partner] ?? null;
      conditions.push(partnerValue === null ? sql`${sql.id(columnOf(entity, partner))} is null` : sql`${sql.id(columnOf(entity, partner))} = ${partnerValue}`);
    }
    if (scope.id !== undefined) conditions.push(sql`${sql.id('id')} <> ${scope.id}`);
    const found = await sql<{ id: string }>`select id from ${sql.id(entity.table)} where ${sql.join(conditions, sql` and `)} limit 1`.execute(db);
    if (found.rows.length > 0) issues.push({ field: name, message: field.uniqueWith ? `${label(name)}：${MSG_DUPLICATE}` : MSG_DUPLICATE });
  }
  return issues;
}

/** PostgreSQL's unique_violation: a race lost to a concurrent insert, answered like the check. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
