import { Select, type SelectProps } from 'antd';
import { useEffect, useState } from 'react';
import type { DictItem } from '../../contracts/session';
import { session } from '../../providers/session';
import { itemText, loadDictItems } from './dict-cache';

export interface DictSelectProps extends Omit<SelectProps<string | number>, 'options'> {
  dictCode: string;
  /** Values are numbers in the record (int columns): options carry numbers too. */
  numeric?: boolean;
}

const NO_ITEMS: DictItem[] = [];

/** A dictionary's items: the login's cache first, else loaded once (see loadDictItems); [] until they arrive ('' asks nothing). */
export function useDictItems(dictCode: string): DictItem[] {
  const cached = dictCode === '' ? NO_ITEMS : session.getDictCache()?.[dictCode];
  const [fetched, setFetched] = useState<{ code: string; items: DictItem[] } | null>(null);

  useEffect(() => {
    if (cached !== undefined) return;
    let alive = true;
    void loadDictItems(dictCode).then((items) => {
      if (alive) setFetched({ code: dictCode, items });
    });
    return () => {
      alive = false;
    };
  }, [dictCode, cached]);

  return cached ?? (fetched?.code === dictCode ? fetched.items : []);
}

/** A select over a dictionary's items. */
export function DictSelect({ dictCode, numeric = false, ...props }: DictSelectProps) {
  const items = useDictItems(dictCode);
  const options = items.map((item) => ({ value: numeric ? Number(item.value) : item.value, label: itemText(item) }));
  return <Select allowClear showSearch optionFilterProp="label" {...props} options={options} />;
}
