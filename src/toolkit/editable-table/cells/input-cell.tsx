import { Input, type InputProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { acceptsNumberTyping, numberOnBlur } from '../number-cell-value';
import { splitTags } from '../tags-value';
import { textValue, type CellProps } from './cell-props';

/** The one text input every text-like cell uses; cells differ only in how typing becomes a value. */
function TextInput({ column, value, invalid, ...input }: Pick<CellProps, 'column' | 'value' | 'invalid'> & Pick<InputProps, 'onChange' | 'onBlur' | 'inputMode'>) {
  const { t } = useTranslation('toolkit');
  return (
    <Input
      size="small"
      aria-label={column.title}
      value={textValue(value)}
      disabled={column.disabled}
      status={invalid ? 'error' : undefined}
      placeholder={column.placeholder ?? t('input.placeholder', { title: column.title })}
      {...input}
    />
  );
}

export function InputCell({ column, value, setValue, invalid }: CellProps) {
  return <TextInput column={column} value={value} invalid={invalid} onChange={(event) => setValue(event.target.value)} />;
}

/** Keystrokes that would not make a number are dropped; blur turns the text into a number or empty. */
export function NumberCell({ column, value, setValue, invalid }: CellProps) {
  return (
    <TextInput
      column={column}
      value={value}
      invalid={invalid}
      inputMode="decimal"
      onChange={(event) => {
        if (acceptsNumberTyping(event.target.value)) setValue(event.target.value);
      }}
      onBlur={() => setValue(numberOnBlur(value))}
    />
  );
}

export function TagsCell({ column, value, setValue, invalid }: CellProps) {
  return <TextInput column={column} value={value} invalid={invalid} onChange={(event) => setValue(splitTags(event.target.value))} />;
}
