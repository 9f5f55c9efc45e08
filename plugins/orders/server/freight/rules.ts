import Decimal from 'decimal.js';
import { businessError } from '../../../../server/kit';

/**
 * 运费模板 rules (`charges`, `frees`: JSON arrays). A charge row: for the areas named (an empty list is
 * every other area), the first `startCount` units cost `startPrice`, each further `extraCount` units
 * `extraPrice`. A free row: the areas ship free from `freePrice` yuan or `freeCount` units.
 */
export interface FreightCharge {
  areaIds: string[];
  startCount: number;
  startPrice: number;
  extraCount: number;
  extraPrice: number;
}

export interface FreightFree {
  areaIds: string[];
  freePrice: number;
  freeCount: number;
}

export const MSG_BAD_CHARGES = '运费规则格式不正确';
export const MSG_BAD_FREES = '包邮规则格式不正确';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const nonNegative = (value: unknown, integer: boolean): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 1e9 && (!integer || Number.isInteger(value)) && new Decimal(value).decimalPlaces() <= 2;
const areaList = (value: unknown): value is string[] => Array.isArray(value) && value.length <= 1000 && value.every((area) => typeof area === 'string' && area.length <= 32);

function parseArray(text: unknown, message: string): unknown[] {
  if (text === null || text === undefined || text === '') return [];
  if (typeof text !== 'string') throw businessError(message);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw businessError(message);
  }
  if (!Array.isArray(parsed) || parsed.length > 500) throw businessError(message);
  return parsed;
}

export function parseCharges(text: unknown): FreightCharge[] {
  return parseArray(text, MSG_BAD_CHARGES).map((row) => {
    if (!isRecord(row) || !areaList(row.areaIds) || !nonNegative(row.startCount, false) || !nonNegative(row.startPrice, false) || !nonNegative(row.extraCount, false) || !nonNegative(row.extraPrice, false)) {
      throw businessError(MSG_BAD_CHARGES);
    }
    return { areaIds: row.areaIds, startCount: row.startCount, startPrice: row.startPrice, extraCount: row.extraCount, extraPrice: row.extraPrice };
  });
}

export function parseFrees(text: unknown): FreightFree[] {
  return parseArray(text, MSG_BAD_FREES).map((row) => {
    if (!isRecord(row) || !areaList(row.areaIds) || !nonNegative(row.freePrice, false) || !nonNegative(row.freeCount, true)) throw businessError(MSG_BAD_FREES);
    return { areaIds: row.areaIds, freePrice: row.freePrice, freeCount: row.freeCount };
  });
}

/**
 * Whether a rule's area covers the receiver's: the same code, or (GB/T 2260, six digits) the province
 * (xx0000) or city (xxxx00) the receiver's district lies in. Rules name provinces, addresses districts.
 */
export function areaCovers(ruleArea: string, areaId: string): boolean {
  if (ruleArea === areaId) return true;
  if (!/^\d{6}$/.test(ruleArea) || !/^\d{6}$/.test(areaId)) return false;
  if (ruleArea.endsWith('0000')) return areaId.startsWith(ruleArea.slice(0, 2));
  if (ruleArea.endsWith('00')) return areaId.startsWith(ruleArea.slice(0, 4));
  return false;
}

const names = (areaIds: readonly string[], areaId: string) => areaIds.some((ruleArea) => areaCovers(ruleArea, areaId));
const matches = (areaIds: readonly string[], areaId: string) => areaIds.length === 0 || names(areaIds, areaId);

/** The freight of `quantity` units (pieces, kg or m³ by the template's mode) worth `goodsPrice`, sent to `areaId`. */
export function freightPrice(charges: readonly FreightCharge[], frees: readonly FreightFree[], areaId: string, quantity: Decimal, goodsPrice: Decimal): Decimal {
  const free = frees.find((row) => matches(row.areaIds, areaId) && ((row.freePrice > 0 && goodsPrice.greaterThanOrEqualTo(row.freePrice)) || (row.freeCount > 0 && quantity.greaterThanOrEqualTo(row.freeCount))));
  if (free !== undefined) return new Decimal(0);
  // A row naming the area wins over the catch-all (empty list).
  const charge = charges.find((row) => names(row.areaIds, areaId)) ?? charges.find((row) => row.areaIds.length === 0);
  if (charge === undefined) return new Decimal(0);
  let price = new Decimal(charge.startPrice);
  const beyond = quantity.minus(charge.startCount);
  if (beyond.greaterThan(0) && charge.extraCount > 0) price = price.plus(beyond.dividedBy(charge.extraCount).ceil().times(charge.extraPrice));
  return price.toDecimalPlaces(2);
}
