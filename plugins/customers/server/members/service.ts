import { sql, type Kysely, type Transaction } from 'kysely';
import type { AddressSummary, BalanceBiz, CustomerSummary, ExperienceBiz, MemberPosting, MemberService, MemberShare, MemberRegistered, MemberShares, MemberSummary, PointBiz, ReferredMember } from '../../../../server/contracts/members';
import { businessError, formatShopTime, postInTransaction, type Database, type LedgerEntry } from '../../../../server/kit';
import { applyLevelByGrowth } from './levels';
import { BALANCE_BIZ, BALANCE_LEDGER, EXPERIENCE_BIZ, EXPERIENCE_LEDGER, POINT_BIZ, POINTS_LEDGER } from './ledgers';

/**
 * The customers plugin's `members` service (server/contracts/members.ts): other domains post to the
 * member's ledgers inside their own transaction, with the biz names mapped to this plugin's biz codes,
 * and read the customers and addresses they name.
 */

interface SummaryRow {
  id: string;
  member_no: string;
  member_name: string | null;
  mobile: string | null;
  level_id: string | null;
  referrer_id: string | null;
  discount_percent: number | null;
  point: number | null;
  balance: string | number | null;
  status: string | null;
}

async function openidOf(db: Kysely<Database>, tenantId: number, memberId: string): Promise<string | null> {
  const found = await sql<{ openid: string | null }>`select openid from cust_member where id = ${memberId} and tenant_id = ${tenantId}`.execute(db);
  return found.rows[0]?.openid ?? null;
}

async function summary(trx: Transaction<Database>, tenantId: number, memberId: string): Promise<MemberSummary | undefined> {
  const found = await sql<SummaryRow>`select m.id, m.member_no, m.member_name, m.mobile, m.level_id, m.referrer_id, l.discount_percent, m.point, m.balance::text as balance, m.status
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
    referrerId: row.referrer_id,
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

async function customer(db: Kysely<Database>, tenantId: number, customerId: string): Promise<CustomerSummary | undefined> {
  const found = await sql<{ id: string; name: string; tax_no: string | null; bank_name: string | null; bank_account: string | null; address: string | null; contact_name: string | null; contact_mobile: string | null }>`
    select id, name, tax_no, bank_name, bank_account, address, contact_name, contact_mobile from cust_customer where id = ${customerId} and tenant_id = ${tenantId}`.execute(db);
  const row = found.rows[0];
  if (row === undefined) return undefined;
  return {
    id: row.id,
    name: row.name,
    taxNo: row.tax_no ?? '',
    bankName: row.bank_name ?? '',
    bankAccount: row.bank_account ?? '',
    address: row.address ?? '',
    contactName: row.contact_name ?? '',
    contactMobile: row.contact_mobile ?? '',
  };
}

async function address(db: Kysely<Database>, tenantId: number, memberId: string, addressId: string): Promise<AddressSummary | undefined> {
  const found = await sql<{ name: string; mobile: string; area_id: string; detail_address: string }>`select name, mobile, area_id, detail_address from cust_address
    where id = ${addressId} and member_id = ${memberId} and tenant_id = ${tenantId}`.execute(db);
  const row = found.rows[0];
  return row === undefined ? undefined : { name: row.name, mobile: row.mobile, areaId: row.area_id, detailAddress: row.detail_address };
}

async function referralCounts(db: Kysely<Database>, tenantId: number, memberIds: readonly string[], range?: { begin: Date; end: Date }): Promise<Map<string, number>> {
  if (memberIds.length === 0) return new Map();
  const window = range === undefined ? sql`` : sql` and register_time >= ${range.begin} and register_time < ${range.end}`;
  const found = await sql<{ referrer_id: string; count: number }>`select referrer_id, count(*)::int as count from cust_member
    where tenant_id = ${tenantId} and referrer_id in (${sql.join([...memberIds])})${window} group by referrer_id`.execute(db);
  return new Map(found.rows.map((row) => [row.referrer_id, row.count]));
}

async function bindReferrer(trx: Transaction<Database>, tenantId: number, memberId: string, referrerId: string): Promise<boolean> {
  if (memberId === referrerId) return false;
  const bound = await sql<{ id: string }>`update cust_member set referrer_id = ${referrerId}
    where id = ${memberId} and tenant_id = ${tenantId} and referrer_id is null returning id`.execute(trx);
  return bound.rows.length > 0;
}

export const MSG_REFERRER_UNKNOWN = '上级会员不存在';
export const MSG_REFERRER_SELF = '不能把会员自己设为上级';
export const MSG_REFERRER_CYCLE = '不能把该会员推广的会员设为它的上级';

/** 修改/清除上级: the new referrer must exist in the tenant and must not sit below the member (no cycle). */
async function changeReferrer(trx: Transaction<Database>, tenantId: number, memberId: string, referrerId: string | null): Promise<void> {
  const member = await sql<{ id: string }>`select id from cust_member where id = ${memberId} and tenant_id = ${tenantId} for update`.execute(trx);
  if (member.rows.length === 0) throw businessError('会员不存在');
  if (referrerId !== null) {
    if (referrerId === memberId) throw businessError(MSG_REFERRER_SELF);
    const referrer = await sql<{ id: string }>`select id from cust_member where id = ${referrerId} and tenant_id = ${tenantId}`.execute(trx);
    if (referrer.rows.length === 0) throw businessError(MSG_REFERRER_UNKNOWN);
    // Walk up from the new referrer: meeting the member means the referrer is one of its own downline.
    const chain = await sql<{ found: boolean }>`with recursive up(id, referrer_id, depth) as (
        select id, referrer_id, 0 from cust_member where id = ${referrerId} and tenant_id = ${tenantId}
        union all select m.id, m.referrer_id, up.depth + 1 from cust_member m join up on m.id = up.referrer_id where m.tenant_id = ${tenantId} and up.depth < 1000)
      select exists (select 1 from up where id = ${memberId}) as found`.execute(trx);
    if (chain.rows[0]?.found === true) throw businessError(MSG_REFERRER_CYCLE);
  }
  await sql`update cust_member set referrer_id = ${referrerId} where id = ${memberId} and tenant_id = ${tenantId}`.execute(trx);
}

async function referrals(db: Kysely<Database>, tenantId: number, memberId: string, level: 1 | 2, page: { pageNo: number; pageSize: number }): Promise<{ records: ReferredMember[]; total: number }> {
  const referrers = level === 1 ? sql`(${memberId})` : sql`(select id from cust_member where tenant_id = ${tenantId} and referrer_id = ${memberId})`;
  const where = sql`tenant_id = ${tenantId} and referrer_id in ${referrers}`;
  const total = await sql<{ n: number }>`select count(*)::int as n from cust_member where ${where}`.execute(db);
  const rows = await sql<{ id: string; member_no: string; member_name: string | null; nickname: string | null; mobile: string | null; register_time: Date | null }>`select id, member_no, member_name,
      nickname, mobile, register_time from cust_member where ${where} order by register_time desc nulls last, id limit ${page.pageSize} offset ${(page.pageNo - 1) * page.pageSize}`.execute(db);
  return {
    total: total.rows[0]?.n ?? 0,
    records: rows.rows.map((row) => ({ id: row.id, memberNo: row.member_no, name: row.member_name ?? row.nickname ?? '', mobile: row.mobile, registerTime: row.register_time === null ? null : formatShopTime(row.register_time) })),
  };
}

/** Member counts by sex, register terminal and the province of the default address ('' = none). */
async function shares(db: Kysely<Database>, tenantId: number): Promise<MemberShares> {
  const found = await sql<{ dimension: string; key: string; count: number }>`with m as (
      select m.id, coalesce(m.sex, '') as sex, coalesce(m.register_terminal, '') as terminal,
        coalesce((select case when a.area_id ~ '^[0-9]{6}$' then substr(a.area_id, 1, 2) || '0000' else '' end
          from cust_address a where a.tenant_id = ${tenantId} and a.member_id = m.id and a.default_status limit 1), '') as province
      from cust_member m where m.tenant_id = ${tenantId})
    select 'sex' as dimension, sex as key, count(*)::int as count from m group by sex
    union all select 'terminal', terminal, count(*)::int from m group by terminal
    union all select 'province', province, count(*)::int from m group by province`.execute(db);
  const split = (dimension: string): MemberShare[] =>
    found.rows.filter((row) => row.dimension === dimension).map((row) => ({ key: row.key, count: row.count })).sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
  const bySex = split('sex');
  return { total: bySex.reduce((sum, share) => sum + share.count, 0), bySex, byTerminal: split('terminal'), byProvince: split('province') };
}

async function enabledMembers(db: Kysely<Database>, tenantId: number, limit: number): Promise<string[]> {
  const rows = await sql<{ id: string }>`select id from cust_member where tenant_id = ${tenantId} and status = '1' order by member_no limit ${limit}`.execute(db);
  return rows.rows.map((row) => row.id);
}

async function membersWithAddress(db: Kysely<Database>, tenantId: number, limit: number): Promise<Array<{ memberId: string; addressId: string }>> {
  const found = await sql<{ member_id: string; address_id: string }>`select distinct on (a.member_id) a.member_id, a.id as address_id
    from cust_address a join cust_member m on m.id = a.member_id and m.status = '1'
    where a.tenant_id = ${tenantId} order by a.member_id, a.id limit ${limit}`.execute(db);
  return found.rows.map((row) => ({ memberId: row.member_id, addressId: row.address_id }));
}

async function customerIds(db: Kysely<Database>, tenantId: number, limit: number): Promise<string[]> {
  const found = await sql<{ id: string }>`select id from cust_customer where tenant_id = ${tenantId} order by id limit ${limit}`.execute(db);
  return found.rows.map((row) => row.id);
}

export type RegisteredListener = Parameters<MemberService['onRegistered']>[0];

export function createMemberService(): MemberService & { registered(trx: Transaction<Database>, event: MemberRegistered): Promise<void> } {
  const listeners: RegisteredListener[] = [];
  return {
    onRegistered: (listener) => {
      listeners.push(listener);
    },
    /** Tells the listeners (in registration order) inside the registration's transaction. */
    registered: async (trx, event) => {
      for (const listener of listeners) await listener(trx, event);
    },
    shares,
    enabledMembers,
    membersWithAddress,
    customerIds,
    openidOf,
    summary,
    customer,
    address,
    referralCounts,
    bindReferrer,
    changeReferrer,
    referrals,
    postPoints: (trx, entry: MemberPosting<PointBiz>) => postInTransaction(trx, POINTS_LEDGER, entryOf(entry, POINT_BIZ[entry.biz])),
    postBalance: (trx, entry: MemberPosting<BalanceBiz>) => postInTransaction(trx, BALANCE_LEDGER, entryOf(entry, BALANCE_BIZ[entry.biz])),
    postExperience: async (trx, entry: MemberPosting<ExperienceBiz>) => {
      const posting = await postInTransaction(trx, EXPERIENCE_LEDGER, entryOf(entry, EXPERIENCE_BIZ[entry.biz]));
      await applyLevelByGrowth(trx, { memberId: entry.ownerId, tenantId: entry.tenantId, experience: posting.after.toNumber(), operator: entry.operator });
      return posting;
    },
  };
}
