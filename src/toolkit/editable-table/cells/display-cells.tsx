import { Input, Popover, Progress } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { textValue, type CellProps } from './cell-props';

export const TEXTAREA_POPUP_WIDTH = 300;
export const TEXTAREA_POPUP_HEIGHT = 210;

/** A small bar from a number (0–100). */
export function ProgressCell({ column, value }: CellProps) {
  const number = Number(value);
  const percent = Number.isFinite(number) ? Math.max(0, Math.min(100, number)) : 0;
  return <Progress aria-label={column.title} percent={percent} size="small" />;
}

/** Long text edited in a 300 × 210 popup. */
export function TextareaCell({ column, value, setValue, invalid }: CellProps) {
  const { t } = useTranslation('toolkit');
  const [open, setOpen] = useState(false);
  const text = textValue(value);
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      destroyOnHidden
      content={
        <Input.TextArea
          autoFocus
          aria-label={column.title}
          value={text}
          style={{ width: TEXTAREA_POPUP_WIDTH, height: TEXTAREA_POPUP_HEIGHT, resize: 'none' }}
          onChange={(event) => setValue(event.target.value)}
        />
      }
    >
      <Input
        size="small"
        readOnly
        aria-label={t('textarea.open', { title: column.title })}
        value={text}
        disabled={column.disabled}
        status={invalid ? 'error' : undefined}
        placeholder={column.placeholder ?? t('input.placeholder', { title: column.title })}
      />
    </Popover>
  );
}

export function CustomCell({ column, store, rowId, value, setValue }: CellProps) {
  const row = store.getRow(rowId);
  if (!column.render || row === undefined) return <span>{textValue(value)}</span>;
  return <>{column.render(value, row, setValue)}</>;
}
