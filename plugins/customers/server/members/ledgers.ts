import type { Kysely, Transaction } from 'kysely';
import { inTransaction, postInTransaction, postLedgerEntry, type Database, type LedgerDefinition, type LedgerEntry, type LedgerPosting } from '../../../../server/kit';
import { applyLevelByGrowth } from './levels';

/** The member's three ledgers (docs/reference/business-domains.md §1 Rules "Ledger writes"). */

export const MSG_MEMBER_NOT_FOUND = '会员不存在';

export const POINTS_LEDGER: LedgerDefinition = {
  owner: { table: 'cust_member', total: 'point' },
  ledger: { table: 'cust_points_log', owner: 'member_id', change: 'point', total: 'total_point' },
  unit: 'integer',
  insufficient: (current) => `积分不足，当前积分 ${current}`,
  notFound: MSG_MEMBER_NOT_FOUND,
};

export const BALANCE_LEDGER: LedgerDefinition = {
  owner: { table: 'cust_member', total: 'balance' },
  ledger: { table: 'cust_balance_log', owner: 'member_id', change: 'price', total: 'balance' },
  unit: 'money',
  insufficient: (current) => `余额不足，当前余额 ${current}`,
  notFound: MSG_MEMBER_NOT_FOUND,
};

/** Growth never refuses: a refund larger than the growth left clamps it at zero. */
export const EXPERIENCE_LEDGER: LedgerDefinition = {
  owner: { table: 'cust_member', total: 'experience' },
  ledger: { table: 'cust_experience_log', owner: 'member_id', change: 'experience', total: 'total_experience' },
  unit: 'integer',
  insufficient: (current) => `成长值不足，当前成长值 ${current}`,
  clampAtZero: true,
  notFound: MSG_MEMBER_NOT_FOUND,
};

/** Biz types (dictionaries member_point_biz_type, member_balance_biz_type, member_experience_biz_type). */
export const POINT_BIZ = { signIn: 1, admin: 2, orderUse: 11, orderUseCancel: 12, orderUseRefund: 13, orderReward: 21, orderRewardCancel: 22, orderRewardRefund: 23, campaignReward: 31, campaignRewardRefund: 32, packet: 41 } as const;
export const BALANCE_BIZ = { recharge: 1, rechargeRefund: 2, payment: 3, paymentRefund: 4, admin: 5, transfer: 6 } as const;
export const EXPERIENCE_BIZ = { admin: 0, invite: 1, signIn: 4, order: 11, orderCancel: 12, orderRefund: 13 } as const;

export function postPoints(db: Kysely<Database>, entry: LedgerEntry): Promise<LedgerPosting> {
  return postLedgerEntry(db, POINTS_LEDGER, entry);
}

export function postBalance(db: Kysely<Database>, entry: LedgerEntry): Promise<LedgerPosting> {
  return postLedgerEntry(db, BALANCE_LEDGER, entry);
}

/** Growth and the level that follows it, in one transaction. */
export async function postExperience(db: Kysely<Database>, entry: LedgerEntry): Promise<LedgerPosting> {
  const work = async (trx: Transaction<Database>) => {
    const posting = await postInTransaction(trx, EXPERIENCE_LEDGER, entry);
    await applyLevelByGrowth(trx, { memberId: entry.ownerId, tenantId: entry.tenantId, experience: posting.after.toNumber(), operator: entry.operator });
    return posting;
  };
  return inTransaction(db, work);
}
