/** The goods report's pure pieces: figures from facts, the conversion, the allow-listed sort, the ranges. */
import { describe, expect, it } from 'vitest';
import { conversionOf, dailyFigures, rankColumn, rankRows, sortRank, totalFigures } from '../../server/goods/figures';
import { changeRate, checkedRange, percentOf, previousRange } from '../../server/goods/range';

const facts = [
  { metric: 'goods.views', dim: 'a', value: '3' },
  { metric: 'goods.visitors', dim: 'a', value: '3' },
  { metric: 'goods.payBuyers', dim: 'a', value: '1' },
  { metric: 'goods.payPrice', dim: 'a', value: '10.10' },
  { metric: 'goods.payPrice', dim: 'b', value: '20.2' },
  { metric: 'goods.payCount', dim: 'b', value: '2' },
  { metric: 'trade.payPrice', dim: 'b', value: '99' },
];

describe('goods figures', () => {
  it('shapes totals with two-decimal money and 支付人数 ÷ 访客数 as the conversion', () => {
    expect(totalFigures([{ metric: 'goods.visitors', value: '3' }, { metric: 'goods.payBuyers', value: '1' }, { metric: 'goods.refundPrice', value: '5' }])).toEqual({
      views: 0,
      visitors: 3,
      orderCount: 0,
      payCount: 0,
      payPrice: '0.00',
      payBuyers: 1,
      refundCount: 0,
      refundPrice: '5.00',
      conversion: '33.33',
    });
    expect(totalFigures([]).conversion).toBeNull();
    expect(percentOf('2', '3')).toBe('66.67');
  });

  it('keeps the conversion at or below 100 % and null without visitors (issue 32: 5000–79600 % was shown)', () => {
    expect(conversionOf('796', '1')).toBe('100.00');
    expect(conversionOf('3', '3')).toBe('100.00');
    expect(conversionOf('1', '8')).toBe('12.50');
    expect(conversionOf('5', '0')).toBeNull();
    expect(totalFigures([{ metric: 'goods.visitors', value: '2' }, { metric: 'goods.payBuyers', value: '100' }]).conversion).toBe('100.00');
  });

  it('fills every day of the range and ignores other metrics', () => {
    const daily = dailyFigures([{ metric: 'goods.payCount', day: '2024-03-02', value: '4' }, { metric: 'other.x', day: '2024-03-01', value: '9' }], ['2024-03-01', '2024-03-02']);
    expect(daily.map((day) => [day.date, day.payCount])).toEqual([
      ['2024-03-01', 0],
      ['2024-03-02', 4],
    ]);
  });

  it('ranks by an allow-listed column only, ties by SPU id', () => {
    const rows = rankRows(facts);
    expect(rows.map((row) => row.spuId).sort()).toEqual(['a', 'b']);
    expect(sortRank(rows, 'payPrice', 'desc').map((row) => row.spuId)).toEqual(['b', 'a']);
    expect(sortRank(rows, 'views', 'asc').map((row) => row.spuId)).toEqual(['b', 'a']);
    // 转化率: none (no visitors) sorts below any rate.
    expect(sortRank(rows, 'conversion', 'desc').map((row) => row.spuId)).toEqual(['a', 'b']);
    for (const hostile of ['spuId', 'name; drop table x', '__proto__', 'toString', undefined]) expect(rankColumn(hostile)).toBe('payPrice');
    expect(sortRank(rows, '__proto__', "asc'--").map((row) => row.spuId)).toEqual(['b', 'a']);
    const tied = rankRows([{ metric: 'goods.views', dim: 'z', value: '1' }, { metric: 'goods.views', dim: 'm', value: '1' }]);
    expect(sortRank(tied, 'views', 'desc').map((row) => row.spuId)).toEqual(['m', 'z']);
  });
});

describe('report ranges', () => {
  it('compares with the equal period just before, across month ends', () => {
    expect(previousRange({ beginDate: '2024-03-01', endDate: '2024-03-07' })).toEqual({ beginDate: '2024-02-23', endDate: '2024-02-29' });
    expect(previousRange({ beginDate: '2024-01-01', endDate: '2024-01-01' })).toEqual({ beginDate: '2023-12-31', endDate: '2023-12-31' });
    expect(changeRate('150', '100')).toBe('50.00');
    expect(changeRate('0.00', '20.00')).toBe('-100.00');
    expect(changeRate('5', '0')).toBeNull();
  });

  it('refuses a reversed range or one longer than 367 days', () => {
    expect(checkedRange({ beginDate: '2024-01-01', endDate: '2025-01-01' })).toEqual({ beginDate: '2024-01-01', endDate: '2025-01-01' });
    expect(() => checkedRange({ beginDate: '2024-01-02', endDate: '2024-01-01' })).toThrow('开始日期不能晚于结束日期');
    expect(() => checkedRange({ beginDate: '2024-01-01', endDate: '2025-01-02' })).toThrow('日期范围不能超过367天');
  });
});
