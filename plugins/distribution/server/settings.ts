import Decimal from 'decimal.js';

/**
 * The distribution settings (docs/reference/business-domains.md §5 "Config"), server settings read from the environment
 * when used (an operator or a test changes them without a rebuild):
 * DRP_FREEZE_DAYS — days a commission stays frozen after payment (default 7; 0 settles at the next run);
 * DRP_MIN_WITHDRAW — the smallest withdrawal, yuan (default 1.00);
 * DRP_WITHDRAW_FEE_PERCENT — the withdrawal fee, percent of the amount (default 0).
 */

function decimalSetting(name: string, fallback: string): Decimal {
  const raw = process.env[name]?.trim() ?? '';
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(raw)) return new Decimal(fallback);
  return new Decimal(raw);
}

export function freezeDays(): number {
  const raw = process.env.DRP_FREEZE_DAYS?.trim() ?? '';
  return /^\d{1,4}$/.test(raw) ? Number(raw) : 7;
}

export const minWithdraw = (): Decimal => decimalSetting('DRP_MIN_WITHDRAW', '1.00');

export function withdrawFeePercent(): Decimal {
  const value = decimalSetting('DRP_WITHDRAW_FEE_PERCENT', '0');
  return value.greaterThan(100) ? new Decimal(100) : value;
}
