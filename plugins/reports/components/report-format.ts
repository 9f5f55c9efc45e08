import Decimal from 'decimal.js';

/**
 * Pure helpers of the report components (no React): the 环比 change of a figure against its reference
 * and the percentage shares of a pie. Exact decimals, never floats, for what is shown as text.
 */

/**
 * A decimal of a figure as the server sends it ('1234.50', '12', 12) or as a card shows it (moneyText's '¥1,234.50');
 * null when it is not a number.
 */
export function decimalOf(value: unknown): Decimal | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  try {
    const parsed = new Decimal(typeof value === 'string' ? value.replace(/[¥,]/g, '') : value);
    return parsed.isFinite() ? parsed : null;
  } catch {
    return null;
  }
}

/** The change of `current` against `previous`: direction and percentage text (2 decimals); null when the reference is 0 or missing. */
export function changeOf(current: unknown, previous: unknown): { direction: 'up' | 'down' | 'flat'; percent: string } | null {
  const now = decimalOf(current);
  const before = decimalOf(previous);
  if (now === null || before === null || before.isZero()) return null;
  const change = now.minus(before).div(before.abs()).times(100);
  return { direction: change.isZero() ? 'flat' : change.isPositive() ? 'up' : 'down', percent: `${change.abs().toFixed(2)}%` };
}

/** Each part's share of the whole, as percentage text with 2 decimals ('0.00%' when the whole is 0). */
export function sharesOf(values: readonly unknown[]): string[] {
  const parts = values.map((value) => decimalOf(value) ?? new Decimal(0));
  const whole = parts.reduce((sum, part) => sum.plus(part), new Decimal(0));
  return parts.map((part) => (whole.isZero() ? '0.00%' : `${part.div(whole).times(100).toFixed(2)}%`));
}

/** A figure as a plotted number (the chart only; text always shows the exact decimal). */
export function plotted(value: unknown): number {
  return decimalOf(value)?.toNumber() ?? 0;
}
