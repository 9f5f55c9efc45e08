/** Both websockets: authenticated on upgrade, bound to the token's user, pushes reach exactly their recipients. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HEADER_TENANT } from '../../src/contracts/constants';
import { NOTICE_HEARTBEAT, NOTICE_HEARTBEAT_REPLY } from '../../src/contracts/live';
import type { LoginResult } from '../../src/contracts/session';
import { CLOSE_SESSION_ENDED } from '../../server/sockets';
import { readableLiveFields } from '../../server/sockets/live-entities';
import { announcementEntity } from '../../plugins/announcements/entities';
import { call, login, startWithDemoSessions, type TestServer } from './helpers';
import { openSocket, settle, type TestSocket } from './socket-clients';

let server: TestServer;
let base: string;
let admin: LoginResult;
let clerk: LoginResult;

beforeAll(async () => {
  ({ server, admin, clerk, wsBase: base } = await startWithDemoSessions({ listen: true }));
});
afterAll(async () => server.close());

const isFrame = (type: string) => (frame: unknown) => typeof frame === 'object' && frame !== null && (frame as { type?: unknown }).type === type;
const isCmd = (cmd: string) => (frame: unknown) => typeof frame === 'object' && frame !== null && (frame as { cmd?: unknown }).cmd === cmd;

describe('notice socket /api/websocket/:userId', () => {
  it('refuses an upgrade without a token, with a bad token, or for another user id', async () => {
    await expect(openSocket(`${base}/websocket/${clerk.userInfo.id}`)).rejects.toThrow('HTTP 401');
    await expect(openSocket(`${base}/websocket/${clerk.userInfo.id}`, 'not-a-token')).rejects.toThrow('HTTP 401');
    await expect(openSocket(`${base}/websocket/${admin.userInfo.id}`, clerk.token)).rejects.toThrow('HTTP 403');
    await expect(openSocket(`${base}/vxeSocket/${admin.userInfo.id}/page-1`, clerk.token)).rejects.toThrow('HTTP 403');
    await expect(openSocket(`${base}/vxeSocket/${clerk.userInfo.id}/page-1`)).rejects.toThrow('HTTP 401');
  });

  it('accepts the token as the sub-protocol or as ?token=, keeps it out of the log, and answers HeartBeat to the sender only', async () => {
    const byProtocol = await openSocket(`${base}/websocket/${clerk.userInfo.id}`, clerk.token);
    const byQuery = await openSocket(`${base}/websocket/${admin.userInfo.id}?token=${encodeURIComponent(admin.token)}`);
    byProtocol.socket.send(NOTICE_HEARTBEAT);
    expect(await byProtocol.next(isCmd('heartcheck'))).toEqual(NOTICE_HEARTBEAT_REPLY);
    await settle();
    expect(byQuery.frames).toEqual([]);
    expect(server.logs.join('\n')).not.toContain(admin.token);
    byProtocol.close();
    byQuery.close();
  });

  it('sendToUsers reaches exactly the named users; broadcast reaches everyone connected', async () => {
    const clerkTab1 = await openSocket(`${base}/websocket/${clerk.userInfo.id}`, clerk.token);
    const clerkTab2 = await openSocket(`${base}/websocket/${clerk.userInfo.id}`, clerk.token);
    const adminTab = await openSocket(`${base}/websocket/${admin.userInfo.id}`, admin.token);
    const reached = server.app.sockets.sendToUsers([clerk.userInfo.id], { cmd: 'user', msgId: 'm1', msgTxt: 'hello' });
    expect(reached).toBe(2);
    expect(await clerkTab1.next(isCmd('user'))).toEqual({ cmd: 'user', msgId: 'm1', msgTxt: 'hello', userId: clerk.userInfo.id });
    await clerkTab2.next(isCmd('user'));
    await settle();
    expect(adminTab.frames).toEqual([]);
    expect(server.app.sockets.broadcast({ cmd: 'topic', msgId: 'm2', msgTxt: 'all' })).toBe(3);
    await adminTab.next(isCmd('topic'));
    for (const tab of [clerkTab1, clerkTab2, adminTab]) tab.close();
  });

  it('closes a socket whose session has ended at its next heartbeat', async () => {
    const session = await login(server.app, 'clerk');
    const tab = await openSocket(`${base}/websocket/${session.userInfo.id}`, session.token);
    await call(server.app, 'POST', '/api/sys/logout', { token: session.token });
    tab.socket.send(NOTICE_HEARTBEAT);
    expect(await tab.closed).toBe(CLOSE_SESSION_ENDED);
  });
});

describe('table socket /api/vxeSocket/:userId/:pageId', () => {
  let clerkA: TestSocket;
  let clerkB: TestSocket;
  let adminPage: TestSocket;
  const subscribe = (tab: TestSocket, socketKey: string) => tab.socket.send(JSON.stringify({ type: 'subscribe', data: { socketKey } }));
  const update = (tab: TestSocket, socketKey: string, row: unknown, caseId = 'case-a') =>
    tab.socket.send(JSON.stringify({ type: 'update_vxe_table', data: { socketKey, args: [row, caseId] } }));

  beforeAll(async () => {
    clerkA = await openSocket(`${base}/vxeSocket/${clerk.userInfo.id}/page-a`, clerk.token);
    clerkB = await openSocket(`${base}/vxeSocket/${clerk.userInfo.id}/page-b`, clerk.token);
    adminPage = await openSocket(`${base}/vxeSocket/${admin.userInfo.id}/page-c`, admin.token);
  });
  afterAll(() => [clerkA, clerkB, adminPage].forEach((tab) => tab.close()));

  it('echoes heart_beat with data true', async () => {
    clerkA.socket.send(JSON.stringify({ type: 'heart_beat', data: '' }));
    expect(await clerkA.next(isFrame('heart_beat'))).toEqual({ type: 'heart_beat', data: true });
  });

  it('relays a valid row update only to the other subscribers of that key, re-serialised', async () => {
    subscribe(clerkA, 'goods-k1');
    subscribe(clerkB, 'goods-k1');
    subscribe(adminPage, 'goods-k2');
    await settle(100);
    update(clerkA, 'goods-k1', { id: 'r1', name: 'changed', extra: undefined });
    expect(await clerkB.next(isFrame('update_vxe_table'))).toEqual({
      type: 'update_vxe_table',
      data: { socketKey: 'goods-k1', args: [{ id: 'r1', name: 'changed' }, 'case-a'] },
    });
    clerkA.socket.send(JSON.stringify({ type: 'common_send_date', data: { key: 'goods-k1', args: [1, 'x'] } }));
    expect(await clerkB.next(isFrame('common_send_date'))).toEqual({ type: 'common_send_date', data: { key: 'goods-k1', args: [1, 'x'] } });
    await settle();
    expect(adminPage.frames).toEqual([]);
    expect(clerkA.frames.filter(isFrame('update_vxe_table'))).toEqual([]);
  });

  it('drops malformed, oversized, unknown and unparsable frames', async () => {
    const before = clerkB.frames.length;
    update(clerkA, 'goods-k1', { name: 'no id' });
    update(clerkA, 'goods-k1', { id: 'r1', blob: 'x'.repeat(65 * 1024) });
    update(clerkA, 'goods k1 with spaces', { id: 'r1' });
    update(clerkA, 'goods-k2', { id: 'r1' }); // not subscribed to it
    clerkA.socket.send('{"type":"eval","data":"alert(1)"}');
    clerkA.socket.send('not json');
    await settle();
    expect(clerkB.frames.length).toBe(before);
    expect(adminPage.frames).toEqual([]);
  });

  it('lets only permitted users subscribe to a server channel, and only the server publish on it', async () => {
    server.app.sockets.registerServerChannel('/test/serverList', 'system:announcement:list');
    subscribe(clerkA, '/test/serverList');
    subscribe(clerkB, '/test/serverList');
    subscribe(adminPage, '/test/serverList');
    await settle(200);
    update(clerkA, '/test/serverList', { id: 'forged', titile: 'forged' });
    await settle();
    expect(adminPage.frames).toEqual([]);
    expect(server.app.sockets.publishRowUpdate('/test/serverList', { id: 'a1', titile: 'new' })).toBe(1);
    expect(await adminPage.next(isFrame('update_vxe_table'))).toEqual({
      type: 'update_vxe_table',
      data: { socketKey: '/test/serverList', args: [{ id: 'a1', titile: 'new' }, 'server'] },
    });
    await settle();
    expect(clerkB.frames.filter(isFrame('update_vxe_table')).some((f) => JSON.stringify(f).includes('a1'))).toBe(false);
  });
});

describe('rows the server publishes (publishEntityChanges)', () => {
  const ANNOUNCEMENTS = '/sys/annountCement';
  const subscribe = (tab: TestSocket, socketKey: string) => tab.socket.send(JSON.stringify({ type: 'subscribe', data: { socketKey } }));
  const rowOf = (frame: unknown) => (frame as { data: { args: [Record<string, unknown>, string] } }).data.args[0];
  const mentions = (text: string) => (frame: unknown) => JSON.stringify(frame).includes(text);

  it('carry only the channel\'s readable fields, and never a password', async () => {
    const tab = await openSocket(`${base}/vxeSocket/${admin.userInfo.id}/page-fields`, admin.token);
    server.app.sockets.registerServerChannel('/test/fieldList', 'system:announcement:list', ['name']);
    server.app.sockets.registerServerChannel('/test/anyList', 'system:announcement:list');
    subscribe(tab, '/test/fieldList');
    subscribe(tab, '/test/anyList');
    await settle(200);
    server.app.sockets.publishRowUpdate('/test/fieldList', { id: 'f1', name: 'shown', secret: 'hidden', password: 'p' });
    expect(rowOf(await tab.next(mentions('f1')))).toEqual({ id: 'f1', name: 'shown' });
    server.app.sockets.publishRowUpdate('/test/anyList', { id: 'f2', name: 'shown', password: 'p', salt: 's' });
    expect(rowOf(await tab.next(mentions('f2')))).toEqual({ id: 'f2', name: 'shown' });
    tab.close();
  });

  it('send an edited record with its changed fields to the subscribers of the editor\'s tenant only', async () => {
    const inTenant = await openSocket(`${base}/vxeSocket/${admin.userInfo.id}/page-tenant-1?tenantId=1`, admin.token);
    const noTenant = await openSocket(`${base}/vxeSocket/${admin.userInfo.id}/page-tenant-0`, admin.token);
    subscribe(inTenant, ANNOUNCEMENTS);
    subscribe(noTenant, ANNOUNCEMENTS);
    await settle(200);
    const headers = { [HEADER_TENANT]: '1' };
    const added = await call<{ id: string }>(server.app, 'POST', `/api${ANNOUNCEMENTS}/add`, {
      token: admin.token,
      headers,
      body: { titile: 'payload row', priority: 'M', msgCategory: '1', msgType: 'ALL', msgContent: '<p>x</p>' },
    });
    expect(added.body.success, added.body.message).toBe(true);
    const id = added.body.result.id;
    const edited = await call(server.app, 'PUT', `/api${ANNOUNCEMENTS}/edit`, { token: admin.token, headers, body: { id, titile: 'payload row edited', priority: 'H' } });
    expect(edited.body.success, edited.body.message).toBe(true);

    const row = rowOf(await inTenant.next(mentions('payload row edited')));
    expect(row).toMatchObject({ id, titile: 'payload row edited', priority: 'H', msgCategory: '1', msgType: 'ALL', sendStatus: '0' });
    const readable = new Set(['id', ...readableLiveFields(announcementEntity)]);
    expect(Object.keys(row).filter((key) => !readable.has(key))).toEqual([]);
    expect(readable.has('priority_dictText')).toBe(true);

    // Release goes through the plugin's own publish: same tenant, same field rule.
    const released = await call(server.app, 'GET', `/api${ANNOUNCEMENTS}/doReleaseData?id=${id}`, { token: admin.token, headers });
    expect(released.body.success, released.body.message).toBe(true);
    const releasedRow = rowOf(await inTenant.next((frame) => mentions(id)(frame) && rowOf(frame).sendStatus === '1'));
    expect(Object.keys(releasedRow).filter((key) => !readable.has(key))).toEqual([]);

    await settle();
    expect(noTenant.frames.filter(mentions(id))).toEqual([]);
    inTenant.close();
    noTenant.close();
  });
});
