/**
 * 系统监控: every screen's endpoint answers real figures of this process and machine, the trace keeps
 * no secrets, the counters follow the requests made here, a cache can be emptied and refills, and
 * nobody without the codes (the clerk, an anonymous caller) reaches any of it.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { call, useDemoServer } from '../../../../tests/server/helpers';
import { LOG_TYPE_OPERATION } from '../../../../server/logs/log-tables';
import { MONITOR_API, MONITOR_PERMISSIONS, type CacheInfo, type DiskInfo, type HttpServerInfo, type HttpTraceInfo, type RuntimeInfo, type SystemInfo } from '../../contracts';
import { parseMounts, mountOf } from '../../server/disks';
import { HttpCounters } from '../../server/http-counters';
import { tracePath } from '../../server/http-trace';
import { mean, percentile } from '../../server/percentiles';
import { RingBuffer } from '../../server/ring-buffer';

const demo = useDemoServer();

async function get<T>(path: string, token = demo.admin): Promise<T> {
  const answer = await call<T>(demo.app, 'GET', `/api${path}`, { token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body.success).toBe(true);
  return answer.body.result;
}

describe('monitoring endpoints answer real figures', () => {
  it('运行时信息: versions, pid, uptime and memory of this very process (the demo server runs in-process)', async () => {
    const info = await get<RuntimeInfo>(MONITOR_API.runtime);
    const rss = process.memoryUsage().rss;
    expect(info.nodeVersion).toBe(process.version);
    expect(info.v8Version).toBe(process.versions.v8);
    expect(info.pid).toBe(process.pid);
    expect(info.uptimeSeconds).toBeGreaterThanOrEqual(0);
    // Same process, read a moment apart: within 15 % (or 64 MB, whichever is larger).
    expect(Math.abs(info.rssBytes - rss)).toBeLessThan(Math.max(rss * 0.15, 64 * 1024 * 1024));
    expect(info.heapUsedBytes).toBeGreaterThan(0);
    expect(info.heapUsedBytes).toBeLessThanOrEqual(info.heapTotalBytes);
    expect(info.heapLimitBytes).toBeGreaterThan(info.heapTotalBytes);
    expect(info.eventLoopDelay?.p99Ms).toBeGreaterThanOrEqual(info.eventLoopDelay?.p50Ms ?? 0);
    expect(Array.isArray(info.gc)).toBe(true);
    expect(Array.isArray(info.history)).toBe(true);
  });

  it('磁盘监控: the root volume and the data directory’s volume with size, used and free', async () => {
    const { volumes } = await get<DiskInfo>(MONITOR_API.disk);
    const root = volumes.find((volume) => volume.mountPoint === '/');
    expect(root?.sizeBytes).toBeGreaterThan(0);
    const statfs = fs.statfsSync('/');
    expect(root?.sizeBytes).toBe(statfs.blocks * statfs.bsize);
    for (const volume of volumes) {
      expect(volume.usedBytes + volume.freeBytes).toBeLessThanOrEqual(volume.sizeBytes);
      expect(volume.usedPercent).toBeGreaterThanOrEqual(0);
      expect(volume.usedPercent).toBeLessThanOrEqual(100);
    }
    expect(volumes.filter((volume) => volume.holdsData)).toHaveLength(1);
    // No kernel views.
    expect(volumes.some((volume) => ['proc', 'sysfs', 'cgroup2'].includes(volume.fsType))).toBe(false);
  });

  it('系统信息: OS, CPU, memory, load and the embedded database with its version and size', async () => {
    const info = await get<SystemInfo>(MONITOR_API.system);
    expect(info.cpuCount).toBeGreaterThan(0);
    expect(info.totalMemoryBytes).toBeGreaterThan(info.freeMemoryBytes);
    expect(info.loadAverage).toHaveLength(3);
    expect(info.processCpuPercent).toBeGreaterThanOrEqual(0);
    expect(info.database.kind).toBe('pglite');
    expect(info.database.version).toMatch(/^PostgreSQL \d+/);
    expect(info.database.sizeBytes).toBeGreaterThan(1024 * 1024);
    // Nothing of the configuration or environment.
    expect(JSON.stringify(info)).not.toContain(demo.server.dataDir);
  });

  it('shows the app writer’s failed rows as an alert in 系统信息', async () => {
    const before = await call<SystemInfo>(demo.app, 'GET', `/api${MONITOR_API.system}`, { token: demo.admin });
    expect(before.body.result.logWriter).toEqual({ failedRows: 0, droppedRows: 0, recentFailures: [] });
    demo.app.logWriter.write({ log_type: LOG_TYPE_OPERATION, username: 'monitor-probe', status: 70000, tenant_id: 0 });
    await demo.app.logWriter.flush();
    const after = await call<SystemInfo>(demo.app, 'GET', `/api${MONITOR_API.system}`, { token: demo.admin });
    expect(after.body.result.logWriter.failedRows).toBe(1);
    expect(after.body.result.logWriter.recentFailures[0]).toMatchObject({ table: 'sys_log', failedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/) });
    expect(after.body.result.logWriter.recentFailures[0]?.row).toContain('monitor-probe');
  });

  it('请求追踪: a request made here is traced with its status and duration, without query values or tokens', async () => {
    const secret = 'S3cretQueryValue';
    await call(demo.app, 'GET', `/api/sys/user/list?pageNo=1&pageSize=5&realname=${secret}`, { token: demo.admin });
    await call(demo.app, 'GET', '/api/no/such/route?token=abc', { token: demo.admin });
    const { entries, capacity } = await get<HttpTraceInfo>(MONITOR_API.httpTrace);
    expect(capacity).toBe(200);
    const listed = entries.find((entry) => entry.path === '/api/sys/user/list');
    expect(listed).toMatchObject({ method: 'GET', status: 200, username: 'admin' });
    expect(listed?.queryKeys).toEqual(['pageNo', 'pageSize', 'realname']);
    expect(listed?.durationMs).toBeGreaterThanOrEqual(0);
    expect(entries.find((entry) => entry.path === '/api/no/such/route')?.status).toBe(404);
    const text = JSON.stringify(entries);
    expect(text).not.toContain(secret);
    expect(text).not.toContain(demo.admin);
    expect(text).not.toContain('abc');
    // Newest first; API calls only, and the trace's own polling left out.
    expect(entries.some((entry) => entry.path === `/api${MONITOR_API.httpTrace}`)).toBe(false);
    expect(entries.every((entry) => entry.path.startsWith('/api/'))).toBe(true);
    expect(Date.parse(entries[0]?.time ?? '')).toBeGreaterThanOrEqual(Date.parse(entries.at(-1)?.time ?? ''));
  });

  it('HTTP服务: the counters grow with the requests made, errors and status codes counted', async () => {
    const before = await get<HttpServerInfo>(MONITOR_API.httpServer);
    for (let index = 0; index < 3; index += 1) await call(demo.app, 'GET', '/api/sys/user/list?pageNo=1&pageSize=1', { token: demo.admin });
    await call(demo.app, 'GET', '/api/sys/user/list', {});
    const after = await get<HttpServerInfo>(MONITOR_API.httpServer);
    // The three lists, the refused one and the first monitoring call itself.
    expect(after.totalRequests - before.totalRequests).toBe(5);
    expect(after.clientErrors - before.clientErrors).toBe(1);
    expect(after.statusCodes.find((entry) => entry.status === 401)?.count).toBeGreaterThanOrEqual(1);
    expect(after.requestsPerSecond).toBeGreaterThan(0);
    expect(after.perSecond).toHaveLength(60);
    expect(after.perSecond.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(5);
    expect(after.errorRate).toBeGreaterThan(0);
    expect(after.averageLatencyMs).toBeGreaterThan(0);
    expect(after.p95LatencyMs).toBeGreaterThan(0);
    // Injected requests open no socket: the server is not listening.
    expect(after.connections).toBeNull();
  });

  it('缓存信息: lists the caches with entries, hits and misses; 清空 empties one and the next use refills it', async () => {
    await get(MONITOR_API.cache);
    const first = await get<CacheInfo>(MONITOR_API.cache);
    const names = first.caches.map((cache) => cache.name);
    expect(names).toEqual(expect.arrayContaining(['dictionaries', 'activeUsers', 'userGrants', 'userPermissions', 'listTotals']));
    const users = first.caches.find((cache) => cache.name === 'activeUsers');
    expect(users?.entries).toBeGreaterThan(0);
    expect(users?.hits).toBeGreaterThan(0);

    const cleared = await call(demo.app, 'POST', `/api${MONITOR_API.cacheClear}`, { token: demo.admin, body: { name: 'userGrants' } });
    expect(cleared.body.success).toBe(true);
    // The clear request itself needed the grants: recomputed at once, one entry again.
    const afterClear = (await get<CacheInfo>(MONITOR_API.cache)).caches.find((cache) => cache.name === 'userGrants');
    expect(afterClear?.entries).toBe(1);
    const misses = afterClear?.misses ?? 0;
    // The clerk's first request since the clear computes the clerk's grants (refused, but checked).
    expect((await call(demo.app, 'GET', `/api${MONITOR_API.cache}`, { token: demo.clerk })).status).toBe(403);
    const refilled = (await get<CacheInfo>(MONITOR_API.cache)).caches.find((cache) => cache.name === 'userGrants');
    expect(refilled?.entries).toBe(2);
    expect(refilled?.misses).toBeGreaterThan(misses);

    const dict = await call(demo.app, 'POST', `/api${MONITOR_API.cacheClear}`, { token: demo.admin, body: { name: 'dictionaries' } });
    expect(dict.body.success).toBe(true);
    expect((await get<CacheInfo>(MONITOR_API.cache)).caches.find((cache) => cache.name === 'dictionaries')?.entries).toBe(0);
    expect((await call(demo.app, 'GET', '/api/sys/dict/getDictItems/sex', { token: demo.admin })).body.success).toBe(true);
    expect((await get<CacheInfo>(MONITOR_API.cache)).caches.find((cache) => cache.name === 'dictionaries')?.entries).toBeGreaterThan(0);

    const unknown = await call(demo.app, 'POST', `/api${MONITOR_API.cacheClear}`, { token: demo.admin, body: { name: 'nonexistent' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('参数校验失败：name 不是允许的值');
  });
});

describe('monitoring is for the administrator only', () => {
  const routes: Array<['GET' | 'POST', string]> = [
    ['GET', MONITOR_API.disk],
    ['GET', MONITOR_API.httpTrace],
    ['GET', MONITOR_API.runtime],
    ['GET', MONITOR_API.cache],
    ['POST', MONITOR_API.cacheClear],
    ['GET', MONITOR_API.system],
    ['GET', MONITOR_API.httpServer],
  ];

  it('declares a monitor permission on every route', () => {
    const declared = demo.app.routeAccess.filter((route) => route.url.startsWith('/api/monitor/') && route.method !== 'HEAD');
    expect(declared.map((route) => `${route.method} ${route.url}`).sort()).toEqual(routes.map(([method, path]) => `${method} /api${path}`).sort());
    for (const route of declared) expect(Object.values(MONITOR_PERMISSIONS)).toContain(typeof route.access === 'object' ? route.access.permission : route.access);
  });

  it('refuses the clerk with 403 and the usual message, and an anonymous caller with 401', async () => {
    for (const [method, path] of routes) {
      const options = method === 'POST' ? { body: { name: 'dictionaries' } } : {};
      const clerk = await call(demo.app, method, `/api${path}`, { token: demo.clerk, ...options });
      expect(clerk.status, path).toBe(403);
      expect(clerk.body).toMatchObject({ success: false, code: 403, message: '没有权限，请联系管理员授权' });
      const anonymous = await call(demo.app, method, `/api${path}`, options);
      expect(anonymous.status, path).toBe(401);
    }
  });

  it('gives the admin the menus with their buttons and the clerk none of them', async () => {
    const rows = await demo.app.db.selectFrom('permissions').select(['perms']).where('perms', 'like', 'monitor:%').execute();
    expect(rows.map((row) => row.perms).sort()).toEqual(Object.values(MONITOR_PERMISSIONS).sort());
  });
});

describe('helpers', () => {
  it('RingBuffer keeps the last N items, oldest first or newest first', () => {
    const ring = new RingBuffer<number>(3);
    expect(ring.toArray()).toEqual([]);
    for (const value of [1, 2, 3, 4, 5]) ring.push(value);
    expect(ring.size).toBe(3);
    expect(ring.toArray()).toEqual([3, 4, 5]);
    expect(ring.newestFirst()).toEqual([5, 4, 3]);
    ring.clear();
    expect(ring.toArray()).toEqual([]);
    expect(() => new RingBuffer(0)).toThrow();
  });

  it('percentile is nearest-rank, mean is the average', () => {
    const values = Array.from({ length: 100 }, (_, index) => index + 1);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 95)).toBe(95);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeNull();
    expect(percentile([3, 1, 2], 0)).toBe(1);
    expect(mean([1, 2, 3])).toBe(2);
    expect(mean([])).toBeNull();
  });

  it('HttpCounters buckets answers per second over the last minute', () => {
    let now = 1_000_000_000;
    const counters = new HttpCounters(() => now);
    counters.record({ statusCode: 200, durationMs: 10, at: now });
    counters.record({ statusCode: 500, durationMs: 30, at: now });
    now += 2000;
    counters.record({ statusCode: 404, durationMs: 20, at: now });
    const snapshot = counters.snapshot(3);
    expect(snapshot.perSecond.slice(-3)).toEqual([2, 0, 1]);
    expect(snapshot).toMatchObject({ totalRequests: 3, clientErrors: 1, serverErrors: 1, averageLatencyMs: 20, p95LatencyMs: 30, connections: 3 });
    // A minute later the old seconds have left the window.
    now += 61_000;
    expect(counters.perSecond().every((count) => count === 0)).toBe(true);
  });

  it('tracePath fills route parameters but hides secret-looking ones', () => {
    expect(tracePath({ path: '/api/x/7', route: '/api/x/:id', params: { id: '7' } })).toBe('/api/x/7');
    expect(tracePath({ path: '/api/thirdLogin/getLoginUser/T0KEN', route: '/api/thirdLogin/getLoginUser/:token', params: { token: 'T0KEN' } })).toBe('/api/thirdLogin/getLoginUser/***');
    expect(tracePath({ path: '/nowhere', route: null, params: {} })).toBe('/nowhere');
  });

  it('parseMounts skips pseudo filesystems and unescapes paths; mountOf finds the longest prefix', () => {
    const mounts = parseMounts(['overlay / overlay rw 0 0', 'proc /proc proc rw 0 0', '/dev/vdb /data\\040disk ext4 rw 0 0', 'tmpfs /dev/shm tmpfs rw 0 0'].join('\n'));
    expect(mounts).toEqual([
      { device: 'overlay', mountPoint: '/', fsType: 'overlay' },
      { device: '/dev/vdb', mountPoint: '/data disk', fsType: 'ext4' },
    ]);
    expect(mountOf('/data disk/pgdata', ['/', '/data disk'])).toBe('/data disk');
    expect(mountOf('/data diskette', ['/', '/data disk'])).toBe('/');
  });
});
