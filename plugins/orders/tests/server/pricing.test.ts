/** Order pricing: exact cents, deductions split over the lines so they add up (issue #13). */
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { areaCovers, freightPrice, parseCharges, parseFrees } from '../../server/freight/rules';
import { applyAdjustment, priceOrder, rewardFor, splitProportionally } from '../../server/sales/pricing';

const sum = (values: readonly Decimal[]) => values.reduce((total, value) => total.plus(value), new Decimal(0));
const texts = (values: readonly Decimal[]) => values.map((value) => value.toFixed(2));

describe('pricing', () => {
  it('prices 0.10 × 3 at exactly 0.30', () => {
    const order = priceOrder({ lines: [{ price: '0.10', count: 3 }] });
    expect(order.totalPrice.toFixed(2)).toBe('0.30');
    expect(order.payPrice.toFixed(2)).toBe('0.30');
    expect(order.payPrice.equals(new Decimal('0.3'))).toBe(true);
  });

  it('splits points, member discount and freight in proportion, the remainder on the last line, Σ lines = order', () => {
    const order = priceOrder({
      lines: [
        { price: '33.33', count: 1 },
        { price: '33.33', count: 1 },
        { price: '33.34', count: 1 },
      ],
      usePoint: 1000,
      pointsPerYuan: 100,
      discountPercent: 95,
      deliveryPrice: '10',
    });
    expect(order.totalPrice.toFixed(2)).toBe('100.00');
    expect(order.vipPrice.toFixed(2)).toBe('5.00');
    expect(order.pointPrice.toFixed(2)).toBe('10.00');
    expect(order.payPrice.toFixed(2)).toBe('95.00');
    expect(texts(order.lines.map((line) => line.pointPrice))).toEqual(['3.33', '3.33', '3.34']);
    expect(sum(order.lines.map((line) => line.payPrice)).toFixed(2)).toBe('95.00');
    for (const key of ['pointPrice', 'vipPrice', 'deliveryPrice'] as const) expect(sum(order.lines.map((line) => line[key])).equals(order[key])).toBe(true);
  });

  it('puts the rounding cents on the last line', () => {
    expect(texts(splitProportionally(new Decimal('1.00'), [new Decimal(1), new Decimal(1), new Decimal(1)]))).toEqual(['0.33', '0.33', '0.34']);
    expect(texts(splitProportionally(new Decimal('-1.00'), [new Decimal(1), new Decimal(1), new Decimal(1)]))).toEqual(['-0.33', '-0.33', '-0.34']);
    expect(texts(splitProportionally(new Decimal('5'), [new Decimal(0), new Decimal(0)]))).toEqual(['0.00', '5.00']);
  });

  it('refuses a pay price below zero and more points than the goods are worth', () => {
    expect(() => priceOrder({ lines: [{ price: '1', count: 1 }], adjustPrice: '-2' })).toThrow('订单应付金额不能小于 0');
    expect(() => priceOrder({ lines: [{ price: '1', count: 1 }], usePoint: 101 })).toThrow('使用的积分超过了订单可抵扣的金额');
    expect(() => priceOrder({ lines: [{ price: '1.001', count: 1 }] })).toThrow('商品价格不正确');
    expect(() => priceOrder({ lines: [{ price: '1', count: 0 }] })).toThrow('商品数量必须是正整数');
    expect(() => priceOrder({ lines: [] })).toThrow('订单没有商品');
  });

  it('adjusts an order over its lines and refuses a result of zero or less', () => {
    const order = priceOrder({ lines: [{ price: '10', count: 1 }, { price: '20', count: 1 }] });
    const adjusted = applyAdjustment(order.lines, new Decimal('-3'));
    expect(adjusted.payPrice.toFixed(2)).toBe('27.00');
    expect(texts(adjusted.lines.map((line) => line.adjustPrice))).toEqual(['-1.00', '-2.00']);
    expect(() => applyAdjustment(order.lines, new Decimal('-30'))).toThrow('调价后的应付金额必须大于 0');
  });

  it('takes the campaign, then the coupon per line, then the level discount and points on what is left (docs/reference/business-domains.md §4 stacking)', () => {
    const order = priceOrder({
      lines: [
        { price: '100.00', count: 1 },
        { price: '50.00', count: 2 },
        { price: '0', count: 1 },
      ],
      discountLines: ['10.00', '10.00', '0'],
      couponLines: ['0', '15.00', '0'],
      discountPercent: 90,
      usePoint: 500,
      pointsPerYuan: 100,
    });
    expect(texts([order.totalPrice, order.discountPrice, order.couponPrice])).toEqual(['200.00', '20.00', '15.00']);
    // The level's 10 % applies to 200 − 20 − 15 = 165 → 16.50; then 5.00 of points.
    expect(texts([order.vipPrice, order.pointPrice, order.payPrice])).toEqual(['16.50', '5.00', '143.50']);
    expect(texts(order.lines.map((line) => line.discountPrice))).toEqual(['10.00', '10.00', '0.00']);
    expect(texts(order.lines.map((line) => line.couponPrice))).toEqual(['0.00', '15.00', '0.00']);
    expect(sum(order.lines.map((line) => line.payPrice)).toFixed(2)).toBe('143.50');
    expect(order.lines[2]?.payPrice.toFixed(2)).toBe('0.00');
    expect(() => priceOrder({ lines: [{ price: '10', count: 1 }], couponLines: ['10.01'] })).toThrow('订单应付金额不能小于 0');
  });

  it('rewards one point per whole yuan', () => {
    expect(rewardFor(new Decimal('95.99'))).toBe(95);
  });
});

describe('freight', () => {
  const charges = parseCharges(JSON.stringify([
    { areaIds: [], startCount: 1, startPrice: 10, extraCount: 1, extraPrice: 5 },
    { areaIds: ['650000'], startCount: 2, startPrice: 20, extraCount: 2, extraPrice: 8 },
  ]));
  const frees = parseFrees(JSON.stringify([{ areaIds: [], freePrice: 99, freeCount: 0 }]));

  it('charges the first units and each further step, the area’s own row first, and ships free from the threshold', () => {
    expect(freightPrice(charges, frees, '110101', new Decimal(3), new Decimal(30)).toFixed(2)).toBe('20.00');
    expect(freightPrice(charges, frees, '650000', new Decimal(5), new Decimal(30)).toFixed(2)).toBe('36.00');
    expect(freightPrice(charges, frees, '110101', new Decimal(3), new Decimal(99)).toFixed(2)).toBe('0.00');
    expect(freightPrice([], [], '110101', new Decimal(3), new Decimal(1)).toFixed(2)).toBe('0.00');
  });

  it('applies a province’s row to the addresses of its districts, and a city’s to its own districts only', () => {
    // 乌鲁木齐市天山区 (650102) lies in 新疆 (650000): its row, not the catch-all.
    expect(freightPrice(charges, frees, '650102', new Decimal(5), new Decimal(30)).toFixed(2)).toBe('36.00');
    expect(areaCovers('650000', '650102')).toBe(true);
    expect(areaCovers('650100', '650102')).toBe(true);
    expect(areaCovers('650100', '650202')).toBe(false);
    expect(areaCovers('650102', '650103')).toBe(false);
    expect(areaCovers('650000', '660102')).toBe(false);
    expect(areaCovers('65', '650102')).toBe(false);
  });

  it('refuses malformed rules', () => {
    expect(() => parseCharges('{')).toThrow('运费规则格式不正确');
    expect(() => parseCharges('[{"areaIds":[],"startCount":-1,"startPrice":1,"extraCount":1,"extraPrice":1}]')).toThrow('运费规则格式不正确');
    expect(() => parseFrees('[{"areaIds":"x","freePrice":1,"freeCount":0}]')).toThrow('包邮规则格式不正确');
    expect(parseCharges('')).toEqual([]);
  });
});
