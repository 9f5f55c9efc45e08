import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { allowedTypeOf, formatShopTime, LOG_TYPE_LOGIN, resolveInside, rowVersionSql, shopDay } from '../../../server/kit';
import type { AccountProfile, AccountBinding, BindingProvider, ProfileChange, Sex } from '../contracts';
import type { AccountTables } from './tables';

export const MSG_REALNAME_REQUIRED = '姓名不能为空';
export const MSG_REALNAME_TOO_LONG = '姓名长度不能超过50个字符';
export const MSG_EMAIL_INVALID = '请输入正确的邮箱地址';
export const MSG_EMAIL_TAKEN = '该邮箱已被其他用户使用';
export const MSG_BIRTHDAY_FUTURE = '生日不能晚于今天';
export const MSG_AVATAR_INVALID = '头像须为已上传的图片';
export const MSG_USER_GONE = '用户不存在或已被删除';

const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
const IMAGE_EXTENSIONS = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp']);
const REALNAME_MAX = 50;

/** The checked form of a profile change: a Chinese refusal, or the values to store. */
export type ProfileCheck = { ok: false; message: string } | { ok: true; values: Required<Omit<ProfileChange, 'rowVersion'>> };

function blankToNull(value: string | null | undefined): string | null {
  const text = value?.trim() ?? '';
  return text === '' ? null : text;
}

/**
 * Validates what 基本设置 sends (the pure part: no database). An avatar must be an image stored by the
 * upload route, under `uploadRoot`.
 */
export function checkProfileChange(change: ProfileChange, uploadRoot: string, now = new Date()): ProfileCheck {
  const realname = change.realname.trim();
  if (realname === '') return { ok: false, message: MSG_REALNAME_REQUIRED };
  if ([...realname].length > REALNAME_MAX) return { ok: false, message: MSG_REALNAME_TOO_LONG };
  const email = blankToNull(change.email);
  if (email !== null && (email.length > 100 || !EMAIL_PATTERN.test(email))) return { ok: false, message: MSG_EMAIL_INVALID };
  const birthday = blankToNull(change.birthday);
  if (birthday !== null && birthday > shopDay(now)) return { ok: false, message: MSG_BIRTHDAY_FUTURE };
  const avatar = blankToNull(change.avatar);
  if (avatar !== null) {
    const stored = resolveInside(uploadRoot, avatar);
    const type = allowedTypeOf(avatar);
    if (stored === null || type === null || !IMAGE_EXTENSIONS.has(type.ext) || !fs.existsSync(stored)) return { ok: false, message: MSG_AVATAR_INVALID };
  }
  const sex: Sex | null = change.sex ?? null;
  return { ok: true, values: { realname, email, sex, birthday, avatar } };
}

export function uploadRootOf(dataDir: string): string {
  return path.resolve(dataDir, 'uploads');
}

/** Masks all but the edges: 138****0000, a***@example.com. */
export function maskAccount(provider: BindingProvider, value: string): string {
  if (provider === 'phone') return value.length > 7 ? `${value.slice(0, 3)}****${value.slice(-4)}` : '****';
  const at = value.indexOf('@');
  return at <= 0 ? '***' : `${value.slice(0, 1)}***${value.slice(at)}`;
}

export async function loadProfile(db: Kysely<AccountTables>, userId: string, currentSessionId: string): Promise<AccountProfile | undefined> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'username', 'realname', 'avatar', 'sex', 'phone', 'email', sql<string | null>`to_char(birthday, 'YYYY-MM-DD')`.as('birthday'), rowVersionSql().as('row_version')])
    .where('id', '=', userId)
    .where('del_flag', '=', 0)
    .executeTakeFirst();
  if (user === undefined) return undefined;
  const [departs, roles, session] = await Promise.all([
    db
      .selectFrom('user_depart as ud')
      .innerJoin('departments as d', 'd.id', 'ud.dep_id')
      .select('d.depart_name')
      .where('ud.user_id', '=', userId)
      .where('d.del_flag', '=', 0)
      .orderBy('d.depart_name')
      .execute(),
    db.selectFrom('user_role as ur').innerJoin('roles as r', 'r.id', 'ur.role_id').select('r.role_name').where('ur.user_id', '=', userId).orderBy('r.role_name').execute(),
    db.selectFrom('sessions').select('created_at').where('id', '=', currentSessionId).executeTakeFirst(),
  ]);
  // 上次登录: the latest successful login before this session began (this session's own login is no news).
  const before = session === undefined ? new Date() : new Date(session.created_at.getTime() - 2_000);
  const logins = await db
    .selectFrom('sys_log')
    .select(['create_time', 'ip'])
    .where('log_type', '=', LOG_TYPE_LOGIN)
    .where('username', '=', user.username)
    .where('success', '=', true)
    .orderBy('create_time', 'desc')
    .limit(10)
    .execute();
  const last = logins.find((row) => row.create_time < before) ?? logins[0];
  return {
    id: user.id,
    username: user.username,
    realname: user.realname,
    avatar: user.avatar,
    sex: user.sex === 1 || user.sex === 2 ? user.sex : null,
    birthday: user.birthday,
    phone: user.phone,
    email: user.email,
    departs: departs.map((row) => row.depart_name),
    roles: roles.map((row) => row.role_name),
    lastLogin: last === undefined ? null : { time: formatShopTime(last.create_time), ip: last.ip },
    rowVersion: user.row_version,
  };
}

export function bindingsOf(user: { phone: string | null; email: string | null }): AccountBinding[] {
  const of = (provider: BindingProvider, value: string | null): AccountBinding => ({
    provider,
    bound: value !== null && value !== '',
    account: value === null || value === '' ? null : maskAccount(provider, value),
  });
  return [of('phone', user.phone), of('email', user.email)];
}
