import { SignJWT, jwtVerify } from 'jose';
import type { Kysely, Selectable } from 'kysely';
import { registerCache } from '../cache/cache-registry';
import { VersionedCache } from '../cache/versioned-cache';
import { SEVEN_DAYS_MS } from '../../src/contracts/constants';
import { newId } from '../db/ids';
import type { Database } from '../db/schema';

/** Absolute session lifetime; the client keeps its session values for the same 7 days (docs/spec.md §9). */
export const SESSION_MAX_MS = SEVEN_DAYS_MS;
// Writing last_seen_at on every request would turn each read into a write; a minute of slack is harmless.
const TOUCH_INTERVAL_MS = 60_000;

export interface TokenClaims {
  userId: string;
  username: string;
  sessionId: string;
}

export interface TokenService {
  /** Creates a session row and signs a token for it. */
  issue: (user: { id: string; username: string }) => Promise<string>;
  /** The claims of a valid, unrevoked, not idle-expired session, or null. Slides the idle window. */
  authenticate: (token: string) => Promise<TokenClaims | null>;
  /** Revokes the session behind a token whose signature is valid, even when it has expired. */
  revoke: (token: string) => Promise<void>;
}

type SessionRow = Pick<Selectable<Database['sessions']>, 'user_id' | 'last_seen_at' | 'expires_at' | 'revoked'>;

/**
 * Every authenticated request reads its session: kept until `sessions` is written (a logout, a kick, a
 * password change and the once-a-minute touch all write it), so a request needs no query of its own while
 * long queries hold the database.
 */
const sessionRows = new VersionedCache<string, SessionRow | undefined>(['sessions'], 10_000);
registerCache('sessions', sessionRows);

/** Most signature-checked tokens remembered (about one per open session); the oldest go first. */
const VERIFIED_LIMIT = 10_000;

export function createTokenService(db: Kysely<Database>, secret: Uint8Array, idleMinutes: number): TokenService {
  const idleMs = idleMinutes * 60_000;
  /**
   * Tokens whose signature was found good, with their expiry: a session presents the same token on every
   * request, and each check through WebCrypto imports the key and takes a thread-pool round trip. Only a
   * token that passed jwtVerify is kept, under its full text; its expiry is still checked on every use.
   */
  const verified = new Map<string, { claims: TokenClaims; expiresAt: number }>();

  async function verify(token: string, ignoreExpiry: boolean): Promise<TokenClaims | null> {
    if (token.length === 0 || token.length > 4096) return null;
    const known = verified.get(token);
    if (known !== undefined && (ignoreExpiry || known.expiresAt > Date.now())) return known.claims;
    try {
      const { payload } = await jwtVerify(token, secret, {
        algorithms: ['HS256'],
        ...(ignoreExpiry ? { currentDate: new Date(0) } : {}),
      });
      const { sub, username, sid, exp } = payload;
      if (typeof sub !== 'string' || typeof username !== 'string' || typeof sid !== 'string') return null;
      const claims = { userId: sub, username, sessionId: sid };
      if (!ignoreExpiry && typeof exp === 'number') {
        if (verified.size >= VERIFIED_LIMIT) verified.delete(verified.keys().next().value ?? '');
        verified.set(token, { claims, expiresAt: exp * 1000 });
      }
      return claims;
    } catch {
      return null;
    }
  }

  return {
    async issue(user) {
      const now = Date.now();
      const sessionId = newId();
      const expiresAt = new Date(now + SESSION_MAX_MS);
      await db
        .insertInto('sessions')
        .values({ id: sessionId, user_id: user.id, created_at: new Date(now), last_seen_at: new Date(now), expires_at: expiresAt })
        .execute();
      return new SignJWT({ username: user.username, sid: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(user.id)
        .setIssuedAt(Math.floor(now / 1000))
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(secret);
    },

    async authenticate(token) {
      const claims = await verify(token, false);
      if (claims === null) return null;
      const session = await sessionRows.get(db, claims.sessionId, () =>
        db.selectFrom('sessions').select(['user_id', 'last_seen_at', 'expires_at', 'revoked']).where('id', '=', claims.sessionId).executeTakeFirst(),
      );
      const now = Date.now();
      if (
        session === undefined ||
        session.revoked ||
        session.user_id !== claims.userId ||
        session.expires_at.getTime() <= now ||
        session.last_seen_at.getTime() + idleMs <= now
      ) {
        return null;
      }
      if (now - session.last_seen_at.getTime() >= TOUCH_INTERVAL_MS) {
        await db.updateTable('sessions').set({ last_seen_at: new Date(now) }).where('id', '=', claims.sessionId).execute();
      }
      return claims;
    },

    async revoke(token) {
      const claims = await verify(token, true);
      if (claims === null) return;
      await db.updateTable('sessions').set({ revoked: true }).where('id', '=', claims.sessionId).execute();
    },
  };
}
