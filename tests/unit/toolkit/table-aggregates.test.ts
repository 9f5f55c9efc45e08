/** The editable table's footer sums and unique counts, kept per edit instead of walked per keystroke. */
import { describe, expect, it } from 'vitest';
import { RowStore } from '../../../src/toolkit/editable-table/row-store';
import { ColumnAggregates, columnStatistic } from '../../../src/toolkit/editable-table/statistics';
import type { Row } from '../../../src/toolkit/editable-table/types';
import { valueCounts } from '../../../src/toolkit/editable-table/validate';

const rowsOf = (count: number): Row[] => Array.from({ length: count }, (_, i) => ({ id: `r${i}`, price: (i % 7) + 0.25, sku: `S${i % 5}`, name: i % 3 === 0 ? '' : `n${i}` }));

describe('column aggregates', () => {
  it('match a full walk after every kind of edit', () => {
    const store = new RowStore(rowsOf(50));
    const check = () => {
      for (const kind of ['sum', 'average'] as const) expect(store.statistic('price', kind)).toBe(columnStatistic(store.getRows(), 'price', kind));
      expect(new Map(store.valueCounts('sku'))).toEqual(valueCounts(store.getRows(), 'sku'));
      expect(new Map(store.valueCounts('name'))).toEqual(valueCounts(store.getRows(), 'name'));
    };
    check();
    store.setCell('r1', 'price', '12.5');
    store.setCell('r2', 'price', 'abc');
    store.setCell('r3', 'price', '');
    store.setCell('r4', 'sku', 'S0');
    store.setCell('r5', 'sku', '');
    store.setCell('r0', 'name', 'n1');
    check();
    store.patchRow({ id: 'r6', price: 3, sku: 'NEW' });
    check();
    store.insertRows([{ id: 'x', price: 100, sku: 'S1' }], 0);
    check();
    store.removeRows(['r7', 'r8']);
    check();
    store.moveRow(0, 10);
    check();
    store.setRows(rowsOf(3));
    check();
    store.setRows([]);
    expect(store.statistic('price', 'average')).toBe(0);
    expect(store.valueCounts('sku').size).toBe(0);
  });

  it('drop a value from the counts when its last row changes and count numbers as the rule reads them', () => {
    const rows: Row[] = [
      { id: 'a', code: 'A' },
      { id: 'b', code: 'A' },
      { id: 'c', code: 7 },
    ];
    const aggregates = new ColumnAggregates(() => rows);
    expect(aggregates.valueCounts('code').get('A')).toBe(2);
    aggregates.changed('code', 'A', 'B');
    aggregates.changed('code', 'A', '7');
    expect(new Map(aggregates.valueCounts('code'))).toEqual(new Map([['B', 1], ['7', 2]]));
  });

  it('stay equal to a full walk over 10,000 rows through many single-cell edits', () => {
    const rows = rowsOf(10_000);
    const aggregates = new ColumnAggregates(() => rows);
    aggregates.statistic('price', 'sum');
    aggregates.valueCounts('sku');
    for (let i = 0; i < 500; i += 1) {
      const at = (i * 7919) % rows.length;
      const row = rows[at] ?? { id: '' };
      const next: Row = { ...row, price: i % 11 === 0 ? '' : String((i % 97) / 4), sku: `S${i % 13}` };
      aggregates.changed('price', row.price, next.price);
      aggregates.changed('sku', row.sku, next.sku);
      rows[at] = next;
    }
    expect(aggregates.statistic('price', 'sum')).toBe(columnStatistic(rows, 'price', 'sum'));
    expect(aggregates.statistic('price', 'average')).toBe(columnStatistic(rows, 'price', 'average'));
    expect(new Map(aggregates.valueCounts('sku'))).toEqual(valueCounts(rows, 'sku'));
  });
});
