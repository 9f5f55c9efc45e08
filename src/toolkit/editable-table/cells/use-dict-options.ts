import { useMemo } from 'react';
import { itemText } from '../../dict/dict-cache';
import { useDictItems } from '../../dict/dict-select';
import type { CellOption } from '../types';

/** A dictionary's items as cell options, through the shared dictionary cache (src/toolkit/dict). */
export function useDictOptions(dictCode: string | undefined): CellOption[] {
  const items = useDictItems(dictCode ?? '');
  return useMemo(() => (dictCode ? items.map((item) => ({ value: item.value, text: itemText(item) })) : []), [dictCode, items]);
}
