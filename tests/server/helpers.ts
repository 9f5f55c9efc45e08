import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { ApiResult } from '../../src/contracts/envelope';
import type { LoginResult } from '../../src/contracts/session';
import type { ServerPlugin } from '../../server/plugin-api';
import { startPostgres } from '../support/postgres-server';

export interface TestServer {
  app: FastifyInstance;
  dataDir: string;
  /** Every log line's message, in order (SMS codes are read from here, as an operator would). */
  logs: string[];
  close: () => Promise<void>;
}

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `mbo-${prefix}-`));
}

/**
 * One app on its own temporary DATA_DIR (embedded PGlite); build it once per test file. The directory
 * starts as a copy of the run's migrated and seeded template (tests/server/global-setup.ts): the
 * same state a first start leaves, without paying for it in every file.
 */
export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = tempDir('data');
  const template = env.DATABASE_URL === undefined ? inject('serverTemplateDir') : undefined;
  if (template !== undefined) fs.cpSync(template, dataDir, { recursive: true });
  const logs: string[] = [];
  const config = loadConfig({ DATA_DIR: dataDir, CLIENT_DIR: path.join(dataDir, 'no-client'), ...env });
  const app = await buildApp({
    config,
    logger: {
      level: 'info',
      stream: {
        write: (line: string) => {
          const parsed: unknown = JSON.parse(line);
          if (typeof parsed === 'object' && parsed !== null && 'msg' in parsed && typeof parsed.msg === 'string') logs.push(parsed.msg);
        },
      },
    },
  });
  return {
    app,
    dataDir,
    logs,
    close: async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Client address as the server sees it (the login limiter counts per address). */
  remoteAddress?: string;
}

export interface CallResult<T> {
  status: number;
  body: ApiResult<T>;
  headers: Record<string, unknown>;
}

export async function call<T = unknown>(app: FastifyInstance, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, options: CallOptions = {}): Promise<CallResult<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== undefined) headers['x-access-token'] = options.token;
  const response = await app.inject({
    method,
    url,
    headers,
    ...(options.remoteAddress !== undefined ? { remoteAddress: options.remoteAddress } : {}),
    ...(options.body !== undefined ? { payload: JSON.stringify(options.body), headers: { ...headers, 'content-type': 'application/json' } } : {}),
  });
  return { status: response.statusCode, body: response.json<ApiResult<T>>(), headers: response.headers };
}

export type RouteProbe = ['GET' | 'POST' | 'PUT' | 'DELETE', string];

/** Calls a route only to see whether it lets the caller in: POST and PUT send an empty JSON object; no token means anonymous. */
export async function probe<T = unknown>(app: FastifyInstance, [method, url]: RouteProbe, token?: string): Promise<CallResult<T>> {
  return call<T>(app, method, url, { ...(token !== undefined ? { token } : {}), ...(method === 'POST' || method === 'PUT' ? { body: {} } : {}) });
}

export async function login(app: FastifyInstance, username: string, password = '123456'): Promise<LoginResult> {
  const response = await call<LoginResult>(app, 'POST', '/api/sys/login', { body: { username, password } });
  if (response.status !== 200 || !response.body.success) throw new Error(`login ${username} failed: ${JSON.stringify(response.body)}`);
  return response.body.result;
}

export interface DemoSessions {
  server: TestServer;
  admin: LoginResult;
  clerk: LoginResult;
  /** `ws://…/api` when started with `listen` (websocket tests need a real socket). */
  wsBase: string;
}

/**
 * The databases a concurrency test runs on: the embedded one (a single connection, so transactions never
 * overlap) and a PostgreSQL server, where they really race (row locks, unique indexes and guarded updates are
 * what keep the figures right there).
 */
export const TEST_DATABASES = ['embedded', 'postgres'] as const;
export type TestDatabase = (typeof TEST_DATABASES)[number];

export interface DemoServerOptions {
  listen?: boolean;
  /** The port to listen on (0: any free one); a channel's fake must know the notify URL before the app starts. */
  port?: number;
  env?: Record<string, string>;
  /** 'postgres' starts a throwaway PostgreSQL server for the file (migrated and seeded without demo trade). */
  database?: TestDatabase;
}

/** The usual start of a test file: one app, admin and clerk logged in, optionally listening. */
export async function startWithDemoSessions(options: DemoServerOptions = {}): Promise<DemoSessions> {
  if (options.database === 'postgres') {
    const postgres = await startPostgres();
    const sessions = await startWithDemoSessions({ ...options, database: 'embedded', env: { DATABASE_URL: postgres.url, TOKEN_SECRET: 'p'.repeat(48), DEMO_TRADE: 'off', ...options.env } });
    const close = sessions.server.close;
    return { ...sessions, server: { ...sessions.server, close: () => close().finally(() => postgres.stop()) } };
  }
  const server = await startTestServer(options.env);
  let wsBase = '';
  if (options.listen === true) {
    await server.app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
    const address = server.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no listening address');
    wsBase = `ws://127.0.0.1:${address.port}/api`;
  }
  return { server, admin: await login(server.app, 'admin'), clerk: await login(server.app, 'clerk'), wsBase };
}

/** A test file's own app with nobody logged in, readable once its `beforeAll` has run. */
export interface TestBackend {
  readonly server: TestServer;
  readonly app: FastifyInstance;
}

/** Registers `beforeAll` (start the app on a fresh data dir) and `afterAll` (close it); read the fields inside tests. */
export function useTestServer(env: Record<string, string> = {}): TestBackend {
  const started = startedInBeforeAll('useTestServer', () => startTestServer(env), (server) => server.close());
  return {
    get server() {
      return started();
    },
    get app() {
      return started().app;
    },
  };
}

/** Starts something in `beforeAll` and stops it in `afterAll`; the getter throws when read before `beforeAll` ran. */
function startedInBeforeAll<T>(name: string, start: () => Promise<T>, stop: (value: T) => Promise<void>): () => T {
  let value: T | undefined;
  beforeAll(async () => {
    value = await start();
  });
  afterAll(async () => {
    if (value !== undefined) await stop(value);
  });
  return () => {
    if (value === undefined) throw new Error(`${name}: it starts in beforeAll; read it inside a test or a later hook`);
    return value;
  };
}

/** The app and demo sessions of a test file, readable once its `beforeAll` has run. */
export interface DemoServer {
  readonly server: TestServer;
  readonly app: FastifyInstance;
  /** admin's token. */
  readonly admin: string;
  /** clerk's token. */
  readonly clerk: string;
  readonly adminSession: LoginResult;
  readonly clerkSession: LoginResult;
  /** `ws://…/api` when started with `listen`. */
  readonly wsBase: string;
}

/**
 * The usual test file's lifecycle in one line: registers `beforeAll` (start the app, log admin and clerk in)
 * and `afterAll` (close it). Read the fields inside tests and later hooks; reading them earlier throws.
 */
export function useDemoServer(options: DemoServerOptions = {}): DemoServer {
  const started = startedInBeforeAll('useDemoServer', () => startWithDemoSessions(options), (sessions) => sessions.server.close());
  return {
    get server() {
      return started().server;
    },
    get app() {
      return started().server.app;
    },
    get admin() {
      return started().admin.token;
    },
    get clerk() {
      return started().clerk.token;
    },
    get adminSession() {
      return started().admin;
    },
    get clerkSession() {
      return started().clerk;
    },
    get wsBase() {
      return started().wsBase;
    },
  };
}

export interface ProbeApp {
  app: FastifyInstance;
  admin: string;
  clerk: string;
  close: () => Promise<void>;
}

/**
 * An app with only the given plugins (an engine test's probe entities over the core: its tables and demo users,
 * none of the domains, no demo trade), a second tenant admin belongs to, and admin's and clerk's tokens; `env`
 * adds to its configuration (DATABASE_URL: on a PostgreSQL server).
 */
export async function startProbeApp(plugins: ServerPlugin[], prefix: string, env: Record<string, string> = {}): Promise<ProbeApp> {
  const dataDir = tempDir(prefix);
  const app = await buildApp({ config: loadConfig({ DATA_DIR: dataDir, CLIENT_DIR: path.join(dataDir, 'none'), DEMO_TRADE: 'off', ...env }), logger: false, plugins });
  await app.db.insertInto('tenants').values({ id: 2, name: '第二租户' }).execute();
  const adminRow = await app.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
  await app.db.insertInto('user_tenant').values({ id: 'probe-admin-t2', user_id: adminRow.id, tenant_id: 2 }).execute();
  return {
    app,
    admin: (await login(app, 'admin')).token,
    clerk: (await login(app, 'clerk')).token,
    close: async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
