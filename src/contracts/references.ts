/**
 * References between records ("Names, never ids"): a field that holds another record's id says which kind of record
 * it names (`ref` in its FieldDefinition). The CRUD engine answers the referenced record's label beside the id
 * (`<field>_refText`; for a field that may name several kinds, also `<field>_refKind`, the kind that knew the id),
 * each kind resolved on the server by the plugin that owns its records (server/crud/references.ts); the toolkit
 * shows the label, linked to the record's screen where the owning plugin offers one (src/toolkit/refs).
 */

/** The kinds of record a reference may name; the plugin that owns each resolves its labels. */
export const REF_KINDS = [
  'member',
  'customer',
  'couponTemplate',
  'couponPackage',
  'couponPacketRecord',
  'order',
  'orderItem',
  'afterSale',
  'purchaseOrder',
  'spu',
  'sku',
  'category',
  'goodsTag',
  'distributor',
  'withdraw',
  'region',
  'user',
  'depart',
  'dict',
  'quartzJob',
] as const;
export type RefKind = (typeof REF_KINDS)[number];

/** One kind, or several (the first that knows the id names it: ids are unique across tables). */
export type FieldRef = RefKind | readonly RefKind[];

export const REF_TEXT_SUFFIX = '_refText';
export const REF_KIND_SUFFIX = '_refKind';

/**
 * The business documents a ledger row's `bizId` may name (an order, an after-sale, a procurement order, a coupon
 * packet's issue record): shown by their numbers (SO…, AS…, PO…).
 */
export const BUSINESS_DOCUMENTS = ['order', 'afterSale', 'purchaseOrder', 'couponPacketRecord'] as const satisfies readonly RefKind[];

const KNOWN: ReadonlySet<string> = new Set(REF_KINDS);

export function isRefKind(value: unknown): value is RefKind {
  return typeof value === 'string' && KNOWN.has(value);
}

/** The kinds a field's `ref` names, in the order they are asked. */
export function refKindsOf(ref: FieldRef): readonly RefKind[] {
  return typeof ref === 'string' ? [ref] : ref;
}
