import { sql } from 'kysely';
import type { CounterItem, OperatingCounter } from '../../../server/contracts/report-facts';
import { WITHDRAW_STATUS } from '../entities';
import { DRP_PERMS } from './menus';
import { formatShopTime } from '../../../server/kit';

/** 提现待审核: withdrawals waiting for the audit (status 0 审核中), a task on the dashboards, oldest first. */
export const distributionCounters: OperatingCounter[] = [
  {
    key: 'distribution.withdrawAuditing',
    title: '提现待审核',
    group: 'task',
    permission: DRP_PERMS.withdrawList,
    link: '/marketingDrp/drpWithdrawList?tab=auditing',
    count: async (db, tenantId) => {
      const found = await sql<{ n: number }>`select count(*)::int as n from drp_withdraw where tenant_id = ${tenantId} and status = ${WITHDRAW_STATUS.auditing}`.execute(db);
      return found.rows[0]?.n ?? 0;
    },
    items: async (db, tenantId, limit): Promise<CounterItem[]> => {
      const rows = await sql<{ id: string; member_name: string | null; price: string; create_time: Date }>`select id, member_name, price::text as price, create_time
        from drp_withdraw where tenant_id = ${tenantId} and status = ${WITHDRAW_STATUS.auditing} order by create_time, id limit ${limit}`.execute(db);
      return rows.rows.map((row) => ({
        id: row.id,
        title: `${row.member_name ?? ''} 申请提现 ¥${row.price}`.trim(),
        text: { key: 'withdrawApplied', values: { name: row.member_name ?? '', price: row.price } },
        time: formatShopTime(row.create_time),
        link: '/marketingDrp/drpWithdrawList?tab=auditing',
      }));
    },
  },
];
