import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { body, invalidInput, Line, NO_INPUT, ok, permission, query, REASON, type AppContext } from '../../../server/kit';
import { MONITOR_API, MONITOR_PERMISSIONS as P, REFRESH_MS, type CacheInfo, type DiskInfo, type HttpServerInfo, type HttpTraceInfo, type RuntimeInfo, type SystemInfo } from '../contracts';
import { CacheDirectory } from './caches';
import { diskVolumes } from './disks';
import { HttpCounters } from './http-counters';
import { HttpTrace } from './http-trace';
import { RuntimeCollector } from './runtime';
import { TrendSampler } from './sampler';
import { CpuMeter, databaseFigures, systemSnapshot } from './system';
import { logWriterFigures } from './log-writer-figures';

const ClearBody = body({ name: Line(64, 1) });
type ClearBody = Static<typeof ClearBody>;


/** Open TCP connections to the listening server; null when it does not listen (requests injected in tests). */
function openConnections(api: FastifyInstance): Promise<number | null> {
  const server = api.server;
  if (!server.listening) return Promise.resolve(null);
  return new Promise((resolve) => server.getConnections((error, count) => resolve(error === null ? count : null)));
}

/**
 * The monitoring routes, each behind its own permission code (admin only by seed): never the
 * anonymous actuator endpoints of the original (docs/reference/jeecg-conventions.md §8.3 rule 4). The collectors live as long
 * as the app: they subscribe to the core's request events and sample on an unref'd timer, and are
 * released when the app closes.
 */
export function registerMonitorRoutes(api: FastifyInstance, ctx: AppContext): void {
  const apiBase = ctx.config.apiBase;
  const tracePath = `${apiBase}${MONITOR_API.httpTrace}`;
  const counters = new HttpCounters();
  // The trace keeps API calls only (the SPA's files would crowd them out), and not the trace screen's
  // own polling, which would push every other request out of the buffer.
  const trace = new HttpTrace((request) => request.route === tracePath || !(request.path === apiBase || request.path.startsWith(`${apiBase}/`)));
  const unsubscribe = ctx.requestEvents.subscribe((request) => {
    counters.record(request);
    trace.record(request);
  });
  const runtime = new RuntimeCollector();
  const cpu = new CpuMeter();
  const sampler = new TrendSampler(runtime, cpu);
  sampler.start(REFRESH_MS);
  const caches = new CacheDirectory({ dictionaries: ctx.dictionaries.cache });
  const embedded = ctx.config.databaseUrl === null;

  api.addHook('onClose', async () => {
    unsubscribe();
    sampler.stop();
    runtime.stop();
  });

  api.get(MONITOR_API.disk, { ...permission(P.disk), schema: NO_INPUT }, async () => ok<DiskInfo>({ volumes: await diskVolumes(ctx.config.dataDir) }));

  api.get(MONITOR_API.httpTrace, { ...permission(P.httpTrace), schema: NO_INPUT }, async () => ok<HttpTraceInfo>(trace.snapshot()));

  api.get(MONITOR_API.runtime, { ...permission(P.runtime), schema: NO_INPUT }, async () => ok<RuntimeInfo>(runtime.snapshot(sampler.runtimeHistory.toArray())));

  api.get(MONITOR_API.cache, { ...permission(P.cache), schema: NO_INPUT }, async () => ok<CacheInfo>({ caches: caches.figures() }));

  api.post<{ Body: ClearBody }>(MONITOR_API.cacheClear, { ...permission(P.cacheClear), schema: { querystring: query({}), body: ClearBody } }, async (request) => {
    // Only a registered cache's name clears anything (an allow-list, never a lookup by pattern).
    if (!caches.clear(request.body.name)) throw invalidInput('name', REASON.notAllowed);
    return ok({ name: request.body.name });
  });

  api.get(MONITOR_API.system, { ...permission(P.system), schema: NO_INPUT }, async () => {
    if (cpu.percent === null) cpu.sample();
    return ok<SystemInfo>({ ...systemSnapshot(cpu, await databaseFigures(ctx.db, embedded), sampler.systemHistory.toArray()), logWriter: logWriterFigures(ctx.logWriter.health()) });
  });

  api.get(MONITOR_API.httpServer, { ...permission(P.httpServer), schema: NO_INPUT }, async () => ok<HttpServerInfo>(counters.snapshot(await openConnections(api))));
}
