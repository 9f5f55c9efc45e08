import type { CrudFilter, CrudFilters } from '@refinedev/core';
import dayjs from 'dayjs';
import { searchFields, type EntityDefinition, type FieldDefinition } from '../../contracts/entity';

/** From search-form values to Refine filters, which the data provider turns into list parameters. */

const isEmpty = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** Dates to the wire formats; other values as they are. */
export function wireValue(field: FieldDefinition, value: unknown): unknown {
  if (dayjs.isDayjs(value)) return value.format(field.type === 'datetime' ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD');
  return typeof value === 'string' ? value.trim() : value;
}

/**
 * A bound of a range search. The search's range picker picks days (field-input.tsx `SearchInput`, no time), so a day
 * travels as the day, `YYYY-MM-DD`, on a datetime field too: the server takes an end day to its last microsecond and a
 * begin day from its first (server/crud/list-query.ts). An end sent as `23:59:59` would leave out the last second's
 * fraction (a record at 23:59:59.500). A bound that is already text (from the address bar, a fixed filter) is kept as
 * it is: a time someone chose stays exactly that time.
 */
function rangeBound(value: unknown): unknown {
  if (dayjs.isDayjs(value)) return value.format('YYYY-MM-DD');
  return typeof value === 'string' ? value.trim() : value;
}

export function searchFilters(entity: EntityDefinition, values: Record<string, unknown>): CrudFilters {
  const filters: CrudFilter[] = [];
  for (const [name, field] of searchFields(entity)) {
    const value = values[name];
    if (isEmpty(value)) continue;
    switch (field.search) {
      case 'like': {
        const text = String(wireValue(field, value));
        if (text !== '') filters.push({ field: name, operator: 'contains', value: text });
        break;
      }
      case 'in':
        filters.push({ field: name, operator: 'in', value: (Array.isArray(value) ? value : [value]).map((item) => wireValue(field, item)) });
        break;
      case 'range': {
        const [begin, end] = Array.isArray(value) ? (value as unknown[]) : [value, undefined];
        if (!isEmpty(begin) || !isEmpty(end)) {
          filters.push({ field: name, operator: 'between', value: [isEmpty(begin) ? undefined : rangeBound(begin), isEmpty(end) ? undefined : rangeBound(end)] });
        }
        break;
      }
      default: {
        const operand = wireValue(field, value);
        if (!isEmpty(operand)) filters.push({ field: name, operator: 'eq', value: operand });
      }
    }
  }
  return filters;
}
