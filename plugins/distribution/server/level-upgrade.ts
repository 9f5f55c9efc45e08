import Decimal from 'decimal.js';
import { sql, type Transaction } from 'kysely';
import type { MemberService } from '../../../server/contracts/members';
import type { Database } from '../../../server/kit';
import { BROKERAGE_BIZ, BROKERAGE_STATUS, LEVEL_STATUS } from '../entities';

/**
 * Automatic level upgrades (docs/reference/business-domains.md §5 "Level task"): a distributor moves up to the highest
 * enabled level whose conditions it all meets, never down (修改等级 by hand may still set any level):
 *  - 邀请人数: members it invited (their referrer is its member);
 *  - 自购金额: what it paid for its own orders since it became a distributor;
 *  - 团队订单: orders its level-1 members paid that earned it commission (refund-cancelled ones excluded).
 * A level without any condition (the default level) is never reached automatically.
 */

interface LevelRow {
  id: string;
  grade: number;
  invite_count: number | null;
  self_spend: string | null;
  team_orders: number | null;
}

interface Progress {
  invites: number;
  selfSpend: Decimal;
  teamOrders: number;
}

/** Whether a level's conditions are set and all met. */
export function qualifies(level: Pick<LevelRow, 'invite_count' | 'self_spend' | 'team_orders'>, progress: Progress): boolean {
  const invites = level.invite_count ?? 0;
  const spend = new Decimal(level.self_spend ?? 0);
  const orders = level.team_orders ?? 0;
  if (invites <= 0 && !spend.greaterThan(0) && orders <= 0) return false;
  return progress.invites >= invites && progress.selfSpend.greaterThanOrEqualTo(spend) && progress.teamOrders >= orders;
}

/** Adds an order's pay price to the buyer's own spending when the buyer is a distributor. */
export async function addSelfSpend(trx: Transaction<Database>, tenantId: number, memberId: string, payPrice: string): Promise<string | null> {
  const updated = await sql<{ id: string }>`update drp_distributor set self_spend = self_spend + ${payPrice}::numeric
    where tenant_id = ${tenantId} and member_id = ${memberId} returning id`.execute(trx);
  return updated.rows[0]?.id ?? null;
}

/** Checks the distributors' levels against the conditions; returns those moved up (id and new level). */
export async function upgradeDistributors(trx: Transaction<Database>, members: MemberService, tenantId: number, distributorIds: readonly string[]): Promise<Array<{ id: string; levelId: string }>> {
  const ids = [...new Set(distributorIds)];
  if (ids.length === 0) return [];
  const levels = (
    await sql<LevelRow>`select id, grade, invite_count, self_spend::text as self_spend, team_orders from drp_level
      where tenant_id = ${tenantId} and status = ${LEVEL_STATUS.enabled} order by grade desc`.execute(trx)
  ).rows;
  if (!levels.some((level) => qualifies(level, { invites: Number.MAX_SAFE_INTEGER, selfSpend: new Decimal(Number.MAX_SAFE_INTEGER), teamOrders: Number.MAX_SAFE_INTEGER }))) return [];
  const distributors = (
    await sql<{ id: string; member_id: string; self_spend: string; grade: number | null }>`select d.id, d.member_id, d.self_spend::text as self_spend, l.grade
      from drp_distributor d left join drp_level l on l.id = d.level_id and l.tenant_id = d.tenant_id
      where d.tenant_id = ${tenantId} and d.id in (${sql.join(ids)}) and d.enabled for update of d`.execute(trx)
  ).rows;
  if (distributors.length === 0) return [];
  const invites = await members.referralCounts(trx, tenantId, distributors.map((row) => row.member_id));
  const teamOrders = new Map(
    (
      await sql<{ distributor_id: string; n: number }>`select distributor_id, count(distinct biz_id)::int as n from drp_brokerage_record
        where tenant_id = ${tenantId} and distributor_id in (${sql.join(distributors.map((row) => row.id))}) and biz_type = ${BROKERAGE_BIZ.order}
          and level = 1 and status <> ${BROKERAGE_STATUS.cancelled} group by distributor_id`.execute(trx)
    ).rows.map((row) => [row.distributor_id, row.n]),
  );
  const moved: Array<{ id: string; levelId: string }> = [];
  for (const distributor of distributors) {
    const progress: Progress = { invites: invites.get(distributor.member_id) ?? 0, selfSpend: new Decimal(distributor.self_spend), teamOrders: teamOrders.get(distributor.id) ?? 0 };
    const target = levels.find((level) => level.grade > (distributor.grade ?? 0) && qualifies(level, progress));
    if (target === undefined) continue;
    await sql`update drp_distributor set level_id = ${target.id}, update_by = 'system', update_time = now() where id = ${distributor.id}`.execute(trx);
    moved.push({ id: distributor.id, levelId: target.id });
  }
  return moved;
}

/** After an order's commission: the buyer's own spending grows, and it and the order's receivers are checked. */
export async function upgradeAfterPayment(trx: Transaction<Database>, members: MemberService, event: { tenantId: number; orderId: string; memberId: string | null; payPrice: string }): Promise<void> {
  const own = event.memberId === null ? null : await addSelfSpend(trx, event.tenantId, event.memberId, event.payPrice);
  const receivers = await sql<{ distributor_id: string }>`select distinct distributor_id from drp_brokerage_record
    where tenant_id = ${event.tenantId} and biz_id = ${event.orderId} and biz_type = ${BROKERAGE_BIZ.order}`.execute(trx);
  await upgradeDistributors(trx, members, event.tenantId, [...(own === null ? [] : [own]), ...receivers.rows.map((row) => row.distributor_id)]);
}
