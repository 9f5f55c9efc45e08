import { useCallback, useEffect, useState } from 'react';

/** Seconds left of a running countdown (0 when idle); start() begins a new one. */
export function useCountdown(seconds: number): { left: number; start(): void } {
  const [left, setLeft] = useState(0);

  useEffect(() => {
    if (left <= 0) return undefined;
    const timer = setTimeout(() => setLeft((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);

  return { left, start: useCallback(() => setLeft(seconds), [seconds]) };
}
