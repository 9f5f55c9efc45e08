/** docs/spec.md §9: the scroll state resets 100 ms after the last scroll. */
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SCROLL_RESET_MS, useScrolling } from '../../../src/shell/layouts/use-scrolling';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const scroll = () => act(() => void window.dispatchEvent(new Event('scroll')));

describe('scroll state', () => {
  it('is set by a scroll and reset 100 ms after the last one', () => {
    expect(SCROLL_RESET_MS).toBe(100);
    const { result } = renderHook(() => useScrolling());
    expect(result.current).toBe(false);
    scroll();
    expect(result.current).toBe(true);
    act(() => void vi.advanceTimersByTime(60));
    scroll();
    // 60 ms after the second scroll (120 ms after the first) it still scrolls: the wait restarts.
    act(() => void vi.advanceTimersByTime(60));
    expect(result.current).toBe(true);
    act(() => void vi.advanceTimersByTime(39));
    expect(result.current).toBe(true);
    act(() => void vi.advanceTimersByTime(1));
    expect(result.current).toBe(false);
  });

  it('stops listening when unmounted', () => {
    const { result, unmount } = renderHook(() => useScrolling());
    unmount();
    scroll();
    expect(result.current).toBe(false);
  });
});
