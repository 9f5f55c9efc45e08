import Decimal from 'decimal.js';
import { sql, type Kysely } from 'kysely';
import type { DictLookup, WireRecord } from '../../../../server/crud/records';
import type { Database } from '../../../../server/db/schema';
import { DICT_TEXT_SUFFIX } from '../../../../src/contracts/entity';
import { orderDetail } from '../order-reads';

/**
 * What the order documents print, read through the order's own detail read (amounts exactly as stored,
 * nothing re-priced) plus the names around it: the seller (the tenant), the buyer's company details when
 * the order is a customer's (税号, 开户银行, 账号, 地址) and each line's unit.
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

export interface OrderDocument {
  no: string;
  /** yyyy-MM-dd of the order. */
  date: string;
  seller: Party;
  buyer: Party;
  receiverName: string;
  receiverMobile: string;
  receiverAddress: string;
  lines: DocumentLine[];
  /** Yuan, two decimals, as stored. */
  goodsTotal: string;
  deliveryPrice: string;
  /** Coupon + points + member discount + other discounts, as stored. */
  discount: string;
  adjustPrice: string;
  payPrice: string;
  paid: boolean;
  payTime: string;
  payChannel: string;
  remark: string;
}

function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

/** A stored amount (NUMERIC(…,2), answered as a number) printed with its two decimals. */
export function money(value: unknown): string {
  return decimal(value).toFixed(2);
}

function decimal(value: unknown): Decimal {
  if (typeof value === 'number' || (typeof value === 'string' && value.trim() !== '')) return new Decimal(value);
  return new Decimal(0);
}

async function tenantName(db: Kysely<Database>, tenantId: number): Promise<string> {
  const found = await sql<{ name: string }>`select name from tenants where id = ${tenantId}`.execute(db);
  return found.rows[0]?.name ?? '';
}

interface CustomerRow {
  name: string;
  tax_no: string | null;
  bank_name: string | null;
  bank_account: string | null;
  address: string | null;
  contact_name: string | null;
  contact_mobile: string | null;
}

async function customer(db: Kysely<Database>, tenantId: number, customerId: string): Promise<CustomerRow | undefined> {
  const found = await sql<CustomerRow>`select name, tax_no, bank_name, bank_account, address, contact_name, contact_mobile
    from cust_customer where id = ${customerId} and tenant_id = ${tenantId}`.execute(db);
  return found.rows[0];
}

async function units(db: Kysely<Database>, tenantId: number, spuIds: readonly string[]): Promise<Map<string, string>> {
  if (spuIds.length === 0) return new Map();
  const found = await sql<{ id: string; unit: string | null }>`select s.id, u.name as unit from goods_spu s left join goods_unit u on u.id = s.unit_id
    where s.tenant_id = ${tenantId} and s.id in (${sql.join([...spuIds])})`.execute(db);
  return new Map(found.rows.map((row) => [row.id, row.unit ?? '']));
}

function records(value: unknown): WireRecord[] {
  return Array.isArray(value) ? value.filter((item): item is WireRecord => typeof item === 'object' && item !== null) : [];
}

/** The order of this tenant as its documents print it; null when there is no such order. */
export async function loadOrderDocument(db: Kysely<Database>, lookup: DictLookup, tenantId: number, orderId: string): Promise<OrderDocument | null> {
  const order = await orderDetail(db, lookup, tenantId, orderId);
  if (order === null) return null;
  const items = records(order.items);
  const unitOf = await units(db, tenantId, [...new Set(items.map((item) => text(item.spuId)).filter((id) => id !== ''))]);
  const customerId = text(order.customerId);
  const company = customerId === '' ? undefined : await customer(db, tenantId, customerId);
  const receiverName = text(order.receiverName);
  const receiverMobile = text(order.receiverMobile);
  const receiverAddress = text(order.receiverDetailAddress);
  const discount = ['discountPrice', 'couponPrice', 'pointPrice', 'vipPrice'].reduce((sum, field) => sum.plus(decimal(order[field])), new Decimal(0));
  return {
    no: text(order.no),
    date: text(order.createTime).slice(0, 10),
    seller: { name: await tenantName(db, tenantId), taxNo: '', bankName: '', bankAccount: '', address: '', contact: '', mobile: '' },
    buyer: {
      name: company?.name ?? text(order.buyerName),
      taxNo: company?.tax_no ?? '',
      bankName: company?.bank_name ?? '',
      bankAccount: company?.bank_account ?? '',
      address: company?.address ?? receiverAddress,
      contact: company?.contact_name ?? receiverName,
      mobile: company?.contact_mobile ?? receiverMobile,
    },
    receiverName,
    receiverMobile,
    receiverAddress,
    lines: items.map((item) => ({
      name: text(item.spuName),
      spec: text(item.specText),
      unit: unitOf.get(text(item.spuId)) ?? '',
      price: money(item.price),
      count: text(item.count),
      amount: decimal(item.price).times(decimal(item.count)).toFixed(2),
    })),
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
