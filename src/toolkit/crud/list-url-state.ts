import type { CrudFilter, CrudSort } from '@refinedev/core';
import dayjs, { type Dayjs } from 'dayjs';
import { searchFields, type EntityDefinition } from '../../contracts/entity';

/**
 * What a list keeps in its page's URL (`?q=<json>`, prefixed for a list nested in another screen), so a reload — or a
 * link — shows the same rows: the searched filters, the page, the page size and the sort. The status tab, a dialog
 * and a drawer have URL keys of their own.
 */
export interface ListUrlState {
  filters: CrudFilter[];
  page: number;
  pageSize: number;
  sorters: CrudSort[];
}

interface Stored {
  f?: unknown;
  p?: unknown;
  s?: unknown;
  o?: unknown;
}

const OPERATORS = new Set(['eq', 'contains', 'in', 'between']);
const MAX_PAGE = 1_000_000;
const MAX_PAGE_SIZE = 100;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isScalar = (value: unknown): value is string | number | boolean | null => value === null || ['string', 'number', 'boolean'].includes(typeof value);

function filterOf(raw: unknown): CrudFilter | null {
  if (!isRecord(raw) || typeof raw.field !== 'string' || typeof raw.operator !== 'string' || !OPERATORS.has(raw.operator)) return null;
  const value = raw.value;
  if (!isScalar(value) && !(Array.isArray(value) && value.every((item) => isScalar(item) || item === undefined))) return null;
  return { field: raw.field, operator: raw.operator as 'eq' | 'contains' | 'in' | 'between', value };
}

function sorterOf(raw: unknown): CrudSort | null {
  if (!isRecord(raw) || typeof raw.field !== 'string' || (raw.order !== 'asc' && raw.order !== 'desc')) return null;
  return { field: raw.field, order: raw.order };
}

const whole = (value: unknown, max: number): number | null => (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= max ? value : null);

/**
 * The state a URL value describes. Anything it cannot read (a hand-edited or truncated link) is left out rather than
 * trusted: the list then starts as it would without it; the server checks every parameter anyway.
 */
export function readListUrlState(text: string | null, defaultPageSize: number): ListUrlState | null {
  if (text === null || text === '') return null;
  let stored: Stored;
  try {
    const parsed: unknown = JSON.parse(text);
    if (!isRecord(parsed)) return null;
    stored = parsed;
  } catch {
    return null;
  }
  const filters = Array.isArray(stored.f) ? stored.f.map(filterOf).filter((filter): filter is CrudFilter => filter !== null) : [];
  const sorters = Array.isArray(stored.o) ? stored.o.map(sorterOf).filter((sorter): sorter is CrudSort => sorter !== null) : [];
  return { filters, page: whole(stored.p, MAX_PAGE) ?? 1, pageSize: whole(stored.s, MAX_PAGE_SIZE) ?? defaultPageSize, sorters };
}

/** The URL value of a state, or null when it is the list's plain first page (the URL then carries nothing). */
export function writeListUrlState(state: ListUrlState, defaultPageSize: number): string | null {
  const stored: Stored = {};
  if (state.filters.length > 0) stored.f = state.filters;
  if (state.page !== 1) stored.p = state.page;
  if (state.pageSize !== defaultPageSize) stored.s = state.pageSize;
  if (state.sorters.length > 0) stored.o = state.sorters;
  return Object.keys(stored).length === 0 ? null : JSON.stringify(stored);
}

const dateOf = (value: unknown): Dayjs | undefined => {
  if (typeof value !== 'string' || value === '') return undefined;
  const parsed = dayjs(value);
  return parsed.isValid() ? parsed : undefined;
};

/** A form value (antd's setFieldsValue takes no null). */
type FormValue = NonNullable<unknown> | undefined;

/**
 * The search form's values that give these filters (searchFilters read backwards): a like field its text, a range
 * its two ends (days as dates), a multi-choice field its choices. Filters of fields the form does not show (a tab's,
 * a fixed one) give nothing.
 */
export function searchValuesOf(entity: EntityDefinition, filters: readonly CrudFilter[]): Record<string, FormValue> {
  const values: Record<string, FormValue> = {};
  const fields = new Map(searchFields(entity));
  for (const filter of filters) {
    if (!('field' in filter)) continue;
    const field = fields.get(filter.field);
    if (field === undefined) continue;
    const dated = field.type === 'date' || field.type === 'datetime';
    if (filter.operator === 'between' && Array.isArray(filter.value)) {
      const [begin, end] = filter.value as unknown[];
      values[filter.field] = dated ? [dateOf(begin), dateOf(end)] : [begin ?? undefined, end ?? undefined];
    } else if (filter.operator === 'eq' && dated) {
      values[filter.field] = dateOf(filter.value);
    } else {
      values[filter.field] = filter.value ?? undefined;
    }
  }
  return values;
}
