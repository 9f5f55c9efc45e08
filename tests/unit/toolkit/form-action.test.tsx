/**
 * useFormAction: a dialog form whose save is an action goes through Refine's custom mutation (the data
 * provider), validates first, shows the server's words, invalidates the resources it names and keeps
 * the form as typed after a refusal.
 */
import { useList } from '@refinedev/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Button, Form, Input } from 'antd';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useFormAction } from '../../../src/toolkit/crud';
import { loadLocales, renderInRefine, signInClerk } from '../customers/list-harness';
import { fail, mockServer, ok, type MockServer } from '../providers/mock-adapter';

const LONG = { timeout: 20_000 };
let server: MockServer;
const calls = (url: string) => server.calls.filter((call) => call.url === url);

function Probe({ onDone, refusal }: { onDone: (result: unknown) => void; refusal?: 'warning' }) {
  const [form] = Form.useForm<{ name: string }>();
  const { result } = useList({ resource: 'things', meta: { api: '/things' } });
  const { submit, saving } = useFormAction(form, {
    request: (values) => ({ url: '/things/rename', method: 'post', values: { name: values.name.trim() } }),
    invalidates: ['things'],
    refusal,
    onDone,
  });
  return (
    <>
      <span data-testid="rows">{result.data.length}</span>
      <Form form={form} name="probe">
        <Form.Item name="name" rules={[{ required: true, message: 'name?' }]}>
          <Input />
        </Form.Item>
      </Form>
      <Button loading={saving} onClick={() => void submit()}>
        go
      </Button>
    </>
  );
}

beforeAll(async () => {
  await loadLocales();
});

beforeEach(() => {
  signInClerk();
  server = mockServer((config) => {
    if (config.url === '/things/rename') return { status: 200, data: ok({ id: 't9' }, '改名成功！') };
    return { status: 200, data: ok({ records: [{ id: 't1' }], total: 1 }) };
  });
});

describe('useFormAction', () => {
  it('sends nothing while a field is invalid', async () => {
    const onDone = vi.fn();
    renderInRefine(<Probe onDone={onDone} />, [{ name: 'things', meta: { api: '/things' } }]);
    fireEvent.click(screen.getByRole('button', { name: 'go' }));
    expect(await screen.findByText('name?', undefined, LONG)).toBeTruthy();
    expect(calls('/things/rename')).toHaveLength(0);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('posts through the data provider, shows the server’s message, refreshes the named lists, then calls onDone with the result', async () => {
    const onDone = vi.fn();
    renderInRefine(<Probe onDone={onDone} />, [{ name: 'things', meta: { api: '/things' } }]);
    await waitFor(() => expect(calls('/things/list')).toHaveLength(1), LONG);
    fireEvent.change(document.getElementById('probe_name') as HTMLElement, { target: { value: ' new ' } });
    fireEvent.click(screen.getByRole('button', { name: 'go' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledExactlyOnceWith({ id: 't9' }), LONG);
    const [rename] = calls('/things/rename');
    expect(rename?.method).toBe('post');
    expect(JSON.parse(String(rename?.data))).toEqual({ name: 'new' });
    expect(await screen.findByText('改名成功！')).toBeTruthy();
    // The list was read again before onDone: the cache invalidated itself.
    expect(calls('/things/list')).toHaveLength(2);
  });

  it('shows a refusal as asked and keeps what was typed, without onDone', async () => {
    server.reply((config) => ({ status: 200, data: config.url === '/things/rename' ? fail('名称已存在') : ok({ records: [], total: 0 }) }));
    const onDone = vi.fn();
    renderInRefine(<Probe onDone={onDone} refusal="warning" />, [{ name: 'things', meta: { api: '/things' } }]);
    fireEvent.change(document.getElementById('probe_name') as HTMLElement, { target: { value: 'taken' } });
    fireEvent.click(screen.getByRole('button', { name: 'go' }));
    expect(await screen.findByText('名称已存在', undefined, LONG)).toBeTruthy();
    expect(document.querySelector('.ant-message-warning')).not.toBeNull();
    expect(onDone).not.toHaveBeenCalled();
    expect((document.getElementById('probe_name') as HTMLInputElement).value).toBe('taken');
  });
});
