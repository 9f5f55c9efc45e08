/** The exact amounts of distribution: commission floored to the cent, the withdrawal fee to the cent, the month window. */
import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { commissionOf, withdrawFee } from '../../server/distribution-service';
import { monthRange } from '../../server/performance';

describe('commissionOf', () => {
  it('floors base × percent to the cent', () => {
    expect(commissionOf(new Decimal('123.45'), new Decimal(10)).toFixed(2)).toBe('12.34');
    expect(commissionOf(new Decimal('33.33'), new Decimal(5)).toFixed(2)).toBe('1.66');
    expect(commissionOf(new Decimal('0.19'), new Decimal(5)).toFixed(2)).toBe('0.00');
    expect(commissionOf(new Decimal('100'), new Decimal('12.5')).toFixed(2)).toBe('12.50');
  });
});

describe('withdrawFee', () => {
  it('takes price × fee % to the cent, half up', () => {
    expect(withdrawFee(new Decimal(10), new Decimal('1.5')).toFixed(2)).toBe('0.15');
    expect(withdrawFee(new Decimal('12.34'), new Decimal('1.5')).toFixed(2)).toBe('0.19');
    expect(withdrawFee(new Decimal(100), new Decimal(0)).toFixed(2)).toBe('0.00');
  });
});

describe('monthRange', () => {
  it('spans the month, December into the next year', () => {
    expect(monthRange('2026-11')).toEqual({ begin: '2026-11-01 00:00:00', end: '2026-12-01 00:00:00' });
    expect(monthRange('2026-12')).toEqual({ begin: '2026-12-01 00:00:00', end: '2027-01-01 00:00:00' });
  });
});
