import Decimal from 'decimal.js';
import { Type } from 'typebox';
import { businessError, Line } from '../../../server/kit';

/** Money typed by staff (调价, 线下下单's prices, 采购 and 售后 amounts): yuan as a number or text, read exactly. */

export const MSG_BAD_MONEY = '金额格式不正确（最多两位小数）';

export const Money = Type.Union([Type.Number(), Line(20, 1)]);

/** Yuan from the wire (number or text), exact, at most two decimals. */
export function parseMoney(raw: number | string): Decimal {
  let value: Decimal;
  try {
    value = new Decimal(typeof raw === 'string' ? raw.trim() : raw);
  } catch {
    throw businessError(MSG_BAD_MONEY);
  }
  if (!value.isFinite() || value.decimalPlaces() > 2 || value.abs().greaterThan('999999999999.99')) throw businessError(MSG_BAD_MONEY);
  return value;
}
