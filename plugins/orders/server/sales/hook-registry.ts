import type { Kysely, Transaction } from 'kysely';
import type { OrderEvent, OrderHooks, OrderListener, OrderPaidEvent, OrderRefundedEvent, PaidOrder, PromotionProvider } from '../../../../server/contracts/order-hooks';
import type { Database, WechatMiniProgram } from '../../../../server/kit';
import { paidOrdersOf, topBuyersOf } from './paid-orders';
import type { PaymentChannels } from '../payments/channel-set';

/**
 * The orders plugin's side of `orderHooks`: other plugins register here at boot; the order steps call
 * `paid`, `closed` and `refunded` inside their transactions, in registration order.
 */
export class OrderHookRegistry implements OrderHooks {
  /**
   * The payment channels of this app ride along: like the hooks, they are this plugin's own and reach jobs and requests
   * through the service map (deps.ts), so two apps in one process never share them.
   */
  constructor(
    readonly payments: PaymentChannels,
    /** The mini-program's server API (ctx.wechat): shipments of WeChat Pay orders are recorded with it. */
    readonly wechat: WechatMiniProgram | null,
  ) {}

  private provider: PromotionProvider | null = null;
  private readonly paidListeners: OrderListener<OrderPaidEvent>[] = [];
  private readonly closedListeners: OrderListener<OrderEvent>[] = [];
  private readonly refundedListeners: OrderListener<OrderRefundedEvent>[] = [];

  usePromotions(provider: PromotionProvider): void {
    if (this.provider !== null) throw new Error('A promotion provider is registered twice');
    this.provider = provider;
  }

  onPaid(listener: OrderListener<OrderPaidEvent>): void {
    this.paidListeners.push(listener);
  }

  onClosed(listener: OrderListener<OrderEvent>): void {
    this.closedListeners.push(listener);
  }

  onRefunded(listener: OrderListener<OrderRefundedEvent>): void {
    this.refundedListeners.push(listener);
  }

  paidOrders(db: Kysely<Database>, tenantId: number, memberId: string, operator: string): Promise<PaidOrder[]> {
    return paidOrdersOf(db, tenantId, memberId, operator);
  }

  topBuyers(db: Kysely<Database>, tenantId: number, limit: number): Promise<string[]> {
    return topBuyersOf(db, tenantId, limit);
  }

  /** The promotions of this build, or null when no plugin prices them (orders then take no coupon). */
  promotions(): PromotionProvider | null {
    return this.provider;
  }

  async paid(trx: Transaction<Database>, event: OrderPaidEvent): Promise<void> {
    for (const listener of this.paidListeners) await listener(trx, event);
  }

  async closed(trx: Transaction<Database>, event: OrderEvent): Promise<void> {
    for (const listener of this.closedListeners) await listener(trx, event);
  }

  async refunded(trx: Transaction<Database>, event: OrderRefundedEvent): Promise<void> {
    for (const listener of this.refundedListeners) await listener(trx, event);
  }
}
