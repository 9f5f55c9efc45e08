import { useEffect, useState } from 'react';

/** docs/spec.md §9: the scroll state resets this long after the last scroll event. */
export const SCROLL_RESET_MS = 100;

/**
 * Whether the page is being scrolled: true from a scroll event until 100 ms pass without another. The
 * layout exposes it (data-scrolling) so that what must not move under a scrolling pointer — the auto-hide
 * header's transition, hover effects — can wait for the page to settle.
 */
export function useScrolling(target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window): boolean {
  const [scrolling, setScrolling] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      setScrolling(true);
      clearTimeout(timer);
      timer = setTimeout(() => setScrolling(false), SCROLL_RESET_MS);
    };
    target.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      target.removeEventListener('scroll', onScroll);
      clearTimeout(timer);
    };
  }, [target]);
  return scrolling;
}
