import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// antd's responsive hooks call matchMedia, which jsdom lacks (docs/reference/stack-notes.md gotcha 7).
if (typeof window !== 'undefined' && typeof window.matchMedia !== 'function') {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  if (typeof window !== 'undefined') {
    window.localStorage.clear();
    window.sessionStorage.clear();
  }
});

// Lazy pages and antd's first render are slow on a busy 2-core machine; 1 s (the default) flakes.
configure({ asyncUtilTimeout: 5_000 });
