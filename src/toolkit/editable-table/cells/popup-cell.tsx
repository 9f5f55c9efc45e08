import { PopupField } from '../../popup/popup-field';
import { textValue, type CellProps } from './cell-props';

/** Popup cell: the picker writes every destination field of this row. */
export function PopupCell({ column, rowId, store, value, invalid }: CellProps) {
  return (
    <PopupField
      size="small"
      code={column.popupCode}
      orgFields={column.orgFields}
      destFields={column.destFields}
      multiple={column.popupMultiple}
      disabled={column.disabled}
      invalid={invalid}
      ariaLabel={column.title}
      placeholder={column.placeholder}
      value={textValue(value)}
      onSelect={(values) => {
        if (store.patchRow({ id: rowId, ...values })) store.edited();
      }}
    />
  );
}
