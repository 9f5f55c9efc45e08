import Decimal from 'decimal.js';
import { Type, type Static } from 'typebox';
import { businessError, Id, Int, Line } from '../../../../server/kit';
import { SPEC_TYPE, type SkuProperty } from '../../entities';

/**
 * The SKUs an SPU save carries (docs/business-api.md `skus`), checked and turned into exact values before anything
 * is written: the spec rules of docs/reference/business-domains.md §2 (single spec = one SKU without properties; multi spec =
 * SKUs with the same property names and unique value combinations) and exact money (at most two decimals).
 */

export const MAX_SKUS = 500;
const MAX_PROPERTIES = 10;
const MAX_STOCK = 100_000_000;

export const MSG_SINGLE_SPEC = '单规格商品只能有一个SKU，且不能设置规格';
export const MSG_MULTI_SPEC_EMPTY = '多规格商品至少需要一个SKU';
export const MSG_MULTI_SPEC_PROPERTIES = '多规格商品的每个SKU都必须设置规格';
export const MSG_PROPERTY_BLANK = '规格名和规格值不能为空';
export const MSG_PROPERTIES_DIFFER = '各SKU的规格项必须一致';
export const MSG_TOO_MANY_SKUS = `每个商品最多 ${MAX_SKUS} 个SKU`;
export const msgDuplicateCombination = (text: string) => `规格组合重复：${text}`;
export const msgDuplicateProperty = (name: string) => `同一SKU的规格名不能重复：${name}`;

/** Money as a number or an exact decimal string (parsed by decimal.js, never through a float). */
const Money = Type.Union([Type.Number(), Type.String({ maxLength: 24, pattern: '^\\s*-?\\d+(\\.\\d+)?\\s*$' })]);
const OptionalMoney = Type.Optional(Type.Union([Money, Type.Null(), Type.Literal('')]));
const OptionalText = (max: number) => Type.Optional(Type.Union([Line(max), Type.Null()]));

const PropertySchema = Type.Object({
  propertyId: OptionalText(32),
  propertyName: Line(64),
  valueId: OptionalText(32),
  valueName: Line(64),
});

export const SkuSchema = Type.Object({
  id: Type.Optional(Type.Union([Id, Type.Null(), Type.Literal('')])),
  properties: Type.Optional(Type.Array(PropertySchema, { maxItems: MAX_PROPERTIES })),
  picUrl: OptionalText(1000),
  barCode: OptionalText(64),
  /** 库位: where the warehouse keeps the SKU (A-03-02), read by the 配货单's walking order. */
  location: OptionalText(32),
  price: Money,
  marketPrice: OptionalMoney,
  costPrice: OptionalMoney,
  stock: Type.Optional(Type.Union([Int(0, MAX_STOCK), Type.Null()])),
  lowStock: Type.Optional(Type.Union([Int(0, MAX_STOCK), Type.Null()])),
  weight: OptionalMoney,
  volume: OptionalMoney,
  firstBrokeragePrice: OptionalMoney,
  secondBrokeragePrice: OptionalMoney,
});

export const SkusSchema = Type.Array(SkuSchema, { maxItems: MAX_SKUS });

export type SkuBody = Static<typeof SkuSchema>;

/** A SKU ready to write: exact decimal texts, trimmed texts, the spec text (values joined with '/'). */
export interface SkuDraft {
  /** The existing SKU's id (edit), or null for a new one. */
  id: string | null;
  properties: SkuProperty[];
  specText: string;
  picUrl: string | null;
  barCode: string | null;
  location: string | null;
  price: string;
  marketPrice: string | null;
  costPrice: string | null;
  /** Opening stock of a new SKU (ignored for an existing one: its stock moves only through the ledger). */
  stock: number;
  lowStock: number | null;
  weight: string | null;
  volume: string | null;
  firstBrokeragePrice: string | null;
  secondBrokeragePrice: string | null;
}

interface DecimalRule {
  label: string;
  places: number;
  max: string;
}

const MONEY_MAX = '999999999999.99';
const RULES = {
  price: { label: '销售价', places: 2, max: MONEY_MAX },
  marketPrice: { label: '市场价', places: 2, max: MONEY_MAX },
  costPrice: { label: '成本价', places: 2, max: MONEY_MAX },
  firstBrokeragePrice: { label: '一级返佣', places: 2, max: MONEY_MAX },
  secondBrokeragePrice: { label: '二级返佣', places: 2, max: MONEY_MAX },
  weight: { label: '重量', places: 2, max: '99999999.99' },
  volume: { label: '体积', places: 3, max: '9999999.999' },
} as const satisfies Record<string, DecimalRule>;

/** An exact, non-negative decimal text with the rule's places, or a refusal naming the SKU and the field. */
function exactDecimal(raw: number | string, rule: DecimalRule, where: string): string {
  let value: Decimal;
  try {
    value = new Decimal(typeof raw === 'string' ? raw.trim() : raw);
  } catch {
    throw businessError(`${where}${rule.label}必须是数字`);
  }
  if (!value.isFinite()) throw businessError(`${where}${rule.label}必须是数字`);
  if (value.isNegative()) throw businessError(`${where}${rule.label}不能小于 0`);
  if (value.decimalPlaces() > rule.places) throw businessError(`${where}${rule.label}最多保留${rule.places === 2 ? '两' : '三'}位小数`);
  if (value.greaterThan(rule.max)) throw businessError(`${where}${rule.label}超出范围`);
  return value.toFixed(rule.places);
}

function optionalDecimal(raw: number | string | null | undefined, rule: DecimalRule, where: string): string | null {
  return raw === undefined || raw === null || raw === '' ? null : exactDecimal(raw, rule, where);
}

const blankToNull = (value: string | null | undefined): string | null => (value === undefined || value === null || value.trim() === '' ? null : value.trim());

function cleanProperties(properties: SkuBody['properties']): SkuProperty[] {
  return (properties ?? []).map((property) => {
    const propertyName = property.propertyName.trim();
    const valueName = property.valueName.trim();
    if (propertyName === '' || valueName === '') throw businessError(MSG_PROPERTY_BLANK);
    return {
      ...(blankToNull(property.propertyId) !== null ? { propertyId: blankToNull(property.propertyId) ?? '' } : {}),
      propertyName,
      ...(blankToNull(property.valueId) !== null ? { valueId: blankToNull(property.valueId) ?? '' } : {}),
      valueName,
    };
  });
}

/** Checks the SKUs against the spec type and turns them into drafts, in the order given. */
export function skuDrafts(specType: string, skus: readonly SkuBody[]): SkuDraft[] {
  if (skus.length > MAX_SKUS) throw businessError(MSG_TOO_MANY_SKUS);
  const multi = specType === SPEC_TYPE.multi;
  const cleaned = skus.map((sku) => ({ sku, properties: cleanProperties(sku.properties) }));
  if (!multi && (cleaned.length !== 1 || (cleaned[0]?.properties.length ?? 0) > 0)) throw businessError(MSG_SINGLE_SPEC);
  if (multi && cleaned.length === 0) throw businessError(MSG_MULTI_SPEC_EMPTY);
  if (multi && cleaned.some(({ properties }) => properties.length === 0)) throw businessError(MSG_MULTI_SPEC_PROPERTIES);

  const names = cleaned[0]?.properties.map((property) => property.propertyName).join('\u0000') ?? '';
  const combinations = new Set<string>();
  return cleaned.map(({ sku, properties }) => {
    const seenNames = new Set<string>();
    for (const property of properties) {
      if (seenNames.has(property.propertyName)) throw businessError(msgDuplicateProperty(property.propertyName));
      seenNames.add(property.propertyName);
    }
    if (properties.map((property) => property.propertyName).join('\u0000') !== names) throw businessError(MSG_PROPERTIES_DIFFER);
    const specText = properties.map((property) => property.valueName).join('/');
    const key = properties.map((property) => property.valueName).join('\u0000');
    if (multi && combinations.has(key)) throw businessError(msgDuplicateCombination(specText));
    combinations.add(key);
    const where = multi ? `SKU「${specText}」的` : '';
    return {
      id: blankToNull(sku.id),
      properties,
      specText,
      picUrl: blankToNull(sku.picUrl),
      barCode: blankToNull(sku.barCode),
      location: blankToNull(sku.location),
      price: exactDecimal(sku.price, RULES.price, where),
      marketPrice: optionalDecimal(sku.marketPrice, RULES.marketPrice, where),
      costPrice: optionalDecimal(sku.costPrice, RULES.costPrice, where),
      stock: sku.stock ?? 0,
      lowStock: sku.lowStock ?? null,
      weight: optionalDecimal(sku.weight, RULES.weight, where),
      volume: optionalDecimal(sku.volume, RULES.volume, where),
      firstBrokeragePrice: optionalDecimal(sku.firstBrokeragePrice, RULES.firstBrokeragePrice, where),
      secondBrokeragePrice: optionalDecimal(sku.secondBrokeragePrice, RULES.secondBrokeragePrice, where),
    };
  });
}

/** The SKU whose prices the SPU shows: the lowest sale price, the first of equals. */
export function lowestPriced<T extends { price: string }>(skus: readonly T[]): T | undefined {
  return skus.reduce<T | undefined>((lowest, sku) => (lowest === undefined || new Decimal(sku.price).lessThan(lowest.price) ? sku : lowest), undefined);
}
