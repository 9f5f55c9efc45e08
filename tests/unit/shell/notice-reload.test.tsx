/** Spec §9: the notice list of the header bell reloads every 6 s. */
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ANNOUNCEMENT_API } from '../../../src/contracts/announcements';
import { NOTICE_RELOAD_INTERVAL_MS } from '../../../src/contracts/live';
import { useNoticeList } from '../../../src/shell/notice/use-notice-list';

const api = vi.hoisted(() => ({ get: vi.fn() }));
vi.mock('../../../src/providers/http', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/providers/http')>();
  return { ...original, http: { ...original.http, get: api.get } };
});

const EMPTY = { anntMsgList: [], anntMsgTotal: 0, sysMsgList: [], sysMsgTotal: 0 };

beforeEach(() => {
  api.get.mockReset();
  api.get.mockResolvedValue({ success: true, message: '', code: 200, result: EMPTY, timestamp: 0 });
});

describe('notice list reload', () => {
  it('asks for the list at once, again after 6,000 ms (not before), and stops when unmounted', async () => {
    expect(NOTICE_RELOAD_INTERVAL_MS).toBe(6_000);
    vi.useFakeTimers();
    const { unmount } = renderHook(() => useNoticeList());
    expect(api.get).toHaveBeenCalledTimes(1);
    expect(api.get).toHaveBeenLastCalledWith(ANNOUNCEMENT_API.listByUser, { pageSize: 5 });

    await act(() => vi.advanceTimersByTimeAsync(5_999));
    expect(api.get).toHaveBeenCalledTimes(1);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(api.get).toHaveBeenCalledTimes(2);
    await act(() => vi.advanceTimersByTimeAsync(6_000));
    expect(api.get).toHaveBeenCalledTimes(3);

    unmount();
    await vi.advanceTimersByTimeAsync(12_000);
    expect(api.get).toHaveBeenCalledTimes(3);
  });
});
