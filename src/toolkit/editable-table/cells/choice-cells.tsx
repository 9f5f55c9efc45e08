import { Checkbox, Radio } from 'antd';
import type { CellOption } from '../types';
import { textValue, type CellProps } from './cell-props';

export const optionText = (option: CellOption): string => option.text ?? option.label ?? option.title ?? option.value;

/** Radio cell: clicking the checked option clears it only when allowClear is set. */
export function RadioCell({ column, value, setValue }: CellProps) {
  const current = textValue(value);
  return (
    <Radio.Group value={current} disabled={column.disabled} aria-label={column.title} onChange={(event) => setValue(String(event.target.value))}>
      {(column.options ?? []).map((option) => (
        <Radio
          key={option.value}
          value={option.value}
          onClick={() => {
            if (column.allowClear && option.value === current) setValue('');
          }}
        >
          {optionText(option)}
        </Radio>
      ))}
    </Radio.Group>
  );
}

export const DEFAULT_CUSTOM_VALUE: [unknown, unknown] = [true, false];

export function CheckboxCell({ column, value, setValue }: CellProps) {
  const [checkedValue, uncheckedValue] = column.customValue ?? DEFAULT_CUSTOM_VALUE;
  return (
    <Checkbox
      aria-label={column.title}
      disabled={column.disabled}
      checked={value === checkedValue}
      onChange={(event) => setValue(event.target.checked ? checkedValue : uncheckedValue)}
    />
  );
}
