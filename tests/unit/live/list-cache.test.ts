/** Live mode patches an updated row's fields into the cached lists; anything else refetches. */
import { QueryClient } from '@tanstack/react-query';
import type { LiveEvent } from '@refinedev/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveRow } from '../../../src/contracts/live';
import { patchCachedLists, patchListPage } from '../../../src/providers/live/list-cache';
import type { LiveHub } from '../../../src/providers/live/live-hub';
import { createLiveProvider } from '../../../src/providers/live/live-provider';

const page = () => ({
  data: [
    { id: 'a1', titile: 'first', priority: 'L', priority_dictText: '低' },
    { id: 'a2', titile: 'second', priority: 'M', priority_dictText: '中' },
  ],
  total: 2,
});
const listKey = (resource: string, params: unknown = { api: '/sys/annountCement' }) => ['data', 'default', resource, 'list', params];

describe('patchListPage', () => {
  it('applies only the changed fields to the record with the same id, leaving the others as they were', () => {
    const before = page();
    const after = patchListPage(before, { id: 'a2', titile: 'second, edited', priority: 'H', priority_dictText: '高' });
    expect(after).toEqual({
      data: [before.data[0], { id: 'a2', titile: 'second, edited', priority: 'H', priority_dictText: '高' }],
      total: 2,
    });
    expect(after?.data[0]).toBe(before.data[0]);
    expect(before.data[1]?.titile).toBe('second');
  });

  it('keeps the fields the row does not carry', () => {
    expect(patchListPage(page(), { id: 'a1', priority: 'H' })?.data[0]).toEqual({ id: 'a1', titile: 'first', priority: 'H', priority_dictText: '低' });
  });

  it('returns null when the page does not hold the row or is not a list page', () => {
    expect(patchListPage(page(), { id: 'other', titile: 'x' })).toBeNull();
    expect(patchListPage(undefined, { id: 'a1', titile: 'x' })).toBeNull();
    expect(patchListPage({ data: { id: 'a1' } }, { id: 'a1', titile: 'x' })).toBeNull();
  });
});

describe('patchCachedLists', () => {
  let client: QueryClient;
  beforeEach(() => {
    client = new QueryClient();
    client.setQueryData(listKey('sys_announcement'), page());
    client.setQueryData(listKey('sys_announcement', { api: '/sys/annountCement', pagination: { currentPage: 2 } }), { data: [{ id: 'a9', titile: 'x' }], total: 11 });
    client.setQueryData(listKey('other_table'), { data: [{ id: 'a1', titile: 'same id, other resource' }], total: 1 });
  });

  it('patches every cached list of the resource that shows the row, and only those', () => {
    expect(patchCachedLists(client, ['sys_announcement'], { id: 'a1', titile: 'live' })).toBe(true);
    expect(client.getQueryData<{ data: LiveRow[] }>(listKey('sys_announcement'))?.data[0]?.titile).toBe('live');
    expect(client.getQueryData<{ data: LiveRow[] }>(listKey('other_table'))?.data[0]?.titile).toBe('same id, other resource');
  });

  it('reports false for a row no list holds (created, or on another page) and for a row without fields', () => {
    expect(patchCachedLists(client, ['sys_announcement'], { id: 'new-row', titile: 'created' })).toBe(false);
    expect(patchCachedLists(client, ['sys_announcement'], { id: 'a1' })).toBe(false);
    expect(client.getQueryData(listKey('sys_announcement'))).toEqual(page());
  });
});

describe('createLiveProvider', () => {
  function fakeHub(): { hub: LiveHub; push(row: LiveRow): void; keys: string[] } {
    const handlers = new Map<string, (row: LiveRow) => void>();
    const keys: string[] = [];
    const hub = {
      pageId: 'p',
      subscribeRows: (key: string, handler: (row: LiveRow) => void) => {
        keys.push(key);
        handlers.set(key, handler);
        return () => handlers.delete(key);
      },
    } as unknown as LiveHub;
    return { hub, keys, push: (row) => handlers.forEach((handler) => handler(row)) };
  }

  function subscribe(subscriptionType: 'useList' | 'useOne') {
    const { hub, push, keys } = fakeHub();
    const client = new QueryClient();
    client.setQueryData(listKey('sys_announcement'), page());
    const provider = createLiveProvider(() => hub, () => client);
    const callback = vi.fn<(event: LiveEvent) => void>();
    provider.subscribe({
      channel: 'resources/sys_announcement',
      types: ['*'],
      callback,
      params: { resource: 'sys_announcement', subscriptionType, meta: { api: '/sys/annountCement' } },
    });
    return { push, callback, client, keys };
  }

  it('subscribes to the list API base and patches an edited row in place without an event (so no refetch)', () => {
    const { push, callback, client, keys } = subscribe('useList');
    expect(keys).toEqual(['/sys/annountCement']);
    push({ id: 'a2', titile: 'edited elsewhere' });
    expect(callback).not.toHaveBeenCalled();
    expect(client.getQueryData<{ data: LiveRow[] }>(listKey('sys_announcement'))?.data[1]?.titile).toBe('edited elsewhere');
  });

  it('hands created rows, deleted rows and rows without fields to Refine, which refetches', () => {
    const { push, callback } = subscribe('useList');
    push({ id: 'brand-new', titile: 'created' });
    push({ id: 'a1', delFlag: 1 });
    push({ id: 'a2' });
    expect(callback.mock.calls.map(([event]) => event.type)).toEqual(['updated', 'deleted', 'updated']);
  });

  it('leaves single-record subscriptions to Refine', () => {
    const { push, callback, client } = subscribe('useOne');
    push({ id: 'a2', titile: 'edited elsewhere' });
    expect(callback).toHaveBeenCalledTimes(1);
    expect(client.getQueryData<{ data: LiveRow[] }>(listKey('sys_announcement'))?.data[1]?.titile).toBe('second');
  });
});
