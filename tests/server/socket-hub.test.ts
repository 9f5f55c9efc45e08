/**
 * The table socket hub holds the rows published on a key while a page's subscription to it is being authorised:
 * a row changed right after a list subscribed is delivered once the permission is confirmed (not lost), and never
 * reaches a page whose subscription is refused.
 */
import type { WebSocket } from 'ws';
import { describe, expect, it } from 'vitest';
import { MAX_HELD_FRAMES, SocketHub, type TableClient } from '../../server/sockets/socket-hub';

function fakeClient(): TableClient & { sent: string[] } {
  const sent: string[] = [];
  const socket = { readyState: 1, OPEN: 1, send: (payload: string) => sent.push(payload) } as unknown as WebSocket;
  return { socket, userId: 'u1', tenantId: 1, pageId: 'p1', keys: new Set(), pending: new Map(), sent };
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
