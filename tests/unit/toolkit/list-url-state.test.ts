/** Issue 32: a list's filters, page, page size and sort live in its URL (`?q=`), so a reload shows the same rows. */
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { defineEntity } from '../../../src/contracts/entity';
import { readListUrlState, searchValuesOf, writeListUrlState } from '../../../src/toolkit/crud/list-url-state';
import { searchFilters } from '../../../src/toolkit/crud/search-query';

const entity = defineEntity({
  table: 'demo',
  api: '/demo',
  permission: 'demo',
  fields: {
    name: { type: 'string', label: 'n', search: 'like' },
    status: { type: 'dict', label: 's', dict: 'valid_status', search: 'in' },
    level: { type: 'int', label: 'l', search: 'eq' },
    placedAt: { type: 'datetime', label: 'c', search: 'range' },
    point: { type: 'int', label: 'p', search: 'range' },
  },
});

describe('list URL state', () => {
  it('writes nothing for the plain first page, and reads back what it wrote', () => {
    expect(writeListUrlState({ filters: [], page: 1, pageSize: 10, sorters: [] }, 10)).toBeNull();
    const state = { filters: [{ field: 'name', operator: 'contains' as const, value: '张' }], page: 3, pageSize: 20, sorters: [{ field: 'point', order: 'desc' as const }] };
    const text = writeListUrlState(state, 10);
    expect(readListUrlState(text, 10)).toEqual(state);
  });

  it('trusts nothing it cannot read: bad JSON, unknown operators, pages out of range', () => {
    expect(readListUrlState('{not json', 10)).toBeNull();
    expect(readListUrlState('[1]', 10)).toBeNull();
    const read = readListUrlState(JSON.stringify({ f: [{ field: 'a', operator: 'or', value: 1 }, { field: 'b', operator: 'eq', value: { x: 1 } }, { field: 'c', operator: 'eq', value: 'ok' }], p: -2, s: 5000, o: [{ field: 'x', order: 'up' }] }), 10);
    expect(read).toEqual({ filters: [{ field: 'c', operator: 'eq', value: 'ok' }], page: 1, pageSize: 10, sorters: [] });
  });

  it('gives the search form back the values that made the filters', () => {
    const values = { name: '张三', status: ['1'], level: 2, placedAt: [dayjs('2026-12-01'), dayjs('2026-12-03')], point: [10, undefined] };
    const filters = searchFilters(entity, values);
    const restored = searchValuesOf(entity, filters);
    expect(restored.name).toBe('张三');
    expect(restored.status).toEqual(['1']);
    expect(restored.level).toBe(2);
    const [begin, end] = restored.placedAt as [dayjs.Dayjs, dayjs.Dayjs];
    expect(begin.format('YYYY-MM-DD')).toBe('2026-12-01');
    expect(end.format('YYYY-MM-DD')).toBe('2026-12-03');
    expect(restored.point).toEqual([10, undefined]);
    // Searching again with the restored values gives the same filters.
    expect(searchFilters(entity, restored)).toEqual(filters);
  });
});
