import { Select, type SelectProps } from 'antd';
import { useCallback, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { DictItem } from '../../contracts/session';
import { dictItemsSnapshot, itemText, subscribeDictItems } from './dict-cache';
import { DICT_NAMESPACE, localizedDictText } from './dict-label';
import { session } from '../../providers/session';

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

/**
 * The items the dictionary cache already holds for a code, without asking the server: a value shown in a list needs
 * only the system dictionaries (cached at login) for its colour and translation; a table dictionary's text arrives
 * with the record.
 */
export function useCachedDictItems(dictCode: string): DictItem[] {
  const snapshot = () => dictItemsSnapshot(dictCode);
  return useSyncExternalStore(session.subscribe, snapshot, snapshot);
}

/** The labels of a dictionary's items in the current language (built-in items translated, see localizedDictText). */
export function useLocalizedDictItems(dictCode: string): Array<DictItem & { label: string }> {
  const items = useDictItems(dictCode);
  const { i18n } = useTranslation(DICT_NAMESPACE);
  return items.map((item) => ({ ...item, label: localizedDictText(i18n, dictCode, item.value, itemText(item)) }));
}

/** A select over a dictionary's items, labelled in the current language. */
export function DictSelect({ dictCode, numeric = false, ...props }: DictSelectProps) {
  const items = useLocalizedDictItems(dictCode);
  const options = items.map((item) => ({ value: numeric ? Number(item.value) : item.value, label: item.label }));
  return <Select allowClear showSearch optionFilterProp="label" {...props} options={options} />;
}
