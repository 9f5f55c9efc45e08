/**
 * 冻结/解冻/删除 on the users screen are Refine custom mutations: confirmed first, the server's message
 * shows, the selection clears, and every users list refreshes itself (invalidation, no manual refetch).
 */
import { useList } from '@refinedev/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadNamespace } from '../../../../../src/providers/i18n';
import { useRowActionsColumn, type ListControls } from '../../../../../src/toolkit/crud';
import { UserBatchMenu, useUserRowActions } from '../../../users/components/user-actions';
import type { UserRecord } from '../../../users/entities';
import { entry, loadLocales, renderInRefine, signInClerk } from '../../../../../tests/unit/customers/list-harness';
import { fail, mockServer, ok, spyPresenter, type MockServer } from '../../../../../tests/unit/providers/mock-adapter';

const LONG = { timeout: 20_000 };
const CODES = ['system:user:frozenBatch', 'system:user:delete', 'system:user:deleteBatch'];
let server: MockServer;
let refuse: string | null = null;

const bodyOf = (config: InternalAxiosRequestConfig | undefined): unknown => (typeof config?.data === 'string' ? JSON.parse(config.data) : config?.data);
const listCalls = () => server.calls.filter((call) => call.url === '/sys/user/list');
const writes = () => server.calls.filter((call) => call.method !== 'get');

/** Another screen's users list: it must refresh after the action without being told. */
function OpenList() {
  const { result } = useList({ resource: 'users', meta: { api: '/sys/user' } });
  return <p data-testid="rows">{result.data.length}</p>;
}

/** A row's 操作 cell as the users list renders it (the toolkit's column with the screen's actions). */
function RowActions({ record, list }: { record: UserRecord; list: ListControls }) {
  const rowActions = useUserRowActions();
  const column = useRowActionsColumn<UserRecord>({ actions: rowActions(list, () => undefined) });
  return <>{column?.render?.(undefined, record, 0)}</>;
}

function controls(selected: string[]): ListControls {
  return { selected, clearSelection: vi.fn(), refresh: vi.fn() };
}

function renderWith(node: React.ReactNode) {
  renderInRefine(
    <>
      <OpenList />
      {node}
    </>,
    [{ name: 'users', meta: { api: '/sys/user' } }],
    '/system/user',
  );
}

beforeAll(async () => {
  await loadLocales();
  await loadNamespace('sysUser');
});

beforeEach(() => {
  spyPresenter();
  refuse = null;
  signInClerk(
    CODES.map((code) => entry(code, '1')),
    CODES.map((code) => entry(code, '1', '1')),
  );
  server = mockServer((config) => {
    if (config.url === '/sys/user/list') return { status: 200, data: ok({ records: [{ id: 'u1' }, { id: 'u2' }], total: 2 }) };
    if (refuse !== null) return { status: 200, data: fail(refuse) };
    return { status: 200, data: ok(null, config.url === '/sys/user/frozenBatch' ? '冻结成功!' : '删除成功!') };
  });
});

async function choose(button: RegExp, item: string) {
  fireEvent.click(await screen.findByRole('button', { name: button }));
  fireEvent.click(await screen.findByText(item));
}

describe('users batch actions', () => {
  it('冻结 asks first, then puts the ids, shows the server’s message, clears the selection and refreshes the lists', async () => {
    const list = controls(['u1', 'u2']);
    renderWith(<UserBatchMenu list={list} />);
    await waitFor(() => expect(listCalls()).toHaveLength(1));
    await choose(/批量操作/, '冻结');
    expect((await screen.findAllByText('确定冻结选中的 2 个用户吗?')).length).toBeGreaterThan(0);
    expect(writes()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]?.url).toBe('/sys/user/frozenBatch');
    expect(writes()[0]?.method).toBe('put');
    expect(bodyOf(writes()[0])).toEqual({ ids: 'u1,u2', status: '2' });
    expect(await screen.findByText('冻结成功!')).toBeTruthy();
    await waitFor(() => expect(list.clearSelection).toHaveBeenCalledOnce());
    await waitFor(() => expect(listCalls()).toHaveLength(2));
    expect(list.refresh).not.toHaveBeenCalled();
  }, 30_000);

  it('删除 of several sends deleteBatch with the ids; a refusal shows and keeps the selection', async () => {
    refuse = '不能删除超级管理员';
    const list = controls(['u1', 'admin-id']);
    renderWith(<UserBatchMenu list={list} />);
    await choose(/批量操作/, '删除');
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('不能删除超级管理员')).toBeTruthy();
    expect(writes()[0]?.url).toBe('/sys/user/deleteBatch');
    expect(writes()[0]?.method).toBe('delete');
    expect(writes()[0]?.params).toMatchObject({ ids: 'u1,admin-id,' });
    expect(list.clearSelection).not.toHaveBeenCalled();
  }, 30_000);
});

describe('users row actions', () => {
  it('解冻 needs no confirmation and keeps the selection; 删除 asks, deletes by id and clears it', async () => {
    const list = controls(['u9']);
    const record = { id: 'u9', username: 'clerk9', status: 2 } as unknown as UserRecord;
    renderWith(<RowActions record={record} list={list} />);
    fireEvent.click(await screen.findByRole('button', { name: '解冻' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(bodyOf(writes()[0])).toEqual({ ids: 'u9', status: '1' });
    await screen.findByText('冻结成功!');
    expect(list.clearSelection).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: '删除' }));
    expect((await screen.findAllByText('确定删除用户“clerk9”吗?')).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(writes()).toHaveLength(2));
    expect(writes()[1]?.url).toBe('/sys/user/delete');
    expect(writes()[1]?.params).toMatchObject({ id: 'u9' });
    await waitFor(() => expect(list.clearSelection).toHaveBeenCalledOnce(), LONG);
  }, 30_000);
});
