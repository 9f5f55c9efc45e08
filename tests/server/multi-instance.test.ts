/**
 * Two instances on one PostgreSQL (issue #19): started together they migrate and seed once (the start
 * lock), pushes made on A reach sockets connected to B through the bus (LISTEN/NOTIFY), a write on A drops
 * B's cached permissions at once, a session made on A is good on B, both answer /ready, and closing an
 * instance tells its sockets to go elsewhere (1001). Through a round-robin proxy (tests/support/round-robin-proxy.ts):
 * a login made on one instance is used on the other, notices and live list rows cross it, and the login limit and
 * SMS cooldown count across both.
 * Jobs firing exactly once across instances is proven in tests/server/scheduler.test.ts ("two instances
 * on one PostgreSQL"), through the same claim table every instance uses.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { LoginLimiter } from '../../server/auth/login-limiter';
import { RateCounters } from '../../server/auth/rate-counters';
import { SendCooldown } from '../../server/auth/send-cooldown';
import { InProcessBus, type BusPayload } from '../../server/bus/message-bus';
import { decodePart, encodeParts, MAX_NOTIFY_BYTES, PostgresBus } from '../../server/bus/postgres-bus';
import { POSTGRES_CACHE_MS } from '../../server/db/connection';
import { CLOSE_GOING_AWAY } from '../../server/sockets';
import type { ApiResult } from '../../src/contracts/envelope';
import type { LoginResult, PermissionResult } from '../../src/contracts/session';
import { startPostgres, type PostgresServer } from '../support/postgres-server';
import { startRoundRobinProxy, type RoundRobinProxy } from '../support/round-robin-proxy';
import { loadConfig } from '../../server/config';
import { call, login, tempDir } from './helpers';
import { openSocket, type TestSocket } from './socket-clients';

interface Instance {
  app: FastifyInstance;
  dataDir: string;
  httpBase: string;
  wsBase: string;
}

let postgres: PostgresServer;
let postgresStopped = false;
let a: Instance;
let b: Instance;
const sockets: TestSocket[] = [];
const ANNOUNCEMENTS = '/api/sys/annountCement';

async function startInstance(): Promise<Instance> {
  const dataDir = tempDir('multi');
  const config = loadConfig({
    DATA_DIR: dataDir,
    CLIENT_DIR: path.join(dataDir, 'none'),
    DATABASE_URL: postgres.url,
    TOKEN_SECRET: 'm'.repeat(48),
    DEMO_TRADE: 'off',
    SCHEDULER: 'off',
  });
  const app = await buildApp({ config, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no listening address');
  return { app, dataDir, httpBase: `http://127.0.0.1:${address.port}`, wsBase: `ws://127.0.0.1:${address.port}/api` };
}

async function open(url: string, token: string): Promise<TestSocket> {
  const socket = await openSocket(url, token);
  sockets.push(socket);
  return socket;
}

const withField = (field: string, value: unknown) => (frame: unknown) => typeof frame === 'object' && frame !== null && (frame as Record<string, unknown>)[field] === value;

beforeAll(async () => {
  postgres = await startPostgres();
  // Started together on a fresh database: one migrates and seeds while the other waits for the start
  // lock, then finds it done (they share the database, not the data directory).
  [a, b] = await Promise.all([startInstance(), startInstance()]);
}, 120_000);

// Each test's sockets are gone (on the server too) before the next one counts deliveries.
afterEach(async () => {
  const open = sockets.splice(0);
  for (const socket of open) socket.close();
  await Promise.all(open.map((socket) => socket.closed));
});

afterAll(async () => {
  for (const instance of [a, b]) {
    await instance?.app.close();
    if (instance !== undefined) fs.rmSync(instance.dataDir, { recursive: true, force: true });
  }
  if (!postgresStopped) await postgres?.stop();
});

const quiet = { info: () => undefined, error: () => undefined };

function inbox(): { received: Array<{ payload: BusPayload; from: string }>; next: (count: number) => Promise<void> } {
  const received: Array<{ payload: BusPayload; from: string }> = [];
  return {
    received,
    next: async (count) => {
      const deadline = Date.now() + 3000;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`only ${received.length} of ${count} messages arrived`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
  };
}

describe('the bus', () => {
  it('splits a message over the NOTIFY limit into parts (never inside a character) and puts it back together', () => {
    const payload = { text: '通知'.repeat(5000), n: 1 };
    const parts = encodeParts('inst-1', 'm1', 'sockets', payload);
    expect(parts.length).toBeGreaterThan(3);
    for (const part of parts) expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(MAX_NOTIFY_BYTES);
    const decoded = parts.map((part) => decodePart(part));
    expect(decoded.map((part) => part?.part)).toEqual(parts.map((_, index) => index + 1));
    expect(JSON.parse(decoded.map((part) => part?.data ?? '').join(''))).toEqual(payload);
    expect(decodePart('v1|x|m|2/1|sockets|{}')).toBeNull();
    expect(decodePart('not ours')).toBeNull();
  });

  it('in process: every other member hears a message once, the publisher never', async () => {
    const bus = new InProcessBus();
    const [one, two] = [bus.join('one'), bus.join('two')];
    const [heardByOne, heardByTwo] = [inbox(), inbox()];
    one.subscribe('tables', (payload, from) => heardByOne.received.push({ payload, from }));
    two.subscribe('tables', (payload, from) => heardByTwo.received.push({ payload, from }));
    await one.publish('tables', { tables: ['users'] });
    await heardByTwo.next(1);
    expect(heardByTwo.received).toEqual([{ payload: { tables: ['users'] }, from: 'one' }]);
    expect(heardByOne.received).toEqual([]);
    await Promise.all([one.close(), two.close()]);
  });

  it('on PostgreSQL: big messages arrive whole, own echo is dropped, and a dropped connection comes back', async () => {
    let reconnected = 0;
    const one = new PostgresBus({ connectionString: postgres.url, instanceId: 'bus-one', logger: quiet, onReconnect: () => (reconnected += 1) });
    const two = new PostgresBus({ connectionString: postgres.url, instanceId: 'bus-two', logger: quiet });
    await Promise.all([one.start(), two.start()]);
    const [heardByOne, heardByTwo] = [inbox(), inbox()];
    one.subscribe('test', (payload, from) => heardByOne.received.push({ payload, from }));
    two.subscribe('test', (payload, from) => heardByTwo.received.push({ payload, from }));
    const big = { text: '跨实例'.repeat(4000), emoji: '🙂'.repeat(3000) };
    await one.publish('test', { seq: 1 });
    await one.publish('test', big);
    await heardByTwo.next(2);
    expect(heardByTwo.received).toEqual([{ payload: { seq: 1 }, from: 'bus-one' }, { payload: big, from: 'bus-one' }]);
    expect(heardByOne.received).toEqual([]);

    // The server ends bus one's listening connection: it reconnects, and hears again.
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    const terminated = await admin.query<{ done: boolean }>(`select pg_terminate_backend(pid) as done from pg_stat_activity where application_name = 'mbo-bus:bus-one'`);
    expect(terminated.rows).toEqual([{ done: true }]);
    await admin.end();
    const deadline = Date.now() + 5000;
    while (reconnected === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reconnected).toBe(1);
    await two.publish('test', { seq: 2 });
    await heardByOne.next(1);
    expect(heardByOne.received).toEqual([{ payload: { seq: 2 }, from: 'bus-two' }]);
    await Promise.all([one.close(), two.close()]);
  });
});

describe('through a round-robin proxy in front of both', () => {
  let proxy: RoundRobinProxy;
  const wsBase = () => `${proxy.url.replace('http:', 'ws:')}/api`;

  beforeAll(async () => {
    // The instances see the proxy's clients as 127.0.0.2, apart from the other tests' logins.
    proxy = await startRoundRobinProxy([a.httpBase, b.httpBase], { localAddress: '127.0.0.2' });
  });

  afterAll(async () => {
    await proxy.close();
  });

  async function viaProxy<T = unknown>(method: 'GET' | 'POST', url: string, options: { token?: string; body?: unknown } = {}): Promise<{ status: number; body: ApiResult<T> }> {
    const headers: Record<string, string> = {};
    if (options.token !== undefined) headers['x-access-token'] = options.token;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${proxy.url}${url}`, { method, headers, ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}) });
    return { status: response.status, body: (await response.json()) as ApiResult<T> };
  }

  /** Runs `step` and answers which instance the proxy gave it (0: A, 1: B). */
  async function servedBy<T>(step: () => Promise<T>): Promise<[T, number | undefined]> {
    const mark = proxy.served.length;
    const result = await step();
    return [result, proxy.served[mark]];
  }

  async function loginViaProxy(username: string): Promise<[LoginResult, number | undefined]> {
    const [response, instance] = await servedBy(() => viaProxy<LoginResult>('POST', '/api/sys/login', { body: { username, password: '123456' } }));
    expect(response.body.success, response.body.message).toBe(true);
    return [response.body.result, instance];
  }

  it('a login answered by one instance is used on the other; an SMS cooldown taken on one holds on the other', async () => {
    const [admin, loggedInOn] = await loginViaProxy('admin');
    const [me, askedOn] = await servedBy(() => viaProxy('GET', '/api/sys/user/getCurrentUserDeparts', { token: admin.token }));
    expect(askedOn).not.toBe(loggedInOn);
    expect(me.status).toBe(200);
    expect(me.body.success).toBe(true);

    const send = () => viaProxy('POST', '/api/account/sms', { body: { mobile: '13900000019', smsmode: '1' } });
    const [first, firstOn] = await servedBy(send);
    expect(first.body).toMatchObject({ success: true, message: '验证码已发送' });
    const [again, againOn] = await servedBy(send);
    expect(againOn).not.toBe(firstOn);
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({ success: false, code: 429, message: '验证码发送过于频繁，请稍后再试' });
  });

  it('a notice and a live list update made through the proxy reach sockets connected through it, across instances', async () => {
    const [admin] = await loginViaProxy('admin');
    const [clerk] = await loginViaProxy('clerk');
    const [notices, noticesOn] = await servedBy(() => open(`${wsBase()}/websocket/${clerk.userInfo.id}`, clerk.token));
    const [list, listOn] = await servedBy(() => open(`${wsBase()}/vxeSocket/${admin.userInfo.id}/page-proxy`, admin.token));
    expect(listOn).not.toBe(noticesOn);
    list.socket.send(JSON.stringify({ type: 'subscribe', data: { socketKey: '/sys/annountCement' } }));
    list.socket.send(JSON.stringify({ type: 'heart_beat', data: '' }));
    await list.next(withField('type', 'heart_beat'));

    const title = `经代理的通知-${Date.now()}`;
    const [created, createdOn] = await servedBy(() =>
      viaProxy<{ id: string }>('POST', `${ANNOUNCEMENTS}/add`, {
        token: admin.token,
        body: { titile: title, priority: 'M', msgCategory: '1', msgType: 'USER', userIds: clerk.userInfo.id, msgContent: '<p>x</p>' },
      }),
    );
    expect(created.body.success, created.body.message).toBe(true);
    expect(createdOn).not.toBe(listOn);
    const id = created.body.result.id;
    const row = (await list.next((frame) => JSON.stringify(frame).includes(id), 3000)) as { type: string; data: { args: Array<Record<string, unknown>> } };
    expect(row.type).toBe('update_vxe_table');
    expect(row.data.args[0]).toMatchObject({ id, titile: title });

    const [released, releasedOn] = await servedBy(() => viaProxy('GET', `${ANNOUNCEMENTS}/doReleaseData?id=${id}`, { token: admin.token }));
    expect(released.body.message).toBe('该系统通知发布成功');
    expect(releasedOn).not.toBe(noticesOn);
    expect(await notices.next(withField('msgId', id), 3000)).toEqual({ cmd: 'user', msgId: id, msgTxt: title, userId: clerk.userInfo.id });
  });

  it('counts failed logins across instances: the 6th bad password is refused whichever instance answers', async () => {
    const attempt = () => servedBy(() => viaProxy('POST', '/api/sys/login', { body: { username: 'clerk', password: 'wrong-password' } }));
    const failedOn: Array<number | undefined> = [];
    for (let i = 0; i < 5; i += 1) {
      const [response, instance] = await attempt();
      expect(response.body).toMatchObject({ success: false, message: '用户名或密码错误' });
      failedOn.push(instance);
    }
    expect(new Set(failedOn)).toEqual(new Set([0, 1]));
    const refusedOn: Array<number | undefined> = [];
    for (let i = 0; i < 2; i += 1) {
      const [response, instance] = await attempt();
      expect(response.status).toBe(429);
      expect(response.body).toMatchObject({ success: false, code: 429, message: '登录失败次数过多，请稍后再试' });
      refusedOn.push(instance);
    }
    expect(new Set(refusedOn)).toEqual(new Set([0, 1]));
  });
});

describe('two instances on one PostgreSQL', () => {
  it('started together, they ran each migration and each seed once', async () => {
    const history = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(a.app.db);
    const names = history.rows.map((row) => row.name);
    expect(names).toContain('0016_rate_counters');
    expect(new Set(names).size).toBe(names.length);
    const admins = await sql<{ n: number }>`select count(*)::int as n from users where username = 'admin'`.execute(b.app.db);
    expect(admins.rows).toEqual([{ n: 1 }]);
    // Both let go of the start lock once started.
    const held = await sql<{ n: number }>`select count(*)::int as n from pg_locks where locktype = 'advisory' and granted`.execute(a.app.db);
    expect(held.rows).toEqual([{ n: 0 }]);
  });

  it('rate counts are atomic across instances: a concurrent burst of failures loses none, one of concurrent sends wins', async () => {
    const limiters = [new LoginLimiter(a.app.db, 'burst'), new LoginLimiter(b.app.db, 'burst')];
    await Promise.all(Array.from({ length: 40 }, (_, i) => limiters[i % 2]?.recordFailure('10.9.0.1', 'admin')));
    const keys = [RateCounters.key('login', 'burst', 'a', '10.9.0.1', 'admin'), RateCounters.key('login', 'burst', 'i', '10.9.0.1')];
    expect([...(await new RateCounters(b.app.db).counts(keys)).values()]).toEqual([40, 40]);
    const cooldowns = [new SendCooldown(a.app.db, 'burst', 60_000), new SendCooldown(b.app.db, 'burst', 60_000)];
    const taken = await Promise.all(Array.from({ length: 20 }, (_, i) => cooldowns[i % 2]?.tryTake('login:13900000020')));
    expect(taken.filter((won) => won === true)).toHaveLength(1);
  });

  it('both answer /ready; a session made on A is accepted by B', async () => {
    for (const instance of [a, b]) {
      const ready = await call<{ status: string }>(instance.app, 'GET', '/api/ready');
      expect(ready.status).toBe(200);
      expect(ready.body.result).toEqual({ status: 'READY' });
    }
    const admin = await login(a.app, 'admin');
    const onB = await call(b.app, 'GET', '/api/sys/user/getCurrentUserDeparts', { token: admin.token });
    expect(onB.status).toBe(200);
    expect(onB.body.success).toBe(true);
  });

  it('an announcement released on A reaches the notice socket of a user connected to B; its row reaches B’s list subscriber', async () => {
    const admin = await login(a.app, 'admin');
    const clerk = await login(a.app, 'clerk');
    const clerkOnB = await open(`${b.wsBase}/websocket/${clerk.userInfo.id}`, clerk.token);
    const adminOnA = await open(`${a.wsBase}/websocket/${admin.userInfo.id}`, admin.token);
    const listOnB = await open(`${b.wsBase}/vxeSocket/${admin.userInfo.id}/page-multi`, admin.token);
    listOnB.socket.send(JSON.stringify({ type: 'subscribe', data: { socketKey: '/sys/annountCement' } }));
    // Frames are handled in order: the heartbeat's answer means the subscription is settled.
    listOnB.socket.send(JSON.stringify({ type: 'heart_beat', data: '' }));
    await listOnB.next(withField('type', 'heart_beat'));

    const title = `跨实例通知-${Date.now()}`;
    const created = await call<{ id: string }>(a.app, 'POST', `${ANNOUNCEMENTS}/add`, {
      token: admin.token,
      body: { titile: title, priority: 'M', msgCategory: '1', msgType: 'USER', userIds: clerk.userInfo.id, msgContent: '<p>x</p>' },
    });
    expect(created.body.success, created.body.message).toBe(true);
    const id = created.body.result.id;
    // The add itself is a live row: B's list hears it.
    const added = (await listOnB.next((frame) => JSON.stringify(frame).includes(id), 3000)) as { type: string; data: { args: Array<Record<string, unknown>> } };
    expect(added.type).toBe('update_vxe_table');
    expect(added.data.args[0]).toMatchObject({ id, titile: title });

    const released = await call(a.app, 'GET', `${ANNOUNCEMENTS}/doReleaseData?id=${id}`, { token: admin.token });
    expect(released.body.message).toBe('该系统通知发布成功');
    expect(await clerkOnB.next(withField('msgId', id), 3000)).toEqual({ cmd: 'user', msgId: id, msgTxt: title, userId: clerk.userInfo.id });
    // The release changed the row (sendStatus 1): B's list hears that too.
    const releasedRow = (await listOnB.next((frame) => JSON.stringify(frame).includes(id) && JSON.stringify(frame).includes('"sendStatus":"1"'), 3000)) as {
      data: { args: Array<Record<string, unknown>> };
    };
    expect(releasedRow.data.args[0]).toMatchObject({ id, sendStatus: '1' });
    // Only the named user: the admin's socket on A got nothing of it.
    expect(adminOnA.frames.some(withField('msgId', id))).toBe(false);
  });

  it('an edit on A reaches B’s list subscriber, and a broadcast made on B reaches a socket on A', async () => {
    const admin = await login(b.app, 'admin');
    const listOnB = await open(`${b.wsBase}/vxeSocket/${admin.userInfo.id}/page-edit`, admin.token);
    listOnB.socket.send(JSON.stringify({ type: 'subscribe', data: { socketKey: '/sys/annountCement' } }));
    listOnB.socket.send(JSON.stringify({ type: 'heart_beat', data: '' }));
    await listOnB.next(withField('type', 'heart_beat'));
    const created = await call<{ id: string }>(a.app, 'POST', `${ANNOUNCEMENTS}/add`, {
      token: admin.token,
      body: { titile: `编辑前-${Date.now()}`, priority: 'L', msgCategory: '1', msgType: 'ALL', msgContent: '<p>x</p>' },
    });
    const id = created.body.result.id;
    const newTitle = `编辑后-${Date.now()}`;
    const edited = await call(a.app, 'PUT', `${ANNOUNCEMENTS}/edit`, { token: admin.token, body: { id, titile: newTitle, priority: 'H', msgCategory: '1', msgType: 'ALL' } });
    expect(edited.body.success, edited.body.message).toBe(true);
    const frame = (await listOnB.next((candidate) => JSON.stringify(candidate).includes(newTitle), 3000)) as { data: { socketKey: string; args: unknown[] } };
    expect(frame.data.socketKey).toBe('/sys/annountCement');
    expect(frame.data.args[0]).toMatchObject({ id, titile: newTitle, priority: 'H' });

    // A page's own frame, relayed on A, reaches the same key's subscriber on B (not the sender).
    const pageOnA = await open(`${a.wsBase}/vxeSocket/${admin.userInfo.id}/page-relay`, admin.token);
    for (const tab of [pageOnA, listOnB]) {
      tab.socket.send(JSON.stringify({ type: 'subscribe', data: { socketKey: 'multi-k1' } }));
      tab.socket.send(JSON.stringify({ type: 'heart_beat', data: '' }));
    }
    await pageOnA.next(withField('type', 'heart_beat'));
    await listOnB.next((candidate) => withField('type', 'heart_beat')(candidate) && listOnB.frames.filter(withField('type', 'heart_beat')).length >= 2);
    pageOnA.socket.send(JSON.stringify({ type: 'update_vxe_table', data: { socketKey: 'multi-k1', args: [{ id: 'r9', name: '跨实例' }, 'case-a'] } }));
    expect(await listOnB.next((candidate) => JSON.stringify(candidate).includes('multi-k1'), 3000)).toEqual({
      type: 'update_vxe_table',
      data: { socketKey: 'multi-k1', args: [{ id: 'r9', name: '跨实例' }, 'case-a'] },
    });
    expect(pageOnA.frames.some((candidate) => JSON.stringify(candidate).includes('multi-k1'))).toBe(false);

    const adminOnA = await open(`${a.wsBase}/websocket/${admin.userInfo.id}`, admin.token);
    const msgId = `broadcast-${Date.now()}`;
    // Local deliveries only are counted: nobody's notice socket is on B.
    expect(b.app.sockets.broadcast({ cmd: 'topic', msgId, msgTxt: '全员' })).toBe(0);
    expect(await adminOnA.next(withField('msgId', msgId), 3000)).toEqual({ cmd: 'topic', msgId, msgTxt: '全员' });
    // Delivered once: the publisher does not hear its own message again.
    const onA = a.app.sockets.sendToUsers([admin.userInfo.id], { cmd: 'user', msgId: `${msgId}-a`, msgTxt: 'x' });
    expect(onA).toBe(1);
    await adminOnA.next(withField('msgId', `${msgId}-a`));
    const b2 = await open(`${b.wsBase}/websocket/${admin.userInfo.id}`, admin.token);
    b2.socket.send('HeartBeat');
    await b2.next(withField('cmd', 'heartcheck'));
    expect(adminOnA.frames.filter(withField('msgId', `${msgId}-a`))).toHaveLength(1);
  });

  it('a permission granted on A is seen by B’s getUserPermissionByToken at once (B’s cache dropped through the bus)', async () => {
    const admin = await login(a.app, 'admin');
    const clerk = await login(a.app, 'clerk');
    const authOnB = async () =>
      (await call<PermissionResult>(b.app, 'GET', '/api/sys/permission/getUserPermissionByToken', { token: clerk.token })).body.result.auth.map((entry) => entry.action);
    const code = 'cust:member:add';
    const permission = (await sql<{ id: string }>`select id from permissions where perms = ${code} and del_flag = 0`.execute(a.app.db)).rows[0]?.id;
    const clerkRole = (await sql<{ id: string }>`select id from roles where role_code = 'clerk'`.execute(a.app.db)).rows[0]?.id;
    if (permission === undefined || clerkRole === undefined) throw new Error('demo role or permission missing');
    const before = (await call<string[]>(a.app, 'GET', `/api/sys/permission/queryRolePermission?roleId=${clerkRole}`, { token: admin.token })).body.result;
    expect(before).not.toContain(permission);

    // B caches the clerk's permissions now; only the bus can make it drop them before they age out.
    const primed = Date.now();
    expect(await authOnB()).not.toContain(code);
    expect(await authOnB()).not.toContain(code);
    const saved = await call(a.app, 'POST', '/api/sys/permission/saveRolePermission', {
      token: admin.token,
      body: { roleId: clerkRole, permissionIds: [...before, permission].join(','), lastpermissionIds: before.join(',') },
    });
    expect(saved.body.message).toBe('保存成功！');
    let seen = await authOnB();
    while (!seen.includes(code) && Date.now() - primed < POSTGRES_CACHE_MS - 500) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      seen = await authOnB();
    }
    expect(Date.now() - primed).toBeLessThan(POSTGRES_CACHE_MS);
    expect(seen).toContain(code);
  });

  it('closing an instance makes it unready and closes its sockets with 1001 (going away); B keeps serving', async () => {
    const admin = await login(b.app, 'admin');
    const onA = await open(`${a.wsBase}/websocket/${admin.userInfo.id}`, admin.token);
    await a.app.close();
    expect(await onA.closed).toBe(CLOSE_GOING_AWAY);
    const ready = await call<{ status: string }>(b.app, 'GET', '/api/ready');
    expect(ready.body.result).toEqual({ status: 'READY' });
  });

  it('B answers 503 on /ready when the database is gone', async () => {
    postgresStopped = true;
    await postgres.stop();
    const ready = await call(b.app, 'GET', '/api/ready');
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ success: false, code: 503, message: '服务未就绪' });
  });
});
