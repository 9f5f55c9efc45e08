import { RECORD_ID_PATTERN } from '../../contracts/record-id';
/**
 * The create/edit dialog lives in the URL (`?create=1`, `?edit=<id>`; a prefix keeps nested lists
 * apart, e.g. `?itemEdit=<id>`), so a reload reopens it.
 */
export type ModalState = { mode: 'create' } | { mode: 'edit'; id: string } | null;


export function modalKeys(prefix = ''): { create: string; edit: string } {
  return prefix === '' ? { create: 'create', edit: 'edit' } : { create: `${prefix}Create`, edit: `${prefix}Edit` };
}

export function readModalState(params: URLSearchParams, prefix = ''): ModalState {
  const keys = modalKeys(prefix);
  const id = params.get(keys.edit);
  if (id !== null && RECORD_ID_PATTERN.test(id)) return { mode: 'edit', id };
  if (params.get(keys.create) === '1') return { mode: 'create' };
  return null;
}

/** A copy of the parameters with the dialog state set (or cleared); other parameters are kept. */
export function writeModalState(params: URLSearchParams, state: ModalState, prefix = ''): URLSearchParams {
  const keys = modalKeys(prefix);
  const next = new URLSearchParams(params);
  next.delete(keys.create);
  next.delete(keys.edit);
  if (state?.mode === 'create') next.set(keys.create, '1');
  if (state?.mode === 'edit') next.set(keys.edit, state.id);
  return next;
}
