import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { LedgerEntry, LedgerPosting } from '../ledger/ledger';

/**
 * The members' ledgers as other domains post to them (orders use and give points and growth, refunds
 * give them back, distribution pays commission into the balance), provided by the customers plugin
 * (`members`). Each posting runs in the caller's transaction under the member row's lock, obeys the
 * ledger's rules (never below zero; growth clamps and moves the level) and appends its row.
 */
export interface MemberSummary {
  id: string;
  memberNo: string;
  name: string;
  mobile: string | null;
  levelId: string | null;
  /** The member who invited this one (the invite code at first login), or null: distribution's upline. */
  referrerId: string | null;
  /** The member's level discount, percent (100 = none). */
  discountPercent: number;
  point: number;
  /** Yuan, exact. */
  balance: string;
  status: string;
}

/** Biz types of the order flows (the dictionaries member_point_biz_type, member_balance_biz_type, member_experience_biz_type). */
export type PointBiz = 'orderUse' | 'orderUseCancel' | 'orderUseRefund' | 'orderReward' | 'orderRewardCancel' | 'orderRewardRefund' | 'campaignReward' | 'campaignRewardRefund' | 'packet';
export type BalanceBiz = 'payment' | 'paymentRefund';
export type ExperienceBiz = 'order' | 'orderCancel' | 'orderRefund';

export type MemberPosting<B> = Omit<LedgerEntry, 'bizType'> & { biz: B };

/** A customer (客户: a company the shop sells to directly) as documents and procurement name it. */
export interface CustomerSummary {
  id: string;
  name: string;
  taxNo: string;
  bankName: string;
  bankAccount: string;
  address: string;
  contactName: string;
  contactMobile: string;
}

/** A member's delivery address. */
export interface AddressSummary {
  name: string;
  mobile: string;
  areaId: string;
  detailAddress: string;
}

/** One share of the members: a dictionary value (or province code), '' when the member has none. */
export interface MemberShare {
  key: string;
  count: number;
}

/** How the tenant's members split (the dashboard's 统计图表); every split sums to `total`. */
export interface MemberShares {
  total: number;
  /** By the `sex` dictionary value. */
  bySex: MemberShare[];
  /** By the register terminal (dictionary member_terminal). */
  byTerminal: MemberShare[];
  /** By the province (GB/T 2260 code xx0000) of the member's default address. */
  byProvince: MemberShare[];
}

/** A member as 推广人 lists show it. */
export interface ReferredMember {
  id: string;
  memberNo: string;
  name: string;
  mobile: string | null;
  registerTime: string | null;
}

/** A member that has just registered (its first login in the mini-program). */
export interface MemberRegistered {
  tenantId: number;
  memberId: string;
}

export interface MemberService {
  /**
   * Listens for members registering at their first login (营销's 新人券); a listener runs inside the
   * registration's transaction, so a listener that throws refuses the registration: catch what may fail.
   */
  onRegistered(listener: (trx: Transaction<Database>, event: MemberRegistered) => Promise<void>): void;
  /** Member counts by sex, register terminal and province of the default address (the dashboard's charts). */
  shares(db: Kysely<Database>, tenantId: number): Promise<MemberShares>;
  /** The ids of the shop's enabled members, in member-number order, at most `limit` (demo data of other plugins). */
  enabledMembers(db: Kysely<Database>, tenantId: number, limit: number): Promise<string[]>;
  /** Enabled members with an address, each with its first, at most `limit` (demo orders). */
  membersWithAddress(db: Kysely<Database>, tenantId: number, limit: number): Promise<Array<{ memberId: string; addressId: string }>>;
  /** The ids of the shop's customers, at most `limit` (demo procurement). */
  customerIds(db: Kysely<Database>, tenantId: number, limit: number): Promise<string[]>;
  /** The customer of this tenant, or undefined. */
  customer(db: Kysely<Database>, tenantId: number, customerId: string): Promise<CustomerSummary | undefined>;
  /** The member's own address, or undefined (unknown, another member's, another tenant's). */
  address(db: Kysely<Database>, tenantId: number, memberId: string, addressId: string): Promise<AddressSummary | undefined>;
  /** How many members each of these invited (registered within `range` when given: [begin, end)). */
  referralCounts(db: Kysely<Database>, tenantId: number, memberIds: readonly string[], range?: { begin: Date; end: Date }): Promise<Map<string, number>>;
  /** Binds a member's referrer as an invite code at first login does, only where none is set; whether it bound. */
  bindReferrer(trx: Transaction<Database>, tenantId: number, memberId: string, referrerId: string): Promise<boolean>;
  /**
   * Sets or clears (null) a member's referrer (分销's 修改/清除上级). Refused with a message when the
   * referrer is unknown, the member itself, or one of the members it referred, directly or not.
   */
  changeReferrer(trx: Transaction<Database>, tenantId: number, memberId: string, referrerId: string | null): Promise<void>;
  /** The members this member referred (level 1) or its referred members referred (level 2), newest first. */
  referrals(db: Kysely<Database>, tenantId: number, memberId: string, level: 1 | 2, page: { pageNo: number; pageSize: number }): Promise<{ records: ReferredMember[]; total: number }>;
  /** The member's WeChat mini-program openid (a WeChat Pay payment names its payer by it), null when it never signed in with WeChat. */
  openidOf(db: Kysely<Database>, tenantId: number, memberId: string): Promise<string | null>;
  /** The member as an order needs it, or undefined when unknown (or another tenant's). */
  summary(trx: Transaction<Database>, tenantId: number, memberId: string): Promise<MemberSummary | undefined>;
  postPoints(trx: Transaction<Database>, entry: MemberPosting<PointBiz>): Promise<LedgerPosting>;
  postBalance(trx: Transaction<Database>, entry: MemberPosting<BalanceBiz>): Promise<LedgerPosting>;
  /** Growth, with the level following it. */
  postExperience(trx: Transaction<Database>, entry: MemberPosting<ExperienceBiz>): Promise<LedgerPosting>;
}

declare module '../plugin-services' {
  interface ServiceMap {
    members: MemberService;
  }
}
