import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { API } from '../../src/contracts/api-paths';
import { buildLoginResult } from '../auth/login-result';
import { newSmsCode, hashCode } from '../auth/one-time-codes';
import { burnPasswordCheck, verifyPassword } from '../auth/password';
import type { AppContext } from '../context';
import { newId } from '../db/ids';
import { readToken } from '../http/access';
import { businessError, ok, tooManyRequests } from '../http/envelope';
import { findActiveUserByPhone, findUserByUsername } from '../services/users';

export const MSG_LOGIN_FAILED = '用户名或密码错误';
export const MSG_PHONE_LOGIN_FAILED = '手机号或验证码错误';
export const MSG_TOO_MANY_LOGINS = '登录失败次数过多，请稍后再试';
export const MSG_SMS_SENT = '验证码已发送';
export const MSG_SMS_TOO_OFTEN = '验证码发送过于频繁，请稍后再试';
export const MSG_LOGIN_OK = '登录成功';
export const MSG_LOGOUT_OK = '退出登录成功';

const SMS_CODE_TTL_MS = 5 * 60_000;
// A 6-digit code must not be guessable by many tries spread over many addresses.
const SMS_MAX_ATTEMPTS = 5;

const mobileSchema = { type: 'string', pattern: '^\\+?[0-9]{5,20}$' } as const;

interface LoginBody {
  username: string;
  password: string;
}
interface SmsBody {
  mobile: string;
}
interface PhoneLoginBody {
  mobile: string;
  captcha: string;
}

function sameHex(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, tokens, dictionaries, loginLimiter } = ctx;

  app.post<{ Body: LoginBody }>(
    API.login,
    {
      config: { access: 'public' },
      schema: {
        body: {
          type: 'object',
          required: ['username', 'password'],
          properties: { username: { type: 'string', minLength: 1, maxLength: 100 }, password: { type: 'string', maxLength: 200 } },
        },
      },
    },
    async (request) => {
      const username = request.body.username.trim();
      const { password } = request.body;
      if (loginLimiter.isBlocked(request.ip, username)) throw tooManyRequests(MSG_TOO_MANY_LOGINS);

      const user = await findUserByUsername(db, username);
      let valid = false;
      if (user === undefined) await burnPasswordCheck(password);
      else valid = await verifyPassword(password, user.password);
      // Unknown, wrong password, frozen: one answer, so the response says nothing about the account.
      if (user === undefined || !valid || user.status !== 1) {
        loginLimiter.recordFailure(request.ip, username);
        throw businessError(MSG_LOGIN_FAILED);
      }
      loginLimiter.recordSuccess(request.ip, username);
      return ok(await buildLoginResult(db, tokens, dictionaries, user), MSG_LOGIN_OK);
    },
  );

  app.post<{ Body: SmsBody }>(
    API.sms,
    {
      config: { access: 'public' },
      schema: { body: { type: 'object', required: ['mobile'], properties: { mobile: mobileSchema } } },
    },
    async (request) => {
      const { mobile } = request.body;
      // The cooldown applies to every number alike, so it does not reveal which numbers are users.
      if (!ctx.smsCooldown.tryTake(mobile)) throw tooManyRequests(MSG_SMS_TOO_OFTEN);
      const user = await findActiveUserByPhone(db, mobile);
      if (user !== undefined) {
        const code = newSmsCode();
        await db.transaction().execute(async (trx) => {
          await trx.updateTable('sms_codes').set({ used: true }).where('mobile', '=', mobile).where('used', '=', false).execute();
          await trx
            .insertInto('sms_codes')
            .values({
              id: newId(),
              mobile,
              code_hash: hashCode(ctx.codeSecret, 'sms', `${mobile}:${code}`),
              expires_at: new Date(Date.now() + SMS_CODE_TTL_MS),
            })
            .execute();
        });
        // SMS_MODE=log (demo): the operator reads the code from the server log.
        request.log.info(`SMS code for ${mobile}: ${code}`);
      }
      return ok(null, MSG_SMS_SENT);
    },
  );

  app.post<{ Body: PhoneLoginBody }>(
    API.phoneLogin,
    {
      config: { access: 'public' },
      schema: {
        body: {
          type: 'object',
          required: ['mobile', 'captcha'],
          properties: { mobile: mobileSchema, captcha: { type: 'string', maxLength: 32 } },
        },
      },
    },
    async (request) => {
      const { mobile, captcha } = request.body;
      const account = `sms:${mobile}`;
      if (loginLimiter.isBlocked(request.ip, account)) throw tooManyRequests(MSG_TOO_MANY_LOGINS);

      const user = await findActiveUserByPhone(db, mobile);
      const pending = await db
        .selectFrom('sms_codes')
        .select(['id', 'code_hash'])
        .where('mobile', '=', mobile)
        .where('used', '=', false)
        .where('attempts', '<', SMS_MAX_ATTEMPTS)
        .where('expires_at', '>', new Date())
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
      const matches = pending !== undefined && sameHex(pending.code_hash, hashCode(ctx.codeSecret, 'sms', `${mobile}:${captcha.trim()}`));
      // Single use: only the request that flips `used` wins, even when two race.
      const consumed =
        matches && user !== undefined
          ? await db.updateTable('sms_codes').set({ used: true }).where('id', '=', pending.id).where('used', '=', false).returning('id').executeTakeFirst()
          : undefined;
      if (user === undefined || consumed === undefined) {
        if (pending !== undefined && !matches) {
          await db.updateTable('sms_codes').set((eb) => ({ attempts: eb('attempts', '+', 1) })).where('id', '=', pending.id).execute();
        }
        loginLimiter.recordFailure(request.ip, account);
        throw businessError(MSG_PHONE_LOGIN_FAILED);
      }
      loginLimiter.recordSuccess(request.ip, account);
      return ok(await buildLoginResult(db, tokens, dictionaries, user), MSG_LOGIN_OK);
    },
  );

  app.post(API.logout, { config: { access: 'public' } }, async (request) => {
    // Logout always completes for the client; a valid token's session is revoked on the way.
    const token = readToken(request);
    if (token !== null) await tokens.revoke(token);
    return ok(null, MSG_LOGOUT_OK);
  });
}
