import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useKeyedLoad, type LoadOutcome } from '../../../src/toolkit/crud/use-keyed-load';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

describe('useKeyedLoad', () => {
  it('loads for a key, ignores the answer of an older key, and shows nothing without a key', async () => {
    const answers = new Map([
      ['a', deferred<LoadOutcome<string>>()],
      ['b', deferred<LoadOutcome<string>>()],
    ]);
    const onLoaded = vi.fn();
    const { result, rerender } = renderHook(({ key }: { key: string | null }) => useKeyedLoad(key, () => answers.get(key ?? '')?.promise ?? Promise.reject(new Error('no key')), { failure: '数据加载失败', onLoaded }), {
      initialProps: { key: 'a' as string | null },
    });
    expect(result.current.loading).toBe(true);
    rerender({ key: 'b' });
    await act(async () => answers.get('a')?.resolve({ ok: true, value: 'A' }));
    expect(result.current).toMatchObject({ loading: true, value: undefined });
    expect(onLoaded).not.toHaveBeenCalled();
    await act(async () => answers.get('b')?.resolve({ ok: true, value: 'B' }));
    expect(result.current).toMatchObject({ loading: false, value: 'B', error: null });
    expect(onLoaded).toHaveBeenCalledExactlyOnceWith('B');
    rerender({ key: null });
    expect(result.current).toMatchObject({ loading: false, value: undefined, error: null });
  });

  it('shows the refusal or the failure text, and retries the same key', async () => {
    const load = vi.fn<() => Promise<LoadOutcome<number>>>()
      .mockResolvedValueOnce({ ok: false, error: '记录不存在' })
      .mockRejectedValueOnce(new Error('network'))
      .mockResolvedValueOnce({ ok: true, value: 7 });
    const { result } = renderHook(() => useKeyedLoad('edit:1', load, { failure: '数据加载失败' }));
    await waitFor(() => expect(result.current.error).toBe('记录不存在'));
    act(() => result.current.retry());
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current.error).toBe('数据加载失败'));
    act(() => result.current.retry());
    await waitFor(() => expect(result.current.value).toBe(7));
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('loads afresh when the same key comes back, never showing the old answer', async () => {
    let calls = 0;
    const pending = deferred<LoadOutcome<string>>();
    const load = () => {
      calls += 1;
      return calls === 1 ? Promise.resolve<LoadOutcome<string>>({ ok: true, value: 'first' }) : pending.promise;
    };
    const { result, rerender } = renderHook(({ key }: { key: string | null }) => useKeyedLoad(key, load, { failure: 'x' }), { initialProps: { key: 'edit:1' as string | null } });
    await waitFor(() => expect(result.current.value).toBe('first'));
    rerender({ key: null });
    rerender({ key: 'edit:1' });
    expect(result.current).toMatchObject({ loading: true, value: undefined });
    await act(async () => pending.resolve({ ok: true, value: 'second' }));
    expect(result.current.value).toBe('second');
  });
});
