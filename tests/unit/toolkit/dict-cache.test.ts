import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../src/providers/session';
import { loadDictItems } from '../../../src/toolkit/dict/dict-cache';
import { fail, mockServer, ok, spyPresenter } from '../providers/mock-adapter';

beforeEach(() => {
  localStorage.clear();
  session.setDictCache({});
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('dictionary lookups (docs/spec.md §7 Dictionaries)', () => {
  it('answer from the session cache first, else fetch once and cache the items', async () => {
    const server = mockServer(() => ({ status: 200, data: ok([{ value: '1', text: '男' }]) }));
    expect(await loadDictItems('sex')).toEqual([{ value: '1', text: '男' }]);
    expect(await loadDictItems('sex')).toEqual([{ value: '1', text: '男' }]);
    expect(server.calls.map((call) => call.url)).toEqual(['/sys/dict/getDictItems/sex']);
    expect(session.getDictCache()?.sex).toEqual([{ value: '1', text: '男' }]);
  });

  it('only log a failed lookup: no items, nothing shown to the user, nothing cached', async () => {
    const presenter = spyPresenter();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockServer(() => ({ status: 200, data: fail('字典Code不能为空!') }));
    expect(await loadDictItems('no_such_dict')).toEqual([]);
    mockServer(() => ({ fail: 'network' }));
    expect(await loadDictItems('other_dict')).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn.mock.calls[0]).toEqual(['dictionary lookup failed', 'no_such_dict', '字典Code不能为空!']);
    expect(session.getDictCache()?.no_such_dict).toBeUndefined();
    // A business failure is never presented; a transport failure goes through the client's docs/spec.md §8 handling only.
    expect(presenter.notifyError.mock.calls.filter(([message]) => String(message).includes('字典'))).toEqual([]);
  });
});
