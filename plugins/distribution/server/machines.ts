import { defineStateMachine } from '../../../server/kit';

/** Recruitment applications (docs/reference/business-domains.md §5): 申请中 → 已同意 / 已拒绝, each logged. */
export type RecruitState = '0' | '1' | '2';
export type RecruitAction = 'approve' | 'reject';

export const recruitMachine = defineStateMachine<RecruitState, RecruitAction>({
  noun: '分销申请',
  table: 'drp_recruit',
  statusColumn: 'status',
  states: { '0': '申请中', '1': '已同意', '2': '已拒绝' },
  actions: {
    approve: { label: '同意', from: ['0'], to: '1' },
    reject: { label: '拒绝', from: ['0'], to: '2' },
  },
  log: { table: 'drp_recruit_log', owner: 'recruit_id' },
  notFound: '分销申请不存在',
});

/** Withdrawals (docs/reference/business-domains.md §5 "Withdrawal states"). */
export type WithdrawState = '0' | '10' | '11' | '20' | '21';
export type WithdrawAction = 'approve' | 'reject' | 'pay' | 'payFail' | 'repay';

export const withdrawMachine = defineStateMachine<WithdrawState, WithdrawAction>({
  noun: '提现申请',
  table: 'drp_withdraw',
  statusColumn: 'status',
  states: { '0': '审核中', '10': '审核通过', '11': '提现成功', '20': '审核不通过', '21': '提现失败' },
  actions: {
    approve: { label: '审核通过', from: ['0'], to: '10' },
    reject: { label: '驳回', from: ['0'], to: '20' },
    pay: { label: '打款', from: ['10'], to: '11' },
    // The transfer bounced (a closed account, a wrong name): the amount stays out of available.
    payFail: { label: '打款失败', from: ['10'], to: '21' },
    // 重新转账 returns it to 审核中 (docs/reference/business-domains.md §5): checked again, then paid or rejected.
    repay: { label: '重新转账', from: ['21'], to: '0' },
  },
  log: { table: 'drp_withdraw_log', owner: 'withdraw_id' },
  notFound: '提现申请不存在',
});
