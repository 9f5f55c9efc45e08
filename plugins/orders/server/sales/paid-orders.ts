import { sql, type Kysely } from 'kysely';
import type { PaidOrder, PaidOrderItem } from '../../../../server/contracts/order-hooks';
import type { Database } from '../../../../server/kit';
import { ORDER_REFUND_STATUS, ORDER_STATUS } from '../../entities';

/** What `onPaid` tells of an order's lines, and what a replay of it tells again: one reading of them. */
export async function paidItemsOf(db: Kysely<Database>, tenantId: number, orderId: string): Promise<PaidOrderItem[]> {
  const items = await sql<{ id: string; sku_id: string; spu_id: string; count: number; pay_price: string; delivery_price: string }>`select id, sku_id, spu_id, count,
      pay_price::text as pay_price, delivery_price::text as delivery_price from sale_order_item where order_id = ${orderId} and tenant_id = ${tenantId} order by id`.execute(db);
  return items.rows.map((row) => ({ itemId: row.id, skuId: row.sku_id, spuId: row.spu_id, count: row.count, payPrice: row.pay_price, deliveryPrice: row.delivery_price }));
}

const PAID_NOT_REFUNDED = sql`pay_time is not null and refund_status = ${ORDER_REFUND_STATUS.none}
  and status in (${ORDER_STATUS.undelivered}, ${ORDER_STATUS.delivered}, ${ORDER_STATUS.completed})`;

/** A member's paid orders not refunded, oldest payment first, as `onPaid` told of each (orderHooks.paidOrders). */
export async function paidOrdersOf(db: Kysely<Database>, tenantId: number, memberId: string, operator: string): Promise<PaidOrder[]> {
  const orders = await sql<{ id: string; no: string; pay_price: string; pay_time: Date }>`select id, no, pay_price::text, pay_time from sale_order
    where tenant_id = ${tenantId} and member_id = ${memberId} and ${PAID_NOT_REFUNDED} order by pay_time`.execute(db);
  const paid: PaidOrder[] = [];
  for (const order of orders.rows) {
    paid.push({
      payTime: new Date(order.pay_time),
      event: { tenantId, orderId: order.id, orderNo: order.no, memberId, operator, payPrice: order.pay_price, items: await paidItemsOf(db, tenantId, order.id) },
    });
  }
  return paid;
}

/** The members with most paid orders not refunded, most first (orderHooks.topBuyers). */
export async function topBuyersOf(db: Kysely<Database>, tenantId: number, limit: number): Promise<string[]> {
  const buyers = await sql<{ member_id: string }>`select member_id from sale_order where tenant_id = ${tenantId} and member_id is not null and ${PAID_NOT_REFUNDED}
    group by member_id order by count(*) desc, member_id limit ${limit}`.execute(db);
  return buyers.rows.map((row) => row.member_id);
}
