/** 使用时间 as a merchant says it (issue 32: 领取后第 0 天至第 30 天). */
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../../src/providers/i18n';
import { useLocales } from '../../../../tests/unit/use-locales';
import { validityText } from '../../components/coupon-model';

useLocales('marketing');

const afterTaking = (fixedStartTerm: number, fixedEndTerm: number) => ({ validityType: '2', validStartTime: null, validEndTime: null, fixedStartTerm, fixedEndTerm });

describe('coupon validity', () => {
  it('says how long a coupon is valid after it is taken, and from when', () => {
    const t = i18n.t.bind(i18n);
    expect(validityText(t, afterTaking(0, 30))).toBe('领取后 30 天内有效');
    expect(validityText(t, afterTaking(1, 8))).toBe('领取 1 天后生效，有效期 7 天');
    expect(validityText(t, { validityType: '1', validStartTime: '2026-06-01 00:00:00', validEndTime: '2026-06-30 23:59:59', fixedStartTerm: null, fixedEndTerm: null })).toBe('2026-06-01 00:00:00 至 2026-06-30 23:59:59');
  });
});
