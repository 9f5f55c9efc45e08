import type { JobKind } from '../../../server/kit';
import { settleDueCommission } from './distribution-service';

/** 佣金结算: commissions whose freeze ended move from frozen to available (each in its own transaction). */
export const settleCommission: JobKind = {
  name: 'distribution.settleCommission',
  title: '分销佣金结算（冻结期满的佣金转为可提现）',
  run: async ({ db }) => {
    const { settled, failed } = await settleDueCommission(db);
    return `settled ${settled}, failed ${failed}`;
  },
};

export const distributionJobKinds: readonly JobKind[] = [settleCommission];
