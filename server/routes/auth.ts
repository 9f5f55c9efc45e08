import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API } from '../../src/contracts/api-paths';
import { buildLoginResult } from '../auth/login-result';
import { burnPasswordCheck, verifyPassword } from '../auth/password';
import { redeemSmsCode } from '../auth/sms-codes';
import type { AppContext } from '../context';
import { readToken } from '../http/access';
import { businessError, ok, tooManyRequests, unauthorized } from '../http/envelope';
import { body, Line, Mobile, NO_INPUT, Username } from '../http/schemas';
import { leaveOutOfLog } from '../logs/request-logging';
import { findActiveUserById, findActiveUserByPhone, findUserByUsername, toUserInfo } from '../services/users';

export const MSG_LOGIN_FAILED = '用户名或密码错误';
export const MSG_PHONE_LOGIN_FAILED = '手机号或验证码错误';
export const MSG_TOO_MANY_LOGINS = '登录失败次数过多，请稍后再试';
export const MSG_LOGIN_OK = '登录成功';
export const MSG_LOGOUT_OK = '退出登录成功';


interface LoginBody {
  username: string;
  password: string;
}
interface PhoneLoginBody {
  mobile: string;
  captcha: string;
}

export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, tokens, dictionaries, loginLimiter } = ctx;

  /** 429 for a blocked login; only the first refusal from an address in a window reaches the login log. */
  const refuseBlocked = async (request: FastifyRequest): Promise<never> => {
    if (!(await loginLimiter.firstRefusal(request.ip))) leaveOutOfLog(request);
    throw tooManyRequests(MSG_TOO_MANY_LOGINS);
  };

  app.post<{ Body: LoginBody }>(
    API.login,
    {
      config: { access: 'public' },
      schema: {
        // Refused here, before the limiter and the database: a NUL byte or a megabyte of name.
        body: body({ username: Username, password: Line(200) }),
      },
    },
    async (request) => {
      const username = request.body.username.trim();
      const { password } = request.body;
      if (await loginLimiter.isBlocked(request.ip, username)) await refuseBlocked(request);

      const user = await findUserByUsername(db, username);
      let valid = false;
      if (user === undefined) await burnPasswordCheck(password);
      else valid = await verifyPassword(password, user.password);
      // Unknown, wrong password, frozen: one answer, so the response says nothing about the account.
      if (user === undefined || !valid || user.status !== 1) {
        await loginLimiter.recordFailure(request.ip, username);
        throw businessError(MSG_LOGIN_FAILED);
      }
      await loginLimiter.recordSuccess(request.ip, username);
      return ok(await buildLoginResult(db, tokens, dictionaries, user), MSG_LOGIN_OK);
    },
  );

  app.post<{ Body: PhoneLoginBody }>(
    API.phoneLogin,
    {
      config: { access: 'public' },
      schema: {
        body: body({ mobile: Mobile, captcha: Line(32) }),
      },
    },
    async (request) => {
      const { mobile, captcha } = request.body;
      const account = `sms:${mobile}`;
      if (await loginLimiter.isBlocked(request.ip, account)) await refuseBlocked(request);

      const user = await findActiveUserByPhone(db, mobile);
      const redeemed = await redeemSmsCode(db, ctx.codeSecret, { mobile, purpose: 'login', code: captcha, consume: user !== undefined });
      if (user === undefined || !redeemed) {
        await loginLimiter.recordFailure(request.ip, account);
        throw businessError(MSG_PHONE_LOGIN_FAILED);
      }
      await loginLimiter.recordSuccess(request.ip, account);
      return ok(await buildLoginResult(db, tokens, dictionaries, user), MSG_LOGIN_OK);
    },
  );

  // The signed-in user (docs/spec.md §7's auth constant /user/info): the login answer's userInfo as it is now.
  app.get(API.userInfo, { config: { access: 'authenticated' }, schema: NO_INPUT }, async (request) => {
    const user = request.auth === null ? undefined : await findActiveUserById(db, request.auth.userId);
    if (user === undefined) throw unauthorized();
    return ok(toUserInfo(user));
  });

  app.post(API.logout, { config: { access: 'public' }, schema: NO_INPUT }, async (request) => {
    // Logout always completes for the client; a valid token's session is revoked on the way.
    const token = readToken(request);
    if (token !== null) await tokens.revoke(token);
    return ok(null, MSG_LOGOUT_OK);
  });
}
