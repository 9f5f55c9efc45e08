import Decimal from 'decimal.js';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { StockLine } from '../../../../server/contracts/stock';
import { allowedActions, businessError, newId, transitionInTransaction, type Database, type DictLookup, type WireRecord } from '../../../../server/kit';
import { PURCHASE_STATUS, purchaseDeliveryEntity, purchaseDeliveryItemEntity, purchaseItemEntity, purchaseLogEntity, purchaseOrderEntity } from '../../purchase-entities';
import { nextDocumentNo } from '../order-numbers';
import { records } from '../sales/reads';
import type { Actor, OrderDeps } from '../sales/service';
import { purchaseMachine, type PurchaseAction, type PurchaseButton, type PurchaseState } from './machine';

/**
 * Procurement orders (docs/reference/business-domains.md §7), each step one guarded transition with its log row: entered
 * (待确认), 确认 reserves the stock of every line, 发货 sends some or all of what is left (the sent units
 * leave stock as 销售出库 records; 部分发货 until every line is sent), 验收, 完成; 拒绝 before
 * confirmation; 取消 before anything ships (a confirmed order's reservation goes back).
 */

export const MSG_PURCHASE_NOT_FOUND = '采购订单不存在';
export const MSG_NO_LINES = '采购订单没有商品';
export const MSG_CUSTOMER_NOT_FOUND = '采购单位不存在';
export const MSG_SKU_NOT_FOUND = '商品不存在';
export const MSG_DISCOUNT_TOO_MUCH = '优惠金额不能超过订单金额';
export const MSG_DEPOSIT_TOO_MUCH = '定金不能超过订单金额';
export const MSG_NOTHING_TO_DELIVER = '请填写本次发货数量';
export const msgDeliverTooMany = (name: string, left: number) => `「${name}」本次最多可发 ${left} 件`;

export interface PurchaseLineInput {
  skuId: string;
  count: number;
  /** Unit price before tax, yuan; the SKU's sale price when absent. */
  price?: string;
  /** Tax rate, percent (e.g. 13). */
  taxPercent: string;
}

export interface NewPurchaseOrder {
  customerId: string;
  platformNo: string | null;
  requiredDate: string | null;
  contractNo: string | null;
  invoiceTitle: string | null;
  invoiceTaxNo: string | null;
  discountPrice: Decimal;
  depositPrice: Decimal;
  remark: string | null;
  lines: readonly PurchaseLineInput[];
}

export interface PurchaseDelivery {
  carrier: string;
  logisticsNo: string;
  items: ReadonlyArray<{ itemId: string; count: number }>;
}

const cents = (value: Decimal): Decimal => value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);

/** A line's amounts: goods = price × count, tax = goods × rate (to the cent), total = goods + tax. */
export function purchaseLineAmounts(price: Decimal, count: number, taxPercent: Decimal): { goods: Decimal; tax: Decimal; total: Decimal } {
  const goods = price.times(count);
  const tax = cents(goods.times(taxPercent).dividedBy(100));
  return { goods, tax, total: goods.plus(tax) };
}


/** Enters a procurement order (待确认) with its lines priced before and after tax. */
export async function createPurchaseOrder(trx: Transaction<Database>, deps: OrderDeps, actor: Actor, input: NewPurchaseOrder): Promise<{ id: string; no: string }> {
  if (input.lines.length === 0) throw businessError(MSG_NO_LINES);
  const customer = await deps.members.customer(trx, actor.tenantId, input.customerId);
  if (customer === undefined) throw businessError(MSG_CUSTOMER_NOT_FOUND);
  const skuIds = [...new Set(input.lines.map((line) => line.skuId))];
  const snapshots = await deps.stock.snapshots(trx, actor.tenantId, skuIds);
  const lines = input.lines.map((line) => {
    const snapshot = snapshots.find((candidate) => candidate.skuId === line.skuId);
    if (snapshot === undefined) throw businessError(MSG_SKU_NOT_FOUND);
    const price = new Decimal(line.price ?? snapshot.price);
    return { line, snapshot, price, rate: new Decimal(line.taxPercent), ...purchaseLineAmounts(price, line.count, new Decimal(line.taxPercent)) };
  });
  const goodsPrice = lines.reduce((sum, line) => sum.plus(line.goods), new Decimal(0));
  const taxPrice = lines.reduce((sum, line) => sum.plus(line.tax), new Decimal(0));
  const gross = goodsPrice.plus(taxPrice);
  if (input.discountPrice.greaterThan(gross)) throw businessError(MSG_DISCOUNT_TOO_MUCH);
  const totalPrice = gross.minus(input.discountPrice);
  if (input.depositPrice.greaterThan(totalPrice)) throw businessError(MSG_DEPOSIT_TOO_MUCH);
  const totalCount = input.lines.reduce((sum, line) => sum + line.count, 0);

  const id = newId();
  const no = await nextDocumentNo(trx, actor.tenantId, 'PO');
  await sql`insert into zcy_purchase_order (id, no, platform_no, customer_id, buyer_name, contact_name, contact_mobile, address, goods_price, tax_price,
      discount_price, total_price, deposit_price, order_time, required_date, contract_no, invoice_title, invoice_tax_no, total_count, delivered_count, status, remark,
      create_by, create_time, tenant_id)
    values (${id}, ${no}, ${input.platformNo}, ${input.customerId}, ${customer.name}, ${customer.contactName}, ${customer.contactMobile}, ${customer.address},
      ${goodsPrice.toFixed(2)}::numeric, ${taxPrice.toFixed(2)}::numeric, ${input.discountPrice.toFixed(2)}::numeric, ${totalPrice.toFixed(2)}::numeric,
      ${input.depositPrice.toFixed(2)}::numeric, now(), ${input.requiredDate}, ${input.contractNo}, ${input.invoiceTitle ?? customer.name},
      ${input.invoiceTaxNo ?? customer.taxNo}, ${totalCount}, 0, ${PURCHASE_STATUS.pending}, ${input.remark}, ${actor.operator}, now(), ${actor.tenantId})`.execute(trx);
  const rows = lines.map(
    (line) => sql`(${newId()}, ${id}, ${line.snapshot.skuId}, ${line.snapshot.spuId}, ${line.snapshot.spuName}, ${line.snapshot.specText}, ${line.price.toFixed(2)}::numeric,
      ${line.line.count}, ${line.rate.toFixed(2)}::numeric, ${line.tax.toFixed(2)}::numeric, ${line.total.toFixed(2)}::numeric, 0, ${actor.operator}, now(), ${actor.tenantId})`,
  );
  await sql`insert into zcy_purchase_order_item (id, order_id, sku_id, spu_id, spu_name, spec_text, price, count, tax_percent, tax_price, total_price, delivered_count,
      create_by, create_time, tenant_id) values ${sql.join(rows)}`.execute(trx);
  await sql`insert into zcy_purchase_log (id, order_id, action, before_status, after_status, content, create_by, create_time, tenant_id)
    values (${newId()}, ${id}, 'create', null, ${PURCHASE_STATUS.pending}, ${input.platformNo === null ? '录入采购订单' : `录入采购订单，平台单号 ${input.platformNo}`},
      ${actor.operator}, now(), ${actor.tenantId})`.execute(trx);
  return { id, no };
}

interface ItemRow {
  id: string;
  sku_id: string;
  spu_name: string;
  spec_text: string | null;
  count: number;
  delivered_count: number;
}

async function lockItems(trx: Transaction<Database>, tenantId: number, orderId: string): Promise<ItemRow[]> {
  const found = await sql<ItemRow>`select id, sku_id, spu_name, spec_text, count, delivered_count from zcy_purchase_order_item
    where order_id = ${orderId} and tenant_id = ${tenantId} order by id for update`.execute(trx);
  return found.rows;
}

function step(trx: Transaction<Database>, actor: Actor, id: string, action: PurchaseAction, content?: string, set?: Record<string, ReturnType<typeof sql> | string | number | null>) {
  return transitionInTransaction(trx, purchaseMachine, { id, tenantId: actor.tenantId, action, operator: actor.operator, ...(content === undefined ? {} : { content }), ...(set === undefined ? {} : { set }) });
}

/** 确认: the whole order's stock is reserved for it (refused, naming the goods, when it is not there). */
export async function confirmPurchase(trx: Transaction<Database>, deps: OrderDeps, actor: Actor, id: string): Promise<void> {
  await step(trx, actor, id, 'confirm');
  const items = await lockItems(trx, actor.tenantId, id);
  await deps.stock.reserve(trx, actor.tenantId, items.map((item) => ({ skuId: item.sku_id, count: item.count })));
}

export async function rejectPurchase(trx: Transaction<Database>, actor: Actor, id: string, reason: string): Promise<void> {
  await step(trx, actor, id, 'reject', reason);
}

/** 取消 before anything shipped: a confirmed order gives its reservation back. */
export async function cancelPurchase(trx: Transaction<Database>, deps: OrderDeps, actor: Actor, id: string, reason: string): Promise<void> {
  const outcome = await step(trx, actor, id, 'cancel', reason);
  if (outcome.before === PURCHASE_STATUS.confirmed) {
    const items = await lockItems(trx, actor.tenantId, id);
    await deps.stock.release(trx, actor.tenantId, items.map((item) => ({ skuId: item.sku_id, count: item.count })));
  }
}

/** 发货 of some units of some lines (each at most what is left of it): they leave stock; all sent → 已发货. */
export async function deliverPurchase(trx: Transaction<Database>, deps: OrderDeps, actor: Actor, id: string, delivery: PurchaseDelivery): Promise<void> {
  const locked = await sql<{ status: string }>`select status from zcy_purchase_order where id = ${id} and tenant_id = ${actor.tenantId} for update`.execute(trx);
  if (locked.rows[0] === undefined) throw businessError(MSG_PURCHASE_NOT_FOUND);
  const items = await lockItems(trx, actor.tenantId, id);
  const sending = new Map<string, number>();
  for (const part of delivery.items) if (part.count > 0) sending.set(part.itemId, (sending.get(part.itemId) ?? 0) + part.count);
  if (sending.size === 0) throw businessError(MSG_NOTHING_TO_DELIVER);
  const lines: StockLine[] = [];
  const described: string[] = [];
  for (const [itemId, count] of sending) {
    const item = items.find((candidate) => candidate.id === itemId);
    if (item === undefined) throw businessError('采购订单没有这一行商品');
    const left = item.count - item.delivered_count;
    const name = [item.spu_name, item.spec_text].filter((part) => part !== null && part !== '').join(' ');
    if (count > left) throw businessError(msgDeliverTooMany(name, left));
    lines.push({ skuId: item.sku_id, count });
    described.push(`${name} × ${count}`);
  }
  const sent = lines.reduce((sum, line) => sum + line.count, 0);
  const remaining = items.reduce((sum, item) => sum + item.count - item.delivered_count, 0) - sent;
  await step(trx, actor, id, remaining === 0 ? 'deliverAll' : 'deliverPart', `${delivery.carrier} ${delivery.logisticsNo}，${sent} 件`, {
    delivered_count: sql`delivered_count + ${sent}`,
  });
  for (const [itemId, count] of sending) {
    await sql`update zcy_purchase_order_item set delivered_count = delivered_count + ${count} where id = ${itemId}`.execute(trx);
  }
  const deliveryNo = await nextDocumentNo(trx, actor.tenantId, 'PD');
  const deliveryId = newId();
  await sql`insert into zcy_purchase_delivery (id, order_id, no, carrier, logistics_no, content, count, create_by, create_time, tenant_id)
    values (${deliveryId}, ${id}, ${deliveryNo}, ${delivery.carrier}, ${delivery.logisticsNo}, ${described.join('；').slice(0, 1000)}, ${sent}, ${actor.operator}, now(), ${actor.tenantId})`.execute(trx);
  // What this delivery sent, line by line: its 送货单 lists these and nothing else.
  const sentRows = [...sending].map(([itemId, count]) => {
    const item = items.find((candidate) => candidate.id === itemId);
    return sql`(${newId()}, ${deliveryId}, ${id}, ${itemId}, ${item?.spu_name ?? null}, ${item?.spec_text ?? null}, ${count}, ${actor.operator}, now(), ${actor.tenantId})`;
  });
  await sql`insert into zcy_purchase_delivery_item (id, delivery_id, order_id, item_id, spu_name, spec_text, count, create_by, create_time, tenant_id)
    values ${sql.join(sentRows)}`.execute(trx);
  await deps.stock.deductReserved(trx, actor.tenantId, lines, { bizId: id, operator: actor.operator });
}

export async function acceptPurchase(trx: Transaction<Database>, actor: Actor, id: string, remark: string): Promise<void> {
  await step(trx, actor, id, 'accept', remark);
}

export async function completePurchase(trx: Transaction<Database>, actor: Actor, id: string): Promise<void> {
  await step(trx, actor, id, 'complete');
}

const BUTTON_OF: Record<PurchaseAction, PurchaseButton> = {
  confirm: 'confirm',
  reject: 'reject',
  deliverPart: 'deliver',
  deliverAll: 'deliver',
  accept: 'accept',
  complete: 'complete',
  cancel: 'cancel',
};

/** A purchase order as its detail shows it: the fields, lines, deliveries (each with what it sent), log (oldest first) and the buttons of its state. */
export async function purchaseDetail(db: Kysely<Database>, lookup: DictLookup, tenantId: number, id: string): Promise<WireRecord | null> {
  const [order] = await records(db, purchaseOrderEntity, lookup, sql`id = ${id} and tenant_id = ${tenantId}`, sql`id`);
  if (order === undefined) return null;
  const where = sql`order_id = ${id} and tenant_id = ${tenantId}`;
  const items = await records(db, purchaseItemEntity, lookup, where, sql`id`);
  const sent = await records(db, purchaseDeliveryItemEntity, lookup, where, sql`id`);
  const deliveries = (await records(db, purchaseDeliveryEntity, lookup, where, sql`create_time, id`)).map((delivery) => ({
    ...delivery,
    // In the order's line order, as its 送货单 prints them.
    items: sent.filter((part) => part.deliveryId === delivery.id).sort((a, b) => items.findIndex((item) => item.id === a.itemId) - items.findIndex((item) => item.id === b.itemId)),
  }));
  const logs = await records(db, purchaseLogEntity, lookup, where, sql`create_time, id`);
  const status = String(order.status);
  const actions = status in purchaseMachine.states ? [...new Set(allowedActions(purchaseMachine, status as PurchaseState).map((action) => BUTTON_OF[action]))] : [];
  return { ...order, items, deliveries, logs, actions };
}
