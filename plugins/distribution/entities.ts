import { defineEntity, type EntityRecord } from '../../src/contracts/entity';

/**
 * The distribution plugin's entities (docs/business-api.md "Distribution (marketingDrp)", docs/reference/business-domains.md §5),
 * read by its screens and by its server side, all per tenant. Levels are a plain catalogue; distributors,
 * applications, withdrawals and the commission ledger are written only by the distribution services
 * (guarded transitions and ledger postings), so their fields are read-only through the generic engine.
 */

export const DRP_LEVEL_STATUS_DICT = 'drp_level_status';
export const DRP_RECRUIT_STATUS_DICT = 'drp_recruit_status';
export const DRP_WITHDRAW_STATUS_DICT = 'drp_withdraw_status';
export const DRP_WITHDRAW_TYPE_DICT = 'drp_withdraw_type';
export const DRP_BROKERAGE_BIZ_DICT = 'drp_brokerage_biz_type';
export const DRP_BROKERAGE_STATUS_DICT = 'drp_brokerage_status';
/** The core dictionary of the commission tiers: 1 一级分销, 2 二级分销. */
export const COMMISSION_LEVEL_DICT = 'drp_level';
/** Table dictionary of the levels (value id, text name). */
export const DRP_LEVEL_DICT = 'drp_distributor_level';

export const LEVEL_STATUS = { enabled: '1', disabled: '0' } as const;
/** Application status: 0 申请中, 1 已同意, 2 已拒绝. */
export const RECRUIT_STATUS = { applied: '0', approved: '1', rejected: '2' } as const;
/** Withdrawal status (docs/business-api.md). */
export const WITHDRAW_STATUS = { auditing: '0', approved: '10', paid: '11', rejected: '20', failed: '21' } as const;
/** Commission ledger biz types: 1 推广佣金, 2 提现申请, 3 提现驳回, 4 退款扣回. */
export const BROKERAGE_BIZ = { order: '1', withdraw: '2', withdrawReject: '3', refund: '4' } as const;
/** Commission record status: 0 待结算, 1 已结算, 2 已取消. */
export const BROKERAGE_STATUS = { pending: '0', settled: '1', cancelled: '2' } as const;
/** Withdrawal types: 1 钱包, 2 银行卡, 3 微信收款码, 4 支付宝收款码, 5 微信零钱, 6 支付宝余额. */
export const WITHDRAW_TYPES = ['1', '2', '3', '4', '5', '6'] as const;

const label = (entity: string, field: string) => `distribution:${entity}.fields.${field}`;

export const drpLevelEntity = defineEntity({
  table: 'drp_level',
  api: '/marketingDrp/drpLevel',
  permission: 'marketingDrp:drpLevel',
  tenantScoped: true,
  title: 'distribution:level.title',
  fields: {
    name: { type: 'string', label: label('level', 'name'), max: 50, required: true, search: 'like', unique: true },
    grade: { type: 'int', label: label('level', 'grade'), min: 1, max: 100, required: true, sortable: true, unique: true },
    firstPercent: { type: 'decimal', format: 'percent', label: label('level', 'firstPercent'), min: 0, max: 100, required: true },
    secondPercent: { type: 'decimal', format: 'percent', label: label('level', 'secondPercent'), min: 0, max: 100, required: true },
    /** Upgrade conditions (level tasks): invited members, own spending (yuan), team orders. */
    inviteCount: { type: 'int', label: label('level', 'inviteCount'), min: 0, max: 1_000_000 },
    selfSpend: { type: 'decimal', label: label('level', 'selfSpend'), min: 0, max: 999_999_999 },
    teamOrders: { type: 'int', label: label('level', 'teamOrders'), min: 0, max: 1_000_000 },
    /** The level a newly approved distributor starts at (exactly one). */
    isDefault: { type: 'boolean', label: label('level', 'isDefault'), readonly: true },
    status: { type: 'dict', label: label('level', 'status'), dict: DRP_LEVEL_STATUS_DICT, required: true, search: 'eq' },
  },
});

export const drpDistributorEntity = defineEntity({
  table: 'drp_distributor',
  api: '/marketingDrp/drpDistributor',
  permission: 'marketingDrp:drpDistributor',
  tenantScoped: true,
  title: 'distribution:distributor.title',
  fields: {
    /** The member as shown in lists (name, mobile), taken when the distributor is created. */
    memberName: { type: 'string', label: label('distributor', 'memberName'), max: 100, search: 'like', readonly: true },
    mobile: { type: 'string', label: label('distributor', 'mobile'), max: 20, search: 'like', readonly: true },
    parentName: { type: 'string', label: label('distributor', 'parentName'), max: 100, readonly: true },
    levelId: { type: 'string', label: label('distributor', 'levelId'), max: 32, dict: DRP_LEVEL_DICT, search: 'eq', readonly: true },
    /** The member's memberNo: the code a new member types at first login. */
    inviteCode: { type: 'string', label: label('distributor', 'inviteCode'), max: 32, search: 'eq', readonly: true, unique: true },
    enabled: { type: 'boolean', label: label('distributor', 'enabled'), search: 'eq', readonly: true },
    /** Available commission. */
    brokeragePrice: { type: 'decimal', label: label('distributor', 'brokeragePrice'), readonly: true, sortable: true },
    frozenPrice: { type: 'decimal', label: label('distributor', 'frozenPrice'), readonly: true, sortable: true },
    /** Commission ever earned (settled or pending, cancellations taken off). */
    totalBrokerage: { type: 'decimal', label: label('distributor', 'totalBrokerage'), readonly: true, sortable: true },
    withdrawnPrice: { type: 'decimal', label: label('distributor', 'withdrawnPrice'), readonly: true },
    withdrawCount: { type: 'int', label: label('distributor', 'withdrawCount'), readonly: true },
    bindTime: { type: 'datetime', label: label('distributor', 'bindTime'), readonly: true, list: false },
    memberId: { type: 'string', label: label('distributor', 'memberId'), max: 32, search: 'eq', readonly: true, unique: true, list: false, ref: 'member' },
    /** The upline distributor. */
    parentId: { type: 'string', label: label('distributor', 'parentId'), max: 32, search: 'eq', readonly: true, list: false, ref: 'distributor' },
  },
});

export const drpRecruitEntity = defineEntity({
  table: 'drp_recruit',
  api: '/marketingDrp/drpRecruit',
  permission: 'marketingDrp:drpRecruit',
  tenantScoped: true,
  title: 'distribution:recruit.title',
  fields: {
    memberNo: { type: 'string', label: label('recruit', 'memberNo'), max: 32, search: 'eq', readonly: true },
    name: { type: 'string', label: label('recruit', 'name'), max: 50, search: 'like', readonly: true },
    mobile: { type: 'string', label: label('recruit', 'mobile'), max: 20, search: 'like', readonly: true },
    status: { type: 'dict', label: label('recruit', 'status'), dict: DRP_RECRUIT_STATUS_DICT, search: 'eq', readonly: true },
    reason: { type: 'string', label: label('recruit', 'reason'), max: 200, readonly: true },
    auditTime: { type: 'datetime', label: label('recruit', 'auditTime'), readonly: true },
    memberId: { type: 'string', label: label('recruit', 'memberId'), max: 32, search: 'eq', readonly: true, list: false, ref: 'member' },
  },
});

export const drpWithdrawEntity = defineEntity({
  table: 'drp_withdraw',
  api: '/marketingDrp/drpWithdraw',
  permission: 'marketingDrp:drpWithdraw',
  tenantScoped: true,
  title: 'distribution:withdraw.title',
  fields: {
    memberName: { type: 'string', label: label('withdraw', 'memberName'), max: 100, search: 'like', readonly: true },
    price: { type: 'decimal', label: label('withdraw', 'price'), readonly: true, sortable: true },
    feePrice: { type: 'decimal', label: label('withdraw', 'feePrice'), readonly: true },
    /** What reaches the distributor: price − feePrice. */
    payoutPrice: { type: 'decimal', label: label('withdraw', 'payoutPrice'), readonly: true },
    name: { type: 'string', label: label('withdraw', 'name'), max: 50, readonly: true },
    account: { type: 'string', label: label('withdraw', 'account'), max: 100, search: 'like', readonly: true },
    type: { type: 'dict', label: label('withdraw', 'type'), dict: DRP_WITHDRAW_TYPE_DICT, search: 'eq', readonly: true },
    status: { type: 'dict', label: label('withdraw', 'status'), dict: DRP_WITHDRAW_STATUS_DICT, search: 'in', readonly: true },
    auditReason: { type: 'string', label: label('withdraw', 'auditReason'), max: 200, readonly: true },
    auditTime: { type: 'datetime', label: label('withdraw', 'auditTime'), readonly: true },
    payTime: { type: 'datetime', label: label('withdraw', 'payTime'), readonly: true },
    payFailReason: { type: 'string', label: label('withdraw', 'payFailReason'), max: 200, readonly: true },
    distributorId: { type: 'string', label: label('withdraw', 'distributorId'), max: 32, search: 'eq', readonly: true, list: false, ref: 'distributor' },
    memberId: { type: 'string', label: label('withdraw', 'memberId'), max: 32, search: 'eq', readonly: true, list: false, ref: 'member' },
  },
});

export const drpBrokerageRecordEntity = defineEntity({
  table: 'drp_brokerage_record',
  api: '/marketingDrp/drpBrokerageRecord',
  permission: 'marketingDrp:drpBrokerageRecord',
  tenantScoped: true,
  title: 'distribution:record.title',
  fields: {
    bizType: { type: 'dict', label: label('record', 'bizType'), dict: DRP_BROKERAGE_BIZ_DICT, search: 'eq', readonly: true },
    bizNo: { type: 'string', label: label('record', 'bizNo'), max: 32, search: 'like', readonly: true },
    /** 1 一级 / 2 二级 (the core dictionary drp_level). */
    level: { type: 'int', label: label('record', 'level'), dict: COMMISSION_LEVEL_DICT, readonly: true },
    /** The commission's base: the item's pay price without its freight share. */
    basePrice: { type: 'decimal', label: label('record', 'basePrice'), readonly: true },
    /** Signed change of the distributor's commission. */
    price: { type: 'decimal', label: label('record', 'price'), readonly: true },
    /** Available commission after the row. */
    totalPrice: { type: 'decimal', label: label('record', 'totalPrice'), readonly: true },
    /** Frozen commission after the row. */
    frozenTotal: { type: 'decimal', label: label('record', 'frozenTotal'), readonly: true },
    title: { type: 'string', label: label('record', 'title'), max: 200, readonly: true },
    status: { type: 'dict', label: label('record', 'status'), dict: DRP_BROKERAGE_STATUS_DICT, search: 'eq', readonly: true },
    unfreezeTime: { type: 'datetime', label: label('record', 'unfreezeTime'), readonly: true },
    settleTime: { type: 'datetime', label: label('record', 'settleTime'), readonly: true, list: false },
    distributorId: { type: 'string', label: label('record', 'distributorId'), max: 32, search: 'eq', readonly: true, list: false, ref: 'distributor' },
    /** The order (commission, refund) or the withdrawal. */
    bizId: { type: 'string', label: label('record', 'bizId'), max: 32, search: 'eq', readonly: true, list: false, ref: ['order', 'withdraw'] },
    orderItemId: { type: 'string', label: label('record', 'orderItemId'), max: 32, search: 'eq', readonly: true, list: false, ref: 'orderItem' },
    sourceMemberId: { type: 'string', label: label('record', 'sourceMemberId'), max: 32, search: 'eq', readonly: true, list: false, ref: 'member' },
  },
});

export type DrpLevelRecord = EntityRecord<typeof drpLevelEntity>;
export type DrpDistributorRecord = EntityRecord<typeof drpDistributorEntity> & { inviteCount?: number; levelId_dictText?: string };
export type DrpRecruitRecord = EntityRecord<typeof drpRecruitEntity>;
export type DrpWithdrawRecord = EntityRecord<typeof drpWithdrawEntity>;
export type DrpBrokerageRecord = EntityRecord<typeof drpBrokerageRecordEntity>;

/** One row of 业绩 (GET /marketingDrp/drpPerformance/list?month=YYYY-MM). */
export interface DrpPerformanceRow {
  rank: number;
  distributorId: string;
  memberName: string;
  mobile: string | null;
  newReferrals: number;
  orderCount: number;
  orderAmount: string;
  settledBrokerage: string;
  pendingBrokerage: string;
  withdrawnPrice: string;
}

export const PERFORMANCE_API = '/marketingDrp/drpPerformance/list';
