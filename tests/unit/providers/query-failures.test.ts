/**
 * A failed read as the screens meet it: Refine's react-query with the app's retry rule, the data provider and the one
 * http client. An answer of any status is final (asked once, one notice with the server's words); only a request the
 * server did not answer is asked again.
 */
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDataProvider, EnvelopeError, TransportError } from '../../../src/providers/data-provider';
import { REFINE_OPTIONS } from '../../../src/app/refine-options';
import { MAX_QUERY_RETRIES, setHttpPresenter, takePresented } from '../../../src/providers/http';
import { resetHttpErrorState } from '../../../src/providers/http/error-handler';
import { fail, mockServer, ok, spyPresenter, type Reply } from './mock-adapter';

const FORBIDDEN = '没有权限，请联系管理员授权';

function queryClient(): QueryClient {
  // The app's own react-query settings; no delay between attempts, so a retried read settles at once.
  const { defaultOptions } = REFINE_OPTIONS.reactQuery.clientConfig;
  return new QueryClient({ defaultOptions: { queries: { ...defaultOptions.queries, retryDelay: 0 } } });
}

/** Reads a list through the data provider as useList does, answered by `reply` each time; the calls it made. */
async function readList(reply: () => Reply): Promise<{ calls: number; error: unknown }> {
  const server = mockServer(reply);
  const provider = createDataProvider();
  let error: unknown = null;
  try {
    await queryClient().fetchQuery({ queryKey: ['list', Math.random()], queryFn: () => provider.getList({ resource: 'goods', meta: { api: '/goods/goodsSpu' } }) });
  } catch (caught) {
    error = caught;
  }
  return { calls: server.calls.length, error };
}

beforeEach(() => {
  resetHttpErrorState();
  while (takePresented(FORBIDDEN));
});

afterEach(() => {
  setHttpPresenter(null);
});

describe('a read the server refuses with 403', () => {
  it('is asked once, shows the server message once (never "Request failed with status code 403") and reaches Refine with it', async () => {
    const presenter = spyPresenter();
    const { calls, error } = await readList(() => ({ status: 403, data: fail(FORBIDDEN, 403) }));
    expect(calls).toBe(1);
    expect(presenter.notifyError.mock.calls).toEqual([['系统提示', FORBIDDEN]]);
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject({ message: FORBIDDEN, statusCode: 403 });
    // Refine's own error notification of the same read carries that message: it is recognised once as shown already.
    expect(takePresented(FORBIDDEN)).toBe(true);
    expect(takePresented(FORBIDDEN)).toBe(false);
  });

  it('falls back to 拒绝访问 when the 403 carries no message', async () => {
    const presenter = spyPresenter();
    const { error } = await readList(() => ({ status: 403, data: {} }));
    expect(presenter.notifyError.mock.calls).toEqual([['系统提示', '拒绝访问']]);
    expect(error).toMatchObject({ message: '拒绝访问', statusCode: 403 });
  });
});

describe('the retry rule', () => {
  it.each([400, 401, 403, 404, 409, 412, 429, 500, 504])('never asks again after an HTTP %i', async (status) => {
    spyPresenter();
    expect((await readList(() => ({ status, data: fail('refused', status) }))).calls).toBe(1);
  });

  it('never asks again after a refusal (success:false) or a timeout', async () => {
    spyPresenter();
    const refused = await readList(() => ({ status: 200, data: fail('未找到对应数据') }));
    expect(refused.calls).toBe(1);
    expect(refused.error).toBeInstanceOf(EnvelopeError);
    expect((await readList(() => ({ fail: 'timeout' }))).calls).toBe(1);
  });

  it(`asks again, at most ${MAX_QUERY_RETRIES} more times, only when the server did not answer (network, 502, 503)`, async () => {
    spyPresenter();
    expect((await readList(() => ({ fail: 'network' }))).calls).toBe(1 + MAX_QUERY_RETRIES);
    expect((await readList(() => ({ status: 503, data: '' }))).calls).toBe(1 + MAX_QUERY_RETRIES);
    let attempt = 0;
    const recovered = await readList(() => (++attempt === 1 ? { status: 502, data: '' } : { status: 200, data: ok({ records: [], total: 0 }) }));
    expect([recovered.calls, recovered.error]).toEqual([2, null]);
  });
});
