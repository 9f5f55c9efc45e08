import type { FastifyInstance } from 'fastify';
import { API } from '../../src/contracts/api-paths';
import type { LoginResult } from '../../src/contracts/session';
import { buildLoginResult } from '../auth/login-result';
import { hashCode, newTicket } from '../auth/one-time-codes';
import type { AppContext } from '../context';
import { newId } from '../db/ids';
import { businessError, ok } from '../http/envelope';
import { body, Line, params, query, Username } from '../http/schemas';
import { Type } from 'typebox';
import { findActiveUserById, findUserByUsername } from '../services/users';

export const MSG_TICKET_INVALID = '登录凭证无效或已过期';
const TICKET_TTL_MS = 2 * 60_000;
const TICKET_FORMAT = /^[0-9a-f]{32}$/;

/**
 * One-time login tickets: an integration holding `system:sso:issue` asks for a ticket for a user and
 * hands it to the browser, which trades it once for a session (third-party login or CAS validation).
 */
export function registerSsoRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  async function redeem(ticket: string): Promise<LoginResult> {
    if (!TICKET_FORMAT.test(ticket)) throw businessError(MSG_TICKET_INVALID);
    const row = await db
      .updateTable('login_tickets')
      .set({ used: true })
      .where('ticket_hash', '=', hashCode(ctx.codeSecret, 'ticket', ticket))
      .where('used', '=', false)
      .where('expires_at', '>', new Date())
      .returning('user_id')
      .executeTakeFirst();
    const user = row === undefined ? undefined : await findActiveUserById(db, row.user_id);
    if (user === undefined) throw businessError(MSG_TICKET_INVALID);
    return buildLoginResult(db, ctx.tokens, ctx.dictionaries, user);
  }

  app.post<{ Body: { username: string } }>(
    API.ssoTicket,
    {
      config: { access: { permission: 'system:sso:issue' } },
      schema: { body: body({ username: Username }) },
    },
    async (request) => {
      const user = await findUserByUsername(db, request.body.username.trim());
      if (user === undefined || user.status !== 1) throw businessError('用户不存在或已冻结');
      const ticket = newTicket();
      await db
        .insertInto('login_tickets')
        .values({
          id: newId(),
          ticket_hash: hashCode(ctx.codeSecret, 'ticket', ticket),
          user_id: user.id,
          created_by: request.auth?.userId ?? null,
          expires_at: new Date(Date.now() + TICKET_TTL_MS),
        })
        .execute();
      return ok({ ticket });
    },
  );

  app.get<{ Params: { token: string } }>(`${API.thirdLogin}/:token`, { config: { access: 'public' }, schema: { params: params({ token: Line(64) }) } }, async (request) =>
    ok(await redeem(request.params.token), '登录成功'),
  );

  app.get<{ Querystring: { ticket?: string; service?: string } }>(
    API.casValidate,
    {
      config: { access: 'public' },
      schema: {
        querystring: query({ ticket: Type.Optional(Line(64)), service: Type.Optional(Line(2048)) }),
      },
    },
    // `service` is accepted for compatibility and never fetched or followed.
    async (request) => ok(await redeem(request.query.ticket ?? ''), '登录成功'),
  );
}
