import { useEffect, useState } from 'react';
import type { DictItem } from '../../../contracts/session';
import { session } from '../../../providers/session';
import { itemText, loadDictItems } from '../../dict/dict-cache';
import type { CellOption } from '../types';

const toOptions = (items: readonly DictItem[]): CellOption[] => items.map((item) => ({ value: item.value, text: itemText(item) }));

/** A dictionary's items as cell options, through the shared dictionary cache (src/toolkit/dict). */
export function useDictOptions(dictCode: string | undefined): CellOption[] {
  const cached = dictCode ? session.getDictCache()?.[dictCode] : undefined;
  const [fetched, setFetched] = useState<{ code: string; options: CellOption[] } | null>(null);

  useEffect(() => {
    if (!dictCode || cached !== undefined) return;
    let alive = true;
    void loadDictItems(dictCode).then((items) => {
      if (alive) setFetched({ code: dictCode, options: toOptions(items) });
    });
    return () => {
      alive = false;
    };
  }, [dictCode, cached]);

  if (cached !== undefined) return toOptions(cached);
  return fetched !== null && fetched.code === dictCode ? fetched.options : [];
}
