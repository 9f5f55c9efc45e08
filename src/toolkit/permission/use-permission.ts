import { useSyncExternalStore } from 'react';
import type { PermissionEntry } from '../../contracts/session';
import { session } from '../../providers/session';
import type { Gate } from '../crud/permission-gate';
import { permissionGate } from './permission-gate';

const subscribe = (listener: () => void) => session.subscribe(listener);
const version = () => session.getVersion();

/**
 * How a control with this code shows for the current user, decided locally from the lists loaded at
 * login (no request); re-evaluated when the session's permissions change.
 */
export function usePermission(code: string, nodePermissions?: readonly PermissionEntry[] | null): Gate {
  useSyncExternalStore(subscribe, version, version);
  return permissionGate(code, nodePermissions);
}
