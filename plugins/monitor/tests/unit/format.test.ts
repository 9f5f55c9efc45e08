/** The monitoring screens' number formatting. */
import { describe, expect, it } from 'vitest';
import { clockTime, formatBytes, splitDuration, toMegabytes, toPercent } from '../../components/format';

describe('monitoring formats', () => {
  it('formats bytes in binary multiples', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1536)).toBe('1.50 KB');
    expect(formatBytes(10 * 1024 * 1024)).toBe('10.0 MB');
    expect(formatBytes(500 * 1024 ** 3)).toBe('500 GB');
    expect(formatBytes(null)).toBe('-');
    expect(toMegabytes(1024 * 1024 * 1.25)).toBe(1.3);
  });

  it('splits durations and formats shares and times', () => {
    expect(splitDuration(90_061)).toEqual({ d: 1, h: 1, m: 1, s: 1 });
    expect(toPercent(0.1234)).toBe(12.3);
    // On the shop's clock (Shanghai, UTC+8), whatever the browser's zone; a shop-clock text keeps its time.
    expect(clockTime(Date.UTC(2024, 0, 1, 1, 5, 7))).toBe('09:05:07');
    expect(clockTime('2024-01-01 09:05:07')).toBe('09:05:07');
  });
});
