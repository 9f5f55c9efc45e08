import type { ServerOptions } from 'node:http';
import { openBus, shareTableVersions, type MessageBus } from './bus';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Kysely } from 'kysely';
import { LoginLimiter } from './auth/login-limiter';
import { SendCooldown } from './auth/send-cooldown';
import { createSmsSender } from './channels/sms';
import { loadTokenSecret } from './auth/token-secret';
import { createTokenService } from './auth/tokens';
import type { Config } from './config';
import type { AppContext } from './context';
import { openDatabase, type DatabaseHandle } from './db/connection';
import { setShopTimeZone } from './time/shop-time';
import { migrateToLatest, takeStartLock, type StartLock } from './db/migrate';
import { acquirePidLock, type PidLock } from './db/pid-lock';
import type { Database } from './db/schema';
import { runPluginSeeds, runServiceSeeds, seedDemoData } from './db/seed';
import { pluginMigrations, type ServerPlugin } from './plugin-api';
import { serverPlugins } from './plugins';
import { checkServiceDependencies, PluginServices } from './plugin-services';
import { installAccessControl, type RouteAccessEntry } from './http/access';
import { installErrorHandling } from './http/errors';
import { echoRequestId, requestIdOf } from './http/request-id';
import { createAjv, lazyValidatorCompiler } from './http/validator';
import { registerCompression } from './http/compression';
import { registerSecurityHeaders } from './http/security-headers';
import { installInputGuard } from './http/input-guard';
import { installRequestEvents, RequestEvents } from './http/request-events';
import { registerClient } from './http/spa';
import { registerSockets } from './sockets';
import { registerAccountRoutes } from './routes/account';
import { registerAuthRoutes } from './routes/auth';
import { registerDepartmentRoutes } from './routes/departments';
import { registerDictionaryRoutes } from './routes/dictionaries';
import { databaseAnswers, registerHealthRoute } from './routes/health';
import { registerDataLogRoutes } from './routes/data-log';
import { registerOnlineReportPopupRoutes } from './routes/online-report-popup';
import { registerUploadRoutes } from './routes/upload';
import { registerStorefrontMediaRoutes } from './routes/storefront-media';
import { registerPermissionRoutes } from './routes/permissions';
import { registerSsoRoutes } from './routes/sso';
import { registerUserPasswordRoutes } from './routes/user-password';
import { registerValidatorRoutes } from './routes/validators';
import { coreJobKinds } from './scheduler/core-jobs';
import { VisitRecorder, visitFacts } from './reports/app-visits';
import { FactStore } from './reports/fact-store';
import { catchUpAtStart, rollUpReportsJob } from './reports/rollup-job';
import { JobKindRegistry } from './scheduler/job-kinds';
import { Scheduler } from './scheduler/scheduler';
import { LogWriter } from './logs/log-writer';
import { installRequestLogging } from './logs/request-logging';
import { newId } from './db/ids';
import { DictionaryService } from './services/dictionaries';
import { registerCoreReferences } from './crud/core-references';
import { ReferenceService } from './crud/references';
import { createFileStore } from './storage';
import { belongsToTenant, findActiveUserById, hasPermission } from './services/users';
import { appShop } from './services/tenants';
import { createWechatMiniProgram } from './channels/wechat/mini-program';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    appConfig: Config;
    dictionaries: DictionaryService;
    /** The labels of referenced records (server/crud/references.ts): plugins register the kinds they own. */
    references: ReferenceService;
    /** Every registered route with its declared access, for audits and tests. */
    routeAccess: readonly RouteAccessEntry[];
    /** The login and operation logs' batching writer (flush() before reading them back). */
    logWriter: LogWriter;
    /** What plugins offer each other (server/plugin-services.ts), for tests that run a job by hand. */
    services: PluginServices;
  }
}

export interface BuildAppOptions {
  config: Config;
  /** false silences the log; a stream receives JSON log lines (tests read SMS codes from it). */
  logger?: boolean | { level?: string; stream?: { write: (line: string) => void } };
  /** The business plugins' server sides (default: every plugin of this build). */
  plugins?: readonly ServerPlugin[];
}

// Login tickets and SMS codes travel in URLs; keep them out of request logs.
function redactUrl(url: string): string {
  return url.replace(/(\/thirdLogin\/getLoginUser\/)[^/?]+/, '$1***').replace(/([?&](?:ticket|token)=)[^&]*/gi, '$1***');
}

function loggerOptions(option: BuildAppOptions['logger']): FastifyServerOptions['logger'] {
  if (option === false) return false;
  const custom = typeof option === 'object' ? option : {};
  return {
    level: custom.level ?? 'info',
    ...(custom.stream !== undefined ? { stream: custom.stream } : {}),
    serializers: {
      req: (req: { method?: string; url?: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url ?? ''),
        remoteAddress: req.ip,
      }),
    },
  };
}

/**
 * Drops stalled clients (slowloris): headers, the whole request and an idle socket each have a deadline.
 * Websockets are unaffected: once upgraded, ws turns the socket's idle timeout off.
 */
function serverTimeouts(timeouts: Config['timeouts']): Pick<FastifyServerOptions, 'connectionTimeout' | 'requestTimeout' | 'keepAliveTimeout'> & { http: ServerOptions } {
  return {
    connectionTimeout: timeouts.idleMs,
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    // Node checks the header and request deadlines on a timer (30 s by default); check often enough
    // that a short deadline is kept to within a fraction of itself.
    http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: Math.max(50, Math.min(timeouts.headersMs, 30_000) / 4) },
  };
}

/**
 * Builds the whole server: takes the data-dir lock (embedded database only), migrates, seeds on first
 * start, and registers the API under API_BASE and the SPA at '/'. Closing the app closes the
 * database and releases the lock.
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const plugins = options.plugins ?? serverPlugins;
  checkServiceDependencies(plugins);
  const app = Fastify({
    logger: loggerOptions(options.logger),
    bodyLimit: 1024 * 1024,
    ...serverTimeouts(config.timeouts),
    // Behind a balancer request.ip would be the balancer's (one login-limit budget for every client):
    // TRUST_PROXY names the balancers whose X-Forwarded-For is believed.
    trustProxy: config.trustProxy.length > 0 ? [...config.trustProxy] : false,
    genReqId: requestIdOf,
    routerOptions: { caseSensitive: true, ignoreTrailingSlash: false, ignoreDuplicateSlashes: false },
  });
  // Route schemas (server/http/schemas.ts) use the app's date formats; a refusal names its first field.
  app.setValidatorCompiler(lazyValidatorCompiler(createAjv()));

  let lock: PidLock | null = null;
  let handle: DatabaseHandle | null = null;
  let bus: MessageBus | null = null;
  let startLock: StartLock | null = null;
  try {
    // First, so that every answer (a refused request included) carries the headers and compression.
    echoRequestId(app);
    await registerSecurityHeaders(app);
    await registerCompression(app);
    // With DATABASE_URL several instances may share one database; only PGlite needs the lock.
    lock = config.databaseUrl === null ? acquirePidLock(config.dataDir) : null;
    // The shop's clock, before anything reads or writes a time (server/time/shop-time.ts).
    setShopTimeZone(config.shopTimeZone);
    handle = await openDatabase(config);
    // Released once the last seed is made: until then, instances started together wait their turn.
    startLock = await takeStartLock(config.databaseUrl, () => app.log.info('Another instance is migrating or seeding the database; waiting for it'));
    const applied = await migrateToLatest(handle.db, pluginMigrations(plugins));
    if (applied.length > 0) app.log.info(`Database migrations applied: ${applied.join(', ')}`);
    // What instances tell each other (server/bus): socket pushes, and the tables each one writes, so
    // every instance's caches drop what another's write changed. A dropped bus connection may have
    // missed some: then every cache starts over.
    const instanceId = `${process.pid}-${newId().slice(0, 8)}`;
    const versions = handle.versions;
    bus = await openBus({
      databaseUrl: config.databaseUrl,
      instanceId,
      logger: { info: (message) => app.log.info(message), error: (message) => app.log.error(message) },
      onReconnect: () => versions.applyRemote('all'),
    });
    const stopSharingVersions = shareTableVersions(versions, bus, (error) => app.log.error({ err: error }, 'table versions not shared on the bus'));
    if (await seedDemoData(handle.db)) app.log.info('Demo data seeded (admin / 123456, clerk / 123456)');
    const seeded = await runPluginSeeds(handle.db, plugins);
    if (seeded.length > 0) app.log.info(`Plugin demo data seeded: ${seeded.join(', ')}`);
    if (config.databaseUrl !== null && config.tokenSecret === null) {
      app.log.warn('DATABASE_URL is set but TOKEN_SECRET is not: every instance must share one secret, set TOKEN_SECRET');
    }

    const db = handle.db;
    const codeSecret = loadTokenSecret(config.dataDir, config.tokenSecret);
    const tokens = createTokenService(db, codeSecret, config.tokenIdleMinutes);
    const dictionaries = new DictionaryService(db);
    const references = new ReferenceService(db);
    registerCoreReferences(references);
    // One registry for requests and job runs: plugins provide into it in their register.
    const services = new PluginServices();
    const facts = new FactStore(db, [visitFacts, ...plugins.flatMap((plugin) => plugin.facts ?? [])], config.shopTimeZone, config.reportRerollDays);
    const visits = new VisitRecorder(db, config.shopTimeZone, (error) => app.log.error({ err: error }, 'visit not recorded'));
    const scheduler = new Scheduler({
      db,
      services,
      kinds: new JobKindRegistry([...coreJobKinds, rollUpReportsJob(facts), ...plugins.flatMap((plugin) => plugin.jobs ?? [])]),
      instanceId,
      logger: { info: (message) => app.log.info(message), error: (message) => app.log.error(message) },
      logRetentionDays: config.jobLogRetentionDays,
    });
    const logWriter = new LogWriter(db, (message) => app.log.error(message));
    const requestEvents = new RequestEvents((error) => app.log.error({ err: error }, 'request listener failed'));
    const files = createFileStore(config);
    app.addHook('onClose', async () => {
      await files.close();
    });
    const ctx: AppContext = {
      config,
      db,
      tokens,
      dictionaries,
      references,
      loginLimiter: new LoginLimiter(db, 'login'),
      smsCooldown: new SendCooldown(db, 'sms', 60_000),
      sms: createSmsSender(config.channels, config.channelTimeoutMs, { info: (message) => app.log.info(message), warn: (message) => app.log.warn(message) }),
      codeSecret,
      scheduler,
      logWriter,
      requestEvents,
      services,
      facts,
      counters: plugins.flatMap((plugin) => plugin.counters ?? []),
      files,
      bus,
      wechat: createWechatMiniProgram(db, config.channels, { info: (message) => app.log.info(message), error: (message) => app.log.error(message) }, config.channelTimeoutMs),
    };

    app.decorate('db', db);
    app.decorate('services', services);
    app.decorate('appConfig', config);
    app.decorate('dictionaries', dictionaries);
    app.decorate('references', references);
    const routeAccess = installAccessControl(app, {
      apiBase: config.apiBase,
      authenticate: async (token) => {
        const claims = await tokens.authenticate(token);
        // A frozen or deleted user loses every open session at once.
        if (claims === null || (await findActiveUserById(db, claims.userId)) === undefined) return null;
        return claims;
      },
      hasPermission: (userId, code) => hasPermission(db, userId, code),
      belongsToTenant: (userId, tenantId) => belongsToTenant(db, userId, tenantId),
      appShop: (requested) => appShop(db, requested),
    });
    app.decorate('routeAccess', routeAccess);
    app.decorate('logWriter', logWriter);
    installRequestLogging(app, { apiBase: config.apiBase, writer: logWriter });
    installRequestEvents(app, requestEvents);
    // The instance that runs the jobs also stores, once it answers, the report days the 报表日结 missed.
    if (config.schedulerEnabled) {
      let catchingUp: Promise<void> = Promise.resolve();
      app.addHook('onReady', async () => {
        catchingUp = catchUpAtStart(facts, { info: (message) => app.log.info(message), error: (message) => app.log.error(message) });
      });
      app.addHook('onClose', async () => {
        await catchingUp;
      });
    }
    // 访客: the ips of members using the mini-program's API, one row per ip and day.
    app.addHook('onResponse', async (request) => {
      if (request.member !== null && request.member !== undefined) visits.record(request.member.tenantId, request.ip);
    });
    installErrorHandling(app);
    installInputGuard(app);
    await registerSockets(app, ctx);
    // Not ready once closing (the balancer stops sending), nor while the database does not answer.
    // Migrations ran above, before this route exists: an instance that answers has them all.
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });
    const ready = async () => (closing ? 'shutting down' : databaseAnswers(db));

    await app.register(
      async (api) => {
        registerHealthRoute(api, ready);
        registerAuthRoutes(api, ctx);
        registerAccountRoutes(api, ctx);
        registerSsoRoutes(api, ctx);
        registerPermissionRoutes(api, ctx);
        registerDepartmentRoutes(api, ctx);
        registerDictionaryRoutes(api, ctx);
        registerValidatorRoutes(api, ctx);
        registerUploadRoutes(api, ctx);
        registerStorefrontMediaRoutes(api, ctx, plugins);
        registerOnlineReportPopupRoutes(api, ctx);
        registerDataLogRoutes(api, ctx);
        registerUserPasswordRoutes(api, ctx);
        for (const plugin of plugins) await plugin.register?.(api, ctx);
      },
      { prefix: config.apiBase },
    );
    for (const plugin of plugins) await plugin.registerStatic?.(app, ctx);
    // The demo trade walks every order through its services (seconds on a first start); DEMO_TRADE=off leaves it out.
    const madeThroughServices = config.demoTrade ? await runServiceSeeds(db, ctx, plugins) : [];
    if (madeThroughServices.length > 0) app.log.info(`Demo data made through services: ${madeThroughServices.join(', ')}`);
    await startLock.release();
    await registerClient(app, config);

    const openHandle = handle;
    const heldLock = lock;
    const openBusHandle = bus;
    app.addHook('onClose', async () => {
      await scheduler.stop();
      await logWriter.flush();
      stopSharingVersions();
      await openBusHandle.close();
      await openHandle.close();
      heldLock?.release();
    });
    await app.ready();
    if (config.schedulerEnabled) await scheduler.start();
    return app;
  } catch (error) {
    await startLock?.release().catch(() => undefined);
    await app.close().catch(() => undefined);
    await bus?.close().catch(() => undefined);
    await handle?.close().catch(() => undefined);
    lock?.release();
    throw error;
  }
}
