/** The pure part of gift campaigns: rule checks, time status, the proportional split. */
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { parseContents, parseRules, ruleSummary, splitProportionally, timeStatusOf } from '../../server/campaigns/rules';

const d = (values: string[]) => values.map((value) => new Decimal(value));
const text = (values: Decimal[]) => values.map((value) => value.toFixed(2));

describe('splitProportionally', () => {
  it('splits in cents with the remainder on the last line and adds up', () => {
    expect(text(splitProportionally(new Decimal(10), d(['33.30', '20.00'])))).toEqual(['6.24', '3.76']);
    expect(text(splitProportionally(new Decimal('0.01'), d(['1', '1', '1'])))).toEqual(['0.00', '0.00', '0.01']);
    const shares = splitProportionally(new Decimal('100'), d(['12.34', '56.78', '90.12']));
    expect(shares.reduce((sum, share) => sum.plus(share), new Decimal(0)).toFixed(2)).toBe('100.00');
  });

  it('never gives a line more than itself nor more than the total', () => {
    expect(text(splitProportionally(new Decimal(50), d(['10', '20'])))).toEqual(['10.00', '20.00']);
    expect(text(splitProportionally(new Decimal(5), d(['0', '10'])))).toEqual(['0.00', '5.00']);
    expect(text(splitProportionally(new Decimal(5), d(['0', '0'])))).toEqual(['0.00', '0.00']);
  });
});

describe('parseRules', () => {
  it('normalises and sorts the rules by threshold', () => {
    const rules = parseRules([{ limit: '200', discountPrice: 30, freeDelivery: true }, { limit: 100, discountPrice: '10.5', point: 5 }], '10');
    expect(rules).toEqual([
      { limit: '100.00', discountPrice: '10.50', freeDelivery: false, point: 5, giveCoupons: [], gifts: [] },
      { limit: '200.00', discountPrice: '30.00', freeDelivery: true, point: 0, giveCoupons: [], gifts: [] },
    ]);
  });

  it('refuses with the rule named', () => {
    expect(() => parseRules([], '10')).toThrow('请至少设置一条活动规则');
    expect(() => parseRules([{ limit: 0, discountPrice: 1 }], '10')).toThrow('第1条规则：门槛金额须大于 0（最多两位小数）');
    expect(() => parseRules([{ limit: 1.5, discountPrice: 1 }], '20')).toThrow('第1条规则：满件数须为正整数');
    expect(() => parseRules([{ limit: 10, discountPrice: 1.234 }], '10')).toThrow('第1条规则：减免金额须为不小于 0 的金额（最多两位小数）');
    expect(() => parseRules([{ limit: 10, discountPrice: 1 }, { limit: '10.00', discountPrice: 2 }], '10')).toThrow('规则门槛不能重复');
    expect(() => parseRules([{ limit: 10, gifts: [{ skuId: 'a', count: 0 }] }], '10')).toThrow('第1条规则：赠品数量须为 1 到 100 的整数');
    expect(() => parseRules([{ limit: 10, giveCoupons: [{ templateId: 'a', count: 1 }, { templateId: 'a', count: 1 }] }], '10')).toThrow('第1条规则：赠送的优惠券不能重复');
  });

  it('lets 满 N 件 discount more than N', () => {
    expect(parseRules([{ limit: 2, discountPrice: 50 }], '20')[0]?.limit).toBe('2');
  });
});

describe('timeStatusOf and summaries', () => {
  const start = new Date('2026-01-01T00:00:00');
  const end = new Date('2026-01-31T00:00:00');
  it('is 1 before the start, 2 inside, 3 from the end on', () => {
    expect(timeStatusOf(start, end, new Date('2025-12-31T23:59:59'))).toBe('1');
    expect(timeStatusOf(start, end, start)).toBe('2');
    expect(timeStatusOf(start, end, end)).toBe('3');
  });

  it('describes a rule', () => {
    const [rule] = parseRules([{ limit: 199, discountPrice: 20, freeDelivery: true, point: 100, giveCoupons: [{ templateId: 't', count: 2 }], gifts: [{ skuId: 's', count: 1 }] }], '10');
    if (rule === undefined) throw new Error('no rule');
    expect(ruleSummary(rule, '10')).toBe('满 199 元减 20 元，包邮，送 100 积分，送券 2 张，赠品 1 件');
    expect(ruleSummary({ ...rule, limit: '3', discountPrice: '0.00' }, '20')).toBe('满 3 件，包邮，送 100 积分，送券 2 张，赠品 1 件');
  });

  it('needs something in a packet', () => {
    expect(() => parseContents([], 0)).toThrow('券包内容：请至少选择一种优惠券或设置赠送积分');
    expect(parseContents([], 10)).toEqual([]);
  });
});
