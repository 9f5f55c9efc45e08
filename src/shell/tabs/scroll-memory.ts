import { useEffect, useLayoutEffect, useRef } from 'react';

/**
 * Remembers the window's scroll position per tab and puts it back when the tab shows again (a hidden
 * page keeps its DOM but the window scroll is shared by all tabs).
 */
export function useScrollMemory(activeId: string | undefined): void {
  const positions = useRef(new Map<string, number>());
  const active = useRef(activeId);

  useEffect(() => {
    const onScroll = () => {
      if (active.current !== undefined) positions.current.set(active.current, window.scrollY);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  useLayoutEffect(() => {
    if (active.current === activeId) return;
    active.current = activeId;
    const saved = activeId === undefined ? 0 : (positions.current.get(activeId) ?? 0);
    window.scrollTo(0, saved);
    // The page may still be growing (lazy chunk, data): try once more after it painted.
    const frame = window.requestAnimationFrame(() => {
      if (active.current === activeId && Math.abs(window.scrollY - saved) > 1) window.scrollTo(0, saved);
    });
    return () => window.cancelAnimationFrame(frame);
  }, [activeId]);
}
