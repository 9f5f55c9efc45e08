import { Select, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCustomRead } from '../../../src/toolkit/crud';

type Row = Record<string, unknown> & { id?: unknown };

/** A list answer's rows (`{records}` page or a plain array). */
export function recordsOf(result: unknown): Row[] {
  if (Array.isArray(result)) return result as Row[];
  if (typeof result === 'object' && result !== null && Array.isArray((result as { records?: unknown }).records)) return (result as { records: Row[] }).records;
  return [];
}

export interface RemoteSelectProps {
  /** Another plugin's list call, e.g. `/cust/custMember/list` (its HTTP API, never its code). */
  url: string;
  /** The list parameters for what was typed (e.g. `{ memberName: '*张*' }`); {} lists the first page. */
  search: (keyword: string) => Record<string, string>;
  /** The text of an option. */
  label: (row: Row) => string;
  value?: string;
  onChange?: (value: string | undefined) => void;
  /** The picked row, for values shown beside the choice (e.g. a SKU's price). */
  onPick?: (row: Row | undefined) => void;
  placeholder?: string;
  'aria-label'?: string;
  id?: string;
}

const PAGE = { pageNo: '1', pageSize: '20' };

/**
 * A searchable select over another plugin's list: what is typed is asked for (after a short pause), the
 * answer's first page offered; loading, the refusal and "nothing found" show in the dropdown.
 */
export function RemoteSelect({ url, search, label, value, onChange, onPick, placeholder, id, 'aria-label': ariaLabel }: RemoteSelectProps) {
  const { t } = useTranslation('orderCatalogue');
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [picked, setPicked] = useState<Row | undefined>(undefined);
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const read = useCustomRead<unknown>({ url, query: { ...PAGE, ...search(keyword) } }, { failure: t('offline.loadFailed') });
  const rows = useMemo(() => recordsOf(read.value), [read.value]);
  const options = useMemo(() => {
    const listed = rows.map((row) => ({ value: String(row.id), label: label(row) }));
    // The choice stays shown after another search that does not list it.
    if (picked !== undefined && value === String(picked.id) && !listed.some((option) => option.value === value)) listed.unshift({ value, label: label(picked) });
    return listed;
  }, [rows, picked, value, label]);
  const pendingTyping = typed.trim() !== keyword;
  return (
    <Select
      id={id}
      showSearch
      allowClear
      filterOption={false}
      value={value}
      placeholder={placeholder}
      aria-label={ariaLabel}
      options={options}
      onSearch={setTyped}
      onChange={(next: string | undefined) => {
        const row = next === undefined ? undefined : (rows.find((candidate) => String(candidate.id) === next) ?? picked);
        setPicked(row);
        onChange?.(next);
        onPick?.(row);
      }}
      notFoundContent={read.loading || pendingTyping ? <Spin size="small" /> : read.error !== null ? read.error : t('offline.nothingFound')}
      style={{ width: '100%' }}
    />
  );
}
