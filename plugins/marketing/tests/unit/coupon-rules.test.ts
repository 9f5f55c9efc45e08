import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import type { CouponRules } from '../../../../server/contracts/member-coupons';
import { checkTemplate, couponOutcome, deductionOf, offerText, splitOver, validityOf } from '../../server/coupons/rules';

const rules = (over: Partial<CouponRules> = {}): CouponRules => ({
  discountType: '1',
  usePrice: '0.00',
  discountPrice: '10.00',
  discountPercent: null,
  discountLimitPrice: null,
  productScope: '1',
  productScopeValues: [],
  takeType: '1',
  ...over,
});
const now = new Date('2026-06-01T00:00:00Z');
const coupon = (over: Partial<CouponRules> = {}, status: '1' | '2' | '3' = '1', start = '2026-05-01T00:00:00Z', end = '2026-07-01T00:00:00Z') => ({
  rules: rules(over),
  status,
  validStartTime: new Date(start),
  validEndTime: new Date(end),
});
const line = (spuId: string, amount: string, categoryId: string | null = null) => ({ spuId, categoryId, amount: new Decimal(amount) });
const texts = (values: Decimal[]) => values.map((value) => value.toFixed(2));

describe('splitOver', () => {
  it('splits in proportion, the cents left to the last line, never above a line', () => {
    expect(texts(splitOver(new Decimal('10'), [new Decimal('80'), new Decimal('30')]))).toEqual(['7.27', '2.73']);
    expect(texts(splitOver(new Decimal('0.05'), [new Decimal('1'), new Decimal('1'), new Decimal('0.01')]))).toEqual(['0.02', '0.02', '0.01']);
    expect(texts(splitOver(new Decimal('50'), [new Decimal('20'), new Decimal('0')]))).toEqual(['20.00', '0.00']);
  });
});

describe('deductionOf', () => {
  it('rounds a 折扣 to the cent and caps it; 满减 never above the amount', () => {
    expect(deductionOf(rules({ discountType: '2', discountPercent: 85 }), new Decimal('33.33')).toFixed(2)).toBe('5.00');
    expect(deductionOf(rules({ discountType: '2', discountPercent: 80, discountLimitPrice: '10.00' }), new Decimal('110')).toFixed(2)).toBe('10.00');
    expect(deductionOf(rules({ discountPrice: '30.00' }), new Decimal('12.50')).toFixed(2)).toBe('12.50');
  });
});

describe('couponOutcome', () => {
  it('names why a coupon does not fit, in order', () => {
    expect(couponOutcome(coupon({}, '2'), [line('a', '100')], now)).toEqual({ usable: false, reason: '优惠券已使用' });
    expect(couponOutcome(coupon({}, '1', '2026-01-01T00:00:00Z', '2026-05-31T23:59:59Z'), [line('a', '100')], now)).toEqual({ usable: false, reason: '优惠券已过期' });
    expect(couponOutcome(coupon({}, '1', '2026-06-02T00:00:00Z'), [line('a', '100')], now)).toEqual({ usable: false, reason: '未到使用时间' });
    expect(couponOutcome(coupon({ productScope: '3', productScopeValues: ['c1'] }), [line('a', '100', 'c2')], now)).toEqual({ usable: false, reason: '没有匹配的商品' });
    expect(couponOutcome(coupon({ productScope: '2', productScopeValues: ['a'], usePrice: '100.00' }), [line('a', '99.99'), line('b', '500')], now)).toEqual({
      usable: false,
      reason: '未满足门槛',
    });
  });

  it('deducts from the matching lines only', () => {
    const outcome = couponOutcome(coupon({ productScope: '3', productScopeValues: ['c1'], discountPrice: '15.00', usePrice: '50.00' }), [line('a', '30', 'c1'), line('b', '40', 'c2'), line('c', '60', 'c1')], now);
    expect(outcome.usable && texts(outcome.shares)).toEqual(['5.00', '0.00', '10.00']);
  });
});

describe('templates', () => {
  it('clears what the types do not use and joins the scope ids', () => {
    const checked = checkTemplate({
      discountType: '2', discountPercent: 80, discountPrice: 5, usePrice: 0, totalCount: -1, takeLimitCount: 1,
      validityType: '2', fixedStartTerm: 1, fixedEndTerm: 8, validStartTime: '2026-01-01', productScope: '2', productScopeValues: ['x', 'y', 'x'],
    });
    expect(checked).toEqual({ values: expect.objectContaining({ discountPrice: null, validStartTime: null, validEndTime: null, productScopeValues: 'x,y' }) });
  });

  it('dates a coupon from the template', () => {
    const taken = new Date('2026-06-01T10:00:00Z');
    expect(validityOf({ validityType: '2', validStartTime: null, validEndTime: null, fixedStartTerm: 1, fixedEndTerm: 8 }, taken)).toEqual({
      start: new Date('2026-06-02T10:00:00Z'),
      end: new Date('2026-06-09T10:00:00Z'),
    });
  });

  it('words the offer', () => {
    expect(offerText(rules({ usePrice: '100.00' }))).toBe('满 100.00 减 10.00');
    expect(offerText(rules({ discountType: '2', discountPercent: 80, discountLimitPrice: '20.00', usePrice: '100.00' }))).toBe('满 100.00 打 8 折 最多减 20.00');
    expect(offerText(rules({ discountPrice: '5.00' }))).toBe('无门槛减 5.00');
  });
});
