import Decimal from 'decimal.js';
import type { Kysely } from 'kysely';
import { inTransaction, type Database, type DictLookup, type WireRecord } from '../../../../server/kit';
import type { ShopImage, ShopProfileService } from '../../../../server/contracts/shop-profile';
import { DICT_TEXT_SUFFIX } from '../../../../src/contracts/entity';
import { orderDetail } from '../sales/reads';
import type { OrderDeps } from '../sales/service';

/**
 * What the order documents print, read through the order's own detail read (amounts exactly as stored,
 * nothing re-priced) plus the names around it: the seller (the shop's 店铺信息, through the system plugin's
 * `shopProfile` service), the buyer's company details when the order is a customer's (税号, 开户银行, 账号,
 * 地址) and each line's unit.
 */

export interface DocumentLine {
  name: string;
  spec: string;
  unit: string;
  /** Yuan, two decimals. */
  price: string;
  count: string;
  /** Goods amount of the line (单价 × 数量), yuan, two decimals. */
  amount: string;
}

export interface Party {
  name: string;
  taxNo: string;
  bankName: string;
  bankAccount: string;
  address: string;
  contact: string;
  mobile: string;
}

/** One delivery of a procurement order, whose 送货单 lists only what it sent. */
export interface DeliveryInfo {
  no: string;
  /** yyyy-MM-dd of the delivery. */
  date: string;
  carrier: string;
  logisticsNo: string;
}

export interface OrderDocument {
  no: string;
  /** 合同编号 the contract prints: the number entered on a procurement order, else the order's own. */
  contractNo: string;
  /** yyyy-MM-dd of the order. */
  date: string;
  seller: Party;
  /** The shop's logo and contract seal (店铺信息), when uploaded. */
  logo: ShopImage | null;
  seal: ShopImage | null;
  /** A procurement delivery's note: which delivery (its lines are the lines). */
  delivery?: DeliveryInfo;
  buyer: Party;
  receiverName: string;
  receiverMobile: string;
  receiverAddress: string;
  lines: DocumentLine[];
  /** Yuan, two decimals, as stored. */
  goodsTotal: string;
  deliveryPrice: string;
  /** Coupon + points + member discount + other discounts, as stored; absent where none applies (one delivery of an order). */
  discount?: string;
  adjustPrice: string;
  /** Tax on top of the goods (procurement orders), yuan; absent for a sales order. */
  taxPrice?: string;
  payPrice: string;
  paid: boolean;
  payTime: string;
  payChannel: string;
  remark: string;
}

export function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

/** A stored amount (NUMERIC(…,2), answered as a number) printed with its two decimals. */
export function money(value: unknown): string {
  return decimal(value).toFixed(2);
}

export function decimal(value: unknown): Decimal {
  if (typeof value === 'number' || (typeof value === 'string' && value.trim() !== '')) return new Decimal(value);
  return new Decimal(0);
}

/** The shop as the seller (乙方, 发货方): its 店铺信息 (the tenant's name while none is entered). */
export async function sellerOf(db: Kysely<Database>, shop: ShopProfileService, tenantId: number): Promise<{ seller: Party; logo: ShopImage | null; seal: ShopImage | null }> {
  const profile = await shop.profile(db, tenantId);
  return {
    seller: {
      name: profile.legalName,
      taxNo: profile.taxNo,
      bankName: profile.bankName,
      bankAccount: profile.bankAccount,
      address: profile.address,
      contact: profile.contactName,
      mobile: profile.phone,
    },
    logo: profile.logo,
    seal: profile.seal,
  };
}

/** An order line as printed: name, spec, unit, unit price, count and 单价 × 数量. */
export function documentLine(item: WireRecord, unitOf: ReadonlyMap<string, string>): DocumentLine {
  return {
    // A campaign's gift line (0.00) says it is one, as the order screens tag it.
    name: item.gift === true ? `${text(item.spuName)}（赠品）` : text(item.spuName),
    spec: text(item.specText),
    unit: unitOf.get(text(item.skuId)) ?? '',
    price: money(item.price),
    count: text(item.count),
    amount: decimal(item.price).times(decimal(item.count)).toFixed(2),
  };
}

/** The unit (件, 箱 …) of each SKU, from the goods' snapshots. */
export async function unitsOf(db: Kysely<Database>, deps: OrderDeps, tenantId: number, skuIds: readonly string[]): Promise<Map<string, string>> {
  return new Map([...(await skuFactsOf(db, deps, tenantId, skuIds)).entries()].map(([skuId, facts]) => [skuId, facts.unit]));
}

/** What the warehouse prints of a SKU besides the order's snapshot: unit, barcode and shelf place ('' when none). */
export interface SkuFacts {
  unit: string;
  barCode: string;
  location: string;
}

/** Each SKU's unit, barcode and 库位 as the goods plugin tells them now (the warehouse prints them). */
export async function skuFactsOf(db: Kysely<Database>, deps: OrderDeps, tenantId: number, skuIds: readonly string[]): Promise<Map<string, SkuFacts>> {
  if (skuIds.length === 0) return new Map();
  const snapshots = await inTransaction(db, (trx) => deps.stock.snapshots(trx, tenantId, [...new Set(skuIds)]));
  return new Map(snapshots.map((snapshot) => [snapshot.skuId, { unit: snapshot.unit, barCode: snapshot.barCode, location: snapshot.location }]));
}

export function records(value: unknown): WireRecord[] {
  return Array.isArray(value) ? value.filter((item): item is WireRecord => typeof item === 'object' && item !== null) : [];
}

/** The order of this tenant as its documents print it; null when there is no such order. */
export async function loadOrderDocument(db: Kysely<Database>, deps: OrderDeps, shop: ShopProfileService, lookup: DictLookup, tenantId: number, orderId: string): Promise<OrderDocument | null> {
  const order = await orderDetail(db, lookup, tenantId, orderId);
  if (order === null) return null;
  const items = records(order.items);
  const unitOf = await unitsOf(db, deps, tenantId, items.map((item) => text(item.skuId)));
  const customerId = text(order.customerId);
  const company = customerId === '' ? undefined : await deps.members.customer(db, tenantId, customerId);
  const receiverName = text(order.receiverName);
  const receiverMobile = text(order.receiverMobile);
  // The area by name (上海市 浦东新区), then the street address, as an address is written.
  const receiverAddress = [text(order.receiverAreaId_refText), text(order.receiverDetailAddress)].filter((part) => part !== '').join(' ');
  const discount = ['discountPrice', 'couponPrice', 'pointPrice', 'vipPrice'].reduce((sum, field) => sum.plus(decimal(order[field])), new Decimal(0));
  return {
    no: text(order.no),
    contractNo: text(order.no),
    date: text(order.createTime).slice(0, 10),
    ...(await sellerOf(db, shop, tenantId)),
    buyer: {
      name: company?.name ?? text(order.buyerName),
      taxNo: company?.taxNo ?? '',
      bankName: company?.bankName ?? '',
      bankAccount: company?.bankAccount ?? '',
      address: company?.address ?? receiverAddress,
      contact: company?.contactName ?? receiverName,
      mobile: company?.contactMobile ?? receiverMobile,
    },
    receiverName,
    receiverMobile,
    receiverAddress,
    lines: items.map((item) => documentLine(item, unitOf)),
    goodsTotal: money(order.totalPrice),
    deliveryPrice: money(order.deliveryPrice),
    discount: discount.toFixed(2),
    adjustPrice: money(order.adjustPrice),
    payPrice: money(order.payPrice),
    paid: text(order.payTime) !== '',
    payTime: text(order.payTime),
    payChannel: text(order[`payChannel${DICT_TEXT_SUFFIX}`]),
    remark: [text(order.userRemark), text(order.remark)].filter((part) => part !== '').join('；'),
  };
}
