import { useSyncExternalStore } from 'react';
import type { PermissionResult, UserInfo } from '../contracts/session';
import { session } from '../providers/session';

const subscribe = (listener: () => void) => session.subscribe(listener);
const version = () => session.getVersion();

/** Re-renders on every session change (login, logout, user info, permissions). */
function useSessionVersion(): number {
  return useSyncExternalStore(subscribe, version, version);
}

export function useHasToken(): boolean {
  useSessionVersion();
  return session.hasToken();
}

export function useUserInfo(): UserInfo | null {
  useSessionVersion();
  return session.getUserInfo();
}

export function usePermissions(): PermissionResult | null {
  useSessionVersion();
  return session.getPermissions();
}
