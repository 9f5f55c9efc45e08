import { sql, type Kysely } from 'kysely';
import { allowedActions, loadDictionaries, selectColumnsSql, toRecord, type Database, type DictLookup, type Row, type WireRecord } from '../../../../server/kit';
import type { EntityDefinition } from '../../../../src/contracts/entity';
import { orderEntity, orderItemEntity, orderLogEntity } from '../../entities';
import { isOrderState, NON_BUTTON_ACTIONS, orderMachine, REMARK_ACTION } from './machine';
import { ORDER_STATUS, ORDER_TYPE } from '../../entities';

/**
 * An order as its detail shows it (back-office and mini-program): the order's fields as the CRUD engine
 * answers them (dictionary texts included), its items, its log (oldest first, a timeline) and the actions
 * its state allows (the buttons a detail page shows).
 */

export async function records(db: Kysely<Database>, entity: EntityDefinition, lookup: DictLookup, where: ReturnType<typeof sql>, orderBy: ReturnType<typeof sql>): Promise<WireRecord[]> {
  const found = await sql<Row>`select ${selectColumnsSql(entity)} from ${sql.id(entity.table)} where ${where} order by ${orderBy}`.execute(db);
  const dictionaries = await loadDictionaries(entity, lookup);
  const named = found.rows.map((row) => toRecord(entity, row, dictionaries));
  await lookup.references?.(entity, named);
  return named;
}

export async function orderDetail(db: Kysely<Database>, lookup: DictLookup, tenantId: number, orderId: string, memberId?: string): Promise<WireRecord | null> {
  const owner = memberId === undefined ? sql`true` : sql`member_id = ${memberId}`;
  const [order] = await records(db, orderEntity, lookup, sql`id = ${orderId} and tenant_id = ${tenantId} and ${owner}`, sql`id`);
  if (order === undefined) return null;
  const items = await records(db, orderItemEntity, lookup, sql`order_id = ${orderId} and tenant_id = ${tenantId}`, sql`id`);
  const logs = await records(db, orderLogEntity, lookup, sql`order_id = ${orderId} and tenant_id = ${tenantId}`, sql`create_time, id`);
  const status = String(order.status);
  // The buttons of the detail: the state's staff transitions, 确认付款 for an unpaid offline order, 备注 always.
  const actions: string[] = isOrderState(status) ? allowedActions(orderMachine, status).filter((action) => !NON_BUTTON_ACTIONS.includes(action)) : [];
  if (status === ORDER_STATUS.unpaid && order.type === ORDER_TYPE.offline) actions.push('confirmPayment');
  return { ...order, items, logs, actions: [...actions, REMARK_ACTION] };
}

/** A member's orders, newest first, each with its items (the mini-program's 我的订单). */
export async function memberOrderPage(
  db: Kysely<Database>,
  lookup: DictLookup,
  owner: { tenantId: number; memberId: string },
  page: { pageNo: number; pageSize: number; status?: string },
): Promise<{ records: WireRecord[]; total: number; size: number; current: number; pages: number }> {
  const status = page.status === undefined ? sql`true` : sql`status = ${page.status}`;
  const where = sql`tenant_id = ${owner.tenantId} and member_id = ${owner.memberId} and ${status}`;
  const counted = await sql<{ n: number }>`select count(*)::int as n from sale_order where ${where}`.execute(db);
  const total = counted.rows[0]?.n ?? 0;
  const offset = (page.pageNo - 1) * page.pageSize;
  const found = await sql<Row>`select ${selectColumnsSql(orderEntity)} from sale_order where ${where} order by create_time desc, id desc limit ${page.pageSize} offset ${offset}`.execute(db);
  const dictionaries = await loadDictionaries(orderEntity, lookup);
  const orders = found.rows.map((row) => toRecord(orderEntity, row, dictionaries));
  await lookup.references?.(orderEntity, orders);
  const ids = orders.map((order) => String(order.id));
  const items = ids.length === 0 ? [] : await records(db, orderItemEntity, lookup, sql`tenant_id = ${owner.tenantId} and order_id in (${sql.join(ids)})`, sql`id`);
  const withItems = orders.map((order) => ({ ...order, items: items.filter((item) => item.orderId === order.id) }));
  return { records: withItems, total, size: page.pageSize, current: page.pageNo, pages: Math.ceil(total / page.pageSize) };
}
