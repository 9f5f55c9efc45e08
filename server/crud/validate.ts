import Decimal from 'decimal.js';
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
const DECIMAL_SCALE = 4;

/** A typed or imported decimal as it is written (a number as JavaScript prints it), or null when it is none. */
function decimalOf(value: unknown): Decimal | null {
  if (typeof value !== 'number' && typeof value !== 'string') return null;
  const text = String(value).trim();
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text)) return null;
  const number = new Decimal(text);
  return number.isFinite() ? number : null;
}

/** One value typed for its column, or an issue message. */
function coerce(field: FieldDefinition, value: unknown, label: string): { value: unknown } | { message: string } {
  switch (field.type) {
    case 'int': {
      const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : Number.NaN;
      if (!Number.isFinite(number)) return { message: `${label}必须是数字` };
      if (!Number.isInteger(number)) return { message: `${label}必须是整数` };
      const min = Math.max(field.min ?? INT4.min, INT4.min);
      const max = Math.min(field.max ?? INT4.max, INT4.max);
      if (number < min) return { message: `${label}不能小于${min}` };
      if (number > max) return { message: `${label}不能大于${max}` };
      return { value: number };
    }
    case 'decimal': {
      // Exact: typed text is read as a decimal, never through a binary float (which keeps only ~15 digits), and
      // written as text to the numeric column, rounded to its four places as the column itself would.
      const number = decimalOf(value);
      if (number === null) return { message: `${label}必须是数字` };
      // Without a declared bound, the column's own range: numeric(18, 4).
      const min = Math.max(field.min ?? DECIMAL_RANGE.min, DECIMAL_RANGE.min);
      const max = Math.min(field.max ?? DECIMAL_RANGE.max, DECIMAL_RANGE.max);
      if (number.lessThan(min)) return { message: `${label}不能小于${min}` };
      if (number.greaterThan(max)) return { message: `${label}不能大于${max}` };
      return { value: number.toDecimalPlaces(DECIMAL_SCALE, Decimal.ROUND_HALF_UP).toFixed() };
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

/** The fields that must be unique, alone or together with their `uniqueWith` partners. */
export const uniqueFields = (entity: EntityDefinition): Array<[string, FieldDefinition]> => fieldEntries(entity).filter(([, field]) => field.unique === true || field.uniqueWith !== undefined);

/** What a row that clashes on `name` is told (the add form shows a plain clash beside its field). */
export function duplicateIssue(entity: EntityDefinition, name: string, label: (field: string) => string): ValidationIssue {
  return { field: name, message: entity.fields[name]?.uniqueWith !== undefined ? `${label(name)}：${MSG_DUPLICATE}` : MSG_DUPLICATE };
}

/**
 * A value as text that two values share exactly when the database finds them equal: numbers by value (a numeric
 * column reads back as "1.5000"), date-times as the wall-clock text `storedComparable` reads them as.
 */
function comparableText(field: FieldDefinition | undefined, value: unknown): string | null {
  if (value === undefined || value === null) return null;
  switch (field?.type) {
    case 'int':
    case 'decimal':
      // Exact: a binary float would make two different amounts of many digits one.
      try {
        return new Decimal(String(value)).toString();
      } catch {
        return String(value);
      }
    case 'boolean':
      return String(value === true || value === 't' || value === 'true');
    case 'datetime': {
      const text = String(value).trim().replace('T', ' ');
      return text.length === 16 ? `${text}:00` : text;
    }
    default:
      return String(value);
  }
}

/** A column as `comparableText` compares it: a date-time as its wall-clock text in the session's zone (the shop's). */
function storedComparable(entity: EntityDefinition, name: string): RawBuilder<unknown> {
  const column = sql.id(columnOf(entity, name));
  return entity.fields[name]?.type === 'datetime' ? sql`to_char(${column}, 'YYYY-MM-DD HH24:MI:SS')` : sql`${column}`;
}

/** Partners a unique-together check needs: the row's own, else the edited record's stored ones. */
const partnerValue = (values: FieldValues, partner: string, current?: FieldValues) => values[partner] ?? current?.[partner] ?? null;

/**
 * The key under which a row's value of the unique field `name` clashes with another row's (null when the row has
 * no value there): its value and its partners' values, each as `comparableText`.
 */
export function uniqueKey(entity: EntityDefinition, name: string, values: FieldValues, current?: FieldValues): string | null {
  const field = entity.fields[name];
  const own = comparableText(field, values[name]);
  if (own === null) return null;
  const partners = (field?.uniqueWith ?? []).map((partner) => comparableText(entity.fields[partner], partnerValue(values, partner, current)));
  return JSON.stringify([own, ...partners]);
}

/**
 * Unique and unique-together fields of each row that clash with a live stored row (within the tenant for
 * tenant-scoped entities): one query per unique field for all the rows, `column = any($1)` on the unique index.
 * The add and edit forms check one row (uniqueIssues), an import a batch of them.
 */
export async function storedClashes(db: Kysely<Database>, entity: EntityDefinition, rows: readonly FieldValues[], scope: UniqueScope, label: (field: string) => string): Promise<ValidationIssue[][]> {
  const issues: ValidationIssue[][] = rows.map(() => []);
  // All the queries are sent at once: they queue on the connection together, so an import's batch write sent right
  // after them (server/crud/excel-import.ts) runs after all of them, not between two.
  const checks = uniqueFields(entity).map(async ([name, field]) => {
    const keys = rows.map((values) => uniqueKey(entity, name, values, scope.current));
    const wanted = [...new Set(rows.flatMap((values, index) => (keys[index] === null ? [] : [values[name]])))];
    if (wanted.length === 0) return { name, keys, stored: new Set<string>() };
    const partners = field.uniqueWith ?? [];
    const conditions: RawBuilder<unknown>[] = [...scopeConditions(entity, scope.tenantId), sql`${sql.id(columnOf(entity, name))} = any(${wanted})`];
    if (scope.id !== undefined) conditions.push(sql`${sql.id('id')} <> ${scope.id}`);
    const selected = [name, ...partners].map((column, index) => sql`${storedComparable(entity, column)} as ${sql.id(`c${index}`)}`);
    const found = await sql<Record<string, unknown>>`select distinct ${sql.join(selected)} from ${sql.id(entity.table)} where ${sql.join(conditions, sql` and `)}`.execute(db);
    return { name, keys, stored: new Set(found.rows.map((row) => JSON.stringify([name, ...partners].map((column, index) => comparableText(entity.fields[column], row[`c${index}`]))))) };
  });
  // In the order of the fields, as one query after the other gave them.
  for (const { name, keys, stored } of await Promise.all(checks)) {
    keys.forEach((key, index) => {
      if (key !== null && stored.has(key)) issues[index]?.push(duplicateIssue(entity, name, label));
    });
  }
  return issues;
}

/** Unique and unique-together fields of one row that clash with a live stored row (the add and edit forms). */
export async function uniqueIssues(db: Kysely<Database>, entity: EntityDefinition, values: FieldValues, scope: UniqueScope, label: (field: string) => string): Promise<ValidationIssue[]> {
  return (await storedClashes(db, entity, [values], scope, label))[0] ?? [];
}

/** PostgreSQL's unique_violation: a race lost to a concurrent insert, answered like the check. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}
