import { randomUUID } from 'node:crypto';

/** A random 32-hex-character id (spec §9). */
export function newId(): string {
  return randomUUID().replaceAll('-', '');
}
