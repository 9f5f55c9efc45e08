import type { CellProps } from './cell-props';
import { SelectCell } from './select-cell';
import { useDictOptions } from './use-dict-options';

export function DictSelectCell(props: CellProps) {
  const options = useDictOptions(props.column.dictCode);
  return <SelectCell {...props} options={options} />;
}
