import type { ComponentType } from 'react';
import { useSyncExternalStore } from 'react';

export type IconSet = ReadonlyMap<string, ComponentType>;

/** The icon set's load state: the set once loaded; `failed` after a failed attempt (until a retry). */
interface IconsState {
  icons: IconSet | null;
  failed: boolean;
}

let loading: Promise<IconSet> | null = null;
let state: IconsState = { icons: null, failed: false };
const listeners = new Set<() => void>();

function setState(next: IconsState): void {
  state = next;
  for (const listener of [...listeners]) listener();
}

/** Loads the outlined icon set once (a chunk of its own, never in the entry bundle). */
export function loadOutlinedIcons(): Promise<IconSet> {
  loading ??= import('./outlined-icons').then(
    (module) => {
      setState({ icons: module.OUTLINED_ICONS, failed: false });
      return module.OUTLINED_ICONS;
    },
    (error: unknown) => {
      // A failed chunk load may be retried by the next caller.
      loading = null;
      setState({ icons: null, failed: true });
      throw error;
    },
  );
  return loading;
}

/** Starts a load unless the set is there, loading, or failed (a failure waits for retry). */
function startLoad(): void {
  if (state.icons === null && !state.failed) loadOutlinedIcons().catch(() => undefined);
}

/** The load state as an external store: the first subscriber starts the load. */
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  startLoad();
  return () => {
    listeners.delete(listener);
  };
}

const snapshot = (): IconsState => state;

function retry(): void {
  if (!state.failed) return;
  setState({ icons: null, failed: false });
  startLoad();
}

/** The icon set, or null while it loads; `failed` once a load attempt failed; `retry` asks again. */
export function useOutlinedIcons(): { icons: IconSet | null; failed: boolean; retry: () => void } {
  const { icons, failed } = useSyncExternalStore(subscribe, snapshot, snapshot);
  return { icons, failed, retry };
}
