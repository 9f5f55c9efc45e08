import type { Row } from './types';

export const DEFAULT_DRAG_SORT_KEY = 'orderNum';

/** Rewrites every row's order field to its 1-based position (docs/reference/jeecg-conventions.md §7.4); unchanged rows keep identity. */
export function rewriteOrder(rows: readonly Row[], key: string = DEFAULT_DRAG_SORT_KEY): Row[] {
  return rows.map((row, index) => (row[key] === index + 1 ? row : { ...row, [key]: index + 1 }));
}

/** Moves the row at `from` to `to` and rewrites the order field. */
export function moveRow(rows: readonly Row[], from: number, to: number, key: string = DEFAULT_DRAG_SORT_KEY): Row[] {
  if (from === to || from < 0 || to < 0 || from >= rows.length || to >= rows.length) return rewriteOrder(rows, key);
  const next = [...rows];
  const [moved] = next.splice(from, 1);
  if (moved !== undefined) next.splice(to, 0, moved);
  return rewriteOrder(next, key);
}
