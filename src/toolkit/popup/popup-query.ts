import dayjs from 'dayjs';

export const RANGE_BEGIN_SUFFIX = '_begin';
export const RANGE_END_SUFFIX = '_end';
export const QUERY_DATE_FORMAT = 'YYYY-MM-DD';

export interface DictOption {
  value: string;
  text: string;
}

/** The form names of a range query item: `<field>_begin` and `<field>_end` (docs/reference/jeecg-conventions.md §2.2). */
export function rangeNames(field: string): [string, string] {
  return [`${field}${RANGE_BEGIN_SUFFIX}`, `${field}${RANGE_END_SUFFIX}`];
}

/** Query parameters from the popup's query form: trimmed text, numbers as text, dates as YYYY-MM-DD; empty values left out. */
export function queryFilters(values: Record<string, unknown>): Record<string, string> {
  const filters: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    let text = '';
    if (typeof value === 'string') text = value.trim();
    else if (typeof value === 'number' && Number.isFinite(value)) text = String(value);
    else if (dayjs.isDayjs(value) && value.isValid()) text = value.format(QUERY_DATE_FORMAT);
    if (text !== '') filters[name] = text;
  }
  return filters;
}

/** The dictionary text of a cell value; a comma list maps item by item, unknown values stay as they are. */
export function dictText(options: readonly DictOption[] | undefined, value: unknown): string {
  if (value === null || value === undefined) return '';
  const raw = String(value);
  if (options === undefined || options.length === 0 || raw === '') return raw;
  return raw
    .split(',')
    .map((part) => options.find((option) => option.value === part)?.text ?? part)
    .join(',');
}
