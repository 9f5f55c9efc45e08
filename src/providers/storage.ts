import { SEVEN_DAYS_MS } from '../contracts/constants';
import { STORAGE_NAMESPACE } from './storage-keys';

interface StoredEntry {
  value: unknown;
  /** Epoch ms after which the entry is void; null never expires. */
  expire: number | null;
}

function isStoredEntry(raw: unknown): raw is StoredEntry {
  return (
    typeof raw === 'object' &&
    raw !== null &&
    'value' in raw &&
    'expire' in raw &&
    (raw.expire === null || typeof raw.expire === 'number')
  );
}

function storageKey(key: string): string {
  return key.startsWith(STORAGE_NAMESPACE) ? key : `${STORAGE_NAMESPACE}${key}`;
}

function backingStore(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage access throws in some privacy modes; behave as an empty store.
    return null;
  }
}

interface ParsedEntry {
  text: string;
  entry: StoredEntry;
}

// Parsed entries keyed by storage name, reused while the stored text is unchanged, so repeated reads
// of an unchanged entry return the same object (React's useSyncExternalStore relies on that).
const parsedCache = new Map<string, ParsedEntry>();

function parseEntry(name: string, text: string): StoredEntry | null {
  const cached = parsedCache.get(name);
  if (cached && cached.text === text) return cached.entry;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isStoredEntry(parsed)) return null;
  parsedCache.set(name, { text, entry: parsed });
  return parsed;
}

/**
 * localStorage entries wrapped as JSON `{value, expire}` under the `pro__` namespace, the layout the
 * admin family's clients use, so a session written by one is readable by the other.
 */
export const expiringStorage = {
  get<T>(key: string): T | null {
    const store = backingStore();
    const name = storageKey(key);
    const text = store?.getItem(name);
    if (text == null) return null;
    const entry = parseEntry(name, text);
    if (entry === null || (entry.expire !== null && entry.expire <= Date.now())) {
      store?.removeItem(name);
      parsedCache.delete(name);
      return null;
    }
    return entry.value as T;
  },

  /** ttlMs null stores the value without an expiry. */
  set(key: string, value: unknown, ttlMs: number | null = SEVEN_DAYS_MS): void {
    const entry: StoredEntry = { value, expire: ttlMs === null ? null : Date.now() + ttlMs };
    backingStore()?.setItem(storageKey(key), JSON.stringify(entry));
  },

  remove(key: string): void {
    const name = storageKey(key);
    parsedCache.delete(name);
    backingStore()?.removeItem(name);
  },
};
