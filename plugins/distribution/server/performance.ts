import Decimal from 'decimal.js';
import { sql, type Kysely } from 'kysely';
import { parseShopTime, type Database } from '../../../server/kit';
import { BROKERAGE_BIZ, BROKERAGE_STATUS, WITHDRAW_STATUS, type DrpPerformanceRow } from '../entities';
import type { MemberService } from '../../../server/contracts/members';

/**
 * 业绩 (docs/reference/business-domains.md §5 "Performance"): per distributor and month, computed by one query over the
 * commission ledger and the withdrawals — orders and order amount from the level-1 commission rows (the
 * distributor's direct referrals' paid lines, cancelled ones left out), commission settled and pending,
 * withdrawals paid in the month, new referrals registered in the month — ranked by order amount.
 */

export const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** A month's bounds as the shop's wall clock (`YYYY-MM-01 00:00:00`); the database session reads them on the same clock. */
export function monthRange(month: string): { begin: string; end: string } {
  const match = MONTH_PATTERN.exec(month);
  if (match === null) throw new Error(`bad month ${month}`);
  const year = Number(match[1]);
  const index = Number(match[2]);
  const next = index === 12 ? `${year + 1}-01` : `${year}-${String(index + 1).padStart(2, '0')}`;
  return { begin: `${month}-01 00:00:00`, end: `${next}-01 00:00:00` };
}

function shopTime(text: string): Date {
  const at = parseShopTime(text);
  if (at === null) throw new Error(`bad time ${text}`);
  return at;
}

interface Row {
  id: string;
  member_id: string;
  member_name: string | null;
  mobile: string | null;
  order_count: string;
  order_amount: string;
  settled: string;
  pending: string;
  withdrawn: string;
}

export async function monthlyPerformance(db: Kysely<Database>, members: MemberService, tenantId: number, month: string, keyword: string): Promise<DrpPerformanceRow[]> {
  const { begin, end } = monthRange(month);
  const like = `%${keyword.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const found = await sql<Row>`
    with r as (
      select distributor_id,
        count(distinct biz_id) filter (where level = 1 and status <> ${BROKERAGE_STATUS.cancelled})::text as order_count,
        coalesce(sum(base_price) filter (where level = 1 and status <> ${BROKERAGE_STATUS.cancelled}), 0)::text as order_amount,
        coalesce(sum(price) filter (where status = ${BROKERAGE_STATUS.settled}), 0)::text as settled,
        coalesce(sum(price) filter (where status = ${BROKERAGE_STATUS.pending}), 0)::text as pending
      from drp_brokerage_record
      where tenant_id = ${tenantId} and biz_type = ${BROKERAGE_BIZ.order} and create_time >= ${begin}::timestamptz and create_time < ${end}::timestamptz
      group by distributor_id),
    w as (
      select distributor_id, sum(price)::text as withdrawn from drp_withdraw
      where tenant_id = ${tenantId} and status = ${WITHDRAW_STATUS.paid} and pay_time >= ${begin}::timestamptz and pay_time < ${end}::timestamptz
      group by distributor_id)
    select d.id, d.member_id, d.member_name, d.mobile, coalesce(r.order_count, '0') as order_count, coalesce(r.order_amount, '0') as order_amount,
      coalesce(r.settled, '0') as settled, coalesce(r.pending, '0') as pending, coalesce(w.withdrawn, '0') as withdrawn
    from drp_distributor d left join r on r.distributor_id = d.id left join w on w.distributor_id = d.id
    where d.tenant_id = ${tenantId} and (${keyword} = '' or d.member_name ilike ${like} or d.mobile ilike ${like})
    order by coalesce(r.order_amount::numeric, 0) desc, coalesce(r.settled::numeric, 0) desc, d.create_time, d.id
    limit 1000`.execute(db);
  // New referrals: members registered in the month with one of these distributors' members as referrer.
  const referrals = await members.referralCounts(db, tenantId, found.rows.map((row) => row.member_id), { begin: shopTime(begin), end: shopTime(end) });
  const money = (value: string) => new Decimal(value).toFixed(2);
  return found.rows.map((row, index) => ({
    rank: index + 1,
    distributorId: row.id,
    memberName: row.member_name ?? '',
    mobile: row.mobile,
    newReferrals: referrals.get(row.member_id) ?? 0,
    orderCount: Number(row.order_count),
    orderAmount: money(row.order_amount),
    settledBrokerage: money(row.settled),
    pendingBrokerage: money(row.pending),
    withdrawnPrice: money(row.withdrawn),
  }));
}
