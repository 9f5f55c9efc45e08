import type { RowStore } from '../row-store';
import type { EditableColumn } from '../types';

export interface CellProps {
  column: EditableColumn;
  rowId: string;
  store: RowStore;
  value: unknown;
  setValue: (value: unknown) => void;
  /** For a keystroke the cell's input already shows: stored and validated without re-rendering the cell. */
  typeValue: (value: unknown) => void;
  invalid: boolean;
}

export const textValue = (value: unknown): string => (value === null || value === undefined ? '' : typeof value === 'string' ? value : String(value));
