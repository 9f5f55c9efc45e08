import { Select, Spin, TreeSelect } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { recordsOf, RemoteSelect, useCustomRead, type RemoteRow } from '../../../src/toolkit/crud';
import { parseShopTime } from '../../../src/toolkit/utils';

/**
 * The pickers of the campaign and packet forms, each over another plugin's HTTP API (never its code):
 * coupon templates valid now (docs/spec.md §3: data-source items filtered by startTime/endTime), SKUs for gifts,
 * SPUs and categories for a campaign's scope.
 */

export type Row = RemoteRow;

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/** Whether a coupon template can be handed out now: enabled, and a fixed-date one not yet past its end (a shop-clock time). */
export function templateValidNow(row: Row, now: number = Date.now()): boolean {
  if (text(row.status) !== '1') return false;
  if (text(row.validityType) !== '1') return true;
  const end = parseShopTime(text(row.validEndTime));
  return end === null || end > now;
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

/** The label of a saved choice the list's page does not show, read by its own call. */
function SavedLabel({ call, label }: { call: { url: string; query?: Record<string, unknown> }; label: (row: Row) => string }) {
  const { t } = useTranslation('marketingCampaigns');
  const read = useCustomRead<unknown>(call, { failure: t('giftActivity.loadFailed') });
  const value = read.value;
  const row = Array.isArray(value) || (typeof value === 'object' && value !== null && 'records' in value) ? recordsOf(value)[0] : (value as Row | undefined);
  return <>{row === undefined ? text(call.query?.id ?? call.query?.skuId) : label(row)}</>;
}

const skuLabel = (row: Row) => [text(row.spuName), text(row.specText)].filter((part) => part !== '').join(' ');

/** A gift SKU from the goods' stock list (`/goods/goodsStock/list`, one row per SKU, id = SKU id). */
export function SkuSelect({ value, ...props }: PickerProps) {
  const { t } = useTranslation('marketingCampaigns');
  return (
    <RemoteSelect
      {...props}
      value={value === '' ? undefined : value}
      url="/goods/goodsStock/list"
      search={(keyword): Record<string, string> => (keyword === '' ? {} : { spuName: `*${keyword}*` })}
      label={skuLabel}
      unlisted={(saved) => <SavedLabel call={{ url: '/goods/goodsStock/list', query: { skuId: saved, pageNo: '1', pageSize: '1' } }} label={skuLabel} />}
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

const spuName = (row: Row) => text(row.name);

/** SPUs of a campaign's scope (`/goods/goodsSpu/list`), several at once; saved ones show their names read one by one. */
export function SpuMultiSelect({ value = [], onChange, id, 'aria-label': ariaLabel }: MultiProps) {
  const { t } = useTranslation('marketingCampaigns');
  return (
    <RemoteSelect
      mode="multiple"
      id={id}
      aria-label={ariaLabel}
      value={value}
      onChange={(next) => onChange?.(next)}
      url="/goods/goodsSpu/list"
      search={(keyword): Record<string, string> => (keyword === '' ? {} : { name: `*${keyword}*` })}
      label={spuName}
      unlisted={(saved) => <SavedLabel call={{ url: '/goods/goodsSpu/queryById', query: { id: saved } }} label={spuName} />}
      placeholder={t('giftActivity.form.spuPlaceholder')}
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
