import { sql, type RawBuilder } from 'kysely';
import {
  AUDIT_FIELDS,
  DICT_TEXT_SUFFIX,
  columnOf,
  searchFields,
  sortableFields,
  type EntityDefinition,
  type FieldDefinition,
} from '../../src/contracts/entity';
import { hasControlCharacters, INT2, INT4, invalidInput, isCalendarDate, isCalendarDateTime, REASON } from '../http/schemas';
import { escapeLike, listOperand, parseFilterValue, superQueryRule, type FilterRule } from './filter-rules';

/**
 * From list query parameters to SQL fragments. Column names come only from the entity definition
 * (checked identifiers, quoted with sql.id); every value is a bound parameter.
 */

export const MAX_PAGE_SIZE = 1000;
export const MSG_BAD_FILTER_VALUE = '查询条件的值不合法';
const MAX_SUPER_QUERY_LENGTH = 20_000;
const MAX_SUPER_QUERY_CONDITIONS = 50;
const MAX_IN_VALUES = 1000;

export type QueryParams = Record<string, unknown>;

export interface Condition {
  column: string;
  field: FieldDefinition;
  rule: FilterRule;
  value: string | string[];
  /** Range bounds of a 10-character date on a datetime field cover the whole day. */
  bound?: 'begin' | 'end';
}

function firstString(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return firstString(value[0]);
  return undefined;
}

export function readPage(query: QueryParams): { pageNo: number; pageSize: number } {
  const pageNo = Number(firstString(query.pageNo) ?? 1);
  const pageSize = Number(firstString(query.pageSize) ?? 10);
  return {
    pageNo: Number.isInteger(pageNo) && pageNo >= 1 ? Math.min(pageNo, 1_000_000) : 1,
    pageSize: Number.isInteger(pageSize) && pageSize >= 1 ? Math.min(pageSize, MAX_PAGE_SIZE) : 10,
  };
}

/** Simple filters on the entity's declared search fields only; other parameters are ignored. */
export function simpleFilterConditions(entity: EntityDefinition, query: QueryParams): Condition[] {
  const conditions: Condition[] = [];
  for (const [name, field] of searchFields(entity)) {
    const column = columnOf(entity, name);
    const raw = firstString(query[name]);
    if (raw !== undefined) {
      const parsed = parseFilterValue(raw);
      if (parsed !== null) conditions.push(checkedCondition(name, { column, field, ...parsed }));
    }
    const begin = firstString(query[`${name}_begin`])?.trim();
    if (begin) conditions.push(checkedCondition(`${name}_begin`, { column, field, rule: 'ge', value: begin, bound: 'begin' }));
    const end = firstString(query[`${name}_end`])?.trim();
    if (end) conditions.push(checkedCondition(`${name}_end`, { column, field, rule: 'le', value: end, bound: 'end' }));
    const multi = firstString(query[`${name}_MultiString`])?.trim();
    if (multi) conditions.push(checkedCondition(`${name}_MultiString`, { column, field, rule: 'in', value: listOperand('in', multi) }));
  }
  return conditions;
}

function parseSuperQueryJson(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    // The client sends encodeURI(JSON) inside a query parameter: one more decoding may be due.
    try {
      return JSON.parse(decodeURIComponent(raw)) as unknown;
    } catch {
      return null;
    }
  }
}

/** Super query (docs/reference/jeecg-conventions.md §2.5): only the entity's readable fields, only allow-listed rules. */
export function superQueryConditions(entity: EntityDefinition, query: QueryParams): { conditions: Condition[]; matchType: 'and' | 'or' } {
  const matchType = firstString(query.superQueryMatchType)?.toLowerCase() === 'or' ? 'or' : 'and';
  const raw = firstString(query.superQueryParams);
  if (raw === undefined || raw.trim() === '' || raw.length > MAX_SUPER_QUERY_LENGTH) return { conditions: [], matchType };
  const parsed = parseSuperQueryJson(raw);
  if (!Array.isArray(parsed)) return { conditions: [], matchType };
  const conditions: Condition[] = [];
  for (const item of parsed.slice(0, MAX_SUPER_QUERY_CONDITIONS)) {
    if (typeof item !== 'object' || item === null) continue;
    const { field: name, rule: ruleName, val } = item as { field?: unknown; rule?: unknown; val?: unknown };
    if (typeof name !== 'string' || typeof ruleName !== 'string') continue;
    const value = firstString(val);
    if (value === undefined || value.trim() === '') continue;
    if (!Object.prototype.hasOwnProperty.call(entity.fields, name)) continue;
    const field = entity.fields[name];
    const rule = superQueryRule(ruleName);
    if (field === undefined || field.type === 'password' || rule === undefined) continue;
    conditions.push(checkedCondition(name, { column: columnOf(entity, name), field, rule, value: listOperand(rule, value.trim()) }));
  }
  return { conditions, matchType };
}

/** Rules whose operand is matched as text against any column type. */
const TEXT_RULES: ReadonlySet<FilterRule> = new Set(['like', 'left_like', 'right_like', 'like_any']);
/** Decimal columns are numeric(18, 4): at most 14 integer digits, 4 decimals are kept. */
const DECIMAL_OPERAND = /^[+-]?(\d{1,14}(\.\d*)?|\.\d+)$/;
const INTEGER_OPERAND = /^[+-]?\d{1,20}$/;

/**
 * The range of an int column. Dictionary-coded ints hold small codes (the core tables keep them as
 * smallint); other ints are `integer`, as the engine creates them.
 */
function intRange(field: FieldDefinition): { min: number; max: number } {
  return field.dict !== undefined ? INT2 : INT4;
}

/** A filter operand typed for its column, or the reason it cannot be one. */
function parseOperand(field: FieldDefinition, value: string, bound?: 'begin' | 'end'): { value: string | number | boolean } | { reason: string } {
  switch (field.type) {
    case 'int': {
      if (!INTEGER_OPERAND.test(value)) return { reason: REASON.notInteger };
      const { min, max } = intRange(field);
      const number = Number(value);
      return number < min || number > max ? { reason: `${REASON.outOfRange}（${min} 至 ${max}）` } : { value: number };
    }
    case 'decimal':
      // Kept as text: PostgreSQL reads it as an exact numeric, never through a float.
      return DECIMAL_OPERAND.test(value) ? { value } : { reason: REASON.notNumber };
    case 'boolean':
      if (value === 'true' || value === '1') return { value: true };
      if (value === 'false' || value === '0') return { value: false };
      return { reason: REASON.notBoolean };
    case 'date':
      return isCalendarDate(value) ? { value } : { reason: REASON.notDate };
    case 'datetime':
      if (bound !== undefined && isCalendarDate(value)) return { value: `${value} ${bound === 'begin' ? '00:00:00' : '23:59:59.999999'}` };
      return isCalendarDateTime(value) ? { value } : { reason: REASON.notDateTime };
    default:
      return { value };
  }
}

/**
 * Refuses (HTTP 400, naming the query key) a condition whose operand does not fit its field: a
 * control character anywhere, or for typed rules a number, boolean or date the column cannot hold.
 */
function checkedCondition(name: string, condition: Condition): Condition {
  const operands = Array.isArray(condition.value) ? condition.value : [condition.value];
  for (const operand of operands) {
    if (hasControlCharacters(operand, false)) throw invalidInput(name, REASON.controlCharacters);
    if (TEXT_RULES.has(condition.rule)) continue;
    const typed = parseOperand(condition.field, operand, condition.bound);
    if ('reason' in typed) throw invalidInput(name, typed.reason);
  }
  return condition;
}

/** A filter operand typed for its column; malformed numbers, booleans or dates are refused, not ignored. */
export function typedOperand(field: FieldDefinition, value: string, bound?: 'begin' | 'end'): string | number | boolean {
  const typed = parseOperand(field, value, bound);
  if ('reason' in typed) throw invalidInput('', `${MSG_BAD_FILTER_VALUE}：${typed.reason}`);
  return typed.value;
}

const COMPARISONS: Partial<Record<FilterRule, RawBuilder<unknown>>> = {
  eq: sql.raw('='),
  ne: sql.raw('<>'),
  gt: sql.raw('>'),
  ge: sql.raw('>='),
  lt: sql.raw('<'),
  le: sql.raw('<='),
};

function asText(column: string): RawBuilder<unknown> {
  return sql`cast(${sql.id(column)} as text)`;
}

export function conditionSql(condition: Condition): RawBuilder<unknown> {
  const { column, field, rule, value, bound } = condition;
  const values = Array.isArray(value) ? value : [value];
  switch (rule) {
    case 'like':
    case 'left_like':
    case 'right_like': {
      const text = escapeLike(values.join(','));
      const pattern = rule === 'like' ? `%${text}%` : rule === 'left_like' ? `%${text}` : `${text}%`;
      return sql`${asText(column)} like ${pattern}`;
    }
    case 'like_any': {
      const likes = values.slice(0, MAX_IN_VALUES).map((part) => sql`${asText(column)} like ${`%${escapeLike(part)}%`}`);
      return likes.length === 0 ? sql`true` : sql`(${sql.join(likes, sql` or `)})`;
    }
    case 'in': {
      const operands = values.slice(0, MAX_IN_VALUES).map((part) => typedOperand(field, part));
      return operands.length === 0 ? sql`false` : sql`${sql.id(column)} in (${sql.join(operands)})`;
    }
    default: {
      const operator = COMPARISONS[rule] ?? sql.raw('=');
      return sql`${sql.id(column)} ${operator} ${typedOperand(field, values.join(','), bound)}`;
    }
  }
}

/** Scope every query of a tenant-scoped or soft-deleting entity must carry. */
export function scopeConditions(entity: EntityDefinition, tenantId: number | null): RawBuilder<unknown>[] {
  const scope: RawBuilder<unknown>[] = [];
  if (entity.tenantScoped) scope.push(sql`${sql.id('tenant_id')} = ${tenantId ?? 0}`);
  if (entity.softDelete) scope.push(sql`${sql.id('del_flag')} = 0`);
  return scope;
}

/** All conditions of a list/export query joined with `and` (the super query as one group). */
export function whereSql(entity: EntityDefinition, query: QueryParams, tenantId: number | null, extra: RawBuilder<unknown>[] = []): RawBuilder<unknown> {
  const parts = [...scopeConditions(entity, tenantId), ...extra, ...simpleFilterConditions(entity, query).map(conditionSql)];
  const superQuery = superQueryConditions(entity, query);
  if (superQuery.conditions.length > 0) {
    const joiner = superQuery.matchType === 'or' ? sql` or ` : sql` and `;
    parts.push(sql`(${sql.join(superQuery.conditions.map(conditionSql), joiner)})`);
  }
  return parts.length === 0 ? sql`true` : sql.join(parts, sql` and `);
}

/** `column` (camelCase, comma list) → columns among the sortable fields; anything else is ignored. */
export function sortColumns(entity: EntityDefinition, query: QueryParams): { columns: string[]; descending: boolean } {
  const allowed = new Set(sortableFields(entity));
  const requested = (firstString(query.column) ?? '')
    .split(',')
    .map((name) => name.trim())
    .map((name) => (name.endsWith(DICT_TEXT_SUFFIX) ? name.slice(0, -DICT_TEXT_SUFFIX.length) : name))
    .filter((name) => allowed.has(name));
  const columns = [...new Set(requested)].map((name) =>
    name in AUDIT_FIELDS ? AUDIT_FIELDS[name as keyof typeof AUDIT_FIELDS] : columnOf(entity, name),
  );
  const order = firstString(query.order);
  // Default sort createTime desc (docs/reference/jeecg-conventions.md §2.2); `order` containing "asc" sorts ascending.
  if (columns.length === 0) return { columns: [AUDIT_FIELDS.createTime], descending: order === undefined || !/asc/i.test(order) };
  return { columns, descending: order === undefined || !/asc/i.test(order) };
}

export function orderBySql(entity: EntityDefinition, query: QueryParams): RawBuilder<unknown> {
  const { columns, descending } = sortColumns(entity, query);
  const direction = sql.raw(descending ? 'desc' : 'asc');
  // id last keeps pages stable when the sort values tie.
  return sql.join([...columns.map((column) => sql`${sql.id(column)} ${direction}`), sql`${sql.id('id')} ${direction}`]);
}
