/** The dashboard's pure figures: 环比 and step rates, the week start, the chart presets and share texts. */
import { describe, expect, it } from 'vitest';
import { rateOf, ratioOf, weekStart } from '../../server/routes';
import { presetRange } from '../../pages/chart';
import { shareText } from '../../components/share-charts';
import { percentText } from '../../components/dashboard-data';
import dayjs from 'dayjs';

describe('环比 and rates', () => {
  it('computes (value − reference) ÷ reference × 100 exactly, none against zero', () => {
    expect(ratioOf('150.00', '100.00')).toBe('50.00');
    expect(ratioOf('0.10', '0.30')).toBe('-66.67');
    expect(ratioOf('5', '0')).toBeNull();
    expect(rateOf(1, 3)).toBe('33.33');
    expect(rateOf(3, 0)).toBeNull();
    expect(percentText('12.50')).toBe('12.50%');
    expect(percentText(null)).toBe('—');
  });

  it('starts weeks on Monday, across month ends', () => {
    expect(weekStart('2026-11-24')).toBe('2026-11-23'); // a Tuesday
    expect(weekStart('2026-11-23')).toBe('2026-11-23');
    expect(weekStart('2026-11-01')).toBe('2026-10-26'); // a Sunday
  });
});

describe('chart presets and shares', () => {
  it('gives each preset its days', () => {
    const now = dayjs('2026-03-10 15:00:00');
    expect(presetRange('today', now)).toEqual({ from: '2026-03-10', to: '2026-03-10' });
    expect(presetRange('last7', now)).toEqual({ from: '2026-03-04', to: '2026-03-10' });
    expect(presetRange('last30', now)).toEqual({ from: '2026-02-09', to: '2026-03-10' });
    expect(presetRange('thisMonth', now)).toEqual({ from: '2026-03-01', to: '2026-03-10' });
  });

  it('writes a share with two decimals', () => {
    expect(shareText(1, 3)).toBe('33.33%');
    expect(shareText(2, 3)).toBe('66.67%');
    expect(shareText(0, 0)).toBe('0.00%');
  });
});
