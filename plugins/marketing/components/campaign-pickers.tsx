import { Select, Spin, TreeSelect } from 'antd';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCustomRead } from '../../../src/toolkit/crud';

/**
 * The pickers of the campaign and packet forms, each over another plugin's HTTP API (never its code):
 * coupon templates valid now (spec §3: data-source items filtered by startTime/endTime), SKUs for gifts,
 * SPUs and categories for a campaign's scope.
 */

export type Row = Record<string, unknown> & { id?: unknown };

/** A list answer's rows (`{records}` page or a plain array). */
export function recordsOf(result: unknown): Row[] {
  if (Array.isArray(result)) return result as Row[];
  if (typeof result === 'object' && result !== null && Array.isArray((result as { records?: unknown }).records)) return (result as { records: Row[] }).records;
  return [];
}

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/** Whether a coupon template can be handed out now: enabled, and a fixed-date one not yet past its end. */
export function templateValidNow(row: Row, now: number = Date.now()): boolean {
  if (text(row.status) !== '1') return false;
  if (text(row.validityType) !== '1') return true;
  const end = text(row.validEndTime);
  return end === '' || new Date(end.replace(' ', 'T')).getTime() > now;
}

interface PickerProps {
  value?: string;
  onChange?: (value: string | undefined) => void;
  id?: string;
  'aria-label'?: string;
}

/** The enabled coupon templates valid now (`/marketing/coupon/list?status=1`), searchable by name. */
export function CouponTemplateSelect({ value, onChange, id, 'aria-label': ariaLabel }: PickerProps) {
  const { t } = useTranslation('marketingCampaigns');
  const read = useCustomRead<unknown>({ url: '/marketing/coupon/list', query: { status: '1', pageNo: '1', pageSize: '500' } }, { failure: t('giftActivity.loadFailed') });
  const options = useMemo(() => {
    const valid = recordsOf(read.value).filter((row) => templateValidNow(row));
    const listed = valid.map((row) => ({ value: text(row.id), label: text(row.name) }));
    if (value !== undefined && value !== '' && !listed.some((option) => option.value === value)) listed.unshift({ value, label: value });
    return listed;
  }, [read.value, value]);
  return (
    <Select
      id={id}
      aria-label={ariaLabel}
      showSearch
      optionFilterProp="label"
      value={value === '' ? undefined : value}
      onChange={onChange}
      options={options}
      loading={read.loading}
      placeholder={t('giftActivity.form.couponPlaceholder')}
      notFoundContent={read.loading ? <Spin size="small" /> : (read.error ?? t('giftActivity.form.nothingFound'))}
      style={{ width: '100%', minWidth: 180 }}
    />
  );
}

interface RemoteProps {
  url: string;
  search: (keyword: string) => Record<string, string>;
  label: (row: Row) => string;
  /** How to read the label of a value not among the options (a saved choice). */
  lookup: (value: string) => { url: string; query?: Record<string, unknown> };
  placeholder: string;
}

/** The label of a saved value, read once. */
function useLabelOf(value: string | undefined, known: boolean, props: RemoteProps): string | undefined {
  const { t } = useTranslation('marketingCampaigns');
  const call = value === undefined || value === '' || known ? null : props.lookup(value);
  const read = useCustomRead<unknown>(call, { failure: t('giftActivity.loadFailed') });
  const row = Array.isArray(read.value) || (typeof read.value === 'object' && read.value !== null && 'records' in read.value) ? recordsOf(read.value)[0] : (read.value as Row | undefined);
  return row === undefined ? undefined : props.label(row);
}

/** A searchable single select over a list call; what is typed is asked for after a short pause. */
export function RemoteSelect(props: RemoteProps & PickerProps) {
  const { url, search, label, placeholder, value, onChange, id, 'aria-label': ariaLabel } = props;
  const { t } = useTranslation('marketingCampaigns');
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [picked, setPicked] = useState<{ value: string; label: string } | undefined>(undefined);
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const read = useCustomRead<unknown>({ url, query: { pageNo: '1', pageSize: '20', ...search(keyword) } }, { failure: t('giftActivity.loadFailed') });
  const rows = useMemo(() => recordsOf(read.value), [read.value]);
  const listed = useMemo(() => rows.map((row) => ({ value: text(row.id), label: label(row) })), [rows, label]);
  const known = value === undefined || value === '' || listed.some((option) => option.value === value) || picked?.value === value;
  const savedLabel = useLabelOf(value, known, props);
  const options = useMemo(() => {
    const all = [...listed];
    if (value !== undefined && value !== '' && !all.some((option) => option.value === value)) all.unshift({ value, label: picked?.value === value ? picked.label : (savedLabel ?? value) });
    return all;
  }, [listed, value, picked, savedLabel]);
  return (
    <Select
      id={id}
      aria-label={ariaLabel}
      showSearch
      allowClear
      filterOption={false}
      value={value === '' ? undefined : value}
      placeholder={placeholder}
      options={options}
      onSearch={setTyped}
      onChange={(next: string | undefined) => {
        const option = options.find((candidate) => candidate.value === next);
        setPicked(option);
        onChange?.(next);
      }}
      notFoundContent={read.loading || typed.trim() !== keyword ? <Spin size="small" /> : (read.error ?? t('giftActivity.form.nothingFound'))}
      style={{ width: '100%', minWidth: 200 }}
    />
  );
}

const skuLabel = (row: Row) => [text(row.spuName), text(row.specText)].filter((part) => part !== '').join(' ');

/** A gift SKU from the goods' stock list (`/goods/goodsStock/list`, one row per SKU, id = SKU id). */
export function SkuSelect(props: PickerProps) {
  const { t } = useTranslation('marketingCampaigns');
  return (
    <RemoteSelect
      {...props}
      url="/goods/goodsStock/list"
      search={(keyword): Record<string, string> => (keyword === '' ? {} : { spuName: `*${keyword}*` })}
      label={skuLabel}
      lookup={(value) => ({ url: '/goods/goodsStock/list', query: { skuId: value, pageNo: '1', pageSize: '1' } })}
      placeholder={t('giftActivity.form.skuPlaceholder')}
    />
  );
}

interface MultiProps {
  value?: string[];
  onChange?: (value: string[]) => void;
  id?: string;
  'aria-label'?: string;
}

/** A saved SPU's name (its queryById), for a choice not among the listed options. */
function SpuName({ id }: { id: string }) {
  const { t } = useTranslation('marketingCampaigns');
  const read = useCustomRead<Row>({ url: '/goods/goodsSpu/queryById', query: { id } }, { failure: t('giftActivity.loadFailed') });
  return <>{read.value === undefined ? id : text(read.value.name)}</>;
}

/** SPUs of a campaign's scope (`/goods/goodsSpu/list`), several at once. */
export function SpuMultiSelect({ value = [], onChange, id, 'aria-label': ariaLabel }: MultiProps) {
  const { t } = useTranslation('marketingCampaigns');
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const read = useCustomRead<unknown>({ url: '/goods/goodsSpu/list', query: { pageNo: '1', pageSize: '20', ...(keyword === '' ? {} : { name: `*${keyword}*` }) } }, { failure: t('giftActivity.loadFailed') });
  const rows = useMemo(() => recordsOf(read.value), [read.value]);
  const options = useMemo(() => {
    const listed: Array<{ value: string; label: ReactNode }> = rows.map((row) => ({ value: text(row.id), label: text(row.name) }));
    // Saved choices not on this page show their names read one by one (a campaign names a few SPUs).
    for (const chosen of value) if (!listed.some((option) => option.value === chosen)) listed.unshift({ value: chosen, label: <SpuName id={chosen} /> });
    return listed;
  }, [rows, value]);
  return (
    <Select
      id={id}
      aria-label={ariaLabel}
      mode="multiple"
      showSearch
      filterOption={false}
      value={value}
      options={options}
      onSearch={setTyped}
      onChange={(next: string[]) => onChange?.(next)}
      placeholder={t('giftActivity.form.spuPlaceholder')}
      notFoundContent={read.loading ? <Spin size="small" /> : (read.error ?? t('giftActivity.form.nothingFound'))}
      style={{ width: '100%' }}
    />
  );
}

interface TreeNode {
  id?: unknown;
  name?: unknown;
  children?: TreeNode[];
}

interface TreeOption {
  value: string;
  title: string;
  children?: TreeOption[];
}

function treeOptions(nodes: readonly TreeNode[]): TreeOption[] {
  return nodes.map((node) => ({ value: text(node.id), title: text(node.name), ...(node.children !== undefined && node.children.length > 0 ? { children: treeOptions(node.children) } : {}) }));
}

/** Categories of a campaign's scope (`/goods/goodsCategory/queryTreeList`). */
export function CategoryMultiSelect({ value = [], onChange, id, 'aria-label': ariaLabel }: MultiProps) {
  const { t } = useTranslation('marketingCampaigns');
  const read = useCustomRead<TreeNode[]>({ url: '/goods/goodsCategory/queryTreeList' }, { failure: t('giftActivity.loadFailed') });
  const tree = useMemo(() => treeOptions(Array.isArray(read.value) ? read.value : []), [read.value]);
  return (
    <TreeSelect
      id={id}
      aria-label={ariaLabel}
      multiple
      treeCheckable
      showCheckedStrategy={TreeSelect.SHOW_ALL}
      treeCheckStrictly={false}
      value={value}
      onChange={(next: string[]) => onChange?.(next)}
      treeData={tree}
      loading={read.loading}
      placeholder={t('giftActivity.form.categoryPlaceholder')}
      notFoundContent={read.error ?? t('giftActivity.form.nothingFound')}
      treeNodeFilterProp="title"
      style={{ width: '100%' }}
    />
  );
}
