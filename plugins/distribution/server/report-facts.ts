import { sql } from 'kysely';
import { dayOf, earliestDay, METRICS, WITHDRAW_METRICS, WITHDRAW_RANK_METRICS, withinDays, type FactRow, type FactSource } from '../../../server/contracts/report-facts';
import { BROKERAGE_BIZ } from '../entities';

/**
 * Distribution's daily facts (docs/reference/business-domains.md §6 销售报表 支付佣金, and the 提现报表):
 * - 支付佣金 (`brokerage.settled`): order commission settled to distributors that day, by settle time
 *   (a settled row later cancelled by a refund stays on its settle day; the refund's deduction is a
 *   row of its own), so a stored day never changes afterwards.
 * - withdrawals by the day of each event: applied by apply time, approved / paid / rejected by the time
 *   of the transition's log row (drp_withdraw_log), amounts are the withdrawal's price; 手续费 is the fee
 *   of the withdrawals paid that day (a rejected one pays none); per distributor the amounts paid. Each
 *   transition counts once per log row: a withdrawal sent back by 重新转账 and approved again counts as
 *   approved on both days (提现失败 itself is not a figure of the report).
 */

/** The withdrawal transitions counted, by the log row's action. */
const TRANSITIONS = [
  { action: 'approve', count: WITHDRAW_METRICS.approvedCount, amount: WITHDRAW_METRICS.approvedAmount },
  { action: 'pay', count: WITHDRAW_METRICS.paidCount, amount: WITHDRAW_METRICS.paidAmount },
  { action: 'reject', count: WITHDRAW_METRICS.rejectedCount, amount: WITHDRAW_METRICS.rejectedAmount },
] as const;

export const distributionFacts: FactSource = {
  name: 'distribution.brokerage',
  metrics: [
    { name: METRICS.brokeragePaid, kind: 'sum', money: true, title: '支付佣金（当天结算给分销员的推广佣金，按结算时间）' },
    { name: WITHDRAW_METRICS.appliedCount, kind: 'sum', title: '申请提现笔数（按申请时间）' },
    { name: WITHDRAW_METRICS.appliedAmount, kind: 'sum', money: true, title: '申请提现金额（按申请时间）' },
    { name: WITHDRAW_METRICS.approvedCount, kind: 'sum', title: '审核通过笔数（按审核时间）' },
    { name: WITHDRAW_METRICS.approvedAmount, kind: 'sum', money: true, title: '审核通过金额（按审核时间）' },
    { name: WITHDRAW_METRICS.paidCount, kind: 'sum', title: '提现成功笔数（按打款时间）' },
    { name: WITHDRAW_METRICS.paidAmount, kind: 'sum', money: true, title: '提现成功金额（按打款时间）' },
    { name: WITHDRAW_METRICS.rejectedCount, kind: 'sum', title: '驳回笔数（按驳回时间）' },
    { name: WITHDRAW_METRICS.rejectedAmount, kind: 'sum', money: true, title: '驳回金额（按驳回时间）' },
    { name: WITHDRAW_METRICS.fee, kind: 'sum', money: true, title: '提现手续费（当天打款的提现的手续费）' },
    { name: WITHDRAW_RANK_METRICS.paidByDistributor, kind: 'sum', money: true, title: '各分销员提现成功金额（按打款时间）' },
    { name: WITHDRAW_RANK_METRICS.paidByMember, kind: 'sum', money: true, title: '各分销员（会员）提现成功金额（按打款时间）' },
  ],
  // A withdrawal's transitions are logged after it was applied for.
  firstDay: (db, tenantId, timeZone) =>
    earliestDay(db, timeZone, [
      sql<Date | null>`select min(settle_time) from drp_brokerage_record where tenant_id = ${tenantId} and biz_type = ${BROKERAGE_BIZ.order}`,
      sql<Date | null>`select min(create_time) from drp_withdraw where tenant_id = ${tenantId}`,
    ]),
  collect: async (db, range) => {
    const rows: FactRow[] = [];
    const settled = await sql<{ day: string; amount: string }>`select ${dayOf('settle_time', range.timeZone)} as day, sum(price)::text as amount
      from drp_brokerage_record where tenant_id = ${range.tenantId} and biz_type = ${BROKERAGE_BIZ.order} and settle_time is not null
        and ${withinDays('settle_time', range)} group by 1`.execute(db);
    for (const row of settled.rows) rows.push({ day: row.day, metric: METRICS.brokeragePaid, dim: '', value: row.amount });

    const applied = await sql<{ day: string; n: string; amount: string }>`select ${dayOf('create_time', range.timeZone)} as day, count(*)::text as n, sum(price)::text as amount
      from drp_withdraw where tenant_id = ${range.tenantId} and ${withinDays('create_time', range)} group by 1`.execute(db);
    for (const row of applied.rows) {
      rows.push({ day: row.day, metric: WITHDRAW_METRICS.appliedCount, dim: '', value: row.n });
      rows.push({ day: row.day, metric: WITHDRAW_METRICS.appliedAmount, dim: '', value: row.amount });
    }

    // Each transition by its log row's day (the machine writes one log row per transition).
    const logged = sql`drp_withdraw_log l join drp_withdraw w on w.id = l.withdraw_id and w.tenant_id = l.tenant_id
      where l.tenant_id = ${range.tenantId} and ${withinDays('l.create_time', range)}`;
    const events = await sql<{ day: string; action: string; n: string; amount: string; fee: string }>`select ${dayOf('l.create_time', range.timeZone)} as day, l.action,
        count(*)::text as n, sum(w.price)::text as amount, sum(w.fee_price)::text as fee
      from ${logged} and l.action in (${sql.join(TRANSITIONS.map((t) => t.action))}) group by 1, 2`.execute(db);
    for (const event of events.rows) {
      const transition = TRANSITIONS.find((t) => t.action === event.action);
      if (transition === undefined) continue;
      rows.push({ day: event.day, metric: transition.count, dim: '', value: event.n });
      rows.push({ day: event.day, metric: transition.amount, dim: '', value: event.amount });
      if (transition.action === 'pay') rows.push({ day: event.day, metric: WITHDRAW_METRICS.fee, dim: '', value: event.fee });
    }
    const paid = await sql<{ day: string; distributor_id: string; member_id: string | null; amount: string }>`select ${dayOf('l.create_time', range.timeZone)} as day,
        w.distributor_id, w.member_id, sum(w.price)::text as amount
      from ${logged} and l.action = 'pay' group by 1, 2, 3`.execute(db);
    for (const row of paid.rows) {
      rows.push({ day: row.day, metric: WITHDRAW_RANK_METRICS.paidByDistributor, dim: row.distributor_id, value: row.amount });
      if (row.member_id !== null) rows.push({ day: row.day, metric: WITHDRAW_RANK_METRICS.paidByMember, dim: row.member_id, value: row.amount });
    }
    return rows;
  },
};
