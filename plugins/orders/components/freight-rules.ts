import Decimal from 'decimal.js';

/**
 * The rule grids of a 运费模板 (pure logic, no React): rows as the dialog edits them ⇄ the JSON arrays the
 * server validates (plugins/orders/server/freight/rules.ts parseCharges/parseFrees), and the hints a row gets
 * before anything is sent. A row with no areas covers every other area (其余地区).
 */

/** A 运费规则 row as edited (an empty number cell is null). */
export interface ChargeRow {
  areaIds: string[];
  startCount: number | null;
  startPrice: number | null;
  extraCount: number | null;
  extraPrice: number | null;
}

/** A 包邮规则 row as edited. */
export interface FreeRow {
  areaIds: string[];
  freePrice: number | null;
  freeCount: number | null;
}

/** Charge modes (dict sale_freight_charge_mode): 1 按件, 2 按重量, 3 按体积. */
export type ChargeUnit = 'piece' | 'weight' | 'volume';

export function chargeUnit(chargeMode: unknown): ChargeUnit {
  const mode = String(chargeMode ?? '');
  return mode === '2' ? 'weight' : mode === '3' ? 'volume' : 'piece';
}

/** Counts of pieces are whole; weights and volumes take two decimals (the server's limit). */
export const countPrecision = (unit: ChargeUnit): number => (unit === 'piece' ? 0 : 2);

export const emptyChargeRow = (): ChargeRow => ({ areaIds: [], startCount: 1, startPrice: null, extraCount: 1, extraPrice: 0 });
export const emptyFreeRow = (): FreeRow => ({ areaIds: [], freePrice: null, freeCount: null });

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const numberOrNull = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : null);
const areasOf = (value: unknown): string[] => (Array.isArray(value) ? value.filter((area): area is string => typeof area === 'string') : []);

/** The stored text as rows; `broken` when it is not a JSON array of rows (the grid then starts empty). */
function parseRows<T>(text: unknown, toRow: (row: Record<string, unknown>) => T): { rows: T[]; broken: boolean } {
  if (text === null || text === undefined || (typeof text === 'string' && text.trim() === '')) return { rows: [], broken: false };
  let parsed: unknown = text;
  if (typeof text === 'string') {
    try {
      parsed = JSON.parse(text);
    } catch {
      return { rows: [], broken: true };
    }
  }
  if (!Array.isArray(parsed)) return { rows: [], broken: true };
  const rows = parsed.filter(isRecord).map(toRow);
  return { rows, broken: rows.length !== parsed.length };
}

export function chargeRowsOf(text: unknown): { rows: ChargeRow[]; broken: boolean } {
  return parseRows(text, (row) => ({
    areaIds: areasOf(row.areaIds),
    startCount: numberOrNull(row.startCount),
    startPrice: numberOrNull(row.startPrice),
    extraCount: numberOrNull(row.extraCount),
    extraPrice: numberOrNull(row.extraPrice),
  }));
}

export function freeRowsOf(text: unknown): { rows: FreeRow[]; broken: boolean } {
  return parseRows(text, (row) => ({ areaIds: areasOf(row.areaIds), freePrice: numberOrNull(row.freePrice), freeCount: numberOrNull(row.freeCount) }));
}

/** Two decimals at most, as the server checks them (exact, not by float arithmetic). */
const exact = (value: number | null, places: number): number => (value === null ? 0 : new Decimal(value).toDecimalPlaces(places).toNumber());
const uniqueAreas = (areaIds: readonly string[]) => [...new Set(areaIds)];

/** The `charges` text sent to the server (empty cells as 0; `null` with no rows). */
export function chargesJson(rows: readonly ChargeRow[]): string | null {
  if (rows.length === 0) return null;
  return JSON.stringify(
    rows.map((row) => ({ areaIds: uniqueAreas(row.areaIds), startCount: exact(row.startCount, 2), startPrice: exact(row.startPrice, 2), extraCount: exact(row.extraCount, 2), extraPrice: exact(row.extraPrice, 2) })),
  );
}

/** The `frees` text sent to the server (`freeCount` whole pieces/units). */
export function freesJson(rows: readonly FreeRow[]): string | null {
  if (rows.length === 0) return null;
  return JSON.stringify(rows.map((row) => ({ areaIds: uniqueAreas(row.areaIds), freePrice: exact(row.freePrice, 2), freeCount: Math.floor(exact(row.freeCount, 0)) })));
}

/** A problem with the rows: a locale key under `freight.hints` and the 1-based row numbers it concerns. */
export interface RuleHint {
  key: 'startPriceRequired' | 'startCountPositive' | 'extraCountRequired' | 'otherAreasTwice' | 'areaTwice' | 'freeConditionRequired';
  rows: number[];
}

const countRows = (indexes: readonly number[]) => indexes.map((index) => index + 1);

/** Rows that cover the same area twice (or 其余地区 twice): the server would use only the first. */
function overlapHints(rows: ReadonlyArray<{ areaIds: readonly string[] }>): RuleHint[] {
  const hints: RuleHint[] = [];
  const catchAll = rows.flatMap((row, index) => (row.areaIds.length === 0 ? [index] : []));
  if (catchAll.length > 1) hints.push({ key: 'otherAreasTwice', rows: countRows(catchAll) });
  const seen = new Map<string, number>();
  const twice = new Set<number>();
  rows.forEach((row, index) => {
    for (const area of row.areaIds) {
      const first = seen.get(area);
      if (first === undefined) seen.set(area, index);
      else if (first !== index) {
        twice.add(first);
        twice.add(index);
      }
    }
  });
  if (twice.size > 0) hints.push({ key: 'areaTwice', rows: countRows([...twice].sort((a, b) => a - b)) });
  return hints;
}

/** What is wrong with the 运费规则 rows; empty when they can be saved. */
export function chargeHints(rows: readonly ChargeRow[]): RuleHint[] {
  const hints: RuleHint[] = [];
  const where = (test: (row: ChargeRow) => boolean) => rows.flatMap((row, index) => (test(row) ? [index] : []));
  const noPrice = where((row) => row.startPrice === null);
  if (noPrice.length > 0) hints.push({ key: 'startPriceRequired', rows: countRows(noPrice) });
  const noStart = where((row) => row.startCount === null || row.startCount <= 0);
  if (noStart.length > 0) hints.push({ key: 'startCountPositive', rows: countRows(noStart) });
  // Extra units priced but never counted would never be charged.
  const noExtra = where((row) => (row.extraPrice ?? 0) > 0 && (row.extraCount === null || row.extraCount <= 0));
  if (noExtra.length > 0) hints.push({ key: 'extraCountRequired', rows: countRows(noExtra) });
  return [...hints, ...overlapHints(rows)];
}

/** What is wrong with the 包邮规则 rows: each needs 满金额 or 满件 above zero, else it never applies. */
export function freeHints(rows: readonly FreeRow[]): RuleHint[] {
  const hints: RuleHint[] = [];
  const noCondition = rows.flatMap((row, index) => ((row.freePrice ?? 0) <= 0 && (row.freeCount ?? 0) <= 0 ? [index] : []));
  if (noCondition.length > 0) hints.push({ key: 'freeConditionRequired', rows: countRows(noCondition) });
  return [...hints, ...overlapHints(rows)];
}
