/** docs/spec.md §9: the notice list of the header bell reloads every 6 s while the notice socket is not open, through Refine's data provider. */
import { act, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANNOUNCEMENT_API } from '../../../src/contracts/announcements';
import { NOTICE_RELOAD_INTERVAL_MS, SOCKET_PATHS } from '../../../src/contracts/live';
import { session } from '../../../src/providers/session';
import { FakeWebSocket } from '../live/fake-websocket';
import { useNoticeList } from '../../../src/shell/notice/use-notice-list';
import { renderInRefine } from '../customers/list-harness';
import { mockServer, ok, type MockServer } from '../providers/mock-adapter';

const EMPTY = { anntMsgList: [], anntMsgTotal: 0, sysMsgList: [], sysMsgTotal: 0 };
const UNREAD = { ...EMPTY, anntMsgList: [{ id: 'a1', titile: '盘点通知', priority: 'H', sendTime: '2026-01-01 08:00:00' }], anntMsgTotal: 1 };
let server: MockServer;

beforeEach(() => {
  server = mockServer(() => ({ status: 200, data: ok(EMPTY) }));
});
afterEach(() => {
  session.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const listCalls = () => server.calls.filter((call) => call.url === ANNOUNCEMENT_API.listByUser);

/** The hook inside Refine, as under the product's header; `total` shows what it answers. */
function Bell() {
  const { data } = useNoticeList();
  return <p data-testid="total">{data.anntMsgTotal}</p>;
}

describe('notice list reload', () => {
  it('asks for the list at once, again after 6,000 ms (not before), and stops when unmounted', async () => {
    expect(NOTICE_RELOAD_INTERVAL_MS).toBe(6_000);
    vi.useFakeTimers({ shouldAdvanceTime: false, toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] });
    const { unmount, getByTestId } = renderInRefine(<Bell />, [], '/');
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(listCalls()).toHaveLength(1);
    expect(listCalls()[0]?.params).toMatchObject({ pageSize: 5 });

    await act(() => vi.advanceTimersByTimeAsync(5_990));
    expect(listCalls()).toHaveLength(1);
    server.reply(() => ({ status: 200, data: ok(UNREAD) }));
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(listCalls()).toHaveLength(2);
    // The answer shows (well before the next reload).
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(getByTestId('total').textContent).toBe('1');
    await act(() => vi.advanceTimersByTimeAsync(5_500));
    expect(listCalls()).toHaveLength(3);

    unmount();
    await vi.advanceTimersByTimeAsync(12_000);
    expect(listCalls()).toHaveLength(3);
  });

  it('stops reloading while the notice socket is open (it reads the list again when the socket opens), and polls again once it closes', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false, toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'Date'] });
    FakeWebSocket.reset();
    vi.stubGlobal('WebSocket', FakeWebSocket);
    session.saveLogin({ token: 'notice-token', userInfo: { id: 'u1', username: 'admin', realname: '管理员' } } as Parameters<typeof session.saveLogin>[0]);
    const { unmount } = renderInRefine(<Bell />, [], '/');
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(listCalls()).toHaveLength(1);
    const notice = FakeWebSocket.instances.find((socket) => socket.url.includes(SOCKET_PATHS.notice));
    if (notice === undefined) throw new Error('the bell started no notice socket');

    await act(async () => notice.serverOpens());
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(listCalls()).toHaveLength(2);
    // Open: a minute passes without a read; a notice pushed over the socket is read at once.
    await act(() => vi.advanceTimersByTimeAsync(NOTICE_RELOAD_INTERVAL_MS * 3));
    expect(listCalls()).toHaveLength(2);
    await act(async () => notice.serverSends(JSON.stringify({ cmd: 'user', msgId: 'a1', msgTxt: '盘点通知' })));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(listCalls()).toHaveLength(3);

    // Closed: back to every 6 s.
    await act(async () => notice.fails());
    await act(() => vi.advanceTimersByTimeAsync(NOTICE_RELOAD_INTERVAL_MS + 10));
    expect(listCalls().length).toBeGreaterThan(3);
    unmount();
  });

  it('marks a notice read through the data provider, then reloads the list', async () => {
    let read: ((anntId: string) => Promise<void>) | undefined;
    function Reader() {
      read = useNoticeList().markRead;
      return null;
    }
    renderInRefine(<Reader />, [], '/');
    await waitFor(() => expect(listCalls()).toHaveLength(1));
    await act(() => read?.('a1') ?? Promise.resolve());
    const put = server.calls.find((call) => call.method === 'put');
    expect(put?.url).toBe(ANNOUNCEMENT_API.markRead);
    expect(JSON.parse(String(put?.data))).toEqual({ anntId: 'a1' });
    await waitFor(() => expect(listCalls()).toHaveLength(2));
  });
});
