import { useContext, useEffect, useRef, useState, type FocusEventHandler, type HTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { acceptsNumberTyping, numberOnBlur } from '../number-cell-value';
import { splitTags } from '../tags-value';
import { textValue, type CellProps } from './cell-props';
import { TextInputClassContext, textInputClassName } from './text-input-class';

type TextInputProps = Pick<CellProps, 'column' | 'rowId' | 'store' | 'value' | 'typeValue' | 'invalid'> & {
  onBlur?: FocusEventHandler<HTMLInputElement>;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  /** The value a keystroke's text becomes, or null to refuse the keystroke. */
  fromText: (text: string) => string | null;
};

/**
 * The one text input every text-like cell uses; cells differ only in how typing becomes a value.
 * A plain <input> with antd's small Input classes (./text-input-class.ts), left uncontrolled: a
 * keystroke stays in the input and goes to the store through `typeValue` (the cell host is not told of
 * its own write), so typing renders nothing. A refused or reshaped keystroke is put right in the input
 * itself. Any other write to the cell (popup, live row, blur, setRows) notifies the cell, and the text
 * follows the store again.
 */
function TextInput({ column, rowId, store, value, typeValue, invalid, fromText, onBlur, inputMode }: TextInputProps) {
  const { t } = useTranslation('toolkit');
  const classes = useContext(TextInputClassContext);
  const input = useRef<HTMLInputElement>(null);
  // The text last accepted: what a refused keystroke goes back to.
  const [initial] = useState(() => textValue(value));
  const shown = useRef(initial);
  const { key } = column;
  useEffect(() => {
    const follow = () => {
      const text = textValue(store.getCell(rowId, key));
      shown.current = text;
      if (input.current !== null && input.current.value !== text) input.current.value = text;
    };
    follow();
    return store.subscribeCell(rowId, key, follow);
  }, [store, rowId, key]);
  return (
    <input
      ref={input}
      type="text"
      className={textInputClassName(classes, invalid, column.disabled === true)}
      aria-label={column.title}
      defaultValue={initial}
      disabled={column.disabled}
      placeholder={column.placeholder ?? t('input.placeholder', { title: column.title })}
      inputMode={inputMode}
      onBlur={onBlur}
      onChange={(event) => {
        const target = event.currentTarget;
        const next = fromText(target.value);
        if (next === null) {
          target.value = shown.current;
          return;
        }
        if (target.value !== next) target.value = next;
        shown.current = next;
        typeValue(next);
      }}
    />
  );
}

const asTyped = (text: string) => text;

export function InputCell({ column, rowId, store, value, typeValue, invalid }: CellProps) {
  return <TextInput column={column} rowId={rowId} store={store} value={value} typeValue={typeValue} invalid={invalid} fromText={asTyped} />;
}

const acceptNumberTyping = (text: string) => (acceptsNumberTyping(text) ? text : null);

/** Keystrokes that would not make a number are dropped; blur turns the text into a number or empty. */
export function NumberCell({ column, rowId, store, value, setValue, typeValue, invalid }: CellProps) {
  return (
    <TextInput
      column={column}
      rowId={rowId}
      store={store}
      value={value}
      typeValue={typeValue}
      invalid={invalid}
      inputMode="decimal"
      fromText={acceptNumberTyping}
      onBlur={() => setValue(numberOnBlur(store.getCell(rowId, column.key)))}
    />
  );
}

export function TagsCell({ column, rowId, store, value, typeValue, invalid }: CellProps) {
  return <TextInput column={column} rowId={rowId} store={store} value={value} typeValue={typeValue} invalid={invalid} fromText={splitTags} />;
}
