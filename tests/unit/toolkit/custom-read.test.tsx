/**
 * useCustomRead: a dialog's GET through Refine's useCustom and the data provider — nothing without a
 * call, the answer for the current call only, the server's refusal (or the screen's failure text) as
 * the error, a retry, and a fresh read when the dialog opens again.
 */
import { act, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useCustomRead } from '../../../src/toolkit/crud';
import { loadLocales, renderInRefine, signInClerk } from '../customers/list-harness';
import { fail, mockServer, ok, spyPresenter, type MockServer } from '../providers/mock-adapter';

const LONG = { timeout: 20_000 };
let server: MockServer;
const reads = () => server.calls.filter((call) => call.url === '/things/choice');

let setKey: (key: string | null) => void = () => undefined;
let retry: () => void = () => undefined;

function Reader() {
  const read = useCustomRead<{ name: string }>(null, { failure: 'unused' });
  return <span data-testid="idle">{`${String(read.loading)}|${String(read.value)}|${String(read.error)}`}</span>;
}

function Probe({ initial }: { initial: string | null }) {
  const [key, set] = useState<string | null>(initial);
  setKey = set;
  const read = useCustomRead<{ name: string }>(key === null ? null : { url: '/things/choice', query: { key } }, { failure: '加载失败' });
  retry = read.retry;
  return <span data-testid="state">{read.loading ? 'loading' : (read.error ?? read.value?.name ?? 'nothing')}</span>;
}

const state = () => screen.getByTestId('state').textContent;

beforeAll(async () => {
  await loadLocales();
});

beforeEach(() => {
  spyPresenter();
  signInClerk();
  server = mockServer((config) => ({ status: 200, data: ok({ name: `answer ${String((config.params as { key?: string }).key)}` }) }));
});

describe('useCustomRead', () => {
  it('asks nothing without a call', async () => {
    renderInRefine(<Reader />, []);
    expect(screen.getByTestId('idle').textContent).toBe('false|undefined|null');
    expect(server.calls).toHaveLength(0);
  });

  it('shows the answer of the current call, and reads afresh when the call comes back', async () => {
    renderInRefine(<Probe initial="a" />, []);
    expect(state()).toBe('loading');
    await waitFor(() => expect(state()).toBe('answer a'), LONG);
    act(() => setKey('b'));
    // Never the answer of the call before.
    expect(state()).toBe('loading');
    await waitFor(() => expect(state()).toBe('answer b'), LONG);
    act(() => setKey(null));
    expect(state()).toBe('nothing');
    act(() => setKey('a'));
    expect(state()).toBe('loading');
    await waitFor(() => expect(state()).toBe('answer a'), LONG);
    expect(reads()).toHaveLength(3);
  });

  it('shows the server’s refusal or the failure text, and retries', async () => {
    server.reply(() => ({ status: 200, data: fail('记录不存在') }));
    renderInRefine(<Probe initial="a" />, []);
    await waitFor(() => expect(state()).toBe('记录不存在'), LONG);
    server.reply(() => ({ fail: 'network' }));
    act(() => retry());
    await waitFor(() => expect(state()).toBe('加载失败'), LONG);
    server.reply(() => ({ status: 200, data: ok({ name: 'back' }) }));
    act(() => retry());
    await waitFor(() => expect(state()).toBe('back'), LONG);
  });
});
