import type { ComponentType } from 'react';
import { useEffect, useState } from 'react';

export type IconSet = ReadonlyMap<string, ComponentType>;

let loading: Promise<IconSet> | null = null;
let loaded: IconSet | null = null;

/** Loads the outlined icon set once (a chunk of its own, never in the entry bundle). */
export function loadOutlinedIcons(): Promise<IconSet> {
  loading ??= import('./outlined-icons').then(
    (module) => {
      loaded = module.OUTLINED_ICONS;
      return loaded;
    },
    (error: unknown) => {
      // A failed chunk load may be retried by the next caller.
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The icon set, or null while it loads; `failed` once a load attempt failed. */
export function useOutlinedIcons(): { icons: IconSet | null; failed: boolean; retry: () => void } {
  const [icons, setIcons] = useState<IconSet | null>(loaded);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (icons !== null) return;
    let alive = true;
    loadOutlinedIcons().then(
      (set) => {
        if (alive) setIcons(set);
      },
      () => {
        if (alive) setFailed(true);
      },
    );
    return () => {
      alive = false;
    };
  }, [icons, attempt]);
  return {
    icons,
    failed,
    retry: () => {
      setFailed(false);
      setAttempt((value) => value + 1);
    },
  };
}
