import { createHmac, randomBytes, randomInt } from 'node:crypto';

/** 32 hex characters from 16 random bytes: a login ticket. */
export function newTicket(): string {
  return randomBytes(16).toString('hex');
}

/** A 6-digit SMS code. */
export function newSmsCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * Keyed hash for storing codes and tickets: a leaked table then reveals nothing, and a 6-digit code
 * cannot be brute-forced offline without the server's key.
 */
export function hashCode(secret: Uint8Array, purpose: string, value: string): string {
  return createHmac('sha256', secret).update(`${purpose}\u0000${value}`).digest('hex');
}
