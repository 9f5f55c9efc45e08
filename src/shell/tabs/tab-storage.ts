/** The open tabs' keys in sessionStorage: they survive a reload of the browser tab, not a new window. */
export const TABS_STORAGE_KEY = 'MULTI_PAGE_TABS';

interface StoredTabs {
  user: string;
  keys: string[];
}

function store(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

function isStoredTabs(value: unknown): value is StoredTabs {
  if (typeof value !== 'object' || value === null) return false;
  const { user, keys } = value as { user?: unknown; keys?: unknown };
  return typeof user === 'string' && Array.isArray(keys) && keys.every((key) => typeof key === 'string');
}

/** The keys saved for this user (another user's tabs are not theirs to restore). */
export function loadTabKeys(user: string): string[] {
  const text = store()?.getItem(TABS_STORAGE_KEY);
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return isStoredTabs(parsed) && parsed.user === user ? parsed.keys.filter((key) => key.startsWith('/')) : [];
  } catch {
    return [];
  }
}

export function saveTabKeys(user: string, keys: readonly string[]): void {
  const value: StoredTabs = { user, keys: [...keys] };
  store()?.setItem(TABS_STORAGE_KEY, JSON.stringify(value));
}
