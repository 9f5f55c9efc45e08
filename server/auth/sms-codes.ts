import { timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { newId } from '../db/ids';
import { hashCode, newSmsCode } from './one-time-codes';

/** 'member': the mini-program's member login, never redeemable on the staff logins (and back). */
export type SmsPurpose = 'login' | 'register' | 'forget' | 'member';

const SMS_CODE_TTL_MS = 5 * 60_000;
// A 6-digit code must not be guessable by many tries spread over many addresses.
const SMS_MAX_ATTEMPTS = 5;

// The purpose is part of the hashed value, so a code can only ever match where it was meant for.
function codeHash(secret: Uint8Array, purpose: SmsPurpose, mobile: string, code: string): string {
  return hashCode(secret, 'sms', `${purpose}:${mobile}:${code}`);
}

function sameHex(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/**
 * Stores a fresh code for (mobile, purpose), voiding the earlier ones of that purpose, and returns it.
 * With `deliver` false a decoy is stored that nobody is told: the same statements run either way, so
 * the answer's timing does not tell which numbers are accounts.
 */
export async function issueSmsCode(
  db: Kysely<Database>,
  secret: Uint8Array,
  mobile: string,
  purpose: SmsPurpose,
  deliver: boolean,
): Promise<string | null> {
  const code = newSmsCode();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('sms_codes')
      .set({ used: true })
      .where('mobile', '=', mobile)
      .where('purpose', '=', purpose)
      .where('used', '=', false)
      .execute();
    await trx
      .insertInto('sms_codes')
      .values({
        id: newId(),
        mobile,
        purpose,
        code_hash: codeHash(secret, purpose, mobile, code),
        expires_at: new Date(Date.now() + SMS_CODE_TTL_MS),
        // A decoy can never be redeemed.
        used: !deliver,
      })
      .execute();
  });
  return deliver ? code : null;
}

/**
 * True when the code matches the latest live one for (mobile, purpose) and this request used it up
 * (single use: only the request that flips `used` wins, even when two race). A miss counts an attempt.
 * `consume: false` (no account to act on) still runs the lookup, so the answer takes the same path.
 */
export async function redeemSmsCode(
  db: Kysely<Database>,
  secret: Uint8Array,
  request: { mobile: string; purpose: SmsPurpose; code: string; consume: boolean },
): Promise<boolean> {
  const { mobile, purpose, consume } = request;
  const pending = await db
    .selectFrom('sms_codes')
    .select(['id', 'code_hash'])
    .where('mobile', '=', mobile)
    .where('purpose', '=', purpose)
    .where('used', '=', false)
    .where('attempts', '<', SMS_MAX_ATTEMPTS)
    .where('expires_at', '>', new Date())
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (pending === undefined) return false;
  if (!sameHex(pending.code_hash, codeHash(secret, purpose, mobile, request.code.trim()))) {
    await db.updateTable('sms_codes').set((eb) => ({ attempts: eb('attempts', '+', 1) })).where('id', '=', pending.id).execute();
    return false;
  }
  if (!consume) return false;
  const consumed = await db
    .updateTable('sms_codes')
    .set({ used: true })
    .where('id', '=', pending.id)
    .where('used', '=', false)
    .returning('id')
    .executeTakeFirst();
  return consumed !== undefined;
}
