import { useSyncExternalStore } from 'react';
import { loadSettings, normaliseSettings, saveSettings } from './app-settings';
import type { AppSettings } from './app-settings';

type Listener = () => void;

const listeners = new Set<Listener>();
let current: AppSettings | null = null;

function snapshot(): AppSettings {
  current ??= loadSettings();
  return current;
}

/** The one settings store the layout, the theme and the drawer share; every change is persisted. */
export const settingsStore = {
  get: snapshot,

  update(change: Partial<AppSettings>): void {
    const next = normaliseSettings({ ...snapshot(), ...change });
    current = next;
    saveSettings(next);
    for (const listener of [...listeners]) listener();
  },

  /** Forgets the in-memory copy (tests, and a storage change from another window). */
  reload(): void {
    current = null;
    for (const listener of [...listeners]) listener();
  },

  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

export function useAppSettings(): AppSettings {
  return useSyncExternalStore(settingsStore.subscribe, settingsStore.get, settingsStore.get);
}
