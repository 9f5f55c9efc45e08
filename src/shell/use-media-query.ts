import { useSyncExternalStore } from 'react';

/** docs/spec.md §9 mobile breakpoint: up to 767.99 px ("not at least 768 px"; Chromium rounds max-width: 767.99px up to 768). */
export const MOBILE_QUERY = 'not all and (min-width: 768px)';

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
