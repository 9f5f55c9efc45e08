import Decimal from 'decimal.js';
import type { FieldDefinition } from '../../contracts/entity';

function exact(value: unknown): Decimal | null {
  if (value === null || value === undefined || value === '') return null;
  try {
    const amount = new Decimal(typeof value === 'number' || typeof value === 'string' ? value : String(value));
    return amount.isFinite() ? amount.toDecimalPlaces(2, Decimal.ROUND_HALF_UP) : null;
  } catch {
    return null;
  }
}

/** Thousands separators in the whole part of a decimal text (`12858.30` → `12,858.30`). */
function grouped(fixed: string): string {
  const [whole = '0', fraction] = fixed.split('.');
  const withCommas = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? withCommas : `${withCommas}.${fraction}`;
}

/**
 * The one way money shows, everywhere: `¥12,858.30` — the yuan sign, thousands separators and two decimals, computed
 * exactly from what the server sent (a string or a number); a minus before the sign (`-¥5.00`), and never `-¥0.00`
 * (a zero that was negative, or that rounds to zero, is `¥0.00`). Empty values stay empty; what is not a number shows
 * as it came.
 */
export function moneyText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const amount = exact(value);
  if (amount === null) return String(value);
  const sign = amount.isNegative() && !amount.isZero() ? '-' : '';
  return `${sign}¥${grouped(amount.abs().toFixed(2))}`;
}

/** Two decimals, no sign and no separators: the value an amount input is filled with (`1959.5` → `1959.50`). */
export function amountValue(value: unknown): string {
  const amount = exact(value);
  return amount === null ? '' : amount.isZero() ? '0.00' : amount.toFixed(2);
}

/** A deduction (优惠, 抵扣): `-¥5.00`, or `¥0.00` when nothing was taken off (never `-¥0.00`). */
export function deductionText(value: unknown): string {
  const amount = exact(value);
  return amount === null ? moneyText(value) : moneyText(amount.negated());
}

/** A decimal field's value as its definition says it shows: money (the default), a percentage or a plain number. */
export function fieldValueText(field: Pick<FieldDefinition, 'format'>, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (field.format === 'percent') return `${String(value)}%`;
  if (field.format === 'number') return String(value);
  return moneyText(value);
}
