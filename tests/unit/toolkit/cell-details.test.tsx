/**
 * Editable-table details of docs/spec.md §3/§9: the upload cell (未知错误 fallback, download/delete menu), the radio
 * cell clearing only with allowClear, the async select's 300 ms search debounce, the progress cell, and
 * the serial / checkbox column widths.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntdApp } from 'antd';
import { useSyncExternalStore, type ComponentType } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CHECKBOX_COLUMN_WIDTH, CHECKBOX_COLUMN_WIDTH_WITH_FOOTER, EditableTable, SERIAL_COLUMN_WIDTH } from '../../../src/toolkit/editable-table/editable-table';
import type { CellProps } from '../../../src/toolkit/editable-table/cells/cell-props';
import { RadioCell } from '../../../src/toolkit/editable-table/cells/choice-cells';
import { ProgressCell } from '../../../src/toolkit/editable-table/cells/display-cells';
import { ASYNC_SEARCH_DEBOUNCE_MS, SelectCell } from '../../../src/toolkit/editable-table/cells/select-cell';
import { UploadCell } from '../../../src/toolkit/editable-table/cells/upload-cell';
import { RowStore } from '../../../src/toolkit/editable-table/row-store';
import type { EditableColumn, UploadCellValue } from '../../../src/toolkit/editable-table/types';
import { useLocales } from '../use-locales';

const api = vi.hoisted(() => ({ upload: vi.fn() }));
vi.mock('../../../src/providers/http', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/providers/http')>();
  return { ...original, http: { ...original.http, upload: api.upload } };
});

useLocales('toolkit');
beforeEach(() => {
  api.upload.mockReset();
});

const ROW = 'r1';

/** One cell bound to a row store, re-rendered when its value changes (as the table's cell host does). */
function CellHost({ store, column, Cell }: { store: RowStore; column: EditableColumn; Cell: ComponentType<CellProps> }) {
  const value = useSyncExternalStore(
    (listener) => store.subscribeCell(ROW, column.key, listener),
    () => store.getCell(ROW, column.key),
  );
  return <Cell column={column} rowId={ROW} store={store} value={value} setValue={(next) => store.setCell(ROW, column.key, next)} typeValue={(next) => store.typeCell(ROW, column.key, next)} invalid={false} />;
}

function renderCell(Cell: ComponentType<CellProps>, column: EditableColumn, value?: unknown) {
  const store = new RowStore([{ id: ROW, [column.key]: value }]);
  const view = render(
    <AntdApp>
      <CellHost store={store} column={column} Cell={Cell} />
    </AntdApp>,
  );
  return { store, ...view };
}

const uploadColumn = (extra: Partial<EditableColumn> = {}): EditableColumn => ({ key: 'attachment', title: '附件', type: 'file', ...extra });

async function chooseFile(container: HTMLElement, name = 'contract.pdf') {
  const input = container.querySelector('input[type=file]') as HTMLInputElement;
  await act(async () => {
    fireEvent.change(input, { target: { files: [new File(['x'], name, { type: 'application/pdf' })] } });
  });
}

const cellValue = (store: RowStore, key = 'attachment') => store.getCell(ROW, key) as UploadCellValue | undefined;

describe('upload cell', () => {
  it('shows the upload button without a file', () => {
    renderCell(UploadCell, uploadColumn());
    expect(screen.getByRole('button', { name: '上传附件' }).textContent).toContain('点击上传');
  });

  it('ends in error with 未知错误 when the upload fails without a message', async () => {
    api.upload.mockRejectedValue(new Error(''));
    const { store, container } = renderCell(UploadCell, uploadColumn());
    await chooseFile(container);
    await waitFor(() => expect(cellValue(store)?.status).toBe('error'));
    expect(cellValue(store)?.message).toBe('未知错误');
    expect(container.querySelector('[data-upload-status="error"]')).not.toBeNull();
  });

  it('ends in error with 未知错误 when the server refuses without a message, and with its message when it has one', async () => {
    api.upload.mockResolvedValue({ success: false, message: '', code: 500, result: null, timestamp: 0 });
    const first = renderCell(UploadCell, uploadColumn());
    await chooseFile(first.container);
    await waitFor(() => expect(cellValue(first.store)?.status).toBe('error'));
    expect(cellValue(first.store)?.message).toBe('未知错误');
    first.unmount();

    api.upload.mockResolvedValue({ success: false, message: '文件类型不允许', code: 500, result: null, timestamp: 0 });
    const second = renderCell(UploadCell, uploadColumn());
    await chooseFile(second.container);
    await waitFor(() => expect(cellValue(second.store)?.status).toBe('error'));
    expect(cellValue(second.store)?.message).toBe('文件类型不允许');
  });

  it('takes the path from the response field (default message) when done', async () => {
    api.upload.mockResolvedValue({ success: true, message: 'temp/contract_1.pdf', code: 200, result: null, timestamp: 0 });
    const { store, container } = renderCell(UploadCell, uploadColumn());
    await chooseFile(container);
    await waitFor(() => expect(cellValue(store)?.status).toBe('done'));
    expect(cellValue(store)?.path).toBe('temp/contract_1.pdf');
  });

  async function menuItems(column: EditableColumn): Promise<string[]> {
    renderCell(UploadCell, column, 'temp/report_1.xlsx');
    const trigger = screen.queryByRole('button', { name: '文件 report_1.xlsx 的操作' });
    if (trigger === null) return [];
    fireEvent.click(trigger);
    await waitFor(() => expect(document.querySelector('.ant-dropdown-menu')).not.toBeNull());
    return [...document.querySelectorAll('.ant-dropdown-menu-item')].map((item) => item.textContent ?? '');
  }

  it('offers 下载 and 删除 for a stored file by default', async () => {
    expect(await menuItems(uploadColumn())).toEqual(['下载', '删除']);
  });

  it('drops 下载 when allowDownload is false', async () => {
    expect(await menuItems(uploadColumn({ allowDownload: false }))).toEqual(['删除']);
  });

  it('drops 删除 when allowRemove is false', async () => {
    expect(await menuItems(uploadColumn({ allowRemove: false }))).toEqual(['下载']);
  });

  it('shows no menu when both are false', async () => {
    expect(await menuItems(uploadColumn({ allowDownload: false, allowRemove: false }))).toEqual([]);
    expect(document.querySelector('[data-upload-status="done"]')?.textContent).toContain('repor…');
  });
});

describe('radio cell', () => {
  const radioColumn = (allowClear?: boolean): EditableColumn => ({
    key: 'sex',
    title: '性别',
    type: 'radio',
    options: [
      { value: '1', text: '男' },
      { value: '2', text: '女' },
    ],
    ...(allowClear === undefined ? {} : { allowClear }),
  });

  it('keeps the checked value when it is clicked again without allowClear', () => {
    const { store } = renderCell(RadioCell, radioColumn(), '1');
    fireEvent.click(screen.getByLabelText('男'));
    expect(store.getCell(ROW, 'sex')).toBe('1');
    fireEvent.click(screen.getByLabelText('女'));
    expect(store.getCell(ROW, 'sex')).toBe('2');
    fireEvent.click(screen.getByLabelText('女'));
    expect(store.getCell(ROW, 'sex')).toBe('2');
  });

  it('clears the checked value when it is clicked again with allowClear', () => {
    const { store } = renderCell(RadioCell, radioColumn(true), '1');
    fireEvent.click(screen.getByLabelText('女'));
    expect(store.getCell(ROW, 'sex')).toBe('2');
    fireEvent.click(screen.getByLabelText('女'));
    expect(store.getCell(ROW, 'sex')).toBe('');
  });
});

describe('async select cell', () => {
  it('searches 300 ms after the last keystroke, with the last keyword', async () => {
    expect(ASYNC_SEARCH_DEBOUNCE_MS).toBe(300);
    vi.useFakeTimers();
    const search = vi.fn((keyword: string) => Promise.resolve([{ value: keyword, text: `找到 ${keyword}` }]));
    renderCell(SelectCell, { key: 'goods', title: '商品', type: 'select', search });
    const input = screen.getByRole('combobox', { name: '商品' });

    fireEvent.change(input, { target: { value: 'a' } });
    await act(() => vi.advanceTimersByTimeAsync(200));
    fireEvent.change(input, { target: { value: 'ab' } });
    await act(() => vi.advanceTimersByTimeAsync(299));
    expect(search).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(search).toHaveBeenCalledTimes(1);
    expect(search).toHaveBeenCalledWith('ab');
  });
});

describe('progress cell', () => {
  const progressColumn: EditableColumn = { key: 'rate', title: '完成率', type: 'progress' };
  const bar = () => screen.getByRole('progressbar', { name: '完成率' });

  it('shows a small bar at the numeric value', () => {
    renderCell(ProgressCell, progressColumn, 42);
    expect(bar().getAttribute('aria-valuenow')).toBe('42');
    expect(bar().classList.contains('ant-progress-small')).toBe(true);
    expect(bar().textContent).toBe('42%');
  });

  it('keeps the bar between 0 and 100', () => {
    const first = renderCell(ProgressCell, progressColumn, 150);
    expect(bar().getAttribute('aria-valuenow')).toBe('100');
    first.unmount();
    renderCell(ProgressCell, progressColumn, 'n/a');
    expect(bar().getAttribute('aria-valuenow')).toBe('0');
  });
});

describe('editable table columns', () => {
  const name: EditableColumn = { key: 'name', title: '名称', type: 'input', width: 100 };
  const qty: EditableColumn = { key: 'qty', title: '数量', type: 'number', width: 100, statistics: ['sum'] };
  const template = (container: HTMLElement) => (container.querySelector('.mbo-et-head') as HTMLElement).style.gridTemplateColumns;

  function renderTable(columns: EditableColumn[], rowSelection: boolean) {
    return render(
      <AntdApp>
        <EditableTable columns={columns} dataSource={[{ id: 'a', name: 'x', qty: 1 }]} rowSelection={rowSelection} aria-label="明细" />
      </AntdApp>,
    );
  }

  it('has a 60 px serial column', () => {
    expect(SERIAL_COLUMN_WIDTH).toBe(60);
    const { container } = renderTable([name], false);
    expect(template(container)).toBe('60px 100px');
  });

  it('has a 40 px checkbox column without a footer', () => {
    expect(CHECKBOX_COLUMN_WIDTH).toBe(40);
    const { container } = renderTable([name], true);
    expect(template(container)).toBe('60px 40px 100px');
  });

  it('has a 60 px checkbox column with a footer (合计)', () => {
    expect(CHECKBOX_COLUMN_WIDTH_WITH_FOOTER).toBe(60);
    const { container } = renderTable([name, qty], true);
    expect(template(container)).toBe('60px 60px 100px 100px');
    expect(container.querySelector('.mbo-et-foot')?.textContent).toContain('合计');
  });
});
