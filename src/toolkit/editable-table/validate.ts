import type { EditableColumn, Row, ValidateRule } from './types';
import { isPresetName, VALIDATION_PRESETS } from '../../contracts/validation-presets';

/** Cell errors keyed by row id, then column key. */
export type CellErrors = Map<string, Map<string, string>>;

interface CompiledRule {
  rule: ValidateRule;
  message: string;
  required: boolean;
  unique: boolean;
  pattern: RegExp | null;
}

export function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** The text a rule tests: upload values by their path, everything else as a string. */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'object' && value !== null && 'path' in value) return typeof value.path === 'string' ? value.path : '';
  return '';
}

function compile(column: EditableColumn, rule: ValidateRule): CompiledRule {
  const message = rule.message.replaceAll('${title}', column.title);
  const unique = rule.unique === true || rule.pattern === 'only';
  let required = rule.required === true;
  let pattern: RegExp | null = null;
  if (rule.pattern instanceof RegExp) pattern = rule.pattern;
  else if (rule.pattern === '*') required = true;
  else if (isPresetName(rule.pattern)) pattern = VALIDATION_PRESETS[rule.pattern].pattern;
  else if (typeof rule.pattern === 'string' && rule.pattern !== 'only') pattern = new RegExp(rule.pattern);
  return { rule, message, required, unique, pattern };
}

/** Pre-compiled rules of the columns that have any; build once per column set. */
export interface CompiledColumns {
  columns: { key: string; rules: CompiledRule[] }[];
}

export function compileColumns(columns: readonly EditableColumn[]): CompiledColumns {
  return {
    columns: columns
      .filter((column) => column.validateRules !== undefined && column.validateRules.length > 0)
      .map((column) => ({ key: column.key, rules: (column.validateRules ?? []).map((rule) => compile(column, rule)) })),
  };
}

function firstError(rules: CompiledRule[], value: unknown, row: Row, rows: readonly Row[], counts: ReadonlyMap<string, number> | null): string | null {
  const empty = isEmptyValue(value);
  for (const rule of rules) {
    if (rule.required && empty) return rule.message;
    if (empty) continue;
    const text = textOf(value);
    if (rule.pattern !== null) {
      rule.pattern.lastIndex = 0;
      if (!rule.pattern.test(text)) return rule.message;
    }
    if (rule.unique && counts !== null && (counts.get(text) ?? 0) > 1) return rule.message;
    if (rule.rule.handler) {
      const result = rule.rule.handler(value, row, rows);
      if (typeof result === 'string' && result !== '') return result;
    }
  }
  return null;
}

/** The text a unique rule counts a value under; null for an empty value (never a duplicate). */
export function countedText(value: unknown): string | null {
  return isEmptyValue(value) ? null : textOf(value);
}

/** How many rows hold each non-empty value of the column. */
export function valueCounts(rows: readonly Row[], key: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const row of rows) {
    const text = countedText(row[key]);
    if (text !== null) counts.set(text, (counts.get(text) ?? 0) + 1);
  }
  return counts;
}

/** Validates every row in one tight loop; returns the first error of every failing cell. */
export function validateRows(rows: readonly Row[], compiled: CompiledColumns): CellErrors {
  const errors: CellErrors = new Map();
  for (const { key, rules } of compiled.columns) {
    const counts = rules.some((rule) => rule.unique) ? valueCounts(rows, key) : null;
    for (const row of rows) {
      const message = firstError(rules, row[key], row, rows, counts);
      if (message === null) continue;
      let rowErrors = errors.get(row.id);
      if (rowErrors === undefined) {
        rowErrors = new Map();
        errors.set(row.id, rowErrors);
      }
      rowErrors.set(key, message);
    }
  }
  return errors;
}

/**
 * One cell, e.g. after an edit; uniqueness is checked against all rows through `countsOf` (the row
 * store's running counts, so a keystroke does not walk every row).
 */
export function validateCell(
  rows: readonly Row[],
  row: Row,
  compiled: CompiledColumns,
  key: string,
  countsOf: (key: string) => ReadonlyMap<string, number>,
): string | null {
  const entry = compiled.columns.find((column) => column.key === key);
  if (entry === undefined) return null;
  const counts = entry.rules.some((rule) => rule.unique) ? countsOf(key) : null;
  return firstError(entry.rules, row[key], row, rows, counts);
}
