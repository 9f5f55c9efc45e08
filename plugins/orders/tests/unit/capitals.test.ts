import { describe, expect, it } from 'vitest';
import Decimal from 'decimal.js';
import { amountInCapitals } from '../../server/documents/capitals';

describe('amountInCapitals (大写金额)', () => {
  it.each([
    ['24.68', '贰拾肆元陆角捌分'],
    ['100', '壹佰元整'],
    ['1001.05', '壹仟零壹元零伍分'],
    ['0.5', '伍角'],
    ['10', '壹拾元整'],
    ['100000', '壹拾万元整'],
    ['10010', '壹万零壹拾元整'],
    ['0', '零元整'],
    ['0.05', '伍分'],
    ['1.50', '壹元伍角'],
    ['10.05', '壹拾元零伍分'],
    ['105', '壹佰零伍元整'],
    ['1000010', '壹佰万零壹拾元整'],
    ['100000001', '壹亿零壹元整'],
    ['100100000', '壹亿零壹拾万元整'],
    ['120000000.3', '壹亿贰仟万元叁角'],
    ['999999999999.99', '玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分'],
    ['-3.2', '负叁元贰角'],
  ])('%s → %s', (amount, capitals) => {
    expect(amountInCapitals(amount)).toBe(capitals);
  });

  it('reads numbers and decimals exactly, rounding to fen', () => {
    expect(amountInCapitals(24.68)).toBe('贰拾肆元陆角捌分');
    expect(amountInCapitals(new Decimal('0.1').plus('0.2'))).toBe('叁角');
    expect(amountInCapitals('2.005')).toBe('贰元零壹分');
  });

  it('refuses what it cannot write', () => {
    expect(() => amountInCapitals('1e20')).toThrow(RangeError);
  });
});
