import { Select, type SelectProps } from 'antd';
import { useCallback, useSyncExternalStore } from 'react';
import type { DictItem } from '../../contracts/session';
import { dictItemsSnapshot, itemText, subscribeDictItems } from './dict-cache';

export interface DictSelectProps extends Omit<SelectProps<string | number>, 'options'> {
  dictCode: string;
  /** Values are numbers in the record (int columns): options carry numbers too. */
  numeric?: boolean;
}

/**
 * A dictionary's items from the dictionary cache (an external store): the login's cache first, else
 * loaded once (see loadDictItems) and shown as soon as they join the cache; [] until then ('' asks nothing).
 */
export function useDictItems(dictCode: string): DictItem[] {
  const subscribe = useCallback((listener: () => void) => subscribeDictItems(dictCode, listener), [dictCode]);
  const snapshot = () => dictItemsSnapshot(dictCode);
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** A select over a dictionary's items. */
export function DictSelect({ dictCode, numeric = false, ...props }: DictSelectProps) {
  const items = useDictItems(dictCode);
  const options = items.map((item) => ({ value: numeric ? Number(item.value) : item.value, label: itemText(item) }));
  return <Select allowClear showSearch optionFilterProp="label" {...props} options={options} />;
}
