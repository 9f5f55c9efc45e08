import { Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { debounce } from '../../utils/debounce';
import type { CellOption } from '../types';
import { optionText } from './choice-cells';
import { textValue, type CellProps } from './cell-props';

export const ASYNC_SEARCH_DEBOUNCE_MS = 300;

const toValues = (value: unknown): string[] => textValue(value).split(',').filter((part) => part !== '');

/** Select cell: single, or multiple with at most one tag shown and comma-joined values; remote search debounced 300 ms. */
export function SelectCell({ column, value, setValue, invalid, options: given }: CellProps & { options?: CellOption[] }) {
  const { t } = useTranslation('toolkit');
  const [remote, setRemote] = useState<CellOption[] | null>(null);
  const [loading, setLoading] = useState(false);
  const search = column.search;

  const runSearch = useMemo(() => {
    if (!search) return null;
    // Only the latest search may fill the options.
    let latest = 0;
    return debounce((keyword: string) => {
      const ticket = ++latest;
      setLoading(true);
      search(keyword)
        .then((found) => {
          if (ticket === latest) setRemote(found);
        })
        .catch(() => {
          if (ticket === latest) setRemote([]);
        })
        .finally(() => {
          if (ticket === latest) setLoading(false);
        });
    }, ASYNC_SEARCH_DEBOUNCE_MS);
  }, [search]);
  useEffect(() => () => runSearch?.cancel(), [runSearch]);

  const options = (remote ?? given ?? column.options ?? []).map((option) => ({ value: option.value, label: optionText(option) }));
  const common = {
    size: 'small' as const,
    'aria-label': column.title,
    style: { width: '100%' },
    disabled: column.disabled,
    status: invalid ? ('error' as const) : undefined,
    options,
    allowClear: true,
    loading,
    placeholder: column.placeholder ?? t('select.placeholder', { title: column.title }),
    notFoundContent: t('select.notFound'),
    showSearch: column.allowSearch === true || runSearch !== null,
    optionFilterProp: 'label',
    filterOption: runSearch === null,
    onSearch: runSearch ?? undefined,
    onFocus: () => {
      if (runSearch !== null && remote === null) runSearch('');
    },
  };
  if (column.multiple) {
    return <Select {...common} mode="multiple" maxTagCount={1} value={toValues(value)} onChange={(next: string[]) => setValue(next.join(','))} />;
  }
  const single = textValue(value);
  return <Select {...common} value={single === '' ? undefined : single} onChange={(next: string | undefined) => setValue(next ?? '')} />;
}
