/**
 * The table socket hub holds the rows published on a key while a page's subscription to it is being authorised:
 * a row changed right after a list subscribed is delivered once the permission is confirmed (not lost), and never
 * reaches a page whose subscription is refused.
 */
import type { WebSocket } from 'ws';
import { describe, expect, it } from 'vitest';
import type { BusHandler, MessageBus } from '../../server/bus/message-bus';
import { MAX_HELD_FRAMES, SocketHub, type TableClient } from '../../server/sockets/socket-hub';
import { importProgressKey, TABLE_MESSAGE } from '../../src/contracts/live';

function fakeClient(userId = 'u1'): TableClient & { sent: string[] } {
  const sent: string[] = [];
  const socket = { readyState: 1, OPEN: 1, send: (payload: string) => sent.push(payload) } as unknown as WebSocket;
  return { socket, userId, tenantId: 1, pageId: 'p1', keys: new Set(), pending: new Map(), sent };
}

/** Two instances' buses: what one publishes, the other's subscribers hear (never its own). */
function linkedBuses(): [MessageBus, MessageBus] {
  const handlers = new Map<MessageBus, BusHandler[]>();
  const bus = (instanceId: string): MessageBus => {
    const self: MessageBus = {
      instanceId,
      publish: async (_channel, payload) => {
        for (const [other, list] of handlers) if (other !== self) for (const handler of list) handler(payload as Record<string, unknown>, instanceId);
      },
      subscribe: (_channel, handler) => {
        handlers.set(self, [...(handlers.get(self) ?? []), handler]);
        return () => undefined;
      },
      close: async () => undefined,
    };
    return self;
  };
  return [bus('a'), bus('b')];
}

describe('a subscription being authorised', () => {
  it('holds what is published meanwhile instead of sending or losing it', () => {
    const hub = new SocketHub();
    hub.registerServerChannel('/test/list', 'test:list');
    const client = fakeClient();
    hub.addTableClient(client);
    client.pending.set('/test/list', []);
    expect(hub.publishRowUpdate('/test/list', { id: 'r1', name: 'x' }, { tenantId: 1 })).toBe(0);
    expect(client.sent).toEqual([]);
    expect(client.pending.get('/test/list')).toHaveLength(1);
    expect(client.pending.get('/test/list')?.[0]).toContain('"r1"');
    // Another tenant's row is not held for it either.
    hub.publishRowUpdate('/test/list', { id: 'r2' }, { tenantId: 2 });
    expect(client.pending.get('/test/list')).toHaveLength(1);
  });

  it('holds at most a bounded burst', () => {
    const hub = new SocketHub();
    const client = fakeClient();
    hub.addTableClient(client);
    client.pending.set('/test/list', []);
    for (let index = 0; index < MAX_HELD_FRAMES + 20; index += 1) hub.publishRowUpdate('/test/list', { id: `r${index}` });
    expect(client.pending.get('/test/list')).toHaveLength(MAX_HELD_FRAMES);
  });
});

describe('a frame for one user (an import’s progress)', () => {
  it('reaches that user’s listening sockets on every instance, and no other user’s, whatever they subscribed to', async () => {
    const [busA, busB] = linkedBuses();
    const here = new SocketHub(busA);
    const there = new SocketHub(busB);
    const key = importProgressKey('import-0001');
    const mine = fakeClient('u1');
    const mineElsewhere = fakeClient('u1');
    const mineNotListening = fakeClient('u1');
    const theirs = fakeClient('u2');
    for (const client of [mine, mineElsewhere, theirs]) client.keys.add(key);
    here.addTableClient(mine);
    here.addTableClient(theirs);
    there.addTableClient(mineElsewhere);
    there.addTableClient(mineNotListening);
    const frame = { type: TABLE_MESSAGE.commonSend, data: { key, args: [{ phase: 'importing', done: 1, total: 2 }] } };
    expect(here.sendToUserTables('u1', key, frame)).toBe(1);
    await Promise.resolve();
    expect(mine.sent).toEqual([JSON.stringify(frame)]);
    expect(mineElsewhere.sent).toEqual([JSON.stringify(frame)]);
    expect(mineNotListening.sent).toEqual([]);
    expect(theirs.sent).toEqual([]);
    // Only the server speaks on a progress key: a page's relay is refused before it reaches the hub.
    expect(here.isServerChannel(key)).toBe(true);
  });
});
