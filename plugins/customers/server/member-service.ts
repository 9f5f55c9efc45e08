import { sql, type Transaction } from 'kysely';
import type { BalanceBiz, ExperienceBiz, MemberPosting, MemberService, MemberSummary, PointBiz } from '../../../server/contracts/members';
import type { Database } from '../../../server/db/schema';
import { postInTransaction, type LedgerEntry } from '../../../server/ledger/ledger';
import { applyLevelByGrowth } from './levels';
import { BALANCE_BIZ, BALANCE_LEDGER, EXPERIENCE_BIZ, EXPERIENCE_LEDGER, POINT_BIZ, POINTS_LEDGER } from './member-ledgers';

/**
 * The customers plugin's `members` service (server/contracts/members.ts): other domains post to the
 * member's ledgers inside their own transaction, with the biz names mapped to this plugin's biz codes.
 */

interface SummaryRow {
  id: string;
  member_no: string;
  member_name: string | null;
  mobile: string | null;
  level_id: string | null;
  discount_percent: number | null;
  point: number | null;
  balance: string | number | null;
  status: string | null;
}

async function summary(trx: Transaction<Database>, tenantId: number, memberId: string): Promise<MemberSummary | undefined> {
  const found = await sql<SummaryRow>`select m.id, m.member_no, m.member_name, m.mobile, m.level_id, l.discount_percent, m.point, m.balance::text as balance, m.status
    from cust_member m left join cust_level l on l.id = m.level_id
    where m.id = ${memberId} and m.tenant_id = ${tenantId}`.execute(trx);
  const row = found.rows[0];
  if (row === undefined) return undefined;
  return {
    id: row.id,
    memberNo: row.member_no,
    name: row.member_name ?? '',
    mobile: row.mobile,
    levelId: row.level_id,
    // A level without a discount (or no level) pays the full price.
    discountPercent: row.discount_percent ?? 100,
    point: row.point ?? 0,
    balance: String(row.balance ?? '0'),
    status: String(row.status ?? ''),
  };
}

function entryOf<B>(posting: MemberPosting<B>, bizType: number): LedgerEntry {
  const { biz: _biz, ...rest } = posting;
  return { ...rest, bizType };
}

export function createMemberService(): MemberService {
  return {
    summary,
    postPoints: (trx, entry: MemberPosting<PointBiz>) => postInTransaction(trx, POINTS_LEDGER, entryOf(entry, POINT_BIZ[entry.biz])),
    postBalance: (trx, entry: MemberPosting<BalanceBiz>) => postInTransaction(trx, BALANCE_LEDGER, entryOf(entry, BALANCE_BIZ[entry.biz])),
    postExperience: async (trx, entry: MemberPosting<ExperienceBiz>) => {
      const posting = await postInTransaction(trx, EXPERIENCE_LEDGER, entryOf(entry, EXPERIENCE_BIZ[entry.biz]));
      await applyLevelByGrowth(trx, { memberId: entry.ownerId, tenantId: entry.tenantId, experience: posting.after.toNumber(), operator: entry.operator });
      return posting;
    },
  };
}
