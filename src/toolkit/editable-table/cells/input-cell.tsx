import { Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { acceptsNumberTyping, numberOnBlur } from '../number-cell-value';
import { splitTags } from '../tags-value';
import { textValue, type CellProps } from './cell-props';

export function InputCell({ column, value, setValue, invalid }: CellProps) {
  const { t } = useTranslation('toolkit');
  return (
    <Input
      size="small"
      aria-label={column.title}
      value={textValue(value)}
      disabled={column.disabled}
      status={invalid ? 'error' : undefined}
      placeholder={column.placeholder ?? t('input.placeholder', { title: column.title })}
      onChange={(event) => setValue(event.target.value)}
    />
  );
}

/** Keystrokes that would not make a number are dropped; blur turns the text into a number or empty. */
export function NumberCell({ column, value, setValue, invalid }: CellProps) {
  const { t } = useTranslation('toolkit');
  return (
    <Input
      size="small"
      inputMode="decimal"
      aria-label={column.title}
      value={textValue(value)}
      disabled={column.disabled}
      status={invalid ? 'error' : undefined}
      placeholder={column.placeholder ?? t('input.placeholder', { title: column.title })}
      onChange={(event) => {
        if (acceptsNumberTyping(event.target.value)) setValue(event.target.value);
      }}
      onBlur={() => setValue(numberOnBlur(value))}
    />
  );
}

export function TagsCell({ column, value, setValue, invalid }: CellProps) {
  const { t } = useTranslation('toolkit');
  return (
    <Input
      size="small"
      aria-label={column.title}
      value={textValue(value)}
      disabled={column.disabled}
      status={invalid ? 'error' : undefined}
      placeholder={column.placeholder ?? t('input.placeholder', { title: column.title })}
      onChange={(event) => setValue(splitTags(event.target.value))}
    />
  );
}
