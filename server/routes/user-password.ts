import type { FastifyInstance } from 'fastify';
import { API } from '../../src/contracts/api-paths';
import { hashPassword, verifyPassword } from '../auth/password';
import type { AppContext } from '../context';
import { businessError, forbidden, ok, tooManyRequests, unauthorized } from '../http/envelope';
import { body, Line, Username } from '../http/schemas';
import { MSG_TOO_MANY_LOGINS } from './auth';
import { findActiveUserById } from '../services/users';

export const MSG_PASSWORD_CHANGED = '密码修改成功！';
export const MSG_OLD_PASSWORD_WRONG = '旧密码输入错误!';
export const MSG_PASSWORDS_DIFFER = '两次输入的密码不一样！';
export const MSG_PASSWORD_LENGTH = '密码长度应为6到64位';
export const MSG_PASSWORD_UNCHANGED = '新密码不能与旧密码相同';

/** No password policy elsewhere in the server yet: 6 to 64 characters. */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 64;

interface UpdatePasswordBody {
  username: string;
  oldpassword: string;
  password: string;
  confirmpassword: string;
}

export function registerUserPasswordRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, loginLimiter } = ctx;

  app.post<{ Body: UpdatePasswordBody }>(
    API.updatePassword,
    {
      config: { access: 'authenticated' },
      schema: {
        body: body({ username: Username, oldpassword: Line(200, 1), password: Line(200), confirmpassword: Line(200) }),
      },
    },
    async (request) => {
      if (request.auth === null) throw unauthorized();
      const { username, oldpassword, password, confirmpassword } = request.body;
      // The body's user name is only a consistency check: nobody changes another user's password here.
      if (username !== request.auth.username) throw forbidden();
      if (password !== confirmpassword) throw businessError(MSG_PASSWORDS_DIFFER);
      const length = [...password].length;
      if (length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH) throw businessError(MSG_PASSWORD_LENGTH);
      const user = await findActiveUserById(db, request.auth.userId);
      if (user === undefined) throw unauthorized();
      // A stolen session must not become a way to guess the old password without limit.
      const limiterKey = `updatePassword:${user.id}`;
      if (await loginLimiter.isBlocked(request.ip, limiterKey)) throw tooManyRequests(MSG_TOO_MANY_LOGINS);
      if (!(await verifyPassword(oldpassword, user.password))) {
        await loginLimiter.recordFailure(request.ip, limiterKey);
        throw businessError(MSG_OLD_PASSWORD_WRONG);
      }
      await loginLimiter.recordSuccess(request.ip, limiterKey);
      if (oldpassword === password) throw businessError(MSG_PASSWORD_UNCHANGED);
      const hash = await hashPassword(password);
      const sessionId = request.auth.sessionId;
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ password: hash, update_by: user.username, update_time: new Date() }).where('id', '=', user.id).execute();
        // Whoever knew the old password loses every other open session; this one stays.
        await trx
          .updateTable('sessions')
          .set({ revoked: true })
          .where('user_id', '=', user.id)
          .where('id', '!=', sessionId)
          .where('revoked', '=', false)
          .execute();
      });
      return ok(null, MSG_PASSWORD_CHANGED);
    },
  );
}
