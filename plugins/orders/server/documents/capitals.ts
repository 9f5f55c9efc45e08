import Decimal from 'decimal.js';

/**
 * An amount of yuan in Chinese capitals (大写金额), as contracts and invoices write it:
 * 24.68 → 贰拾肆元陆角捌分, 100 → 壹佰元整, 1001.05 → 壹仟零壹元零伍分, 0.5 → 伍角.
 * Exact: the amount is read as a decimal (string, number or Decimal), rounded half-up to fen.
 */

const DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'] as const;
const PLACES = ['', '拾', '佰', '仟'] as const;
const GROUPS = ['', '万', '亿', '万亿'] as const;

export const MAX_CAPITALS = new Decimal('9999999999999999.99');

function digit(char: string): string {
  return DIGITS[Number(char)] ?? '';
}

/** The integer part (no leading zeros, > 0): 零 once for each run of zeros between figures. */
function integerCapitals(figures: string): string {
  let out = '';
  let zeroPending = false;
  for (let i = 0; i < figures.length; i++) {
    const position = figures.length - 1 - i;
    const char = figures.charAt(i);
    if (char === '0') {
      if (out !== '') zeroPending = true;
    } else {
      if (zeroPending) out += '零';
      zeroPending = false;
      out += digit(char) + PLACES[position % 4];
    }
    if (position % 4 === 0 && position > 0) {
      // A group of four ends here: its unit (万, 亿) when any of its figures is not zero.
      const group = figures.slice(Math.max(0, i - 3), i + 1);
      if (/[1-9]/.test(group)) out += GROUPS[position / 4] ?? '';
    }
  }
  return out;
}

export function amountInCapitals(amount: Decimal.Value): string {
  const value = new Decimal(amount).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  if (!value.isFinite() || value.abs().greaterThan(MAX_CAPITALS)) throw new RangeError(`amount out of range: ${String(amount)}`);
  const [integer = '0', fraction = '00'] = value.abs().toFixed(2).split('.');
  const sign = value.isNegative() && !value.isZero() ? '负' : '';
  const jiao = fraction.charAt(0);
  const fen = fraction.charAt(1);
  const whole = integer === '0' ? '' : `${integerCapitals(integer)}元`;
  if (jiao === '0' && fen === '0') return `${sign}${whole === '' ? '零元' : whole}整`;
  let cents = '';
  if (jiao !== '0') cents += `${digit(jiao)}角`;
  if (fen !== '0') cents += `${jiao === '0' && whole !== '' ? '零' : ''}${digit(fen)}分`;
  return `${sign}${whole}${cents}`;
}
