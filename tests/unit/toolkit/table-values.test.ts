import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../src/providers/i18n';
import { moveRow, rewriteOrder } from '../../../src/toolkit/editable-table/drag-sort';
import { EnhanceHistory } from '../../../src/toolkit/editable-table/enhance-history';
import { acceptsNumberTyping, numberOnBlur } from '../../../src/toolkit/editable-table/number-cell-value';
import { displayRowKey } from '../../../src/toolkit/editable-table/row-key';
import { RowStore } from '../../../src/toolkit/editable-table/row-store';
import { applyRowUpdate, handleTableSocketMessage } from '../../../src/toolkit/editable-table/socket-row-update';
import { columnStatistic } from '../../../src/toolkit/editable-table/statistics';
import { splitTags } from '../../../src/toolkit/editable-table/tags-value';
import type { Row } from '../../../src/toolkit/editable-table/types';

afterEach(() => vi.restoreAllMocks());

beforeAll(async () => {
  await initI18n('zh-CN');
  await i18n.loadNamespaces('toolkit');
});

describe('number cells', () => {
  it('accept optional minus, digits and a decimal part while typing, else revert', () => {
    for (const text of ['', '-', '12', '-12', '12.', '12.5', '-0.25', '.5']) expect(acceptsNumberTyping(text), text).toBe(true);
    for (const text of ['a', '1a', '--1', '1-', '1.2.3', '1e5', ' 1', '+1']) expect(acceptsNumberTyping(text), text).toBe(false);
  });

  it('turn a valid value into a number on blur and an invalid one into empty', () => {
    expect(numberOnBlur('12.50')).toBe(12.5);
    expect(numberOnBlur('-3')).toBe(-3);
    expect(numberOnBlur('12.')).toBe(12);
    expect(numberOnBlur('-')).toBe('');
    expect(numberOnBlur('')).toBe('');
    expect(numberOnBlur('abc')).toBe('');
    expect(numberOnBlur(7)).toBe(7);
  });
});

describe('tags input', () => {
  it('splits the text into two-character groups separated by semicolons', () => {
    expect(splitTags('abcdef')).toBe('ab;cd;ef');
    expect(splitTags('abcde')).toBe('ab;cd;e');
    expect(splitTags('ab;c')).toBe('ab;c');
    expect(splitTags('ab;cd')).toBe('ab;cd');
    expect(splitTags('红色蓝色绿')).toBe('红色;蓝色;绿');
    expect(splitTags('')).toBe('');
  });
});

describe('statistics footer', () => {
  const rows: Row[] = [
    { id: 'a', qty: 3, price: '10.5' },
    { id: 'b', qty: '4', price: 'x' },
    { id: 'c', qty: '', price: 2.25 },
  ];
  it('sums and averages over all rows', () => {
    expect(columnStatistic(rows, 'qty', 'sum')).toBe(7);
    expect(columnStatistic(rows, 'qty', 'average')).toBe(2.33);
    expect(columnStatistic(rows, 'price', 'sum')).toBe(12.75);
    expect(columnStatistic([], 'qty', 'average')).toBe(0);
  });
});

describe('drag sort', () => {
  it('rewrites orderNum to the 1-based position after a move', () => {
    const rows: Row[] = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
    expect(rewriteOrder(rows).map((r) => r.orderNum)).toEqual([1, 2, 3]);
    const moved = moveRow(rows, 2, 0);
    expect(moved.map((r) => [r.id, r.orderNum])).toEqual([
      ['c', 1],
      ['a', 2],
      ['b', 3],
    ]);
    expect(moveRow(rows, 0, 1, 'sort').map((r) => [r.id, r.sort])).toEqual([
      ['b', 1],
      ['a', 2],
      ['c', 3],
    ]);
  });
});

describe('row store', () => {
  it('tells only the edited cell and its column', () => {
    const store = new RowStore([{ id: 'a', name: 'x', qty: 1 }, { id: 'b', name: 'y', qty: 2 }]);
    const cellA = vi.fn();
    const cellB = vi.fn();
    const column = vi.fn();
    const list = vi.fn();
    store.subscribeCell('a', 'name', cellA);
    store.subscribeCell('b', 'name', cellB);
    store.subscribeColumn('name', column);
    store.subscribeList(list);
    store.setCell('a', 'name', 'z');
    expect(cellA).toHaveBeenCalledTimes(1);
    expect(cellB).not.toHaveBeenCalled();
    expect(column).toHaveBeenCalledTimes(1);
    expect(list).not.toHaveBeenCalled();
    expect(store.getCell('a', 'name')).toBe('z');
  });

  it('tells mounted cells and rows when setRows gives a kept id new values', () => {
    const store = new RowStore([{ id: 'a', name: 'x' }]);
    store.setCellError('a', 'name', '必填');
    const cell = vi.fn();
    const row = vi.fn();
    store.subscribeCell('a', 'name', cell);
    store.subscribeRow('a', row);
    store.setRows([{ id: 'a', name: 'y' }]);
    expect(cell).toHaveBeenCalled();
    expect(row).toHaveBeenCalled();
    expect(store.getCell('a', 'name')).toBe('y');
    expect(store.getError('a', 'name')).toBeUndefined();
  });

  it('adds, inserts, removes and moves rows with orderNum kept', () => {
    const store = new RowStore([{ id: 'a' }, { id: 'b' }], 'orderNum');
    store.insertRows([{ id: 'n' }], 1);
    expect(store.getRows().map((r) => r.id)).toEqual(['a', 'n', 'b']);
    store.moveRow(0, 2);
    expect(store.getRows().map((r) => [r.id, r.orderNum])).toEqual([
      ['n', 1],
      ['b', 2],
      ['a', 3],
    ]);
    store.removeRows(['b']);
    expect(store.getRows().map((r) => [r.id, r.orderNum])).toEqual([
      ['n', 1],
      ['a', 2],
    ]);
  });

  it('patches the row with the same id from a socket update and highlights it for 1.4 s', () => {
    vi.useFakeTimers();
    const store = new RowStore([{ id: 'a', name: 'x', qty: 1 }]);
    const cell = vi.fn();
    store.subscribeCell('a', 'qty', cell);
    expect(applyRowUpdate(store, { id: 'a', qty: 9 })).toBe(true);
    expect(store.getRow('a')).toEqual({ id: 'a', name: 'x', qty: 9 });
    expect(cell).toHaveBeenCalledTimes(1);
    expect(store.isHighlighted('a')).toBe(true);
    vi.advanceTimersByTime(1399);
    expect(store.isHighlighted('a')).toBe(true);
    vi.advanceTimersByTime(1);
    expect(store.isHighlighted('a')).toBe(false);
    expect(applyRowUpdate(store, { id: 'zz', qty: 1 })).toBe(false);

    const frame = (socketKey: string, caseId: string) => JSON.stringify({ type: 'update_vxe_table', data: { socketKey, args: [{ id: 'a', name: 'socket' }, caseId] } });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(handleTableSocketMessage(store, frame('vxe-default', 'me'), 'vxe-default', 'me')).toBe(false);
    expect(handleTableSocketMessage(store, frame('other', 'peer'), 'vxe-default', 'me')).toBe(false);
    expect(handleTableSocketMessage(store, 'not json', 'vxe-default', 'me')).toBe(false);
    expect(warn).toHaveBeenCalled();
    expect(handleTableSocketMessage(store, frame('vxe-default', 'peer'), 'vxe-default', 'me')).toBe(true);
    expect(store.getCell('a', 'name')).toBe('socket');
  });
});

describe('row key and enhance history', () => {
  it('displays at most 50 characters of the row key', () => {
    expect(displayRowKey('x'.repeat(60))).toHaveLength(50);
    expect(displayRowKey('abc')).toBe('abc');
  });

  it('keeps the last 16 enhancement runs and logs hook errors', () => {
    const history = new EnhanceHistory();
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    for (let i = 0; i < 20; i += 1) history.run(`hook${i}`, () => undefined);
    expect(history.list()).toHaveLength(16);
    expect(history.list()[0]?.name).toBe('hook4');
    expect(history.run('bad', () => { throw new Error('boom'); })).toBe(false);
    expect(error).toHaveBeenCalledWith('用户自定义JS增强代码运行出错', expect.any(Error));
  });
});
