import { Grid, Table, type CheckboxProps, type TableColumnType, type TablePaginationConfig, type TableProps } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE_OPTIONS } from '../../contracts/constants';
import { ACTIONS_COLUMN_KEY } from './row-actions';
import './list-table.css';

/**
 * How every list's table is laid out (ListTable carries it): at what its cells hold (`tableLayout: 'auto'`, no cell
 * wraps but the prose columns, see list-table.css), as wide as its card, and wider only when its cells need it, then
 * scrolling sideways with the 操作 column kept at the right edge. A screen sets no `scroll.x` of its own: a fixed
 * width wider than the card is what let the sticky 操作 column cover 状态 at 1280 px.
 */
export const LIST_TABLE_PROPS = {
  className: 'list-table',
  tableLayout: 'auto',
  scroll: { x: true },
} as const satisfies Pick<TableProps<object>, 'className' | 'tableLayout' | 'scroll'>;

/** A column of prose (a name, a remark, goods text): it wraps, and keeps a readable width. */
export const WRAP_CELL = 'list-cell-wrap';

/**
 * The columns as a screen of this width shows them. On a phone the card is about 300 px wide: a sticky 操作 column
 * there left room for nothing else (会员列表 showed only its actions). So on a phone the row's key column (its number or
 * name) and the columns before it stay at the left edge while the rest scroll under them, and 操作 scrolls with the
 * row as its last column; from a tablet up, 操作 stays at the right edge as before.
 */
export function columnsForScreen<T>(columns: readonly TableColumnType<T>[], phone: boolean, keyColumn?: string): TableColumnType<T>[] {
  if (!phone) return [...columns];
  const named = keyColumn === undefined ? -1 : columns.findIndex((column) => column.key === keyColumn);
  const keyIndex = named >= 0 ? named : columns.findIndex((column) => column.key !== ACTIONS_COLUMN_KEY);
  return columns.map((column, index) => {
    if (column.key === ACTIONS_COLUMN_KEY) return { ...column, fixed: false };
    return index <= keyIndex ? { ...column, fixed: 'left' } : column;
  });
}

export interface ListTableProps<T> extends TableProps<T> {
  /**
   * The column that names a row (its number or name), kept in sight on a phone; default the first column. An entity
   * list passes its definition's (listKeyField).
   */
  keyColumn?: string;
}

/**
 * Every list's table: antd's Table with LIST_TABLE_PROPS and its columns laid out for the screen (columnsForScreen).
 * Screens spread their list's tableProps on it (or their own rows, paging and empty text) and give their columns.
 */
export function ListTable<T extends object>({ keyColumn, columns, className, ...props }: ListTableProps<T>) {
  const screens = Grid.useBreakpoint();
  const phone = screens.md === false;
  const shown = useMemo(() => (columns === undefined ? undefined : columnsForScreen(columns, phone, keyColumn)), [columns, phone, keyColumn]);
  return <Table<T> {...LIST_TABLE_PROPS} {...props} className={className === undefined ? LIST_TABLE_PROPS.className : `${LIST_TABLE_PROPS.className} ${className}`} columns={shown} />;
}

/** How every list pages: the page sizes to choose from, a page to jump to, and 第 a-b 条 / 共 n 条. */
export function useListPagination(): Pick<TablePaginationConfig, 'pageSizeOptions' | 'showSizeChanger' | 'showQuickJumper' | 'showTotal'> {
  const { t } = useTranslation('crud');
  return {
    pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
    showSizeChanger: true,
    showQuickJumper: true,
    showTotal: (total: number, range: [number, number]) => t('total', { total, from: range[0], to: range[1] }),
  };
}

/**
 * Props that give a row's checkbox a label (axe: every form control has one). antd hands them to the `<input>`; its
 * type does not list ARIA attributes, hence the intersection.
 */
export function selectionCheckboxProps(label: string): () => Partial<CheckboxProps> & { 'aria-label': string } {
  return () => ({ 'aria-label': label });
}
