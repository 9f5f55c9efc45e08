import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { createLiveHub, type LiveHub } from '../../../src/providers/live/live-hub';
import type { WebSocketConstructor } from '../../../src/providers/live/live-socket';
import { FakeWebSocket } from './fake-websocket';

const WS = FakeWebSocket as unknown as WebSocketConstructor;
let hub: LiveHub;
let logger: { warn: Mock<(message: string, detail?: unknown) => void> };

const noticeSockets = () => FakeWebSocket.instances.filter((s) => s.url.includes('/websocket/'));
const tableSockets = () => FakeWebSocket.instances.filter((s) => s.url.includes('/vxeSocket/'));
const last = <T>(list: T[]): T => {
  const item = list.at(-1);
  if (item === undefined) throw new Error('empty');
  return item;
};

beforeEach(async () => {
  vi.useFakeTimers();
  FakeWebSocket.reset();
  logger = { warn: vi.fn() };
  hub = createLiveHub({ apiBase: '/api', userId: 'u1', token: 'tok.en', origin: 'https://shop.example', WebSocketImpl: WS, logger, pageId: 'page-1' });
  // The first attempt is immediate.
  await vi.advanceTimersByTimeAsync(0);
});
afterEach(() => hub.stop());

describe('connecting', () => {
  it('opens both sockets at once with the token as sub-protocol, on wss for an https page', () => {
    expect(noticeSockets()).toHaveLength(1);
    expect(last(noticeSockets()).url).toBe('wss://shop.example/api/websocket/u1');
    expect(last(tableSockets()).url).toBe('wss://shop.example/api/vxeSocket/u1/page-1');
    expect(last(noticeSockets()).protocols).toEqual(['tok.en']);
  });
});

describe('reconnect (docs/spec.md §4, §8: after 5 s, one pending at a time)', () => {
  it('reconnects exactly 5 s after a close', async () => {
    const first = last(noticeSockets());
    first.serverOpens();
    first.close(1006);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(noticeSockets()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(noticeSockets()).toHaveLength(2);
  });

  it('schedules only one reconnect for an error followed by a close, and keeps 5 s between failed attempts', async () => {
    last(noticeSockets()).fails();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(noticeSockets()).toHaveLength(2);
    last(noticeSockets()).fails();
    await vi.advanceTimersByTimeAsync(4_999);
    expect(noticeSockets()).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(noticeSockets()).toHaveLength(3);
    // The new attempt is still connecting: nothing else is scheduled meanwhile.
    await vi.advanceTimersByTimeAsync(3_999);
    expect(noticeSockets()).toHaveLength(3);
  });

  it('stops for good on stop()', async () => {
    last(noticeSockets()).serverOpens();
    hub.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(noticeSockets()).toHaveLength(1);
  });
});

describe('heartbeats (docs/spec.md §9)', () => {
  it('notice socket: sends HeartBeat after 20 s; unanswered for 20 s more it closes and reconnects 5 s later', async () => {
    const socket = last(noticeSockets());
    socket.serverOpens();
    await vi.advanceTimersByTimeAsync(19_999);
    expect(socket.sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(socket.sent).toEqual(['HeartBeat']);
    await vi.advanceTimersByTimeAsync(19_999);
    expect(socket.readyState).toBe(FakeWebSocket.OPEN);
    await vi.advanceTimersByTimeAsync(1);
    expect(socket.readyState).toBe(FakeWebSocket.CLOSED);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(noticeSockets()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    // reconnect() starts its attempt on a zero-delay timer: same instant, next timer turn.
    await vi.advanceTimersByTimeAsync(1);
    expect(noticeSockets()).toHaveLength(2);
  });

  it('notice socket: an answered heartbeat keeps the connection', async () => {
    const socket = last(noticeSockets());
    socket.serverOpens();
    await vi.advanceTimersByTimeAsync(20_000);
    socket.serverSends('{"cmd":"heartcheck","msgTxt":"心跳响应"}');
    await vi.advanceTimersByTimeAsync(25_000);
    expect(socket.readyState).toBe(FakeWebSocket.OPEN);
    expect(logger.warn).not.toHaveBeenCalled();
  });

  it('table socket: heart_beat every 10 s, 6 s reply timeout, reconnect 5 s later, subscriptions restored', async () => {
    const rows = vi.fn();
    hub.subscribeRows('/goods/list', rows);
    const socket = last(tableSockets());
    socket.serverOpens();
    expect(socket.sent).toEqual(['{"type":"subscribe","data":{"socketKey":"/goods/list"}}']);
    socket.sent.length = 0;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(socket.sent).toEqual(['{"type":"heart_beat","data":""}']);
    socket.serverSends('{"type":"heart_beat","data":true}');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(socket.sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(5_999);
    expect(socket.readyState).toBe(FakeWebSocket.OPEN);
    await vi.advanceTimersByTimeAsync(1);
    expect(socket.readyState).toBe(FakeWebSocket.CLOSED);
    await vi.advanceTimersByTimeAsync(4_999);
    expect(last(tableSockets())).toBe(socket);
    await vi.advanceTimersByTimeAsync(1);
    // reconnect() starts its attempt on a zero-delay timer: same instant, next timer turn.
    await vi.advanceTimersByTimeAsync(1);
    const again = last(tableSockets());
    expect(again).not.toBe(socket);
    again.serverOpens();
    expect(again.sent).toEqual(['{"type":"subscribe","data":{"socketKey":"/goods/list"}}']);
    again.serverSends(JSON.stringify({ type: 'update_vxe_table', data: { socketKey: '/goods/list', args: [{ id: 'r1', name: 'n' }, 'server'] } }));
    expect(rows).toHaveBeenCalledWith({ id: 'r1', name: 'n' });
  });
});

describe('message routing', () => {
  it('routes topic and user notices to the notice handlers, also after a reconnect', async () => {
    const handler = vi.fn();
    hub.onNotice(handler);
    const first = last(noticeSockets());
    first.serverOpens();
    first.serverSends('{"cmd":"topic","msgId":"a1","msgTxt":"hi"}');
    first.close(1006);
    await vi.advanceTimersByTimeAsync(5_000);
    const second = last(noticeSockets());
    second.serverOpens();
    second.serverSends('{"cmd":"user","msgId":"a2","msgTxt":"you","userId":"u1"}');
    expect(handler.mock.calls).toEqual([[{ cmd: 'topic', msgId: 'a1', msgTxt: 'hi' }], [{ cmd: 'user', msgId: 'a2', msgTxt: 'you', userId: 'u1' }]]);
  });

  it('routes row updates by socket key, skips this page\'s own, and routes common_send_date by key', () => {
    const goods = vi.fn();
    const orders = vi.fn();
    const common = vi.fn();
    hub.subscribeRows('/goods', goods);
    hub.subscribeRows('/orders', orders);
    hub.onCommon('refresh', common);
    const socket = last(tableSockets());
    socket.serverOpens();
    socket.serverSends(JSON.stringify({ type: 'update_vxe_table', data: { socketKey: '/goods', args: [{ id: 1, price: 2 }, 'other-page'] } }));
    socket.serverSends(JSON.stringify({ type: 'update_vxe_table', data: { socketKey: '/goods', args: [{ id: 2 }, 'page-1'] } }));
    socket.serverSends(JSON.stringify({ type: 'common_send_date', data: { key: 'refresh', args: ['x'] } }));
    expect(goods.mock.calls).toEqual([[{ id: 1, price: 2 }]]);
    expect(orders).not.toHaveBeenCalled();
    expect(common).toHaveBeenCalledWith(['x']);
  });

  it('publishes this page\'s row changes with its pageId as caseId and unsubscribes with the last handler', () => {
    const off = hub.subscribeRows('/goods', vi.fn());
    const socket = last(tableSockets());
    socket.serverOpens();
    socket.sent.length = 0;
    hub.publishRow('/goods', { id: 'r9', name: 'x' });
    off();
    expect(socket.sent).toEqual([
      '{"type":"update_vxe_table","data":{"socketKey":"/goods","args":[{"id":"r9","name":"x"},"page-1"]}}',
      '{"type":"unsubscribe","data":{"socketKey":"/goods"}}',
    ]);
  });

  it('only logs unparsable and unknown frames (never evaluates them)', () => {
    const handler = vi.fn();
    hub.onNotice(handler);
    const notice = last(noticeSockets());
    const table = last(tableSockets());
    notice.serverOpens();
    table.serverOpens();
    (globalThis as { pwned?: boolean }).pwned = false;
    notice.serverSends('(globalThis.pwned = true)');
    notice.serverSends('{"cmd":"email","msgTxt":"x"}');
    table.serverSends('not json');
    table.serverSends('{"type":"drop_tables","data":{}}');
    table.serverSends('{"type":"update_vxe_table","data":{"socketKey":"/g","args":[{"noId":true}]}}');
    expect(handler).not.toHaveBeenCalled();
    expect(logger.warn).toHaveBeenCalledTimes(5);
    expect((globalThis as { pwned?: boolean }).pwned).toBe(false);
    expect(notice.readyState).toBe(FakeWebSocket.OPEN);
  });
});
