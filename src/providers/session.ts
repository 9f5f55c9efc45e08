import { DEFAULT_SHOP_TIME_ZONE, type Department, type DictMap, type LoginResult, type PermissionEntry, type PermissionResult, type TenantRef, type UserInfo } from '../contracts/session';
import { expiringStorage } from './storage';
import { SESSION_KEYS, STORAGE_KEYS } from './storage-keys';

/** The button permission lists the access-control rules read (docs/spec.md §6). */
export interface ButtonAuth {
  auth: PermissionEntry[];
  allAuth: PermissionEntry[];
}

/** Department info kept from the login answer (docs/spec.md §3 browser-held values). */
export interface LoginDeparts {
  departs: Department[];
  multiDepart: 0 | 1 | 2;
}

type Listener = () => void;

const listeners = new Set<Listener>();
let version = 0;
// The menu lives in memory only: after a reload the guard fetches it again (docs/spec.md §2 redirect rules).
let permissionsInMemory: PermissionResult | null = null;
let buttonAuthCache: { auth: string | null; allAuth: string | null; value: ButtonAuth } | null = null;

function notify(): void {
  version += 1;
  for (const listener of [...listeners]) listener();
}

function sessionStore(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

function parseEntries(text: string | null): PermissionEntry[] {
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? (parsed as PermissionEntry[]) : [];
  } catch {
    return [];
  }
}

const EMPTY_BUTTON_AUTH: ButtonAuth = { auth: [], allAuth: [] };
/** The tenants given at login (the header's tenant switch offers them); kept like the department info. */
const TENANT_LIST_KEY = 'Login_TenantList';

export const session = {
  getToken(): string | null {
    return expiringStorage.get<string>(STORAGE_KEYS.token);
  },

  hasToken(): boolean {
    return Boolean(session.getToken());
  },

  getTenantId(): number {
    const stored = expiringStorage.get<unknown>(STORAGE_KEYS.tenantId);
    const id = typeof stored === 'number' ? stored : Number(stored);
    return Number.isFinite(id) && id > 0 ? id : 0;
  },

  setTenantId(id: number): void {
    if (id > 0) expiringStorage.set(STORAGE_KEYS.tenantId, id);
    else expiringStorage.remove(STORAGE_KEYS.tenantId);
    notify();
  },

  /** The user's open tenants from the login answer (empty when none or not known). */
  getTenantList(): TenantRef[] {
    const stored = expiringStorage.get<unknown>(TENANT_LIST_KEY);
    return Array.isArray(stored) ? (stored as TenantRef[]) : [];
  },

  getUserInfo(): UserInfo | null {
    return expiringStorage.get<UserInfo>(STORAGE_KEYS.userInfo);
  },

  /** Also used by the department switch: the new userInfo is kept 7 days (docs/spec.md §7 Users). */
  setUserInfo(userInfo: UserInfo): void {
    expiringStorage.set(STORAGE_KEYS.userInfo, userInfo);
    expiringStorage.set(STORAGE_KEYS.username, userInfo.username);
    expiringStorage.set(STORAGE_KEYS.realname, userInfo.realname);
    notify();
  },

  getUsername(): string | null {
    return expiringStorage.get<string>(STORAGE_KEYS.username);
  },

  getRealname(): string | null {
    return expiringStorage.get<string>(STORAGE_KEYS.realname);
  },

  /** The shop's time zone, from this page load's permission call (src/toolkit/utils/shop-time.ts reads it). */
  getShopTimeZone(): string {
    return permissionsInMemory?.shopTimeZone ?? DEFAULT_SHOP_TIME_ZONE;
  },

  /** Null until the permission call of this page load succeeded (the menu is not persisted). */
  getPermissions(): PermissionResult | null {
    return permissionsInMemory;
  },

  setPermissions(permissions: PermissionResult): void {
    permissionsInMemory = permissions;
    const store = sessionStore();
    store?.setItem(SESSION_KEYS.auth, JSON.stringify(permissions.auth));
    store?.setItem(SESSION_KEYS.allAuth, JSON.stringify(permissions.allAuth));
    notify();
  },

  /** auth / allAuth as stored in sessionStorage, so they survive a reload of the tab (docs/reference/jeecg-conventions.md §3.4). */
  getButtonAuth(): ButtonAuth {
    if (permissionsInMemory) {
      return { auth: permissionsInMemory.auth, allAuth: permissionsInMemory.allAuth };
    }
    const store = sessionStore();
    if (!store) return EMPTY_BUTTON_AUTH;
    const auth = store.getItem(SESSION_KEYS.auth);
    const allAuth = store.getItem(SESSION_KEYS.allAuth);
    if (buttonAuthCache && buttonAuthCache.auth === auth && buttonAuthCache.allAuth === allAuth) {
      return buttonAuthCache.value;
    }
    const value = { auth: parseEntries(auth), allAuth: parseEntries(allAuth) };
    buttonAuthCache = { auth, allAuth, value };
    return value;
  },

  saveLogin(result: LoginResult): void {
    expiringStorage.set(STORAGE_KEYS.token, result.token);
    expiringStorage.set(STORAGE_KEYS.userInfo, result.userInfo);
    expiringStorage.set(STORAGE_KEYS.username, result.userInfo.username);
    expiringStorage.set(STORAGE_KEYS.realname, result.userInfo.realname);
    expiringStorage.set(STORAGE_KEYS.dictCache, result.sysAllDictItems ?? {});
    const departs: LoginDeparts = { departs: result.departs ?? [], multiDepart: result.multi_depart ?? 0 };
    expiringStorage.set(STORAGE_KEYS.departs, departs);
    const tenants = result.tenantList ?? [];
    expiringStorage.set(TENANT_LIST_KEY, tenants);
    const [onlyTenant] = tenants;
    if (tenants.length === 1 && onlyTenant) {
      expiringStorage.set(STORAGE_KEYS.tenantId, onlyTenant.id);
    } else if (!tenants.some((tenant) => tenant.id === session.getTenantId())) {
      // A tenant kept from an earlier user is not this user's: the picker (several) or none applies.
      expiringStorage.remove(STORAGE_KEYS.tenantId);
    }
    permissionsInMemory = null;
    notify();
  },

  getLoginDeparts(): LoginDeparts | null {
    return expiringStorage.get<LoginDeparts>(STORAGE_KEYS.departs);
  },

  getDictCache(): DictMap | null {
    return expiringStorage.get<DictMap>(STORAGE_KEYS.dictCache);
  },

  setDictCache(dictionaries: DictMap): void {
    expiringStorage.set(STORAGE_KEYS.dictCache, dictionaries);
    notify();
  },

  /** Logout and token expiry: token, user, permission lists, dictionary cache, department info (docs/spec.md §4). */
  clear(): void {
    for (const key of [
      STORAGE_KEYS.token,
      STORAGE_KEYS.userInfo,
      STORAGE_KEYS.username,
      STORAGE_KEYS.realname,
      STORAGE_KEYS.dictCache,
      STORAGE_KEYS.departs,
      STORAGE_KEYS.includedRoutes,
      TENANT_LIST_KEY,
    ]) {
      expiringStorage.remove(key);
    }
    const store = sessionStore();
    store?.removeItem(SESSION_KEYS.auth);
    store?.removeItem(SESSION_KEYS.allAuth);
    permissionsInMemory = null;
    buttonAuthCache = null;
    notify();
  },

  /** Called on every change; returns the unsubscribe function. */
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },

  /** Increases on every change; a cheap snapshot for useSyncExternalStore. */
  getVersion(): number {
    return version;
  },
};
