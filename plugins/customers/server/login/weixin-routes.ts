import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { Type } from 'typebox';
import { appShop, body, businessError, inTransaction, isUniqueViolation, Line, MSG_TOO_MANY_LOGINS, query, readTenant, tooManyRequests, type AppContext, type Database } from '../../../../server/kit';
import { API } from '../../../../src/contracts/api-paths';
import { MSG_BAD_INVITE, memberLoginAnswer, type Registered } from './member-login';
import { findMember, MOBILE, MSG_BAD_PHONE, registerMember, TERMINAL_MINI_PROGRAM } from '../members/registration';
import { createMemberTokens } from './tokens';

/**
 * `POST /app/auth/weixinLogin {code, phoneCode?, inviteCode?}` (docs/business-api.md "Channels"): a member session from
 * the mini-program's login code. The code gives the WeChat user's openid; the member of this shop holding it logs in.
 * A new openid with a phoneCode binds to the member holding that phone (the one an SMS login with it reaches), and
 * without one a member is registered. The answer is the SMS login's, `{token, member}`.
 */

export const MSG_WEIXIN_NOT_CONFIGURED = '微信登录未配置';
export const MSG_WEIXIN_CODE_INVALID = '微信登录凭证无效或已使用，请重新登录';
export const MSG_WEIXIN_TOO_FREQUENT = '微信登录过于频繁，请稍后再试';
export const MSG_WEIXIN_RISKY_USER = '该微信账号存在安全风险，暂时无法登录';
export const MSG_WEIXIN_TIMEOUT = '微信服务响应超时，请稍后重试';
export const MSG_WEIXIN_FAILED = '微信登录失败，请稍后重试';
export const MSG_PHONE_CODE_INVALID = '手机号授权已失效，请重新授权';
export const MSG_PHONE_NOT_MAINLAND = '仅支持中国大陆手机号';
export const MSG_PHONE_TAKEN = '该手机号已绑定其他会员';
export const MSG_PHONE_OTHER_WEIXIN = '该手机号已绑定其他微信账号';

/** WeChat's own name for a user who has not chosen one; a member registered without a phone starts with it. */
const WEIXIN_NICKNAME = '微信用户';
/** 40029 invalid code, 40163 code been used: the user's code, not our configuration. */
const CODE_REFUSED = new Set([40029, 40163]);
const QUOTA_REACHED = 45011;
const RISKY_USER = 40226;
const MAINLAND = '86';

type Wechat = NonNullable<AppContext['wechat']>;

interface WeixinLoginBody {
  code: string;
  phoneCode?: string;
  inviteCode?: string;
}

/** What a failed WeChat call tells the member; `counts` when it is a bad code (the login limiter's business). */
function refusalOf(wechat: Wechat, error: unknown, phone: boolean): { error: unknown; counts: boolean } {
  if (!wechat.isFailure(error)) return { error, counts: false };
  if (error.kind === 'timeout') return { error: businessError(MSG_WEIXIN_TIMEOUT), counts: false };
  if (error.kind === 'api' && error.errcode !== null) {
    if (CODE_REFUSED.has(error.errcode)) return { error: businessError(phone ? MSG_PHONE_CODE_INVALID : MSG_WEIXIN_CODE_INVALID), counts: true };
    if (error.errcode === QUOTA_REACHED) return { error: businessError(MSG_WEIXIN_TOO_FREQUENT), counts: false };
    if (error.errcode === RISKY_USER) return { error: businessError(MSG_WEIXIN_RISKY_USER), counts: false };
  }
  return { error: businessError(MSG_WEIXIN_FAILED), counts: false };
}

type MemberDb = ReturnType<typeof memberTable>;
const memberTable = (db: Kysely<Database>) =>
  db.withTables<{ cust_member: { id: string; tenant_id: number; mobile: string | null; openid: string | null; unionid: string | null; status: string | null } }>();

/** A member number for a member without a phone (one with a phone is `A` and the number, as SMS login makes it). */
function weixinMemberNo(): string {
  return `W${String(randomInt(1e6)).padStart(6, '0')}${String(randomInt(1e6)).padStart(6, '0')}`;
}

export function registerWeixinLoginRoutes(api: FastifyInstance, ctx: AppContext, registered: Registered): void {
  const { db } = ctx;
  const tokens = createMemberTokens(db, ctx.codeSecret);
  const members = memberTable(db);

  /** Gives the member the authorised phone, unless another member of the shop holds it. */
  async function bindPhone(table: MemberDb, tenantId: number, memberId: string, mobile: string): Promise<void> {
    const holder = await table.selectFrom('cust_member').select('id').where('tenant_id', '=', tenantId).where('mobile', '=', mobile).executeTakeFirst();
    if (holder !== undefined) {
      if (holder.id !== memberId) throw businessError(MSG_PHONE_TAKEN);
      return;
    }
    await table.updateTable('cust_member').set({ mobile }).where('id', '=', memberId).where('tenant_id', '=', tenantId).execute();
  }

  /**
   * The member id this WeChat user logs in as: by openid; else by the authorised phone (binding the openid); else a
   * new member. A concurrent login of the same user (or an SMS registration of the same phone) may win a unique
   * index in between: the caller then resolves again and finds what the other one made.
   */
  async function resolve(tenantId: number, login: { openid: string; unionid: string | null }, mobile: string | null, referrerId: string | null): Promise<string> {
    const byOpenid = await members.selectFrom('cust_member').select(['id', 'status', 'unionid']).where('tenant_id', '=', tenantId).where('openid', '=', login.openid).executeTakeFirst();
    if (byOpenid !== undefined) {
      // A disabled member is refused before anything of theirs changes (memberLoginAnswer refuses it too).
      if (byOpenid.status === '0') return byOpenid.id;
      if (mobile !== null) await bindPhone(members, tenantId, byOpenid.id, mobile);
      if (login.unionid !== null && byOpenid.unionid === null) {
        await members.updateTable('cust_member').set({ unionid: login.unionid }).where('id', '=', byOpenid.id).where('unionid', 'is', null).execute();
      }
      return byOpenid.id;
    }
    if (mobile !== null) {
      const byMobile = await members.selectFrom('cust_member').select(['id', 'openid', 'status']).where('tenant_id', '=', tenantId).where('mobile', '=', mobile).executeTakeFirst();
      if (byMobile !== undefined) {
        if (byMobile.status === '0') return byMobile.id;
        // One WeChat user per member: a phone already bound to another WeChat user is never taken over.
        if (byMobile.openid !== null && byMobile.openid !== login.openid) throw businessError(MSG_PHONE_OTHER_WEIXIN);
        const bound = await sql`update cust_member set openid = ${login.openid}, unionid = coalesce(unionid, ${login.unionid})
          where id = ${byMobile.id} and tenant_id = ${tenantId} and (openid is null or openid = ${login.openid})`.execute(db);
        if (Number(bound.numAffectedRows ?? 0) === 0) throw businessError(MSG_PHONE_OTHER_WEIXIN);
        return byMobile.id;
      }
    }
    // cust_member.mobile may be null (only its unique index per shop applies to numbers that are there) and the
    // business API makes the phone optional, so a WeChat user who does not authorise it still becomes a member; a
    // phone authorised at a later login is then bound to that member.
    return inTransaction(db, async (trx) => {
      const id = await registerMember(trx, {
        tenantId,
        mobile,
        ...(mobile === null ? { memberNo: weixinMemberNo(), nickname: WEIXIN_NICKNAME } : {}),
        terminal: TERMINAL_MINI_PROGRAM,
        referrerId,
        operator: null,
      });
      await sql`update cust_member set openid = ${login.openid}, unionid = ${login.unionid} where id = ${id}`.execute(trx);
      // Others (营销's 新人券) hear of the registration in its transaction, as after an SMS registration.
      await registered(trx, { tenantId, memberId: id });
      return id;
    });
  }

  api.post<{ Body: WeixinLoginBody }>(
    API.appWeixinLogin,
    {
      config: { access: 'public' },
      schema: { querystring: query({}), body: body({ code: Line(128, 1), phoneCode: Type.Optional(Line(128, 1)), inviteCode: Type.Optional(Line(32)) }) },
    },
    async (request) => {
      const wechat = ctx.wechat;
      if (wechat === null) throw businessError(MSG_WEIXIN_NOT_CONFIGURED);
      const tenantId = await appShop(db, readTenant(request));
      // One budget per address and shop, as SMS login's per number: bad codes are what it counts.
      const account = `member-weixin:${tenantId}`;
      if (await ctx.loginLimiter.isBlocked(request.ip, account)) throw tooManyRequests(MSG_TOO_MANY_LOGINS);
      // The invite code is checked before any code is spent: a refused login leaves the user's codes unused.
      const inviteCode = request.body.inviteCode?.trim() ?? '';
      const referrer = inviteCode === '' ? null : await findMember(db, tenantId, { memberNo: inviteCode });
      if (inviteCode !== '' && referrer === null) throw businessError(MSG_BAD_INVITE);

      const refuse = async (error: unknown, phone: boolean): Promise<never> => {
        const refusal = refusalOf(wechat, error, phone);
        if (refusal.counts) await ctx.loginLimiter.recordFailure(request.ip, account);
        throw refusal.error;
      };
      const login = await wechat.code2Session(request.body.code.trim()).catch((error: unknown) => refuse(error, false));
      let mobile: string | null = null;
      const phoneCode = request.body.phoneCode?.trim() ?? '';
      if (phoneCode !== '') {
        const phone = await wechat.phoneNumber(phoneCode, login.openid).catch((error: unknown) => refuse(error, true));
        // Members' mobiles are mainland numbers (the SMS login's rule, members/registration.ts MOBILE).
        if (phone.countryCode !== MAINLAND) throw businessError(MSG_PHONE_NOT_MAINLAND);
        if (!MOBILE.test(phone.purePhoneNumber)) throw businessError(MSG_BAD_PHONE);
        mobile = phone.purePhoneNumber;
      }
      await ctx.loginLimiter.recordSuccess(request.ip, account);

      let memberId: string;
      try {
        memberId = await resolve(tenantId, login, mobile, referrer?.id ?? null);
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        try {
          memberId = await resolve(tenantId, login, mobile, referrer?.id ?? null);
        } catch (again) {
          // Still taken: the phone went to another member between our reads (the openid's race resolves above).
          if (isUniqueViolation(again)) throw businessError(MSG_PHONE_TAKEN);
          throw again;
        }
      }
      const member = await findMember(db, tenantId, { id: memberId });
      if (member === null) throw businessError(MSG_WEIXIN_FAILED);
      return memberLoginAnswer(db, tokens, tenantId, member);
    },
  );
}
