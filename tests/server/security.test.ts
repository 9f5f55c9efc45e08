import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { checkRouteDeclaration, installAccessControl } from '../../server/http/access';
import { NO_INPUT } from '../../server/http/schemas';
import { PUBLIC_API_PATHS, PUBLIC_API_ROUTES } from '../../src/contracts/api-paths';
import { call, useDemoServer } from './helpers';

const demo = useDemoServer();

describe('every route declares who may call it', () => {
  it('walks the registered routes', () => {
    const routes = demo.app.routeAccess;
    expect(routes.length).toBeGreaterThan(10);
    const publicOnes = routes.filter((route) => route.access === 'public').map((route) => route.url.replace(/^\/api/, ''));
    for (const url of publicOnes) expect([...PUBLIC_API_PATHS, ...PUBLIC_API_ROUTES]).toContain(url);
    for (const route of routes) {
      expect(route.access).toBeDefined();
      if (route.url.startsWith('/api/')) expect(route.access).not.toBe('static');
      else expect(route.access).toBe('static');
    }
    expect(routes).toContainEqual({ method: 'POST', url: '/api/sys/sso/ticket', access: { permission: 'system:sso:issue' } });
    expect(routes).toContainEqual({ method: 'GET', url: '/api/sys/permission/getUserPermissionByToken', access: 'authenticated' });
  });

  it('refuses at boot a route without access or input schema, a public route off the list, a static route under the API', async () => {
    const app = Fastify();
    installAccessControl(app, {
      apiBase: '/api',
      authenticate: async () => null,
      hasPermission: async () => false,
      belongsToTenant: async () => false,
      appShop: async () => 1,
    });
    expect(() => app.get('/api/anything', async () => 'x')).toThrow(/must declare config.access/);
    expect(() => app.get('/api/sys/user/list', { config: { access: 'public' } }, async () => 'x')).toThrow(/not in PUBLIC_API_PATHS/);
    expect(() => app.get('/api/files/*', { config: { access: 'static' } }, async () => 'x')).toThrow(/cannot be 'static'/);
    expect(() => app.get('/admin', { config: { access: 'authenticated' } }, async () => 'x')).toThrow(/outside \/api/);
    expect(() => app.get('/api/sys/login', { config: { access: 'public' } }, async () => 'x')).toThrow(/must declare a schema/);
    expect(() => app.post('/api/sys/login', { config: { access: 'public' }, schema: NO_INPUT }, async () => 'x')).not.toThrow();
    await app.close();
  });

  it('matches public paths exactly, never by prefix or suffix', () => {
    const route = (url: string) => ({ method: 'GET' as const, url, config: { access: 'public' as const } });
    expect(() => checkRouteDeclaration(route('/api/sys/login.js'), '/api')).toThrow();
    expect(() => checkRouteDeclaration(route('/api/sys/login/extra'), '/api')).toThrow();
    expect(() => checkRouteDeclaration(route('/api/sys/log'), '/api')).toThrow();
    expect(() => checkRouteDeclaration(route('/api/thirdLogin/getLoginUser/:token'), '/api')).not.toThrow();
  });
});

describe('no path trick bypasses authentication', () => {
  const tricks = [
    '/api/sys/login/../user/getCurrentUserDeparts',
    '/api/sys/login/..%2Fuser%2FgetCurrentUserDeparts',
    '/api/sys/login.js',
    '/api/sys/login/',
    '/api/SYS/LOGIN',
    '/api/sys/user/getCurrentUserDeparts.js',
    '/api/sys/user/getCurrentUserDeparts;/../../sys/login',
    '/api/sys/user/getCurrentUserDeparts/',
    '/api//sys/user/getCurrentUserDeparts',
    '/api/sys/user/getCurrentUserDeparts?x=/sys/login',
    '/api/sys/dict/getDictItems/sex.js',
    '/api/thirdLogin/getLoginUser/../../sys/permission/getUserPermissionByToken',
  ];

  it('through the injector', async () => {
    for (const url of tricks) {
      const response = await demo.app.inject({ method: 'GET', url });
      expect([401, 404], url).toContain(response.statusCode);
      expect(response.json<{ success: boolean }>().success, url).toBe(false);
    }
  });

  it('over a real socket, where the path is not normalised for us', async () => {
    await demo.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = demo.app.server.address() as AddressInfo;
    const get = (path: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port, path, method: 'GET' }, (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on('error', reject);
        req.end();
      });
    for (const path of tricks) {
      const response = await get(path);
      expect([400, 401, 404], path).toContain(response.status);
      expect(response.body, path).not.toContain('"success":true');
    }
  });

  it('unknown API routes answer a 404 envelope', async () => {
    const response = await call(demo.app, 'POST', '/api/no/such/thing', { token: demo.admin, body: {} });
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({ success: false, code: 404 });
    expect((await call(demo.app, 'GET', '/api/no/such/thing')).status).toBe(404);
  });
});

describe('tenant header', () => {
  const ME = '/api/sys/user/getCurrentUserDeparts';

  it('is honoured for a tenant the user belongs to, and 0 means none', async () => {
    expect((await call(demo.app, 'GET', ME, { token: demo.admin, headers: { 'tenant-id': '1' } })).status).toBe(200);
    expect((await call(demo.app, 'GET', ME, { token: demo.admin, headers: { 'x-tenant-id': '1' } })).status).toBe(200);
    expect((await call(demo.app, 'GET', ME, { token: demo.clerk, headers: { 'tenant-id': '0' } })).status).toBe(200);
  });

  it('is refused with 403 for any other tenant, under each header name', async () => {
    const cases: Array<[string, Record<string, string>]> = [
      [demo.admin, { 'tenant-id': '2' }],
      [demo.admin, { tenant_id: '99' }],
      [demo.admin, { 'x-tenant-id': '7' }],
      [demo.admin, { 'tenant-id': '1 or 1=1' }],
      [demo.clerk, { 'tenant-id': '2' }],
    ];
    for (const [token, headers] of cases) {
      const response = await call(demo.app, 'GET', ME, { token, headers });
      expect(response.status, JSON.stringify(headers)).toBe(403);
      expect(response.body).toMatchObject({ success: false, code: 403, message: '用户租户信息变更,请重新登陆!' });
    }
  });
});

describe('configuration', () => {
  it('refuses a short TOKEN_SECRET, a bad port and an unknown SMS mode, naming each', () => {
    try {
      loadConfig({ TOKEN_SECRET: 'short', PORT: 'eighty', SMS_MODE: 'twilio', API_BASE: '/', UPLOAD_MAX_BYTES: '12', DEMO_TRADE: 'yes' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const { problems } = error as ConfigError;
      expect(problems.join('\n')).toMatch(/TOKEN_SECRET/);
      expect(problems.join('\n')).toMatch(/PORT/);
      expect(problems.join('\n')).toMatch(/SMS_MODE/);
      expect(problems.join('\n')).toMatch(/API_BASE/);
      expect(problems.join('\n')).toMatch(/UPLOAD_MAX_BYTES/);
      expect(problems.join('\n')).toMatch(/DEMO_TRADE must be "on" or "off"/);
    }
  });

  it('has the documented defaults', () => {
    const config = loadConfig({}, '/srv/app');
    expect(config).toMatchObject({ port: 8080, host: '0.0.0.0', dataDir: '/srv/app/data', databaseUrl: null, apiBase: '/api', clientDir: '/srv/app/build/client', tokenSecret: null, tokenIdleMinutes: 120, smsMode: 'log', uploadMaxBytes: 10 * 1024 * 1024, demoTrade: true });
  });
});
