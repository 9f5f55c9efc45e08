/**
 * The editable table's text cells type into the row store without re-rendering their cell host; any
 * other write to the cell (popup, live row, blur) still shows in the input.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useSyncExternalStore, type ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import type { CellProps } from '../../../src/toolkit/editable-table/cells/cell-props';
import { InputCell, NumberCell, TagsCell } from '../../../src/toolkit/editable-table/cells/input-cell';
import { RowStore } from '../../../src/toolkit/editable-table/row-store';
import type { EditableColumn } from '../../../src/toolkit/editable-table/types';
import { useLocales } from '../use-locales';

useLocales('toolkit');

const ROW = 'r1';

/** As the table's cell host: re-rendered when its cell is told of a change; counts its renders. */
function Host({ store, column, Cell, renders, invalid }: { store: RowStore; column: EditableColumn; Cell: ComponentType<CellProps>; renders: { count: number }; invalid: boolean }) {
  const value = useSyncExternalStore(
    (listener) => store.subscribeCell(ROW, column.key, listener),
    () => store.getCell(ROW, column.key),
  );
  renders.count += 1;
  return <Cell column={column} rowId={ROW} store={store} value={value} setValue={(next) => store.setCell(ROW, column.key, next)} typeValue={(next) => store.typeCell(ROW, column.key, next)} invalid={invalid} />;
}

function renderText(Cell: ComponentType<CellProps>, column: EditableColumn, value: unknown, invalid = false) {
  const store = new RowStore([{ id: ROW, [column.key]: value, sum: 0 }]);
  const renders = { count: 0 };
  render(<Host store={store} column={column} Cell={Cell} renders={renders} invalid={invalid} />);
  const input = screen.getByLabelText(column.title) as HTMLInputElement;
  return { store, renders, input };
}

describe('text cells', () => {
  it('store each keystroke without re-rendering the cell host, and the footer column hears it', () => {
    const { store, renders, input } = renderText(InputCell, { key: 'name', title: '商品名称', type: 'input' }, 'a');
    let columnChanges = 0;
    store.subscribeColumn('name', () => (columnChanges += 1));
    const before = renders.count;
    fireEvent.change(input, { target: { value: 'ab' } });
    fireEvent.change(input, { target: { value: 'abc' } });
    expect(store.getCell(ROW, 'name')).toBe('abc');
    expect(input.value).toBe('abc');
    expect(renders.count).toBe(before);
    expect(columnChanges).toBe(2);
  });

  it('show a value written from elsewhere, even the one shown before the typing', () => {
    const { store, input } = renderText(InputCell, { key: 'name', title: '商品名称', type: 'input' }, 'a');
    fireEvent.change(input, { target: { value: 'ab' } });
    act(() => store.patchRow({ id: ROW, name: 'a' }));
    expect(input.value).toBe('a');
    act(() => store.setRows([{ id: ROW, name: '新值' }]));
    expect(input.value).toBe('新值');
  });

  it('refuse a keystroke that makes no number and make a number on blur', () => {
    const { store, input } = renderText(NumberCell, { key: 'price', title: '单价', type: 'number' }, '');
    fireEvent.change(input, { target: { value: '12.' } });
    fireEvent.change(input, { target: { value: '12.a' } });
    expect(input.value).toBe('12.');
    expect(store.getCell(ROW, 'price')).toBe('12.');
    fireEvent.blur(input);
    expect(store.getCell(ROW, 'price')).toBe(12);
    expect(input.value).toBe('12');
  });

  it('show the tags as split while typing', () => {
    const { store, input } = renderText(TagsCell, { key: 'labels', title: '标签', type: 'tags' }, '');
    fireEvent.change(input, { target: { value: '热卖新品' } });
    expect(input.value).toBe('热卖;新品');
    expect(store.getCell(ROW, 'labels')).toBe('热卖;新品');
  });

  it("look like antd's small Input: its classes, with the error and disabled ones when they apply", () => {
    const { input } = renderText(InputCell, { key: 'name', title: '商品名称', type: 'input', disabled: true }, 'a', true);
    expect([...input.classList]).toEqual(expect.arrayContaining(['ant-input', 'ant-input-sm', 'ant-input-outlined', 'ant-input-status-error', 'ant-input-disabled']));
    expect(input.disabled).toBe(true);
  });
});
