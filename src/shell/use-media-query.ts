import { useSyncExternalStore } from 'react';

/** Spec §9 mobile breakpoint. */
export const MOBILE_QUERY = '(max-width: 767.99px)';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (listener) => {
      const list = window.matchMedia(query);
      // Older engines (and some test stubs) only offer addListener.
      if (typeof list.addEventListener === 'function') {
        list.addEventListener('change', listener);
        return () => list.removeEventListener('change', listener);
      }
      list.addListener(listener);
      return () => list.removeListener(listener);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
