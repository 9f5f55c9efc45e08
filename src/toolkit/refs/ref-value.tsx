import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { REF_KIND_SUFFIX, REF_TEXT_SUFFIX, isRefKind, refKindsOf, type FieldRef, type RefKind } from '../../contracts/references';
import { useAccess } from '../permission';
import { useRefKind } from './ref-kinds';

/** A stored id (server/db/ids.ts): never shown to a user in place of a name. */
const STORED_ID = /^[0-9a-f]{32}$/i;

/** The kind a record's reference names: the field's one kind, or the one the server said knew the id. */
export function refKindOf(ref: FieldRef, record: Record<string, unknown>, field: string): RefKind | null {
  const kinds = refKindsOf(ref);
  if (kinds.length === 1) return kinds[0] ?? null;
  const said = record[`${field}${REF_KIND_SUFFIX}`];
  return isRefKind(said) ? said : null;
}

/** The label the server answered beside a reference (`<field>_refText`), or null. */
export function refTextOf(record: Record<string, unknown>, field: string): string | null {
  const text = record[`${field}${REF_TEXT_SUFFIX}`];
  return typeof text === 'string' && text !== '' ? text : null;
}

/**
 * A reference as a screen shows it: the referenced record's name or number, linked to its screen when its plugin
 * offers one the user may open. A value no kind knows shows as it is (a number kept from before), except a stored
 * id, which says the record is gone.
 */
export function RefValue({ kind, value, text }: { kind: RefKind | null; value: unknown; text: string | null }) {
  const { t } = useTranslation('crud');
  const view = useRefKind(kind);
  const access = useAccess(view?.permission ?? '');
  const id = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  if (id === '') return null;
  const shown = text ?? (STORED_ID.test(id) ? t('refMissing') : id);
  // Several ids (an SPU's tags) read as their names, linked to none.
  const linked = text !== null && !id.includes(',') && view?.href !== undefined && (view.permission === undefined || (access.visible && !access.disabled));
  return linked && view.href !== undefined ? <Link to={view.href(id)}>{shown}</Link> : <>{shown}</>;
}

/** A record's field that holds a reference, shown by RefValue. */
export function RefField({ fieldRef, record, field }: { fieldRef: FieldRef; record: Record<string, unknown>; field: string }) {
  return <RefValue kind={refKindOf(fieldRef, record, field)} value={record[field]} text={refTextOf(record, field)} />;
}
