import { sql, type Transaction } from 'kysely';
import type { AppContext, Database } from '../../../../server/kit';
import type { OrderEvent, OrderPaidEvent, OrderRefundedEvent } from '../../../../server/contracts/order-hooks';
import { CAMPAIGN_ORDER_STATUS } from '../../campaign-entities';
import { issueCoupons, recycleCouponsOf } from '../coupons/issue';
import { storedGrants, type CouponGrant } from './rules';

/**
 * A gift campaign's rewards follow its order (docs/reference/business-domains.md §4: "Gifts are granted after payment and
 * revoked on refund"): on payment the rule's points and coupons go to the member (coupons with the order
 * as their bizId); on a full refund the points come back (up to what the member still has) and the
 * unused coupons are recycled; an unpaid order that closes cancels its pending rewards. Each runs in the
 * order's own transaction. A coupon template that can no longer be issued (disabled, sold out) is skipped
 * rather than refusing the buyer's payment.
 */

interface ParticipationRow {
  id: string;
  member_id: string | null;
  point: number;
  granted_point: number;
  give_coupons: string | null;
  status: string;
}

async function participationOf(trx: Transaction<Database>, tenantId: number, orderId: string): Promise<ParticipationRow | undefined> {
  const found = await sql<ParticipationRow>`select id, member_id, point, granted_point, give_coupons, status from mkt_gift_activity_order
    where order_id = ${orderId} and tenant_id = ${tenantId} for update`.execute(trx);
  return found.rows[0];
}

async function setStatus(trx: Transaction<Database>, row: ParticipationRow, tenantId: number, status: string, grantedPoint: number, operator: string | null): Promise<void> {
  await sql`update mkt_gift_activity_order set status = ${status}, granted_point = ${grantedPoint}, update_by = ${operator}, update_time = now()
    where id = ${row.id} and tenant_id = ${tenantId}`.execute(trx);
}

/** Issues one grant inside a savepoint, so a template that refuses leaves the payment untouched. */
async function issueQuietly(trx: Transaction<Database>, ctx: Pick<AppContext, 'services'>, event: OrderEvent, memberId: string, grant: CouponGrant): Promise<number> {
  await sql`savepoint campaign_coupon`.execute(trx);
  try {
    const ids = await issueCoupons(trx, ctx, { tenantId: event.tenantId, memberId, templateId: grant.templateId, count: grant.count, bizId: event.orderId, operator: event.operator });
    await sql`release savepoint campaign_coupon`.execute(trx);
    return ids.length;
  } catch {
    await sql`rollback to savepoint campaign_coupon`.execute(trx);
    return 0;
  }
}

export async function grantCampaignRewards(trx: Transaction<Database>, ctx: Pick<AppContext, 'services'>, event: OrderPaidEvent): Promise<void> {
  const row = await participationOf(trx, event.tenantId, event.orderId);
  if (row === undefined || row.status !== CAMPAIGN_ORDER_STATUS.pending) return;
  const memberId = row.member_id ?? event.memberId;
  if (memberId === null) return;
  if (row.point > 0) {
    await ctx.services.get('members').postPoints(trx, {
      ownerId: memberId,
      change: row.point,
      biz: 'campaignReward',
      bizId: event.orderId,
      title: `订单 ${event.orderNo} 赠品活动赠送积分`,
      operator: event.operator,
      tenantId: event.tenantId,
    });
  }
  for (const grant of storedGrants<CouponGrant>(row.give_coupons)) await issueQuietly(trx, ctx, event, memberId, grant);
  await setStatus(trx, row, event.tenantId, CAMPAIGN_ORDER_STATUS.granted, row.point, event.operator);
}

export async function revokeCampaignRewards(trx: Transaction<Database>, ctx: Pick<AppContext, 'services'>, event: OrderRefundedEvent): Promise<void> {
  if (!event.fullyRefunded) return;
  const row = await participationOf(trx, event.tenantId, event.orderId);
  if (row === undefined || row.status !== CAMPAIGN_ORDER_STATUS.granted) return;
  const memberId = row.member_id ?? event.memberId;
  if (memberId === null) return;
  const members = ctx.services.get('members');
  if (row.granted_point > 0) {
    const member = await members.summary(trx, event.tenantId, memberId);
    const take = Math.min(row.granted_point, member?.point ?? 0);
    if (take > 0) {
      await members.postPoints(trx, {
        ownerId: memberId,
        change: -take,
        biz: 'campaignRewardRefund',
        bizId: event.orderId,
        title: `订单 ${event.orderNo} 退款，收回赠品活动积分`,
        operator: event.operator,
        tenantId: event.tenantId,
      });
    }
  }
  await recycleCouponsOf(trx, ctx, { tenantId: event.tenantId, bizId: event.orderId });
  await setStatus(trx, row, event.tenantId, CAMPAIGN_ORDER_STATUS.revoked, row.granted_point, event.operator);
}

export async function cancelCampaignRewards(trx: Transaction<Database>, event: OrderEvent): Promise<void> {
  const row = await participationOf(trx, event.tenantId, event.orderId);
  if (row === undefined || row.status !== CAMPAIGN_ORDER_STATUS.pending) return;
  await setStatus(trx, row, event.tenantId, CAMPAIGN_ORDER_STATUS.cancelled, 0, event.operator);
}

export function registerCampaignHooks(ctx: AppContext): void {
  const hooks = ctx.services.get('orderHooks');
  hooks.onPaid((trx, event) => grantCampaignRewards(trx, ctx, event));
  hooks.onRefunded((trx, event) => revokeCampaignRewards(trx, ctx, event));
  hooks.onClosed((trx, event) => cancelCampaignRewards(trx, event));
}
