/**
 * The simple-filter value rules (docs/reference/jeecg-conventions.md §2.4) and the super-query rule names (docs/reference/jeecg-conventions.md §2.5), as pure
 * functions: a filter value becomes a rule plus operand(s); nothing here touches SQL.
 */

export type FilterRule = 'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le' | 'in' | 'like' | 'left_like' | 'right_like' | 'like_any';

export interface ParsedFilter {
  rule: FilterRule;
  /** One operand, or several for `in` / `like_any`. */
  value: string | string[];
}

const TWO_CHAR_TOKENS: Record<string, FilterRule> = {
  '>=': 'ge',
  '<=': 'le',
  '!=': 'ne',
  ge: 'ge',
  le: 'le',
  ne: 'ne',
  gt: 'gt',
  lt: 'lt',
  eq: 'eq',
  in: 'in',
};
const ONE_CHAR_TOKENS: Record<string, FilterRule> = { '>': 'gt', '<': 'lt', '=': 'eq' };

function splitList(value: string): string[] {
  return value
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** First match wins, in the order of the conventions table. Blank values give null (no filter). */
export function parseFilterValue(raw: string): ParsedFilter | null {
  const value = raw.trim();
  if (value === '') return null;
  if (value.length > 1 && value.startsWith(',') && value.endsWith(',')) {
    const parts = splitList(value);
    return parts.length === 0 ? null : { rule: 'like_any', value: parts };
  }
  if (value.length > 3 && value[2] === ' ') {
    const rule = TWO_CHAR_TOKENS[value.slice(0, 2).toLowerCase()];
    if (rule !== undefined) {
      const operand = value.slice(3).trim();
      return rule === 'in' ? { rule, value: splitList(operand) } : { rule, value: operand };
    }
  }
  if (value.length > 2 && value[1] === ' ') {
    const rule = ONE_CHAR_TOKENS[value[0] ?? ''];
    if (rule !== undefined) return { rule, value: value.slice(2).trim() };
  }
  if (value === '*') return { rule: 'eq', value };
  if (value.length > 2 && value.startsWith('*') && value.endsWith('*')) return { rule: 'like', value: value.slice(1, -1) };
  if (value.length > 1 && value.startsWith('*')) return { rule: 'left_like', value: value.slice(1) };
  if (value.length > 1 && value.endsWith('*')) return { rule: 'right_like', value: value.slice(0, -1) };
  if (value.includes(',')) return { rule: 'in', value: splitList(value) };
  if (value.length > 1 && value.startsWith('!')) return { rule: 'ne', value: value.slice(1) };
  if (value.indexOf('++') > 0) return { rule: 'eq', value: value.replaceAll('++', ',') };
  return { rule: 'eq', value };
}

/** The fixed allow-list of super-query rules; symbol forms map onto the names. */
const SUPER_QUERY_RULES: Record<string, Exclude<FilterRule, 'like_any'>> = {
  eq: 'eq',
  '=': 'eq',
  ne: 'ne',
  '!=': 'ne',
  gt: 'gt',
  '>': 'gt',
  ge: 'ge',
  '>=': 'ge',
  lt: 'lt',
  '<': 'lt',
  le: 'le',
  '<=': 'le',
  in: 'in',
  like: 'like',
  left_like: 'left_like',
  right_like: 'right_like',
};

export function superQueryRule(rule: string): Exclude<FilterRule, 'like_any'> | undefined {
  return Object.prototype.hasOwnProperty.call(SUPER_QUERY_RULES, rule) ? SUPER_QUERY_RULES[rule] : undefined;
}

export function listOperand(rule: FilterRule, value: string): string | string[] {
  return rule === 'in' ? splitList(value) : value;
}

/** Escapes LIKE wildcards so a user's `%` or `_` matches itself (PostgreSQL's default escape is `\`). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}
