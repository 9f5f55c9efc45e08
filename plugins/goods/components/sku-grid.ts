import type { Row } from '../../../src/toolkit/editable-table';
import { randomId } from '../../../src/toolkit/utils';
import type { SkuInput, SkuProperty, SkuRecord } from '../entities';

/**
 * The SKU grid of the SPU form as plain data: properties and their values give the rows (their
 * cartesian product), edited rows survive a change of the properties, 批量设置 fills a column, and the
 * rows become the `skus` the add/edit request carries. No React here, so all of it is unit-tested.
 */

/** One value of a property as the form edits it (`valueId` when picked from an attribute's list). */
export interface SpecValue {
  valueId?: string;
  name: string;
}

/** One property (规格) with its values; `propertyId` when it is an attribute of a type. */
export interface SpecProperty {
  /** Stable key of the editor row. */
  key: string;
  propertyId?: string;
  name: string;
  values: SpecValue[];
}

/** A row of the grid: `skuId` marks a SKU already saved (its stock then changes only through the ledger). */
export type SkuRow = Row & { skuId?: string; properties: SkuProperty[] };

/** The columns a row carries besides its properties, in the grid's order. */
export const SKU_VALUE_FIELDS = ['picUrl', 'barCode', 'location', 'price', 'marketPrice', 'costPrice', 'stock', 'lowStock', 'weight', 'volume', 'firstBrokeragePrice', 'secondBrokeragePrice'] as const;
export type SkuValueField = (typeof SKU_VALUE_FIELDS)[number];
/** Money (yuan, two decimals) travels as exact text. */
export const MONEY_FIELDS: ReadonlySet<SkuValueField> = new Set(['price', 'marketPrice', 'costPrice', 'firstBrokeragePrice', 'secondBrokeragePrice']);
export const INTEGER_FIELDS: ReadonlySet<SkuValueField> = new Set(['stock', 'lowStock']);
/** Fields 批量设置 offers (a picture, a bar code and a shelf place are per SKU). */
export const BATCH_FIELDS = SKU_VALUE_FIELDS.filter((field) => field !== 'picUrl' && field !== 'barCode' && field !== 'location');

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

const newRowId = () => `new-${randomId()}`;

function property(spec: SpecProperty, value: SpecValue): SkuProperty {
  return {
    ...(spec.propertyId !== undefined ? { propertyId: spec.propertyId } : {}),
    propertyName: spec.name.trim(),
    ...(value.valueId !== undefined ? { valueId: value.valueId } : {}),
    valueName: value.name.trim(),
  };
}

/** The cartesian product of the properties' values (properties without a name or values are skipped). */
export function combinations(properties: readonly SpecProperty[]): SkuProperty[][] {
  const used = properties.filter((spec) => spec.name.trim() !== '' && spec.values.some((value) => value.name.trim() !== ''));
  if (used.length === 0) return [];
  return used.reduce<SkuProperty[][]>(
    (combos, spec) => combos.flatMap((combo) => spec.values.filter((value) => value.name.trim() !== '').map((value) => [...combo, property(spec, value)])),
    [[]],
  );
}

const pairOf = (item: SkuProperty) => `${item.propertyName}\u0001${item.valueName}`;
/** The identity of a combination: its property/value pairs, whatever their order. */
export const combinationKey = (items: readonly SkuProperty[]) => items.map(pairOf).sort().join('\u0002');

function related(a: readonly SkuProperty[], b: readonly SkuProperty[]): boolean {
  const small = a.length <= b.length ? a : b;
  const large = new Set((a.length <= b.length ? b : a).map(pairOf));
  return small.every((item) => large.has(pairOf(item)));
}

/**
 * The rows for these properties: one per combination. A row already in the grid with the same
 * combination keeps its id and values; after a property was added or removed, a row whose pairs are a
 * subset or superset of a new combination carries over (each old row at most once), so no typed value
 * and no saved SKU id is lost while the properties are edited.
 */
export function buildSkuRows(properties: readonly SpecProperty[], existing: readonly SkuRow[], makeId: () => string = newRowId): SkuRow[] {
  const combos = combinations(properties);
  const taken = new Set<string>();
  const byKey = new Map<string, SkuRow>();
  for (const row of existing) if (!byKey.has(combinationKey(row.properties))) byKey.set(combinationKey(row.properties), row);
  const exact = combos.map((combo) => {
    const hit = byKey.get(combinationKey(combo));
    if (hit === undefined || taken.has(hit.id)) return null;
    taken.add(hit.id);
    return { ...hit, properties: combo };
  });
  return exact.map((row, index) => {
    const combo = combos[index] ?? [];
    if (row !== null) return row;
    const near = existing.find((candidate) => !taken.has(candidate.id) && related(candidate.properties, combo));
    if (near !== undefined) {
      taken.add(near.id);
      return { ...near, properties: combo };
    }
    return { id: makeId(), properties: combo };
  });
}

/** The one row of a single-spec SPU: the first row there is (its id and values kept), without properties. */
export function singleSkuRow(existing: readonly SkuRow[], makeId: () => string = newRowId): SkuRow {
  const first = existing.find((row) => row.properties.length === 0) ?? existing[0];
  return first !== undefined ? { ...first, properties: [] } : { id: makeId(), properties: [] };
}

/**
 * 批量设置: each filled value is written into every row; stock only into rows not yet saved (a saved
 * SKU's stock changes only through 入库/出库).
 */
export function applyBatch(rows: readonly SkuRow[], batch: Partial<Record<SkuValueField, unknown>>): SkuRow[] {
  const filled = Object.entries(batch).filter(([, value]) => !isBlank(value)) as Array<[SkuValueField, unknown]>;
  return rows.map((row) => {
    const next: SkuRow = { ...row };
    for (const [field, value] of filled) {
      if (field === 'stock' && row.skuId !== undefined) continue;
      next[field] = value;
    }
    return next;
  });
}

function moneyOf(value: unknown): string | null {
  if (isBlank(value)) return null;
  const number = Number(value);
  return Number.isFinite(number) ? number.toFixed(2) : String(value as string);
}

function integerOf(value: unknown): number | null {
  if (isBlank(value)) return null;
  const number = Number(value);
  return Number.isFinite(number) ? Math.trunc(number) : null;
}

function textOf(value: unknown): string | null {
  if (isBlank(value)) return null;
  return typeof value === 'string' ? value.trim() : String(value as number);
}

/** The grid rows as the `skus` of add/edit: saved SKUs keep their id and send no stock. */
export function toSkuInputs(rows: readonly SkuRow[]): SkuInput[] {
  return rows.map((row) => {
    const saved = row.skuId !== undefined;
    const sku: SkuInput = {
      ...(saved ? { id: row.skuId } : {}),
      properties: row.properties.map((item) => ({ ...item })),
      picUrl: textOf(row.picUrl),
      barCode: textOf(row.barCode),
      // 库位 only when the row has one: the server reads a missing location as none, so clearing it still clears it.
      ...(isBlank(row.location) ? {} : { location: textOf(row.location) }),
      price: moneyOf(row.price) ?? '0.00',
      marketPrice: moneyOf(row.marketPrice),
      costPrice: moneyOf(row.costPrice),
      lowStock: integerOf(row.lowStock),
      weight: textOf(row.weight),
      volume: textOf(row.volume),
      firstBrokeragePrice: moneyOf(row.firstBrokeragePrice),
      secondBrokeragePrice: moneyOf(row.secondBrokeragePrice),
    };
    if (!saved) sku.stock = integerOf(row.stock) ?? 0;
    return sku;
  });
}

/** Saved SKUs as grid rows (queryById's `skus`). */
export function rowsFromSkus(skus: readonly SkuRecord[]): SkuRow[] {
  return skus.map((sku) => {
    const row: SkuRow = { id: sku.id, skuId: sku.id, properties: (sku.properties ?? []).map((item) => ({ ...item })) };
    for (const field of SKU_VALUE_FIELDS) {
      const value = sku[field];
      if (value !== undefined && value !== null) row[field] = value;
    }
    return row;
  });
}

/** The properties editor's content from saved SKUs: properties and values in the order they first appear. */
export function propertiesFromSkus(skus: readonly SkuRecord[], makeKey: () => string = randomId): SpecProperty[] {
  const specs: SpecProperty[] = [];
  for (const sku of skus) {
    for (const item of sku.properties ?? []) {
      let spec = specs.find((candidate) => candidate.name === item.propertyName);
      if (spec === undefined) {
        spec = { key: makeKey(), name: item.propertyName, values: [], ...(item.propertyId ? { propertyId: item.propertyId } : {}) };
        specs.push(spec);
      }
      if (!spec.values.some((value) => value.name === item.valueName)) spec.values.push({ name: item.valueName, ...(item.valueId ? { valueId: item.valueId } : {}) });
    }
  }
  return specs;
}

/** How a combination reads in a cell or a title: `红色 / M`. */
export const specText = (items: readonly SkuProperty[]) => items.map((item) => item.valueName).join(' / ');
