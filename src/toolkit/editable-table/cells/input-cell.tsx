import { Input, type InputProps } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { acceptsNumberTyping, numberOnBlur } from '../number-cell-value';
import { splitTags } from '../tags-value';
import { textValue, type CellProps } from './cell-props';

type TextInputProps = Pick<CellProps, 'column' | 'rowId' | 'store' | 'value' | 'typeValue' | 'invalid'> &
  Pick<InputProps, 'onBlur' | 'inputMode'> & {
    /** The value a keystroke's text becomes, or null to refuse the keystroke. */
    fromText: (text: string) => string | null;
  };

/**
 * The one text input every text-like cell uses; cells differ only in how typing becomes a value.
 * The input holds its own text while the user types: a keystroke re-renders this input alone and goes
 * to the store through `typeValue` (the cell host is not told of its own write). Any other write to the
 * cell (popup, live row, blur, setRows) notifies the cell, and the text follows the store again.
 */
function TextInput({ column, rowId, store, value, typeValue, invalid, fromText, ...input }: TextInputProps) {
  const { t } = useTranslation('toolkit');
  const [text, setText] = useState(() => textValue(value));
  const { key } = column;
  useEffect(() => {
    const follow = () => setText(textValue(store.getCell(rowId, key)));
    follow();
    return store.subscribeCell(rowId, key, follow);
  }, [store, rowId, key]);
  return (
    <Input
      size="small"
      aria-label={column.title}
      value={text}
      disabled={column.disabled}
      status={invalid ? 'error' : undefined}
      placeholder={column.placeholder ?? t('input.placeholder', { title: column.title })}
      onChange={(event) => {
        const next = fromText(event.target.value);
        if (next === null) return;
        setText(next);
        typeValue(next);
      }}
      {...input}
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
