import { Select, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCustomRead } from '../../../src/toolkit/crud';

type Row = Record<string, unknown> & { id?: unknown };

/** A list answer's rows (`{records}` page or a plain array). */
function recordsOf(result: unknown): Row[] {
  if (Array.isArray(result)) return result as Row[];
  if (typeof result === 'object' && result !== null && Array.isArray((result as { records?: unknown }).records)) return (result as { records: Row[] }).records;
  return [];
}

export interface RemoteMultiSelectProps {
  /** Another plugin's list call (its HTTP API, never its code), e.g. `/cust/custMember/list`. */
  url: string;
  /** The list parameters for what was typed; '' lists the first page. */
  search: (keyword: string) => Record<string, string>;
  label: (row: Row) => string;
  value?: string[];
  onChange?: (value: string[]) => void;
  placeholder?: string;
  id?: string;
  'aria-label'?: string;
  /** The message when the list cannot be read. */
  failure: string;
}

const PAGE = { pageNo: '1', pageSize: '20' };

/**
 * Several rows of another plugin's list, searched as typed (after a short pause): loading, the refusal and
 * "nothing found" show in the dropdown; the chosen ones keep their labels across searches.
 */
export function RemoteMultiSelect({ url, search, label, value = [], onChange, placeholder, id, failure, 'aria-label': ariaLabel }: RemoteMultiSelectProps) {
  const { t } = useTranslation('crud');
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  // The labels of the chosen ones, kept when a later search no longer lists them.
  const [known, setKnown] = useState<Record<string, string>>({});
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const read = useCustomRead<unknown>({ url, query: { ...PAGE, ...search(keyword) } }, { failure });
  const rows = useMemo(() => recordsOf(read.value), [read.value]);
  const options = useMemo(() => {
    const listed = rows.map((row) => ({ value: String(row.id), label: label(row) }));
    for (const chosen of value) {
      if (!listed.some((option) => option.value === chosen)) listed.push({ value: chosen, label: known[chosen] ?? chosen });
    }
    return listed;
  }, [rows, label, value, known]);
  const pending = typed.trim() !== keyword;
  return (
    <Select
      id={id}
      mode="multiple"
      showSearch
      allowClear
      filterOption={false}
      value={value}
      placeholder={placeholder}
      aria-label={ariaLabel}
      options={options}
      onSearch={setTyped}
      onChange={(next: string[]) => {
        const labels = { ...known };
        for (const row of rows) if (next.includes(String(row.id))) labels[String(row.id)] = label(row);
        setKnown(labels);
        onChange?.(next);
      }}
      notFoundContent={read.loading || pending ? <Spin size="small" /> : (read.error ?? t('empty'))}
      style={{ width: '100%' }}
    />
  );
}
