import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { API } from '../../src/contracts/api-paths';
import {
  isAcceptablePassword,
  MOBILE_PATTERN,
  RESET_TICKET_PATTERN,
  SMS_MODE,
  SMS_MODES,
  USERNAME_PATTERN,
  type RegisterRequest,
  type ResetPasswordRequest,
} from '../../src/contracts/account';
import { LoginLimiter } from '../auth/login-limiter';
import { hashCode, newTicket } from '../auth/one-time-codes';
import { hashPassword } from '../auth/password';
import { issueSmsCode, redeemSmsCode, type SmsPurpose } from '../auth/sms-codes';
import type { AppContext } from '../context';
import { newId } from '../db/ids';
import { businessError, ok, tooManyRequests } from '../http/envelope';
import { findUserIdByPhone, isUsernameTaken } from '../services/accounts';
import { findActiveUserByPhone } from '../services/users';
import { body, Line, Mobile } from '../http/schemas';

export const MSG_SMS_SENT = '验证码已发送';
export const MSG_SMS_TOO_OFTEN = '验证码发送过于频繁，请稍后再试';
export const MSG_USERNAME_INVALID = '用户名须为 3-32 位字母、数字或下划线';
export const MSG_PASSWORD_WEAK = '密码须为 8-64 位，且同时包含字母和数字';
export const MSG_PASSWORD_MISMATCH = '两次输入的密码不一样！';
export const MSG_MOBILE_INVALID = '请输入正确的手机号';
export const MSG_USERNAME_TAKEN = '用户名已存在';
export const MSG_PHONE_TAKEN = '该手机号已注册';
export const MSG_CODE_INVALID = '手机号或验证码错误';
export const MSG_TOO_MANY_ATTEMPTS = '操作过于频繁，请稍后再试';
export const MSG_REGISTER_OK = '注册成功';
export const MSG_RESET_TICKET_INVALID = '重置凭证无效或已过期，请重新验证手机号';
export const MSG_CODE_VERIFIED = '验证成功';
export const MSG_PASSWORD_RESET = '密码重置成功';

const RESET_TICKET_TTL_MS = 10 * 60_000;

const PURPOSE_OF_MODE: Record<string, SmsPurpose> = {
  [SMS_MODE.login]: 'login',
  [SMS_MODE.register]: 'register',
  [SMS_MODE.forget]: 'forget',
};

interface SmsBody {
  mobile: string;
  smsmode?: string;
}

/**
 * Self-service accounts: SMS codes for each purpose, registration (the new account waits, frozen and
 * without roles, for an administrator) and password recovery through a one-time reset ticket.
 */
export function registerAccountRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  // Its own budget: registrations and code checks must not use up the addresses' login budget.
  const limiter = new LoginLimiter(db, 'account');

  /** Whether a code of this purpose goes out to this number. */
  async function mayReceive(purpose: SmsPurpose, mobile: string): Promise<boolean> {
    if (purpose === 'login') return (await findActiveUserByPhone(db, mobile)) !== undefined;
    const holder = await findUserIdByPhone(db, mobile);
    return purpose === 'register' ? holder === undefined : holder !== undefined;
  }

  app.post<{ Body: SmsBody }>(
    API.sms,
    {
      config: { access: 'public' },
      schema: {
        body: body({ mobile: Mobile, smsmode: Type.Optional(Type.Union(SMS_MODES.map((mode) => Type.Literal(mode)))) }),
      },
    },
    async (request) => {
      const { mobile } = request.body;
      const purpose = PURPOSE_OF_MODE[request.body.smsmode ?? SMS_MODE.login] ?? 'login';
      // The cooldown applies to every number alike, so it does not reveal which numbers are users.
      // It is kept per purpose so a new account can recover its password at once; a number still
      // gets at most two messages a minute, as register codes only reach numbers no account holds.
      if (!(await ctx.smsCooldown.tryTake(`${purpose}:${mobile}`))) throw tooManyRequests(MSG_SMS_TOO_OFTEN);
      const code = await issueSmsCode(db, ctx.codeSecret, mobile, purpose, await mayReceive(purpose, mobile));
      // SMS_MODE=log writes the code to the server log; a provider's refusal throws SmsFailure (answered 短信发送失败).
      // A code that was not delivered must not stay redeemable: a decoy issued in its place voids it (issueSmsCode
      // voids the earlier codes of the purpose). The cooldown stays taken: the provider may have delivered despite
      // a timeout, and a failing provider is not asked again by every click; the user retries after the minute.
      if (code !== null) {
        await ctx.sms.send(mobile, code, request.log).catch(async (failure: unknown) => {
          await issueSmsCode(db, ctx.codeSecret, mobile, purpose, false);
          throw failure;
        });
      }
      return ok(null, MSG_SMS_SENT);
    },
  );

  app.post<{ Body: RegisterRequest }>(
    API.register,
    {
      config: { access: 'public' },
      schema: {
        body: body({ username: Line(100), password: Line(200), phone: Line(32), smscode: Line(32) }),
      },
    },
    async (request) => {
      const username = request.body.username.trim();
      const phone = request.body.phone.trim();
      const { password, smscode } = request.body;
      if (!USERNAME_PATTERN.test(username)) throw businessError(MSG_USERNAME_INVALID);
      if (!isAcceptablePassword(password)) throw businessError(MSG_PASSWORD_WEAK);
      if (!MOBILE_PATTERN.test(phone)) throw businessError(MSG_MOBILE_INVALID);

      // Every attempt counts: account creation is rate limited per address, not only failures.
      if (await limiter.isBlocked(request.ip, 'register')) throw tooManyRequests(MSG_TOO_MANY_ATTEMPTS);
      await limiter.recordFailure(request.ip, 'register');

      // Checked before the code, so a taken name does not cost the user a code.
      if (await isUsernameTaken(db, username)) throw businessError(MSG_USERNAME_TAKEN);
      if (!(await redeemSmsCode(db, ctx.codeSecret, { mobile: phone, purpose: 'register', code: smscode, consume: true }))) {
        throw businessError(MSG_CODE_INVALID);
      }
      // Register codes only go to free numbers; this catches a number taken since the code was sent.
      if ((await findUserIdByPhone(db, phone)) !== undefined) throw businessError(MSG_PHONE_TAKEN);

      const passwordHash = await hashPassword(password);
      // Frozen (2) with no role: an administrator must approve the account before it can log in.
      const inserted = await db
        .insertInto('users')
        .values({ id: newId(), username, realname: username, password: passwordHash, phone, status: 2, create_by: null })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      if (inserted === undefined) {
        // Lost a race for the name or the number to a concurrent registration.
        throw businessError((await isUsernameTaken(db, username)) ? MSG_USERNAME_TAKEN : MSG_PHONE_TAKEN);
      }
      request.log.info(`Account registered, awaiting approval: ${username}`);
      return ok({ username }, MSG_REGISTER_OK);
    },
  );

  app.post<{ Body: { phone: string; smscode: string } }>(
    API.forgePasswordCheck,
    {
      config: { access: 'public' },
      schema: {
        body: body({ phone: Line(32), smscode: Line(32) }),
      },
    },
    async (request) => {
      const phone = request.body.phone.trim();
      const account = `forget:${phone}`;
      if (await limiter.isBlocked(request.ip, account)) throw tooManyRequests(MSG_TOO_MANY_ATTEMPTS);
      const userId = MOBILE_PATTERN.test(phone) ? await findUserIdByPhone(db, phone) : undefined;
      const redeemed = await redeemSmsCode(db, ctx.codeSecret, {
        mobile: phone,
        purpose: 'forget',
        code: request.body.smscode,
        consume: userId !== undefined,
      });
      if (userId === undefined || !redeemed) {
        await limiter.recordFailure(request.ip, account);
        throw businessError(MSG_CODE_INVALID);
      }
      await limiter.recordSuccess(request.ip, account);
      const ticket = newTicket();
      await db.transaction().execute(async (trx) => {
        // One live ticket per user: the latest verification wins.
        await trx.updateTable('password_reset_tickets').set({ used: true }).where('user_id', '=', userId).where('used', '=', false).execute();
        await trx
          .insertInto('password_reset_tickets')
          .values({
            id: newId(),
            ticket_hash: hashCode(ctx.codeSecret, 'reset', ticket),
            user_id: userId,
            expires_at: new Date(Date.now() + RESET_TICKET_TTL_MS),
          })
          .execute();
      });
      return ok({ ticket }, MSG_CODE_VERIFIED);
    },
  );

  app.post<{ Body: ResetPasswordRequest }>(
    API.forgePassword,
    {
      config: { access: 'public' },
      schema: {
        body: body({ ticket: Line(64), password: Line(200), confirmpassword: Line(200) }),
      },
    },
    async (request) => {
      const { ticket, password, confirmpassword } = request.body;
      if (password !== confirmpassword) throw businessError(MSG_PASSWORD_MISMATCH);
      if (!isAcceptablePassword(password)) throw businessError(MSG_PASSWORD_WEAK);
      if (!RESET_TICKET_PATTERN.test(ticket)) throw businessError(MSG_RESET_TICKET_INVALID);
      const passwordHash = await hashPassword(password);
      const reset = await db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('password_reset_tickets')
          .set({ used: true })
          .where('ticket_hash', '=', hashCode(ctx.codeSecret, 'reset', ticket))
          .where('used', '=', false)
          .where('expires_at', '>', new Date())
          .returning('user_id')
          .executeTakeFirst();
        if (row === undefined) return false;
        const user = await trx
          .updateTable('users')
          .set({ password: passwordHash, update_time: new Date() })
          .where('id', '=', row.user_id)
          .where('del_flag', '=', 0)
          .returning('id')
          .executeTakeFirst();
        if (user === undefined) return false;
        // Whoever held the old password must not keep a session with it.
        await trx.updateTable('sessions').set({ revoked: true }).where('user_id', '=', row.user_id).execute();
        return true;
      });
      if (!reset) throw businessError(MSG_RESET_TICKET_INVALID);
      return ok(null, MSG_PASSWORD_RESET);
    },
  );
}
