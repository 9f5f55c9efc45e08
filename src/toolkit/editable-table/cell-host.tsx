import { memo, useCallback, useEffect, useSyncExternalStore, type ComponentType } from 'react';
import type { CellProps } from './cells/cell-props';
import { CheckboxCell, RadioCell } from './cells/choice-cells';
import { DateCell } from './cells/date-cell';
import { DictSelectCell } from './cells/dict-select-cell';
import { CustomCell, ProgressCell, TextareaCell } from './cells/display-cells';
import { InputCell, NumberCell, TagsCell } from './cells/input-cell';
import { PopupCell } from './cells/popup-cell';
import { SelectCell } from './cells/select-cell';
import { UploadCell } from './cells/upload-cell';
import type { RowStore } from './row-store';
import type { ColumnType, EditableColumn } from './types';
import { validateCell, type CompiledColumns } from './validate';

const CELLS: Record<Exclude<ColumnType, 'hidden'>, ComponentType<CellProps>> = {
  input: InputCell,
  number: NumberCell,
  select: SelectCell,
  'dict-select': DictSelectCell,
  radio: RadioCell,
  checkbox: CheckboxCell,
  date: DateCell,
  datetime: DateCell,
  tags: TagsCell,
  upload: UploadCell,
  file: UploadCell,
  image: UploadCell,
  popup: PopupCell,
  progress: ProgressCell,
  textarea: TextareaCell,
  custom: CustomCell,
};

interface CellHostProps {
  store: RowStore;
  rowId: string;
  column: EditableColumn;
  compiled: CompiledColumns;
}

/** One cell: subscribes to its own value and error only, so an edit re-renders just this cell. */
export const CellHost = memo(function CellHost({ store, rowId, column, compiled }: CellHostProps) {
  const { key } = column;
  const subscribe = useCallback((listener: () => void) => store.subscribeCell(rowId, key, listener), [store, rowId, key]);
  const value = useSyncExternalStore(subscribe, () => store.getCell(rowId, key));
  const error = useSyncExternalStore(subscribe, () => store.getError(rowId, key));
  const hasRules = compiled.columns.some((entry) => entry.key === key);

  const revalidate = useCallback(() => {
    const row = store.getRow(rowId);
    if (row !== undefined) store.setCellError(rowId, key, validateCell(store.getRows(), row, compiled, key, (column) => store.valueCounts(column)));
  }, [store, rowId, key, compiled]);

  const setValue = useCallback(
    (next: unknown) => {
      store.setCell(rowId, key, next);
      if (hasRules) revalidate();
    },
    [store, rowId, key, hasRules, revalidate],
  );
  const typeValue = useCallback(
    (next: unknown) => {
      store.typeCell(rowId, key, next);
      if (hasRules) revalidate();
    },
    [store, rowId, key, hasRules, revalidate],
  );

  // A value written from elsewhere (popup picker, socket) clears or renews a shown error.
  useEffect(() => {
    if (error !== undefined) revalidate();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the value changes
  }, [value]);

  if (column.type === 'hidden') return null;
  const Cell = CELLS[column.type];
  return (
    <div className="mbo-et-cell" data-column={key} data-invalid={error !== undefined || undefined}>
      <Cell column={column} rowId={rowId} store={store} value={value} setValue={setValue} typeValue={typeValue} invalid={error !== undefined} />
      {error !== undefined && (
        <div role="alert" className="mbo-et-error">
          {error}
        </div>
      )}
    </div>
  );
});
