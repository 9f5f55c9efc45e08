import { ID_PATTERN } from '../../../../server/kit';

/** Reading ids out of query strings and bodies: plain strings only, never SQL. */

/** More ids than any menu has; a guard against oversized bodies, not a business limit. */
export const MAX_IDS = 5000;

export function textOf(value: unknown): string {
  if (Array.isArray(value)) return textOf(value[0]);
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
}

/** One id, or null when absent or malformed. */
export function idOf(value: unknown): string | null {
  const text = textOf(value);
  return ID_PATTERN.test(text) ? text : null;
}

/** A comma-separated id list (a trailing comma is usual; an array is read the same way); malformed entries are dropped, duplicates merged. */
export function idListOf(value: unknown): string[] {
  const text = Array.isArray(value) ? value.map(textOf).join(',') : textOf(value);
  const ids = text
    .split(',')
    .map((id) => id.trim())
    .filter((id) => ID_PATTERN.test(id));
  return [...new Set(ids)].slice(0, MAX_IDS);
}

export function fieldOf(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
}
