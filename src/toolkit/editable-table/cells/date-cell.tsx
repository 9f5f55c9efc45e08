import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { textValue, type CellProps } from './cell-props';

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** Date (YYYY-MM-DD) and datetime (YYYY-MM-DD HH:mm:ss, the default) cells store formatted text. */
export function DateCell({ column, value, setValue, invalid }: CellProps) {
  const { t } = useTranslation('toolkit');
  const withTime = column.type !== 'date';
  const format = column.format ?? (withTime ? DATETIME_FORMAT : DATE_FORMAT);
  const text = textValue(value);
  const parsed = text === '' ? null : dayjs(text, format);
  return (
    <DatePicker
      size="small"
      aria-label={column.title}
      style={{ width: '100%' }}
      disabled={column.disabled}
      status={invalid ? 'error' : undefined}
      showTime={withTime}
      format={format}
      placeholder={column.placeholder ?? t('select.placeholder', { title: column.title })}
      value={parsed?.isValid() ? parsed : null}
      onChange={(next) => setValue(next ? next.format(format) : '')}
    />
  );
}
