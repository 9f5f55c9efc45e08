import type { ReactNode } from 'react';
import type { PresetName } from '../../contracts/validation-presets';

export type Row = { id: string } & Record<string, unknown>;

export type ColumnType =
  | 'input'
  | 'number'
  | 'select'
  | 'dict-select'
  | 'radio'
  | 'checkbox'
  | 'date'
  | 'datetime'
  | 'tags'
  | 'upload'
  | 'file'
  | 'image'
  | 'popup'
  | 'progress'
  | 'textarea'
  | 'hidden'
  | 'custom';

export interface CellOption {
  value: string;
  text?: string;
  label?: string;
  title?: string;
  color?: string;
}

/** A cell value is judged by the first failing rule; its message is what the user sees. */
export interface ValidateRule {
  required?: boolean;
  /** A preset name of docs/spec.md §5, `only` (unique), or any pattern. */
  pattern?: PresetName | 'only' | RegExp | string;
  unique?: boolean;
  /** Returns an error message, or nothing when the value is fine. */
  handler?: (value: unknown, row: Row, rows: readonly Row[]) => string | null | undefined;
  /** `${title}` is replaced by the column title. */
  message: string;
}

export type StatisticKind = 'sum' | 'average';

/** Upload cell value while editing (docs/spec.md §3 table upload cell value). */
export interface UploadCellValue {
  name: string;
  type?: string;
  size?: number;
  status: 'uploading' | 'done' | 'error';
  percent?: number;
  /** Comma-separated stored paths are allowed. */
  path?: string;
  url?: string;
  message?: string;
}

export interface EditableColumn {
  key: string;
  title: string;
  type: ColumnType;
  width?: number;
  placeholder?: string;
  defaultValue?: unknown;
  disabled?: boolean;
  options?: CellOption[];
  dictCode?: string;
  validateRules?: ValidateRule[];
  statistics?: StatisticKind[];
  /** Date cells: YYYY-MM-DD for date, YYYY-MM-DD HH:mm:ss for datetime (default). */
  format?: string;
  /** Select: multiple mode (comma-joined values, at most one tag shown). */
  multiple?: boolean;
  allowSearch?: boolean;
  allowInput?: boolean;
  setTagColor?: boolean;
  /** Remote search for select cells; async by default with a 300 ms debounce. */
  search?: (keyword: string) => Promise<CellOption[]>;
  /** Checkbox: [checked value, unchecked value]. */
  customValue?: [unknown, unknown];
  defaultChecked?: boolean;
  /** Radio: the checked value may be cleared only when true. */
  allowClear?: boolean;
  /** Upload cells. */
  action?: string;
  token?: boolean;
  responseName?: string;
  allowDownload?: boolean;
  allowRemove?: boolean;
  btnText?: string;
  /** Popup cell: report code, original fields and destination fields (comma-separated). */
  popupCode?: string;
  orgFields?: string;
  destFields?: string;
  popupMultiple?: boolean;
  render?: (value: unknown, row: Row, setValue: (value: unknown) => void) => ReactNode;
}
