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

/** A select over a dictionary's items (cache first, see loadDictItems). */
export function DictSelect({ dictCode, numeric = false, ...props }: DictSelectProps) {
  const cached = session.getDictCache()?.[dictCode];
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

  const items = cached ?? (fetched?.code === dictCode ? fetched.items : []);
  const options = items.map((item) => ({ value: numeric ? Number(item.value) : item.value, label: itemText(item) }));
  return <Select allowClear showSearch optionFilterProp="label" {...props} options={options} />;
}
