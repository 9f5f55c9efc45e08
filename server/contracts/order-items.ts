import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * The lines of the orders as other domains read them, provided by the orders plugin (`orderItems`): the reviews
 * plugin asks whether a member may review a line (the line is of the member's order, the order is 已完成) and which
 * lines of completed orders wait for the auto good review. Reads only: the orders plugin never learns of reviews, and
 * nothing here changes an order. Each method runs on the handle it is given (a caller's transaction included).
 */

/** One order line with what a review keeps of it (a snapshot: later edits of the goods do not change it). */
export interface OrderItemFacts {
  itemId: string;
  tenantId: number;
  orderId: string;
  orderNo: string;
  /** The buyer; null for an order placed for a customer (线下订单). */
  memberId: string | null;
  spuId: string;
  skuId: string;
  spuName: string;
  specText: string;
  picUrl: string | null;
  /** A 0-priced line a campaign gave. */
  gift: boolean;
  /** The order is 已完成 (received, and not closed since by its refunds). */
  completed: boolean;
  /** When the order completed (the buyer, or the auto-receive job, confirmed receipt), or null. */
  completeTime: Date | null;
}

/** Where a walk over the completed lines stopped: the last line read, in (complete time, line id) order. */
export interface CompletedItemsCursor {
  completeTime: Date;
  itemId: string;
}

export interface CompletedItemsQuery {
  /** One shop's lines, or every shop's (a scheduled job). */
  tenantId?: number;
  /** Lines of orders completed strictly before this instant. */
  before: Date;
  /** Lines after this one (exclusive), or from the first. */
  after: CompletedItemsCursor | null;
  limit: number;
}

export interface OrderItemService {
  /** A line of an order of the shop, or undefined (unknown, or another shop's). */
  item(db: Kysely<Database>, tenantId: number, itemId: string): Promise<OrderItemFacts | undefined>;
  /** Lines of completed orders, in order of (complete time, line id), at most `limit`. */
  completedItems(db: Kysely<Database>, query: CompletedItemsQuery): Promise<OrderItemFacts[]>;
}

declare module '../plugin-services' {
  interface ServiceMap {
    orderItems: OrderItemService;
  }
}
