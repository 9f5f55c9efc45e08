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

/** Job kinds of the core; plugins bring their own (order timeouts, coupon expiry, roll-ups …). */
export const coreJobKinds: readonly JobKind[] = [purgeExpiredCredentials];
