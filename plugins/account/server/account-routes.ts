import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { Type, type TSchema } from 'typebox';
import { MOBILE_PATTERN } from '../../../src/contracts/account';
import { body, businessError, DateString, formatShopTime, Id, Int, inTransaction, isUniqueViolation, Line, lockAtVersion, LOG_TYPE_LOGIN, NO_INPUT, ok, params, query, redeemSmsCode, ROW_VERSION_BODY, rowVersionOf, unauthorized, type AppContext } from '../../../server/kit';
import { ACCOUNT_API, BINDING_PROVIDERS, type AccountSession, type BindingProvider, type LoginPage, type NotificationPrefs, type PhoneChange, type ProfileChange } from '../contracts';
import { bindingsOf, checkProfileChange, loadProfile, MSG_EMAIL_TAKEN, MSG_USER_GONE, uploadRootOf } from './profile';
import { accountDb } from './tables';

export const MSG_PROFILE_SAVED = '基本信息已更新';
export const MSG_PHONE_INVALID = '请输入正确的手机号';
export const MSG_PHONE_SAME = '新手机号不能与当前手机号相同';
export const MSG_PHONE_TAKEN = '该手机号已被其他用户绑定';
export const MSG_CODE_INVALID = '手机号或验证码错误';
export const MSG_PHONE_CHANGED = '密保手机已更换';
export const MSG_SESSION_NOT_FOUND = '会话不存在或已下线';
export const MSG_SESSION_CURRENT = '不能下线当前会话，请使用退出登录';
export const MSG_SESSION_REVOKED = '该会话已下线';
export const MSG_PREFS_SAVED = '通知设置已保存';
export const MSG_BINDING_NONE = '该账号未绑定';
export const MSG_UNBOUND = '已解绑';

const DEFAULT_PREFS: NotificationPrefs = { system: true, notice: true };
const LOGIN_PAGE_MAX = 50;
/** A session's login log entry is written within moments of its creation. */
const LOGIN_MATCH_MS = 10_000;

const config = { access: 'authenticated' as const };
const Nullable = (schema: TSchema) => Type.Optional(Type.Union([schema, Type.Null()]));

function caller(request: FastifyRequest): { userId: string; username: string; sessionId: string } {
  const auth = request.auth;
  if (auth === null || auth === undefined) throw unauthorized();
  return auth;
}

/**
 * 个人中心 and 个人设置: every route acts on the signed-in user only (the id comes from the session,
 * never from the body), so any authenticated user may call them.
 */
export function registerAccountRoutes(api: FastifyInstance, ctx: AppContext): void {
  const db = accountDb(ctx.db);
  const uploadRoot = uploadRootOf(ctx.config.dataDir);

  async function profileOf(request: FastifyRequest) {
    const { userId, sessionId } = caller(request);
    // The login that opened this session may still sit in the log writer's queue.
    await ctx.logWriter.flush();
    const profile = await loadProfile(db, userId, sessionId);
    if (profile === undefined) throw businessError(MSG_USER_GONE);
    return profile;
  }

  api.get(ACCOUNT_API.profile, { config, schema: NO_INPUT }, async (request) => ok(await profileOf(request)));

  api.put<{ Body: ProfileChange }>(
    ACCOUNT_API.profile,
    {
      config,
      schema: {
        querystring: query({}),
        body: body({
          realname: Line(100),
          email: Nullable(Line(200)),
          sex: Nullable(Type.Union([Type.Literal(1), Type.Literal(2)])),
          birthday: Nullable(Type.Union([DateString, Type.Literal('')])),
          avatar: Nullable(Line(255)),
          ...ROW_VERSION_BODY,
        }),
      },
    },
    async (request) => {
      const { userId, username } = caller(request);
      const checked = checkProfileChange(request.body, uploadRoot);
      if (!checked.ok) throw businessError(checked.message);
      const { values } = checked;
      await inTransaction(ctx.db, async (trx) => {
        // Like every edit form's save: refused when the user was saved since this form read it (an administrator in
        // 用户管理, the same user in another tab), so neither overwrites the other unseen.
        if (!(await lockAtVersion(trx, { table: 'users', id: userId, where: [sql`del_flag = 0`] }, rowVersionOf(request.body)))) throw businessError(MSG_USER_GONE);
        const tx = accountDb(trx);
        if (values.email !== null) {
          const holder = await tx
            .selectFrom('users')
            .select('id')
            .where('email', '=', values.email)
            .where('id', '!=', userId)
            .where('del_flag', '=', 0)
            .executeTakeFirst();
          if (holder !== undefined) throw businessError(MSG_EMAIL_TAKEN);
        }
        await tx
          .updateTable('users')
          .set({ realname: values.realname, email: values.email, sex: values.sex, birthday: values.birthday, avatar: values.avatar, update_by: username, update_time: sql<Date>`now()` })
          .where('id', '=', userId)
          .where('del_flag', '=', 0)
          .execute();
      });
      return ok(await profileOf(request), MSG_PROFILE_SAVED);
    },
  );

  api.put<{ Body: PhoneChange }>(
    ACCOUNT_API.phone,
    { config, schema: { querystring: query({}), body: body({ phone: Line(32), smscode: Line(32) }) } },
    async (request) => {
      const { userId, username } = caller(request);
      const phone = request.body.phone.trim();
      if (!MOBILE_PATTERN.test(phone)) throw businessError(MSG_PHONE_INVALID);
      const user = await db.selectFrom('users').select('phone').where('id', '=', userId).where('del_flag', '=', 0).executeTakeFirst();
      if (user === undefined) throw businessError(MSG_USER_GONE);
      if (user.phone === phone) throw businessError(MSG_PHONE_SAME);
      // The code went to the new number through /account/sms in register mode: only numbers no account holds get one.
      const redeemed = await redeemSmsCode(ctx.db, ctx.codeSecret, { mobile: phone, purpose: 'register', code: request.body.smscode.trim(), consume: true });
      if (!redeemed) throw businessError(MSG_CODE_INVALID);
      const holder = await db.selectFrom('users').select('id').where('phone', '=', phone).where('del_flag', '=', 0).executeTakeFirst();
      if (holder !== undefined) throw businessError(MSG_PHONE_TAKEN);
      try {
        await db.updateTable('users').set({ phone, update_by: username, update_time: new Date() }).where('id', '=', userId).execute();
      } catch (error) {
        // A concurrent change took the number (the column is unique).
        if (isUniqueViolation(error)) throw businessError(MSG_PHONE_TAKEN);
        throw error;
      }
      return ok({ phone }, MSG_PHONE_CHANGED);
    },
  );

  api.get(ACCOUNT_API.sessions, { config, schema: NO_INPUT }, async (request) => {
    const { userId, username, sessionId } = caller(request);
    const now = new Date();
    const rows = await db
      .selectFrom('sessions')
      .select(['id', 'created_at', 'last_seen_at', 'expires_at'])
      .where('user_id', '=', userId)
      .where('revoked', '=', false)
      .where('expires_at', '>', now)
      .where('last_seen_at', '>', new Date(now.getTime() - ctx.config.tokenIdleMinutes * 60_000))
      .orderBy('last_seen_at', 'desc')
      .limit(100)
      .execute();
    await ctx.logWriter.flush();
    const oldest = rows.reduce((min, row) => Math.min(min, row.created_at.getTime()), now.getTime());
    const logins = await db
      .selectFrom('sys_log')
      .select(['create_time', 'ip'])
      .where('log_type', '=', LOG_TYPE_LOGIN)
      .where('username', '=', username)
      .where('success', '=', true)
      .where('create_time', '>=', new Date(oldest - LOGIN_MATCH_MS))
      .orderBy('create_time', 'desc')
      .limit(500)
      .execute();
    const ipOf = (created: Date): string | null => {
      let best: { gap: number; ip: string | null } | null = null;
      for (const login of logins) {
        const gap = Math.abs(login.create_time.getTime() - created.getTime());
        if (gap <= LOGIN_MATCH_MS && (best === null || gap < best.gap)) best = { gap, ip: login.ip };
      }
      return best?.ip ?? null;
    };
    const sessions: AccountSession[] = rows.map((row) => ({
      id: row.id,
      createdAt: formatShopTime(row.created_at),
      lastSeenAt: formatShopTime(row.last_seen_at),
      expiresAt: formatShopTime(row.expires_at),
      current: row.id === sessionId,
      ip: ipOf(row.created_at),
    }));
    return ok(sessions);
  });

  api.delete<{ Params: { id: string } }>(ACCOUNT_API.sessions + '/:id', { config, schema: { querystring: query({}), params: params({ id: Id }) } }, async (request) => {
    const { userId, sessionId } = caller(request);
    const { id } = request.params;
    if (id === sessionId) throw businessError(MSG_SESSION_CURRENT);
    const revoked = await db
      .updateTable('sessions')
      .set({ revoked: true })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('revoked', '=', false)
      .returning('id')
      .executeTakeFirst();
    if (revoked === undefined) throw businessError(MSG_SESSION_NOT_FOUND);
    return ok(null, MSG_SESSION_REVOKED);
  });

  api.get(
    ACCOUNT_API.logins,
    { config, schema: { querystring: query({ pageSize: Type.Optional(Type.Union([Int(1, LOGIN_PAGE_MAX), Line(3)])) }) } },
    async (request) => {
      const { username } = caller(request);
      const raw = Number((request.query as { pageSize?: unknown }).pageSize ?? 10);
      const pageSize = Number.isInteger(raw) && raw >= 1 ? Math.min(raw, LOGIN_PAGE_MAX) : 10;
      await ctx.logWriter.flush();
      const base = db.selectFrom('sys_log').where('log_type', '=', LOG_TYPE_LOGIN).where('username', '=', username);
      const [rows, count] = await Promise.all([
        base.select(['id', 'create_time', 'ip', 'success', 'log_content']).orderBy('create_time', 'desc').orderBy('id', 'desc').limit(pageSize).execute(),
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      const page: LoginPage = {
        records: rows.map((row) => ({ id: row.id, time: formatShopTime(row.create_time), ip: row.ip, success: row.success === true, content: row.log_content })),
        total: Number(count.n),
      };
      return ok(page);
    },
  );

  api.get(ACCOUNT_API.notification, { config, schema: NO_INPUT }, async (request) => {
    const { userId } = caller(request);
    const row = await db.selectFrom('sys_user_pref').select(['notify_system', 'notify_notice']).where('user_id', '=', userId).executeTakeFirst();
    const prefs: NotificationPrefs = row === undefined ? DEFAULT_PREFS : { system: row.notify_system, notice: row.notify_notice };
    return ok(prefs);
  });

  api.put<{ Body: NotificationPrefs }>(
    ACCOUNT_API.notification,
    { config, schema: { querystring: query({}), body: body({ system: Type.Boolean(), notice: Type.Boolean() }) } },
    async (request) => {
      const { userId } = caller(request);
      const { system, notice } = request.body;
      await db
        .insertInto('sys_user_pref')
        .values({ user_id: userId, notify_system: system, notify_notice: notice, update_time: new Date() })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ notify_system: system, notify_notice: notice, update_time: new Date() }))
        .execute();
      const prefs: NotificationPrefs = { system, notice };
      return ok(prefs, MSG_PREFS_SAVED);
    },
  );

  api.get(ACCOUNT_API.bindings, { config, schema: NO_INPUT }, async (request) => {
    const { userId } = caller(request);
    const user = await db.selectFrom('users').select(['phone', 'email']).where('id', '=', userId).where('del_flag', '=', 0).executeTakeFirst();
    if (user === undefined) throw businessError(MSG_USER_GONE);
    return ok(bindingsOf(user));
  });

  api.delete<{ Params: { provider: BindingProvider } }>(
    ACCOUNT_API.bindings + '/:provider',
    { config, schema: { querystring: query({}), params: params({ provider: Type.Union(BINDING_PROVIDERS.map((provider) => Type.Literal(provider))) }) } },
    async (request) => {
      const { userId, username } = caller(request);
      const column = request.params.provider;
      const cleared = await db
        .updateTable('users')
        .set({ [column]: null, update_by: username, update_time: new Date() })
        .where('id', '=', userId)
        .where('del_flag', '=', 0)
        .where(column, 'is not', null)
        .returning(['phone', 'email'])
        .executeTakeFirst();
      if (cleared === undefined) throw businessError(MSG_BINDING_NONE);
      return ok(bindingsOf(cleared), MSG_UNBOUND);
    },
  );
}

