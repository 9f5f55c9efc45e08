import { createHmac } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { sql, type Kysely } from 'kysely';
import { newId, type Database, type MemberAuthContext } from '../../../../server/kit';

/**
 * Mini-program member tokens. They are signed with a key derived from the install's secret for
 * members only, so a staff token never verifies here and a member token never verifies on the staff
 * side (both answer 401); sessions live in their own table (logout and idle expiry as for staff).
 */

const MEMBER_SESSION_MS = 30 * 24 * 3_600_000;
const MEMBER_IDLE_MS = 7 * 24 * 3_600_000;
const TOUCH_INTERVAL_MS = 60_000;
const AUDIENCE = 'member';

export interface MemberTokens {
  issue: (member: { id: string; tenantId: number }) => Promise<string>;
  authenticate: (token: string) => Promise<MemberAuthContext | null>;
}

export function createMemberTokens(db: Kysely<Database>, installSecret: Uint8Array): MemberTokens {
  const key = createHmac('sha256', installSecret).update('member-token-key').digest();

  return {
    async issue(member) {
      const now = Date.now();
      const sessionId = newId();
      const expiresAt = new Date(now + MEMBER_SESSION_MS);
      await sql`insert into cust_member_session (id, member_id, tenant_id, expires_at) values (${sessionId}, ${member.id}, ${member.tenantId}, ${expiresAt})`.execute(db);
      return new SignJWT({ sid: sessionId, tid: member.tenantId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(member.id)
        .setAudience(AUDIENCE)
        .setIssuedAt(Math.floor(now / 1000))
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
    },

    async authenticate(token) {
      if (token.length > 4096) return null;
      let claims: MemberAuthContext;
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], audience: AUDIENCE });
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.tid !== 'number') return null;
        claims = { memberId: payload.sub, sessionId: payload.sid, tenantId: payload.tid };
      } catch {
        return null;
      }
      const found = await sql<{ member_id: string; last_seen_at: Date; expires_at: Date; revoked: boolean; status: string | null }>`
        select s.member_id, s.last_seen_at, s.expires_at, s.revoked, m.status from cust_member_session s
        join cust_member m on m.id = s.member_id and m.tenant_id = s.tenant_id where s.id = ${claims.sessionId}`.execute(db);
      const session = found.rows[0];
      const now = Date.now();
      // A disabled (status 0) or deleted member loses every open session at once.
      if (session === undefined || session.revoked || session.member_id !== claims.memberId || session.status === '0') return null;
      if (session.expires_at.getTime() <= now || session.last_seen_at.getTime() + MEMBER_IDLE_MS <= now) return null;
      if (now - session.last_seen_at.getTime() >= TOUCH_INTERVAL_MS) {
        await sql`update cust_member_session set last_seen_at = now() where id = ${claims.sessionId}`.execute(db);
      }
      return claims;
    },
  };
}
