import type { LiveEvent, LiveProvider, MetaQuery } from '@refinedev/core';
import type { QueryClient } from '@tanstack/react-query';
import type { LiveRow } from '../../contracts/live';
import type { LiveHub } from './live-hub';
import { patchCachedLists } from './list-cache';

/** A row whose delFlag is 1 was deleted elsewhere (server/sockets/live-entities.ts). */
export function isDeletedRow(row: LiveRow): boolean {
  return row.delFlag === 1;
}

/** The changed fields applied to the row with the same id (docs/spec.md §7 Sockets); other rows untouched. */
export function applyRowUpdate<T extends { id?: unknown }>(rows: readonly T[], row: LiveRow): T[] {
  if (isDeletedRow(row)) return rows.filter((candidate) => candidate.id !== row.id);
  return rows.map((candidate) => (candidate.id === row.id ? { ...candidate, ...row } : candidate));
}

function apiOf(meta: MetaQuery | undefined): string | undefined {
  const api: unknown = meta?.api;
  return typeof api === 'string' && api !== '' ? api : undefined;
}

/** A list's socket key is its API base, as the data provider resolves it (meta.api, else /resource). */
export function socketKeyOf(channel: string, params?: { meta?: MetaQuery; resource?: string }, meta?: MetaQuery): string {
  return apiOf(params?.meta) ?? apiOf(meta) ?? `/${params?.resource ?? channel.replace(/^resources\//, '')}`;
}

/** The names a list's cached queries may be keyed by: its resource and its channel's. */
function resourcesOf(channel: string, params?: { resource?: string }): string[] {
  return [params?.resource ?? '', channel.replace(/^resources\//, '')];
}

/**
 * Refine's live provider over the table socket: a list page that opts in gets the changed fields of an
 * updated row patched into its cached data in place (no request); a created or deleted row, or one
 * the cached lists do not hold, goes to Refine as an event, which refetches in live mode 'auto'.
 */
export function createLiveProvider(getHub: () => LiveHub | null, getQueryClient: () => QueryClient | null = () => null): LiveProvider {
  return {
    subscribe({ channel, types, callback, params, meta }) {
      const hub = getHub();
      if (hub === null) return null;
      const patchesLists = params?.subscriptionType === 'useList';
      return hub.subscribeRows(socketKeyOf(channel, params, meta), (row) => {
        const type = isDeletedRow(row) ? 'deleted' : 'updated';
        if (!types.includes('*') && !types.includes(type)) return;
        const client = getQueryClient();
        if (type === 'updated' && patchesLists && client !== null && patchCachedLists(client, resourcesOf(channel, params), row)) return;
        const event: LiveEvent = { channel, type, payload: { ids: [row.id], row }, date: new Date() };
        callback(event);
      });
    },
    unsubscribe(subscription: unknown) {
      if (typeof subscription === 'function') subscription();
    },
    publish(event) {
      const hub = getHub();
      const row: unknown = event.payload.row;
      if (hub === null || typeof row !== 'object' || row === null || !('id' in row)) return;
      hub.publishRow(socketKeyOf(event.channel, undefined, event.meta), row as LiveRow);
    },
  };
}
