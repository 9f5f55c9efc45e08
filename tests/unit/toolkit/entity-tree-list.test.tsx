/**
 * A tree entity's list (EntityListPage with EntityDefinition.tree, useEntityTree) in jsdom against a mocked server:
 * the roots render, expanding a row loads its children with `pid`, 添加下级 opens the create dialog under the row
 * and the save carries the parent.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { InternalAxiosRequestConfig } from 'axios';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defineEntity } from '../../../src/contracts/entity';
import { EntityListPage, resourceOf } from '../../../src/toolkit/crud';
import { entry, loadLocales, renderInRefine, signInClerk } from '../customers/list-harness';
import { mockServer, ok, type MockServer } from '../providers/mock-adapter';

const regionEntity = defineEntity({
  table: 'probe_region',
  api: '/probe/region',
  permission: 'probe:region',
  fields: {
    name: { type: 'string', label: '名称', required: true, search: 'like' },
    pid: { type: 'string', label: '上级', form: false, list: false },
    hasChild: { type: 'string', label: '有下级', readonly: true, form: false, list: false },
  },
  tree: { parentField: 'pid', hasChildField: 'hasChild', labelField: 'name' },
});

const ROOTS = [
  { id: 'r1', name: '中国', pid: '0', hasChild: '1' },
  { id: 'r2', name: '日本', pid: '0', hasChild: '0' },
];
const CHILDREN = [{ id: 'c1', name: '浙江', pid: 'r1', hasChild: '0' }];

let server: MockServer;
const paramsOf = (call: InternalAxiosRequestConfig) => (call.params ?? {}) as Record<string, unknown>;
const rowsOf = (container: HTMLElement) => container.querySelectorAll('.ant-table-tbody tr.ant-table-row');
const LONG = { timeout: 20_000 };
const AUTH = [entry('probe:region:list', '1', '1'), entry('probe:region:add', '1', '1'), entry('probe:region:edit', '1', '1'), entry('probe:region:delete', '1', '1')];

beforeAll(async () => {
  await loadLocales();
});

beforeEach(() => {
  signInClerk(AUTH, AUTH);
  server = mockServer((config) => {
    if (config.url === '/probe/region/add') return { status: 200, data: ok({ id: 'n1' }, '添加成功！') };
    const pid = paramsOf(config).pid;
    return { status: 200, data: ok({ records: pid === 'r1' ? CHILDREN : ROOTS, total: pid === 'r1' ? 1 : 2 }) };
  });
});

describe('a tree entity’s list', () => {
  it('renders the roots, and loads a row’s children with pid when it is expanded', async () => {
    const { container } = renderInRefine(<EntityListPage entity={regionEntity} />, [resourceOf(regionEntity)], '/probe/regions');
    await waitFor(() => expect(rowsOf(container)).toHaveLength(2), LONG);
    expect(server.calls.some((call) => call.url === '/probe/region/list' && paramsOf(call).pid !== undefined)).toBe(false);
    // Only the row the server flags as having children can open.
    const expanders = container.querySelectorAll('button.ant-table-row-expand-icon:not(.ant-table-row-expand-icon-spaced)');
    expect(expanders).toHaveLength(1);
    fireEvent.click(expanders[0] as HTMLElement);
    await waitFor(() => expect(screen.getByText('浙江')).toBeTruthy(), LONG);
    expect(server.calls.some((call) => call.url === '/probe/region/list' && paramsOf(call).pid === 'r1')).toBe(true);
    expect(rowsOf(container)).toHaveLength(3);
  }, 60_000);

  it('adds under a row (添加下级): the create dialog opens and the save carries the parent', async () => {
    const { container } = renderInRefine(<EntityListPage entity={regionEntity} />, [resourceOf(regionEntity)], '/probe/regions');
    await waitFor(() => expect(rowsOf(container)).toHaveLength(2), LONG);
    // 编辑 as a link, 添加下级 and 删除 under 更多.
    const more = [...(rowsOf(container)[0]?.querySelectorAll('button') ?? [])].filter((button) => button.textContent?.replace(/\s/g, '') === '更多');
    expect(more).toHaveLength(1);
    fireEvent.click(more[0] as HTMLElement);
    const addChild = await waitFor(() => {
      const item = [...document.querySelectorAll('.ant-dropdown-menu-item')].find((candidate) => candidate.textContent === '添加下级');
      expect(item).toBeDefined();
      return item as HTMLElement;
    });
    fireEvent.click(addChild);
    await waitFor(() => expect(document.querySelector('#form_name')).not.toBeNull(), LONG);
    fireEvent.change(document.querySelector('#form_name') as HTMLInputElement, { target: { value: '江苏' } });
    fireEvent.click([...document.querySelectorAll('.ant-modal-footer button')].find((button) => button.textContent?.replace(/\s/g, '') === '确定') as HTMLElement);
    await waitFor(() => expect(server.calls.some((call) => call.url === '/probe/region/add')).toBe(true), LONG);
    const saved = server.calls.find((call) => call.url === '/probe/region/add');
    const body = JSON.parse(String(saved?.data)) as Record<string, unknown>;
    expect(body).toMatchObject({ name: '江苏', pid: 'r1' });
  }, 60_000);
});
