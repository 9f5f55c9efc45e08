import { sql, type Kysely } from 'kysely';
import { moneyOnWire, newId, type Database } from '../../../../server/kit';
import { levelForGrowth } from './levels';

/** Members as the mini-program sees them, and registration on the first login. */

/** Mainland mobile numbers: 11 digits, starting 1, second digit 3 to 9 (docs/spec.md §5 mobile preset). */
export { MOBILE_PATTERN as MOBILE } from '../../../../src/contracts/account';
export const MSG_BAD_PHONE = '手机号码格式不正确';
export const TERMINAL_MINI_PROGRAM = '10';
export const TERMINAL_BACK_OFFICE = '0';

export interface MemberView {
  id: string;
  memberNo: string;
  nickname: string | null;
  avatar: string | null;
  mobile: string | null;
  point: number;
  /** Yuan, two decimals at most. */
  balance: number;
  experience: number;
  levelId: string | null;
  levelName: string | null;
  referrerId: string | null;
}

interface MemberViewRow {
  id: string;
  member_no: string;
  nickname: string | null;
  avatar: string | null;
  mobile: string | null;
  point: number;
  balance: string;
  experience: number;
  level_id: string | null;
  level_name: string | null;
  referrer_id: string | null;
  status: string | null;
}

export { moneyOnWire };

export async function findMember(db: Kysely<Database>, tenantId: number, where: { id: string } | { mobile: string } | { memberNo: string }): Promise<(MemberView & { status: string | null }) | null> {
  const condition = 'id' in where ? sql`m.id = ${where.id}` : 'mobile' in where ? sql`m.mobile = ${where.mobile}` : sql`m.member_no = ${where.memberNo}`;
  const rows = await sql<MemberViewRow>`select m.id, m.member_no, m.nickname, m.avatar, m.mobile, m.point, m.balance, m.experience, m.level_id,
      l.name as level_name, m.referrer_id, m.status
    from cust_member m left join cust_level l on l.id = m.level_id where m.tenant_id = ${tenantId} and ${condition}`.execute(db);
  const row = rows.rows[0];
  if (row === undefined) return null;
  return {
    id: row.id,
    memberNo: row.member_no,
    nickname: row.nickname,
    avatar: row.avatar,
    mobile: row.mobile,
    point: row.point,
    balance: moneyOnWire(row.balance),
    experience: row.experience,
    levelId: row.level_id,
    levelName: row.level_name,
    referrerId: row.referrer_id,
    status: row.status,
  };
}

export interface NewMember {
  tenantId: number;
  /** Null for a member registered by WeChat login without a phone: then `memberNo` and `nickname` must be given. */
  mobile: string | null;
  memberNo?: string;
  memberName?: string;
  nickname?: string;
  sex?: string | null;
  birthday?: string | null;
  groupId?: string | null;
  referrerId?: string | null;
  terminal: string;
  /** '1' enabled (default), '0' disabled. */
  status?: string;
  registerTime?: Date;
  operator: string | null;
}

/** Creates members with zero totals at the entry level; totals then move only through the ledgers. */
export async function registerMembers(db: Kysely<Database>, inputs: readonly NewMember[]): Promise<string[]> {
  if (inputs.length === 0) return [];
  const level = await levelForGrowth(db, 0);
  const ids = inputs.map(() => newId());
  const rows = inputs.map((input, index) => {
    if (input.mobile === null && (input.memberNo === undefined || input.nickname === undefined)) throw new Error('a member without a mobile needs a memberNo and a nickname');
    const shownName = input.nickname ?? `用户${(input.mobile ?? '').slice(-4)}`;
    const registered = input.registerTime ?? new Date();
    return sql`(${ids[index]}, ${input.memberNo ?? `A${input.mobile}`}, ${input.memberName ?? shownName}, ${shownName}, ${input.mobile}, ${input.sex ?? null},
      ${input.birthday ?? null}::date, ${level?.id ?? null}, ${input.groupId ?? null}, 0, 0, 0, ${input.status ?? '1'}, ${registered}, ${input.terminal},
      ${input.referrerId ?? null}, ${input.operator}, ${registered}, ${input.tenantId})`;
  });
  await sql`insert into cust_member (id, member_no, member_name, nickname, mobile, sex, birthday, level_id, group_id, point, balance, experience,
      status, register_time, register_terminal, referrer_id, create_by, create_time, tenant_id) values ${sql.join(rows)}`.execute(db);
  return ids;
}

export async function registerMember(db: Kysely<Database>, input: NewMember): Promise<string> {
  const [id] = await registerMembers(db, [input]);
  if (id === undefined) throw new Error('registerMembers returned no id');
  return id;
}
