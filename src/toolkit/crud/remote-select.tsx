import { Select, Spin } from 'antd';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCustomRead } from './use-custom-read';

/** A row of a list answer. */
export type RemoteRow = Record<string, unknown> & { id?: unknown };

/** A list answer's rows (a `{records}` page or a plain array). */
export function recordsOf(result: unknown): RemoteRow[] {
  if (Array.isArray(result)) return result as RemoteRow[];
  if (typeof result === 'object' && result !== null && Array.isArray((result as { records?: unknown }).records)) return (result as { records: RemoteRow[] }).records;
  return [];
}

const PAGE = { pageNo: '1', pageSize: '20' };
const idOf = (row: RemoteRow) => (typeof row.id === 'string' || typeof row.id === 'number' ? String(row.id) : '');

interface RemoteSelectBase {
  /** A list call — often another plugin's HTTP API (never its code), e.g. `/cust/custMember/list`. */
  url: string;
  /** The list parameters for what was typed (e.g. `{ memberName: '*张*' }`); {} lists the first page. */
  search: (keyword: string) => Record<string, string>;
  /** The text of an option. */
  label: (row: RemoteRow) => string;
  /** How a chosen value that the current page does not list shows (a saved choice): its label read some other way. */
  unlisted?: (value: string) => ReactNode;
  placeholder?: string;
  'aria-label'?: string;
  id?: string;
  disabled?: boolean;
}

export interface RemoteSingleSelectProps extends RemoteSelectBase {
  mode?: undefined;
  value?: string;
  onChange?: (value: string | undefined) => void;
  /** The picked row, for values shown beside the choice (e.g. a SKU's price). */
  onPick?: (row: RemoteRow | undefined) => void;
}

export interface RemoteMultipleSelectProps extends RemoteSelectBase {
  mode: 'multiple';
  value?: string[];
  onChange?: (value: string[]) => void;
}

export type RemoteSelectProps = RemoteSingleSelectProps | RemoteMultipleSelectProps;

/**
 * A searchable select over a list call: what is typed is asked for after a short pause and the answer's
 * first page offered; loading, the refusal and "nothing found" show in the dropdown. A choice keeps its
 * label across later searches (remembered when picked, or `unlisted` for a saved one).
 */
export function RemoteSelect(props: RemoteSelectProps) {
  const { url, search, label, unlisted, placeholder, id, 'aria-label': ariaLabel, disabled } = props;
  const { t } = useTranslation('crud');
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [known, setKnown] = useState<Record<string, RemoteRow>>({});
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const read = useCustomRead<unknown>({ url, query: { ...PAGE, ...search(keyword) } }, { failure: t('loadError') });
  const rows = useMemo(() => recordsOf(read.value), [read.value]);
  const chosen = useMemo(() => (props.mode === 'multiple' ? (props.value ?? []) : props.value === undefined || props.value === '' ? [] : [props.value]), [props.mode, props.value]);
  const options = useMemo(() => {
    const listed: Array<{ value: string; label: ReactNode }> = rows.map((row) => ({ value: idOf(row), label: label(row) }));
    for (const value of chosen) {
      if (listed.some((option) => option.value === value)) continue;
      const remembered = known[value];
      listed.unshift({ value, label: remembered !== undefined ? label(remembered) : (unlisted?.(value) ?? value) });
    }
    return listed;
  }, [rows, chosen, known, label, unlisted]);
  const remember = (values: readonly string[]): RemoteRow[] => {
    const picked = values.flatMap((value) => {
      const row = rows.find((candidate) => idOf(candidate) === value) ?? known[value];
      return row === undefined ? [] : [row];
    });
    setKnown((current) => ({ ...current, ...Object.fromEntries(picked.map((row) => [idOf(row), row])) }));
    return picked;
  };
  const common = {
    id,
    'aria-label': ariaLabel,
    disabled,
    showSearch: true,
    allowClear: true,
    filterOption: false,
    placeholder,
    options,
    onSearch: setTyped,
    notFoundContent: read.loading || typed.trim() !== keyword ? <Spin size="small" /> : (read.error ?? t('empty')),
    style: { width: '100%', minWidth: 180 },
  } as const;
  if (props.mode === 'multiple') {
    const { onChange } = props;
    return (
      <Select<string[]>
        {...common}
        mode="multiple"
        value={chosen}
        onChange={(next) => {
          remember(next);
          onChange?.(next);
        }}
      />
    );
  }
  const { onChange, onPick } = props;
  return (
    <Select<string | undefined>
      {...common}
      value={chosen[0]}
      onChange={(next) => {
        const [row] = remember(next === undefined ? [] : [next]);
        onChange?.(next);
        onPick?.(row);
      }}
    />
  );
}
