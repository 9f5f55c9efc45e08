import { useEffect, useState } from 'react';

/** docs/spec.md §9: the header hides only after the page scrolled this far. */
export const AUTO_HIDE_AFTER_PX = 100;

/** Whether a fixed header should hide: scrolling down past 100 px hides it, scrolling up shows it. */
export function nextHeaderHidden(previousY: number, y: number, hidden: boolean): boolean {
  if (y <= AUTO_HIDE_AFTER_PX) return false;
  if (y > previousY) return true;
  if (y < previousY) return false;
  return hidden;
}

export function useAutoHideHeader(enabled: boolean): boolean {
  const [hidden, setHidden] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    let previousY = 0;
    const onScroll = () => {
      const y = window.scrollY;
      setHidden((current) => nextHeaderHidden(previousY, y, current));
      previousY = y;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    // A page already scrolled down when hiding turns on (or when the layout mounts again, after a reload that
    // kept the scroll position) counts as scrolled down from the top: no scroll event may follow to tell it.
    onScroll();
    return () => {
      window.removeEventListener('scroll', onScroll);
      setHidden(false);
    };
  }, [enabled]);
  return enabled && hidden;
}
