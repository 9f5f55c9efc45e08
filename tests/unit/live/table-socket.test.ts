/** The editable table's live rows: one handler per table; an update_vxe_table row patches its row only. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROW_HIGHLIGHT_MS, RowStore } from '../../../src/toolkit/editable-table/row-store';
import { connectTableSocket, handleTableSocketMessage, publishTableRow, type TableSocketHub } from '../../../src/toolkit/editable-table/socket-row-update';
import type { Row } from '../../../src/toolkit/editable-table/types';

type LiveRow = { id: string | number } & Record<string, unknown>;

function fakeHub() {
  const handlers = new Map<string, Set<(row: LiveRow) => void>>();
  const published: Array<[string, LiveRow]> = [];
  const hub: TableSocketHub = {
    subscribeRows(key, handler) {
      const set = handlers.get(key) ?? new Set();
      set.add(handler);
      handlers.set(key, set);
      return () => set.delete(handler);
    },
    publishRow: (key, row) => void published.push([key, row]),
  };
  const push = (key: string, row: LiveRow) => handlers.get(key)?.forEach((handler) => handler(row));
  return { hub, push, published, handlerCount: (key: string) => handlers.get(key)?.size ?? 0 };
}

const rows = (): Row[] => [
  { id: 'line-1', goodsName: 'tea', qty: 1 },
  { id: 'line-2', goodsName: 'rice', qty: 2 },
];

let store: RowStore;
beforeEach(() => {
  vi.useFakeTimers();
  store = new RowStore(rows());
});
afterEach(() => vi.useRealTimers());

describe('connectTableSocket', () => {
  it('subscribes once for the whole table and patches the row with the same id, keeping unsaved edits of other rows', () => {
    const { hub, push, handlerCount } = fakeHub();
    const stop = connectTableSocket(store, 'goods:lines', hub);
    expect(handlerCount('goods:lines')).toBe(1);
    store.setCell('line-2', 'qty', 7); // a local, unsaved edit
    push('goods:lines', { id: 'line-1', goodsName: 'green tea', qty: 5 });
    expect(store.getRow('line-1')).toEqual({ id: 'line-1', goodsName: 'green tea', qty: 5 });
    expect(store.getRow('line-2')).toEqual({ id: 'line-2', goodsName: 'rice', qty: 7 });
    stop();
    expect(handlerCount('goods:lines')).toBe(0);
  });

  it('flashes the patched row for 1.4 s', () => {
    const { hub, push } = fakeHub();
    connectTableSocket(store, 'goods:lines', hub);
    const flashes = vi.fn();
    store.subscribeRow('line-1', flashes);
    push('goods:lines', { id: 'line-1', qty: 9 });
    expect(store.isHighlighted('line-1')).toBe(true);
    expect(store.isHighlighted('line-2')).toBe(false);
    vi.advanceTimersByTime(ROW_HIGHLIGHT_MS - 1);
    expect(store.isHighlighted('line-1')).toBe(true);
    vi.advanceTimersByTime(1);
    expect(store.isHighlighted('line-1')).toBe(false);
    expect(flashes).toHaveBeenCalledTimes(2);
  });

  it('ignores rows of other keys, rows it does not hold and rows without a string id', () => {
    const { hub, push } = fakeHub();
    connectTableSocket(store, 'goods:lines', hub);
    push('other:key', { id: 'line-1', qty: 100 });
    push('goods:lines', { id: 'line-9', qty: 100 });
    push('goods:lines', { id: 1, qty: 100 });
    expect(store.getRows()).toEqual(rows());
    expect(store.isHighlighted('line-1')).toBe(false);
  });
});

describe('publishTableRow', () => {
  it('publishes the row as saved on the table key', () => {
    const { hub, published } = fakeHub();
    expect(publishTableRow(store, 'goods:lines', 'line-2', hub, (row) => ({ ...row, saved: true }))).toBe(true);
    expect(published).toEqual([['goods:lines', { id: 'line-2', goodsName: 'rice', qty: 2, saved: true }]]);
    expect(publishTableRow(store, 'goods:lines', 'missing', hub)).toBe(false);
    expect(publishTableRow(store, 'goods:lines', 'line-1', null)).toBe(false);
  });
});

describe('handleTableSocketMessage (a raw vxeSocket frame)', () => {
  it('applies update_vxe_table from another page and skips the page\'s own caseId', () => {
    const frame = (caseId: string) => JSON.stringify({ type: 'update_vxe_table', data: { socketKey: 'goods:lines', args: [{ id: 'line-2', qty: 3 }, caseId] } });
    expect(handleTableSocketMessage(store, frame('me'), 'goods:lines', 'me')).toBe(false);
    expect(store.getRow('line-2')?.qty).toBe(2);
    expect(handleTableSocketMessage(store, frame('other'), 'goods:lines', 'me')).toBe(true);
    expect(store.getRow('line-2')?.qty).toBe(3);
  });

  it('only logs unparsable and unknown frames', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(handleTableSocketMessage(store, 'not json', 'goods:lines', 'me')).toBe(false);
    expect(handleTableSocketMessage(store, JSON.stringify({ type: 'eval', data: 'x' }), 'goods:lines', 'me')).toBe(false);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(store.getRows()).toEqual(rows());
    warn.mockRestore();
  });
});
