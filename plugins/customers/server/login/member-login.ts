import type { Kysely, Transaction } from 'kysely';
import { businessError, MSG_LOGIN_OK, ok, type Database } from '../../../../server/kit';
import type { MemberRegistered } from '../../../../server/contracts/members';
import type { MemberTokens } from './tokens';
import type { MemberView } from '../members/registration';

/** A member's login, the same whether by SMS (app-routes.ts) or by WeChat (login/weixin-routes.ts). */

export const MSG_MEMBER_DISABLED = '账号已被停用';
export const MSG_BAD_INVITE = '邀请码无效';

/**
 * What a member login answers, by SMS or by WeChat (login/weixin-routes.ts): a disabled member is refused; otherwise
 * the login is stamped and `{token, member}` answered with a new member session.
 */
export async function memberLoginAnswer(db: Kysely<Database>, tokens: MemberTokens, tenantId: number, member: MemberView & { status: string | null }) {
  if (member.status === '0') throw businessError(MSG_MEMBER_DISABLED);
  await db.withTables<{ cust_member: { id: string; login_date: Date | null } }>().updateTable('cust_member').set({ login_date: new Date() }).where('id', '=', member.id).execute();
  const { status: _status, ...shown } = member;
  return ok({ token: await tokens.issue({ id: member.id, tenantId }), member: shown }, MSG_LOGIN_OK);
}

/** Tells the members contract's listeners of a registration, inside its transaction. */
export type Registered = (trx: Transaction<Database>, event: MemberRegistered) => Promise<void>;

