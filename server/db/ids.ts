import { randomUUID } from 'node:crypto';

/** A random 32-hex-character id (docs/spec.md §9). */
export function newId(): string {
  return randomUUID().replaceAll('-', '');
}
