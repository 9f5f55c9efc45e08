import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { LiveRow } from '../../contracts/live';

/** The changed fields of a live row: everything it carries but its id. */
function changedFields(row: LiveRow): Array<[string, unknown]> {
  return Object.entries(row).filter(([key]) => key !== 'id');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A cached list page (Refine's `{ data, total }`) with the row's changed fields applied to the
 * record of the same id, or null when the page does not hold that record (nothing to patch).
 */
export function patchListPage(page: unknown, row: LiveRow): { data: unknown[]; total?: unknown } | null {
  if (!isRecord(page) || !Array.isArray(page.data)) return null;
  const records: unknown[] = page.data;
  const index = records.findIndex((record) => isRecord(record) && record.id === row.id);
  const current = records[index];
  if (!isRecord(current)) return null;
  const next = [...records];
  next[index] = { ...current, ...Object.fromEntries(changedFields(row)) };
  return { ...page, data: next };
}

/** Refine's data keys: ['data', dataProviderName, resource, action, params]. */
function isListKeyOf(key: QueryKey, resources: ReadonlySet<string>): boolean {
  return key[0] === 'data' && key[3] === 'list' && typeof key[2] === 'string' && resources.has(key[2]);
}

/**
 * Applies an `update` row in place to every cached list of the resource that shows it. Returns whether
 * any list held the row: when none did (a created row, or one on another page), the caller refetches.
 * A row without changed fields patches nothing.
 */
export function patchCachedLists(client: QueryClient, resources: readonly string[], row: LiveRow): boolean {
  if (changedFields(row).length === 0) return false;
  const names = new Set(resources.filter((name) => name !== ''));
  let patched = false;
  for (const query of client.getQueryCache().findAll({ predicate: (candidate) => isListKeyOf(candidate.queryKey, names) })) {
    const next = patchListPage(query.state.data, row);
    if (next === null) continue;
    client.setQueryData(query.queryKey, next);
    patched = true;
  }
  return patched;
}
