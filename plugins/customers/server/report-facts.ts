import { sql } from 'kysely';
import { dayOf, earliestDay, METRICS, withinDays, type FactRow, type FactSource } from '../../../server/contracts/report-facts';
import { BALANCE_BIZ } from './members/ledgers';

/**
 * The members' daily facts (docs/reference/business-domains.md §6): 新增用户 — members registered that day (by their
 * register time), and 充值 — the balance topped up that day: Σ of the balance ledger's 充值 rows (biz
 * type 1). The shop has no member-side recharge flow yet, so these rows come only from data entered as
 * 充值 (the seed, imports); the staff's 修改余额 (biz type 5 更新余额) is a correction, not a recharge.
 */
export const customerFacts: FactSource = {
  name: 'customers.members',
  metrics: [
    { name: METRICS.newMembers, kind: 'sum', title: '新增用户：当天注册的会员数' },
    { name: METRICS.recharge, kind: 'sum', money: true, title: '充值：当天会员余额充值金额之和' },
  ],
  firstDay: (db, tenantId, timeZone) =>
    earliestDay(db, timeZone, [
      sql<Date | null>`select min(register_time) from cust_member where tenant_id = ${tenantId}`,
      sql<Date | null>`select min(create_time) from cust_balance_log where tenant_id = ${tenantId} and biz_type = ${String(BALANCE_BIZ.recharge)}`,
    ]),
  collect: async (db, range) => {
    const members = await sql<{ day: string; n: string }>`select ${dayOf('register_time', range.timeZone)} as day, count(*)::text as n
      from cust_member where tenant_id = ${range.tenantId} and ${withinDays('register_time', range)} group by 1`.execute(db);
    const recharges = await sql<{ day: string; total: string }>`select ${dayOf('create_time', range.timeZone)} as day, sum(price)::text as total
      from cust_balance_log where tenant_id = ${range.tenantId} and biz_type = ${String(BALANCE_BIZ.recharge)} and ${withinDays('create_time', range)} group by 1`.execute(db);
    const rows: FactRow[] = [];
    for (const row of members.rows) rows.push({ day: row.day, metric: METRICS.newMembers, dim: '', value: row.n });
    for (const row of recharges.rows) rows.push({ day: row.day, metric: METRICS.recharge, dim: '', value: row.total });
    return rows;
  },
};
