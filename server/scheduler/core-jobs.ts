import { logDb } from '../logs/log-tables';
import type { JobKind } from './job-kinds';

/** A day of grace after expiry, so a just-expired session still answers "expired" (401), not "unknown". */
const GRACE_MS = 86_400_000;

/**
 * 清理过期凭据: removes sessions, SMS codes and one-time tickets that expired more than a day ago.
 * The tables only grow otherwise; nothing reads an expired row except to refuse it.
 */
export const purgeExpiredCredentials: JobKind = {
  name: 'sys.purgeExpiredCredentials',
  title: '清理过期的会话、短信验证码和一次性票据',
  run: async ({ db }) => {
    const cutoff = new Date(Date.now() - GRACE_MS);
    const sessions = await db.deleteFrom('sessions').where('expires_at', '<', cutoff).executeTakeFirst();
    const codes = await db.deleteFrom('sms_codes').where('expires_at', '<', cutoff).executeTakeFirst();
    const tickets = await db.deleteFrom('login_tickets').where('expires_at', '<', cutoff).executeTakeFirst();
    const resets = await db.deleteFrom('password_reset_tickets').where('expires_at', '<', cutoff).executeTakeFirst();
    const count = (result: { numDeletedRows: bigint }): string => result.numDeletedRows.toString();
    return `sessions ${count(sessions)}, sms codes ${count(codes)}, login tickets ${count(tickets)}, password tickets ${count(resets)}`;
  },
};

const DEFAULT_LOG_RETENTION_DAYS = 90;

/** 清理日志: deletes login and operation log rows older than the parameter's days (default 90). */
export const purgeOldLogs: JobKind = {
  name: 'sys.purgeOldLogs',
  title: '清理过期的登录日志和操作日志（参数：保留天数，默认 90）',
  run: async ({ db, parameter }) => {
    const raw = parameter?.trim() ?? '';
    if (raw !== '' && !/^\d{1,4}$/.test(raw)) throw new Error(`参数应为保留天数（1–9999），收到 "${raw.slice(0, 20)}"`);
    const days = raw === '' ? DEFAULT_LOG_RETENTION_DAYS : Math.max(1, Number(raw));
    const result = await logDb(db).deleteFrom('sys_log').where('create_time', '<', new Date(Date.now() - days * 86_400_000)).executeTakeFirst();
    return `kept ${days} days, deleted ${result.numDeletedRows.toString()}`;
  },
};

/** Job kinds of the core; plugins bring their own (order timeouts, coupon expiry, roll-ups …). */
export const coreJobKinds: readonly JobKind[] = [purgeExpiredCredentials, purgeOldLogs];
