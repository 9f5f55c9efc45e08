/** The report components' pure parts: 环比, shares, and the date presets of the report bar. */
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { isDay, presetOf, presetRange, rangeOfQuery } from '../../components/date-presets';
import { changeOf, sharesOf } from '../../components/report-format';

describe('环比', () => {
  it('is (value − reference) ÷ reference with its direction, and nothing when the reference is 0', () => {
    expect(changeOf('120.00', '100.00')).toEqual({ direction: 'up', percent: '20.00%' });
    expect(changeOf('0.10', '0.30')).toEqual({ direction: 'down', percent: '66.67%' });
    expect(changeOf(5, 5)).toEqual({ direction: 'flat', percent: '0.00%' });
    expect(changeOf('10.00', '0.00')).toBeNull();
    expect(changeOf(undefined, '1')).toBeNull();
  });
});

describe('shares', () => {
  it('gives exact percentages of the whole, 0 when the whole is 0', () => {
    expect(sharesOf([1, 2])).toEqual(['33.33%', '66.67%']);
    expect(sharesOf(['0.10', '0.20', '0.70'])).toEqual(['10.00%', '20.00%', '70.00%']);
    expect(sharesOf([0, 0])).toEqual(['0.00%', '0.00%']);
  });
});

describe('date presets', () => {
  const today = dayjs('2026-03-31');
  it('cuts each preset from today', () => {
    expect(presetRange('today', today)).toEqual({ from: '2026-03-31', to: '2026-03-31' });
    expect(presetRange('yesterday', today)).toEqual({ from: '2026-03-30', to: '2026-03-30' });
    expect(presetRange('last7', today)).toEqual({ from: '2026-03-25', to: '2026-03-31' });
    expect(presetRange('last30', today)).toEqual({ from: '2026-03-02', to: '2026-03-31' });
    expect(presetRange('thisMonth', today)).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(presetRange('lastMonth', today)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetRange('thisYear', today)).toEqual({ from: '2026-01-01', to: '2026-03-31' });
  });

  it('recognises a preset and reads only valid ranges from the URL', () => {
    expect(presetOf({ from: '2026-02-01', to: '2026-02-28' }, today)).toBe('lastMonth');
    expect(presetOf({ from: '2026-02-02', to: '2026-02-28' }, today)).toBeNull();
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2024-02-29')).toBe(true);
    expect(rangeOfQuery('2026-03-01', '2026-03-05')).toEqual({ from: '2026-03-01', to: '2026-03-05' });
    expect(rangeOfQuery('2026-03-05', '2026-03-01')).toBeNull();
    expect(rangeOfQuery(null, '2026-03-01')).toBeNull();
  });
});
