import type { StatusTab } from '../../../src/toolkit/crud';
import { drpDistributorEntity, drpRecruitEntity, drpWithdrawEntity, RECRUIT_STATUS, WITHDRAW_STATUS } from '../entities';

/** The distribution screens' action URLs (server/admin-routes.ts). */
export const DRP_URLS = {
  updateLevel: `${drpDistributorEntity.api}/updateLevel`,
  updateEnabled: `${drpDistributorEntity.api}/updateEnabled`,
  updateParent: `${drpDistributorEntity.api}/updateParent`,
  referrals: `${drpDistributorEntity.api}/referrals`,
  recruitApprove: `${drpRecruitEntity.api}/approve`,
  recruitReject: `${drpRecruitEntity.api}/reject`,
  withdrawApprove: `${drpWithdrawEntity.api}/approve`,
  withdrawReject: `${drpWithdrawEntity.api}/reject`,
  withdrawPay: `${drpWithdrawEntity.api}/pay`,
  withdrawPayFail: `${drpWithdrawEntity.api}/payFail`,
  withdrawRepay: `${drpWithdrawEntity.api}/repay`,
} as const;

/** Permission codes the screens gate their buttons with (server/menus.ts DRP_PERMS). */
export const DRP_CODES = {
  distributorLevel: 'marketingDrp:drpDistributor:updateLevel',
  distributorEnabled: 'marketingDrp:drpDistributor:updateEnabled',
  distributorParent: 'marketingDrp:drpDistributor:updateParent',
  distributorList: 'marketingDrp:drpDistributor:list',
  recordList: 'marketingDrp:drpBrokerageRecord:list',
  recruitApprove: 'marketingDrp:drpRecruit:approve',
  recruitReject: 'marketingDrp:drpRecruit:reject',
  withdrawApprove: 'marketingDrp:drpWithdraw:approve',
  withdrawReject: 'marketingDrp:drpWithdraw:reject',
  withdrawPay: 'marketingDrp:drpWithdraw:pay',
} as const;

const statusIs = (value: string) => [{ field: 'status', operator: 'eq' as const, value }];

export const WITHDRAW_TABS: readonly StatusTab[] = [
  { key: 'all', label: 'distribution:withdraw.tabs.all', filters: [] },
  { key: 'auditing', label: 'distribution:withdraw.tabs.auditing', filters: statusIs(WITHDRAW_STATUS.auditing) },
  { key: 'approved', label: 'distribution:withdraw.tabs.approved', filters: statusIs(WITHDRAW_STATUS.approved) },
  { key: 'paid', label: 'distribution:withdraw.tabs.paid', filters: statusIs(WITHDRAW_STATUS.paid) },
  { key: 'rejected', label: 'distribution:withdraw.tabs.rejected', filters: statusIs(WITHDRAW_STATUS.rejected) },
  { key: 'failed', label: 'distribution:withdraw.tabs.failed', filters: statusIs(WITHDRAW_STATUS.failed) },
];

export const RECRUIT_TABS: readonly StatusTab[] = [
  { key: 'all', label: 'distribution:recruit.tabs.all', filters: [] },
  { key: 'applied', label: 'distribution:recruit.tabs.applied', filters: statusIs(RECRUIT_STATUS.applied) },
  { key: 'approved', label: 'distribution:recruit.tabs.approved', filters: statusIs(RECRUIT_STATUS.approved) },
  { key: 'rejected', label: 'distribution:recruit.tabs.rejected', filters: statusIs(RECRUIT_STATUS.rejected) },
];
