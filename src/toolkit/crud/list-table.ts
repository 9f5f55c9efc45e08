import type { CheckboxProps, TableProps } from 'antd';
import './list-table.css';

/**
 * How every list's table is laid out (useEntityList's tableProps carry it; a list read another way spreads it): at
 * what its cells hold (`tableLayout: 'auto'`, no cell wraps but the prose columns, see list-table.css), as wide as its
 * card, and wider only when its cells need it, then scrolling sideways with the 操作 column kept at the right edge.
 * A screen sets no `scroll.x` of its own: a fixed width wider than the card is what let the sticky 操作 column cover
 * 状态 at 1280 px.
 */
export const LIST_TABLE_PROPS = {
  className: 'list-table',
  tableLayout: 'auto',
  scroll: { x: true },
} as const satisfies Pick<TableProps<object>, 'className' | 'tableLayout' | 'scroll'>;

/** A column of prose (a name, a remark, goods text): it wraps, and keeps a readable width. */
export const WRAP_CELL = 'list-cell-wrap';

/**
 * Props that give a row's checkbox a label (axe: every form control has one). antd hands them to the `<input>`; its
 * type does not list ARIA attributes, hence the intersection.
 */
export function selectionCheckboxProps(label: string): () => Partial<CheckboxProps> & { 'aria-label': string } {
  return () => ({ 'aria-label': label });
}
