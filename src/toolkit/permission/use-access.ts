import { useSyncExternalStore } from 'react';
import type { PermissionEntry } from '../../contracts/session';
import { accessOf, type Access } from '../../providers/access-control';
import { session } from '../../providers/session';

const subscribe = (listener: () => void) => session.subscribe(listener);
const version = () => session.getVersion();

/**
 * How a control with this permission code shows for the current user (docs/spec.md §6): `visible` false
 * removes it (type '1' not granted), `disabled` true keeps it greyed out with `reason` (type '2').
 *
 * The decision is the access-control provider's own (`accessOf`, which `can` also answers from), read
 * synchronously from the lists loaded at login: no request, no query per row, and the first frame is
 * already right (Refine's `useCan` is asynchronous and would flash every gated button). Re-evaluated
 * when the session's permissions change.
 */
export function useAccess(code: string, nodePermissions?: readonly PermissionEntry[] | null): Access {
  useSyncExternalStore(subscribe, version, version);
  return accessOf(code, { nodePermissions });
}

/** Several codes at once (a toolbar or a row-action column), in one subscription. */
export function useAccessMap<K extends string>(codes: Record<K, string>): Record<K, Access> {
  useSyncExternalStore(subscribe, version, version);
  const entries = Object.entries(codes) as Array<[K, string]>;
  return Object.fromEntries(entries.map(([key, code]) => [key, accessOf(code)])) as Record<K, Access>;
}
