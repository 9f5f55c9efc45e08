/** 订单报表's period trend and 销售报表's reference days, over a fake fact store with known daily figures. */
import { describe, expect, it } from 'vitest';
import type { FactQuery, FactValue } from '../../../../server/reports/fact-store';
import { daysOf } from '../../../../server/reports/fact-store';
import { orderTrend, trendPeriods } from '../../server/orders/summary';
import { previousPeriod, rangeOf } from '../../server/report-common';
import { avgPerBuyer, lastMonthSameDays } from '../../server/sales/summary';

/** Every day pays 10.50 in one order, except the listed days. */
function fakeFacts(special: Record<string, { amount: string; orders: number }>) {
  return {
    facts: {
      today: () => '2026-03-18',
      distinct: async () => [{ count: 0 }],
      sum: async (query: FactQuery, metrics: readonly string[]): Promise<FactValue[]> =>
        daysOf(query.from, query.to).flatMap((day) => {
          const figures = special[day] ?? { amount: '10.50', orders: 1 };
          return metrics.map((metric) => ({ metric, day, value: metric === 'trade.payPrice' ? figures.amount : String(figures.orders) }));
        }),
    },
  };
}

describe('trend periods', () => {
  it('takes the week from Monday, the month and the year whole, and the previous ones before them', () => {
    expect(trendPeriods('week', '2026-03-18')).toEqual({ current: { from: '2026-03-16', to: '2026-03-22' }, previous: { from: '2026-03-09', to: '2026-03-15' } });
    expect(trendPeriods('week', '2026-03-22')).toEqual({ current: { from: '2026-03-16', to: '2026-03-22' }, previous: { from: '2026-03-09', to: '2026-03-15' } });
    expect(trendPeriods('month', '2026-03-18')).toEqual({ current: { from: '2026-03-01', to: '2026-03-31' }, previous: { from: '2026-02-01', to: '2026-02-28' } });
    expect(trendPeriods('year', '2026-03-18').previous).toEqual({ from: '2025-01-01', to: '2025-12-31' });
  });

  it('sums the current period to today against the same elapsed days of the previous one', async () => {
    const trend = await orderTrend(fakeFacts({ '2026-03-16': { amount: '100.00', orders: 3 }, '2026-03-10': { amount: '0.25', orders: 1 } }), 1, 'week');
    // This week: Mon 100.00 (3), Tue 10.50, Wed 10.50 → 121.00 in 5; last week Mon–Wed 10.50 + 0.25 + 10.50.
    expect(trend).toMatchObject({ currentAmount: '121.00', currentCount: 5, previousAmount: '21.25', previousCount: 3 });
    expect(trend.points).toHaveLength(7);
    expect(trend.points[0]).toEqual({ index: 1, currentAmount: '100.00', currentCount: 3, previousAmount: '10.50', previousCount: 1 });
    expect(trend.points[3]).toEqual({ index: 4, currentAmount: '0.00', currentCount: 0, previousAmount: '10.50', previousCount: 1 });
    const year = await orderTrend(fakeFacts({}), 1, 'year');
    expect(year.points).toHaveLength(12);
    expect(year.points[1]).toMatchObject({ index: 2, currentAmount: '294.00', currentCount: 28, previousAmount: '294.00' });
    expect(year.previousCount).toBe(31 + 28 + 18);
  });
});

describe('sales reference days', () => {
  it('takes 上月同期 up to the same day, cut at the shorter month', () => {
    expect(lastMonthSameDays('2026-03-18')).toEqual({ from: '2026-02-01', to: '2026-02-18' });
    expect(lastMonthSameDays('2026-03-31')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(lastMonthSameDays('2026-01-10')).toEqual({ from: '2025-12-01', to: '2025-12-10' });
  });

  it('rounds 客单价 to the cent and validates ranges', () => {
    expect(avgPerBuyer('211.00', 3)).toBe('70.33');
    expect(avgPerBuyer('0.05', 2)).toBe('0.03');
    expect(avgPerBuyer('10.00', 0)).toBe('0.00');
    expect(previousPeriod({ from: '2026-03-01', to: '2026-03-31' })).toEqual({ from: '2026-01-29', to: '2026-02-28' });
    expect(rangeOf({ beginDate: '2024-01-01', endDate: '2024-12-31' })).toEqual({ from: '2024-01-01', to: '2024-12-31' });
    expect(() => rangeOf({ beginDate: '2023-01-01', endDate: '2024-01-02' })).toThrow('日期范围不能超过 366 天');
    expect(() => rangeOf({ beginDate: '2024-01-02', endDate: '2024-01-01' })).toThrow('开始日期不能晚于结束日期');
  });
});
