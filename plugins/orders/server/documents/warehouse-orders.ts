import { sql, type Kysely, type Transaction } from 'kysely';
import { businessError, formatShopTime, inTransaction, newId, whereSql, type Database, type DictLookup, type QueryParams, type WireRecord } from '../../../../server/kit';
import type { ShopProfileService } from '../../../../server/contracts/shop-profile';
import { DELIVERY_TYPE, ORDER_STATUS, orderEntity, orderItemEntity } from '../../entities';
import { records as entityRecords } from '../sales/reads';
import { MSG_ORDER_NOT_FOUND, type Actor, type OrderDeps } from '../sales/service';
import { sellerOf, skuFactsOf, text, type Party } from './order-document';

/**
 * What the warehouse prints for a batch of orders (配货单, 面单): which orders (a selection of the list, or the
 * list's own filter over the orders waiting to ship), each read with its receiver's region by name, its lines,
 * its express company once shipped, and the shop as the sender. Each print is written on every printed order's
 * log, like a 备注: a log row that keeps the order's state.
 */

/** The most orders one print takes: a picking round, a roll of labels. */
export const MAX_PRINT_ORDERS = 200;

export const MSG_PRINT_NOTHING = '请选择要打印的订单';
export const MSG_PRINT_TOO_MANY = `一次最多打印 ${MAX_PRINT_ORDERS} 个订单，请分批打印`;
export const MSG_PRINT_NONE_WAITING = '没有符合条件的待发货订单';
/** A filter matching more orders than one print takes: how many it matched. */
export const msgPrintFilterTooMany = (count: number): string => `符合条件的待发货订单有 ${count} 个，一次最多打印 ${MAX_PRINT_ORDERS} 个，请缩小筛选范围`;
/** Orders not paid yet or closed have nothing to pick or ship. */
export const msgNotPrintable = (nos: readonly string[]): string => `订单 ${nos.join('、')} 未付款或已关闭，不能打印`;

/** The action of a print's log row (the order's state is kept, as a 备注's is). */
export const PRINT_ACTION = 'print';
export const PRINT_LOG = { pickingList: '打印配货单', shippingLabel: '打印面单' } as const;
export type PrintKind = keyof typeof PRINT_LOG;

/** The orders a print is for: the rows chosen on 订单列表, or its filter (the list's own query parameters). */
export type PrintSelection = { ids: readonly string[] } | { filter: QueryParams };

const PRINTABLE: readonly string[] = [ORDER_STATUS.undelivered, ORDER_STATUS.delivered, ORDER_STATUS.completed];

/**
 * The ids of the orders to print, or the refusal: none chosen, more than a print takes, an order unknown in this
 * tenant, an order not paid or closed. A filter prints the orders waiting to ship (待发货) among those it matches.
 */
export async function selectPrintOrders(db: Kysely<Database>, tenantId: number, selection: PrintSelection): Promise<string[]> {
  if ('filter' in selection) {
    const where = whereSql(orderEntity, selection.filter, tenantId, [sql`status = ${ORDER_STATUS.undelivered}`]);
    const found = await sql<{ id: string }>`select id from sale_order where ${where} order by pay_time, no limit ${MAX_PRINT_ORDERS + 1}`.execute(db);
    if (found.rows.length === 0) throw businessError(MSG_PRINT_NONE_WAITING);
    if (found.rows.length > MAX_PRINT_ORDERS) {
      const counted = await sql<{ n: number }>`select count(*)::int as n from sale_order where ${where}`.execute(db);
      throw businessError(msgPrintFilterTooMany(counted.rows[0]?.n ?? found.rows.length));
    }
    return found.rows.map((row) => row.id);
  }
  const ids = [...new Set(selection.ids)];
  if (ids.length === 0) throw businessError(MSG_PRINT_NOTHING);
  if (ids.length > MAX_PRINT_ORDERS) throw businessError(MSG_PRINT_TOO_MANY);
  const found = await sql<{ id: string; no: string; status: string }>`select id, no, status from sale_order where tenant_id = ${tenantId} and id in (${sql.join(ids)})`.execute(db);
  if (found.rows.length < ids.length) throw businessError(MSG_ORDER_NOT_FOUND);
  const refused = found.rows.filter((row) => !PRINTABLE.includes(row.status)).map((row) => row.no);
  if (refused.length > 0) throw businessError(msgNotPrintable(refused.sort()));
  return ids;
}

export interface WarehouseLine {
  skuId: string;
  spuId: string;
  /** The goods' name as the order snapshotted it; a gift line says so. */
  name: string;
  spec: string;
  unit: string;
  /** The SKU's barcode, '' when it has none. */
  barCode: string;
  /** The SKU's shelf place (库位), '' when it has none. */
  location: string;
  count: number;
}

export interface WarehouseOrder {
  id: string;
  no: string;
  /** The order's state when printed (a log row keeps it). */
  status: string;
  /** yyyy-MM-dd HH:mm:ss on the shop's clock, '' when unpaid. */
  payTime: string;
  receiverName: string;
  receiverMobile: string;
  /** The region by name (浙江省 杭州市 西湖区), then the street address. */
  receiverAddress: string;
  /** 到店自提 / 无需物流 orders are handed over: their label says so instead of an address to send to. */
  handedOver: boolean;
  deliveryTypeText: string;
  /** The express company's name and waybill number once shipped ('' before). */
  expressName: string;
  logisticsNo: string;
  /** What the buyer asked for when ordering. */
  buyerRemark: string;
  lines: WarehouseLine[];
}

/** One SKU to take from the shelves for the whole batch. */
export interface PickedGoods {
  skuId: string;
  /** Where it is kept (库位, A-03-02), '' when nobody said: the picker walks the shelves in this order. */
  location: string;
  /** The goods' 编号 (the SPU's number), '' when it has none. */
  code: string;
  /** The SKU's barcode (条码), '' when it has none: scanned at the shelf. */
  barCode: string;
  name: string;
  spec: string;
  unit: string;
  count: number;
}

export interface WarehouseBatch {
  /** The shop as the sender (店铺信息). */
  seller: Party;
  /** When it was printed, on the shop's clock. */
  printedAt: string;
  orders: WarehouseOrder[];
  /** The goods summed by SKU over the orders, in walking order (by 库位, then goods number, name and spec). */
  goods: PickedGoods[];
}

const orderOf = (order: WireRecord, lines: WarehouseLine[]): WarehouseOrder => {
  const deliveryType = text(order.deliveryType);
  return {
    id: text(order.id),
    no: text(order.no),
    status: text(order.status),
    payTime: text(order.payTime),
    receiverName: text(order.receiverName),
    receiverMobile: text(order.receiverMobile),
    receiverAddress: [text(order.receiverAreaId_refText), text(order.receiverDetailAddress)].filter((part) => part !== '').join(' '),
    handedOver: deliveryType === DELIVERY_TYPE.pickUp || deliveryType === DELIVERY_TYPE.none,
    deliveryTypeText: text(order.deliveryType_dictText),
    expressName: text(order.logisticsNo) === '' ? '' : text(order.expressId_dictText),
    logisticsNo: text(order.logisticsNo),
    buyerRemark: text(order.userRemark),
    lines,
  };
};

/** Numbers inside a text compared as numbers: shelf A-2 comes before A-10, goods 9 before 10. */
const NATURAL = new Intl.Collator('zh-CN', { numeric: true });

/** '' (nobody said) after every given value; the given ones in natural order. */
function givenFirst(a: string, b: string): number {
  if ((a === '') !== (b === '')) return a === '' ? 1 : -1;
  return NATURAL.compare(a, b);
}

/**
 * Walking order: by 库位 (naturally, so A-2 before A-10; goods without one at the end), then by the goods' number (goods
 * without one at the end), then name and spec.
 */
function walkingOrder(a: PickedGoods, b: PickedGoods): number {
  return givenFirst(a.location, b.location) || givenFirst(a.code, b.code) || NATURAL.compare(a.name, b.name) || NATURAL.compare(a.spec, b.spec) || a.skuId.localeCompare(b.skuId);
}

/** The goods of the orders summed by SKU, with each SPU's number, in walking order. */
export function pickedGoods(orders: readonly WarehouseOrder[], codeOf: ReadonlyMap<string, string>): PickedGoods[] {
  const bySku = new Map<string, PickedGoods>();
  for (const line of orders.flatMap((order) => order.lines)) {
    const known = bySku.get(line.skuId);
    if (known === undefined) bySku.set(line.skuId, { skuId: line.skuId, location: line.location, code: codeOf.get(line.spuId) ?? '', barCode: line.barCode, name: line.name, spec: line.spec, unit: line.unit, count: line.count });
    else known.count += line.count;
  }
  return [...bySku.values()].sort(walkingOrder);
}

/** The orders (in the order given) as the warehouse prints them, with the goods to pick and the sender. */
export async function loadWarehouseBatch(db: Kysely<Database>, deps: OrderDeps, shop: ShopProfileService, lookup: DictLookup, tenantId: number, orderIds: readonly string[]): Promise<WarehouseBatch> {
  const inIds = sql.join([...orderIds]);
  const orders = await entityRecords(db, orderEntity, lookup, sql`tenant_id = ${tenantId} and id in (${inIds})`, sql`pay_time, no`);
  const items = await entityRecords(db, orderItemEntity, lookup, sql`tenant_id = ${tenantId} and order_id in (${inIds})`, sql`order_id, id`);
  const factsOf = await skuFactsOf(db, deps, tenantId, items.map((item) => text(item.skuId)));
  const spus = await deps.stock.spus(db, tenantId, [...new Set(items.map((item) => text(item.spuId)))]);
  const codeOf = new Map(spus.map((spu) => [spu.spuId, spu.no === null ? '' : String(spu.no)]));
  const linesOf = new Map<string, WarehouseLine[]>();
  for (const item of items) {
    const orderId = text(item.orderId);
    const facts = factsOf.get(text(item.skuId));
    const line: WarehouseLine = {
      skuId: text(item.skuId),
      spuId: text(item.spuId),
      name: item.gift === true ? `${text(item.spuName)}（赠品）` : text(item.spuName),
      spec: text(item.specText),
      unit: facts?.unit ?? '',
      barCode: facts?.barCode ?? '',
      location: facts?.location ?? '',
      count: Number(item.count ?? 0),
    };
    linesOf.set(orderId, [...(linesOf.get(orderId) ?? []), line]);
  }
  const printed = orders.map((order) => orderOf(order, linesOf.get(text(order.id)) ?? []));
  const { seller } = await sellerOf(db, shop, tenantId);
  return { seller, printedAt: formatShopTime(new Date()), orders: printed, goods: pickedGoods(printed, codeOf) };
}

/** Writes the print on each order's log: a row keeping the order's state, by whom and when. */
export async function recordPrint(db: Kysely<Database>, actor: Actor, orders: readonly Pick<WarehouseOrder, 'id' | 'status'>[], kind: PrintKind): Promise<void> {
  if (orders.length === 0) return;
  await inTransaction(db, (trx: Transaction<Database>) => {
    const rows = orders.map((order) => sql`(${newId()}, ${order.id}, ${PRINT_ACTION}, ${order.status}, ${order.status}, ${PRINT_LOG[kind]}, ${actor.operator}, now(), ${actor.tenantId})`);
    return sql`insert into sale_order_log (id, order_id, action, before_status, after_status, content, create_by, create_time, tenant_id) values ${sql.join(rows)}`.execute(trx);
  });
}
