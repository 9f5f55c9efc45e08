/**
 * Runtime definitions (issue #10): an entity definition that arrives as JSON from the server renders
 * through the same pieces — list (columns, search, money with two decimals) and the create form kept
 * in the URL, saved through Refine's create (the data provider's POST add) with the server's message.
 */
import { useCustom } from '@refinedev/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseEntityDefinition } from '../../../src/contracts/entity';
import { session } from '../../../src/providers/session';
import { EntityListPage } from '../../../src/toolkit/crud';
import { entry, loadLocales, renderInRefine, signInClerk } from '../customers/list-harness';
import { mockServer, ok, type MockServer } from '../providers/mock-adapter';

const DEFINITION_URL = '/online/cgform/head/definition';

/** What the server sends: plain JSON, no functions. */
const WIRE_DEFINITION = JSON.stringify({
  table: 'online_demo',
  api: '/online/demo',
  permission: 'online:demo',
  title: '在线表单演示',
  fields: {
    name: { type: 'string', label: '名称', required: true, max: 20, search: 'like' },
    price: { type: 'decimal', label: '价格', min: 0 },
  },
});

/** A screen that knows nothing of the entity until the server describes it. */
function RuntimeEntityPage() {
  const { result, query } = useCustom<Record<string, unknown>>({ url: DEFINITION_URL, method: 'get' });
  if (query.isLoading || result.data === undefined) return <span>loading</span>;
  return <EntityListPage entity={parseEntityDefinition(result.data)} />;
}

let server: MockServer;
const posted: unknown[] = [];

beforeAll(async () => {
  await loadLocales();
});

beforeEach(() => {
  signInClerk();
  session.setPermissions({ menu: [], auth: [entry('online:demo:add', '1')], allAuth: [entry('online:demo:add', '1', '1')] });
  posted.length = 0;
  server = mockServer((config) => {
    if (config.url === DEFINITION_URL) return { status: 200, data: ok(JSON.parse(WIRE_DEFINITION) as unknown) };
    if (config.url === '/online/demo/add') {
      posted.push(JSON.parse(String(config.data)));
      return { status: 200, data: ok(null, '添加成功！') };
    }
    if (config.url === '/online/demo/list') return { status: 200, data: ok({ records: [{ id: 'd1', name: '甲', price: 1959.5 }], total: 1 }) };
    return { status: 404 };
  });
});

describe('an entity definition received at run time', () => {
  it('renders its list and its create form, and saves through the data provider', async () => {
    const { container } = renderInRefine(<RuntimeEntityPage />, [], '/online/demo?create=1');
    await waitFor(() => expect(container.querySelectorAll('.ant-table-tbody tr.ant-table-row')).toHaveLength(1), { timeout: 20_000 });
    expect(screen.getByText('在线表单演示')).toBeTruthy();
    // Money always shows two decimals.
    expect(screen.getByText('¥1,959.50')).toBeTruthy();
    expect(container.querySelector('[data-testid="crud-search-form"]')?.textContent).toContain('名称');

    // The dialog kept in the URL is open, with the definition's fields.
    const nameInput = await waitFor(() => {
      const input = document.querySelector<HTMLInputElement>('#form_name');
      if (input === null) throw new Error('no name input yet');
      return input;
    });
    const okButton = () => [...document.querySelectorAll('.ant-modal button')].find((button) => button.textContent?.replace(/\s/g, '') === '确定') as HTMLButtonElement;
    // Empty submit: the required message, nothing sent.
    fireEvent.click(okButton());
    expect(await screen.findByText('请输入名称!')).toBeTruthy();
    fireEvent.change(nameInput, { target: { value: '乙' } });
    fireEvent.change(document.querySelector('#form_price') as HTMLInputElement, { target: { value: '12.345' } });
    fireEvent.click(okButton());
    expect(await screen.findByText('价格最多 2 位小数')).toBeTruthy();
    fireEvent.change(document.querySelector('#form_price') as HTMLInputElement, { target: { value: '12.34' } });
    fireEvent.click(okButton());
    // A decimal travels as the text typed (every digit kept; the server reads it exactly).
    await waitFor(() => expect(posted).toEqual([{ name: '乙', price: '12.34' }]), { timeout: 10_000 });
    expect(await screen.findByText('添加成功！')).toBeTruthy();
    // Refine's invalidation asked for the list again.
    await waitFor(() => expect(server.calls.filter((call) => call.url === '/online/demo/list').length).toBeGreaterThanOrEqual(2), { timeout: 10_000 });
  }, 60_000);

  it('refuses a malformed definition (identifiers are checked as for a plugin)', () => {
    expect(() => parseEntityDefinition({ table: 'x; drop', api: '/a/b', permission: 'a:b', fields: {} })).toThrow(/not a plain identifier/);
    expect(() => parseEntityDefinition({ table: 't', api: '/a/b', permission: 'a:b', fields: { f: { type: 'script', label: 'x' } } })).toThrow(/known type/);
  });
});
