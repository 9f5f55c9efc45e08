import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

/**
 * How other domains take part in an order's life without the orders plugin knowing them (provided by
 * the orders plugin as `orderHooks`). Marketing prices the order's promotions (a gift campaign's rule, one
 * coupon, gift SKUs) and hands coupons back when an order closes or is refunded; distribution records
 * commission when an order is paid and cancels it on a refund. Every hook runs inside the order's own
 * transaction, after the order's rows are written: a hook that throws rolls the whole step back.
 */

/** One line of the cart as the promotions see it (unit price before any discount). */
export interface PromotionLine {
  skuId: string;
  spuId: string;
  categoryId: string | null;
  /** Unit sale price, yuan with two decimals. */
  price: string;
  count: number;
}

export interface PromotionQuery {
  tenantId: number;
  memberId: string;
  lines: readonly PromotionLine[];
  /** The coupon (a member coupon's id, `cust_coupon`) the buyer chose, or null. */
  couponId: string | null;
}

/** A gift SKU that enters the order as a 0-priced line and draws stock like any other. */
export interface GiftLine {
  skuId: string;
  count: number;
}

/**
 * The promotions of one cart (docs/reference/business-domains.md §4 "Stacking order": the campaign first, then one coupon
 * whose threshold is checked on its matching lines after the campaign). Amounts are yuan with two
 * decimals; the per-line arrays follow the query's lines and add up to their totals.
 */
export interface PromotionPlan {
  /** The gift campaign whose rule applies, or null. */
  campaignId: string | null;
  /** The campaign's discount on each line. */
  discountLines: string[];
  /** The coupon's deduction on each line (0 on the lines it does not match). */
  couponLines: string[];
  /** The coupon used, or null. */
  couponId: string | null;
  /** The campaign's rule waives the freight. */
  freeDelivery: boolean;
  gifts: GiftLine[];
  /** A short text for the order log (e.g. "满 200 减 20；优惠券 新人券"), or ''. */
  summary: string;
}

/** Whether a coupon of the member can serve this cart, and why not (未到使用时间, 没有匹配的商品, 未满足门槛 …). */
export interface CouponChoice {
  id: string;
  name: string;
  /** What it takes off this cart when usable, yuan. */
  couponPrice: string;
  usable: boolean;
  reason: string | null;
}

export interface PromotionProvider {
  /**
   * The plan for a cart. A chosen coupon the cart cannot use is refused with a business error naming
   * why; without a coupon only the campaign applies.
   */
  plan(trx: Transaction<Database>, query: PromotionQuery): Promise<PromotionPlan>;
  /**
   * The member's unused coupons, each usable or not for this cart (the mini-program's settlement
   * preview), checked on the lines after the campaign discounts of `plan` (this cart's plan, reused so
   * the campaign is not priced twice).
   */
  coupons(trx: Transaction<Database>, query: PromotionQuery, plan: PromotionPlan): Promise<CouponChoice[]>;
  /** The order is written: the plan's coupon becomes used by it (guarded: only an unused coupon). */
  commit(trx: Transaction<Database>, order: CommittedOrder, plan: PromotionPlan): Promise<void>;
}

/** The order a hook is told about. */
export interface OrderEvent {
  tenantId: number;
  orderId: string;
  orderNo: string;
  memberId: string | null;
  operator: string | null;
}

/** An order as it was written, for the promotions that priced it. */
export interface CommittedOrder extends OrderEvent {
  /** The plan's gift lines that entered the order, in order (a gift the shop had run out of is left out). */
  gifts: GiftLine[];
}

export interface PaidOrderItem {
  itemId: string;
  skuId: string;
  spuId: string;
  count: number;
  /** What the buyer paid for the line after every discount, freight share included, yuan. */
  payPrice: string;
  /** The line's freight share, yuan (commission is computed without it). */
  deliveryPrice: string;
}

export interface OrderPaidEvent extends OrderEvent {
  payPrice: string;
  items: PaidOrderItem[];
}

export interface OrderRefundedEvent extends OrderEvent {
  /** The after-sale that refunded, and the line it refunded. */
  afterSaleId: string;
  itemId: string;
  refundPrice: string;
  /** Every line of the order is now refunded (the order closed by its refunds). */
  fullyRefunded: boolean;
}

/** A paid order as `onPaid` told of it, with when it was paid: demo data replays them. */
export interface PaidOrder {
  event: OrderPaidEvent;
  payTime: Date;
}

export type OrderListener<E> = (trx: Transaction<Database>, event: E) => Promise<void>;

export interface OrderHooks {
  /** The one promotion provider of this build (a second is refused at boot). Without one, orders take no coupon. */
  usePromotions(provider: PromotionProvider): void;
  /** An order was paid (online or offline), after its stock and points moved. */
  onPaid(listener: OrderListener<OrderPaidEvent>): void;
  /** An unpaid order closed (the buyer cancelled, staff closed it, or it timed out). */
  onClosed(listener: OrderListener<OrderEvent>): void;
  /** A refund of one line settled (after-sale 确认退款). */
  onRefunded(listener: OrderListener<OrderRefundedEvent>): void;
  /** A member's paid orders not refunded (待发货, 待收货, 已完成), oldest payment first, told as `onPaid` told of each (demo data). */
  paidOrders(db: Kysely<Database>, tenantId: number, memberId: string, operator: string): Promise<PaidOrder[]>;
  /** The members with most paid orders not refunded, most first, at most `limit` (demo data). */
  topBuyers(db: Kysely<Database>, tenantId: number, limit: number): Promise<string[]>;
}

declare module '../plugin-services' {
  interface ServiceMap {
    orderHooks: OrderHooks;
  }
}
