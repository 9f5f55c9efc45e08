import { Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { RefKind } from '../../contracts/references';
import { RemoteSelect, recordsOf, type RemoteRow } from '../crud/remote-select';
import { useCustomRead } from '../crud/use-custom-read';
import { useAccess } from '../permission';
import { useRefKind, type RefPicker } from './ref-kinds';

// The region tree (a few hundred KB of names) is fetched only when a form or search asks for a region.
const RegionCascader = lazy(() => import('./region-cascader'));

export interface RefInputProps {
  kind: RefKind;
  value?: unknown;
  onChange?: (value: unknown) => void;
  disabled?: boolean;
  id?: string;
  placeholder?: string;
  'aria-label'?: string;
}

/** A saved choice the picker's page does not list: its label read by the kind's own call. */
function SavedLabel({ picker, id }: { picker: RefPicker; id: string }) {
  const { t } = useTranslation('crud');
  const read = useCustomRead<unknown>(picker.byId(id), { failure: t('loadError') });
  const value = read.value;
  const row: RemoteRow | undefined = Array.isArray(value) || (typeof value === 'object' && value !== null && 'records' in value) ? recordsOf(value)[0] : (value as RemoteRow | undefined);
  if (read.loading) return <Spin size="small" />;
  return <>{row === undefined ? t('refMissing') : picker.label(row)}</>;
}

/**
 * The control of a reference in a form or a search: a region cascader (province → city → county) for an area code,
 * else a searchable select over the owning plugin's list (a member by name, mobile or number; a coupon template by
 * name). Staff never type an id. A kind no plugin offers a picker for stays a read-only text.
 */
export function RefInput({ kind, value, onChange, disabled, id, placeholder, 'aria-label': ariaLabel }: RefInputProps) {
  const view = useRefKind(kind);
  // The picker reads the owner's list: offered only to a user who may read it (else nothing asks and is refused).
  const access = useAccess(view?.permission ?? '');
  const text = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
  if (kind === 'region') {
    return (
      <Suspense fallback={<Spin size="small" />}>
        <RegionCascader id={id} value={text} onChange={(code) => onChange?.(code ?? null)} disabled={disabled} placeholder={placeholder} aria-label={ariaLabel} />
      </Suspense>
    );
  }
  const picker = view?.picker;
  if (picker === undefined || (view?.permission !== undefined && (!access.visible || access.disabled))) return <span id={id}>{text}</span>;
  return (
    <RemoteSelect
      id={id}
      aria-label={ariaLabel}
      url={picker.url}
      search={picker.search}
      label={picker.label}
      unlisted={(saved) => <SavedLabel picker={picker} id={saved} />}
      placeholder={placeholder}
      value={text === '' ? undefined : text}
      onChange={(next) => onChange?.(next ?? null)}
      disabled={disabled}
    />
  );
}
