import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { acquirePidLock, PidLockError } from '../../server/db/pid-lock';
import { call, login, startTestServer, tempDir, type TestServer } from './helpers';

let server: TestServer;
let clientDir: string;

beforeAll(async () => {
  clientDir = tempDir('client');
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>back-office</title><div id="root"></div>');
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(path.join(clientDir, 'assets', 'index-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(clientDir, 'favicon.ico'), 'icon');
  fs.writeFileSync(path.join(clientDir, '.env'), 'SECRET=1');
  server = await startTestServer({ CLIENT_DIR: clientDir });
});
let restarted: Awaited<ReturnType<typeof buildApp>> | null = null;

afterAll(async () => {
  await restarted?.close();
  await server.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

describe('the built client on the same port', () => {
  it('answers a deep client route with index.html', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/cust/custMemberList?x=1' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<div id="root">');
    expect((await server.app.inject({ method: 'GET', url: '/' })).body).toContain('<div id="root">');
  });

  it('serves hashed assets as immutable and other files as they are', async () => {
    const asset = await server.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1)');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await server.app.inject({ method: 'GET', url: '/favicon.ico' })).body).toBe('icon');
    expect((await server.app.inject({ method: 'GET', url: '/assets/gone-999.js' })).statusCode).toBe(404);
  });

  it('never serves dot-files or anything outside the client folder', async () => {
    for (const url of ['/.env', '/%2e%2e/%2e%2e/etc/passwd', '/..%2F..%2Fetc%2Fpasswd', '/assets/..%2F.env']) {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.body, url).not.toContain('SECRET=1');
      expect(response.body, url).not.toContain('root:');
    }
  });

  it('keeps the API out of the fallback', async () => {
    const response = await server.app.inject({ method: 'GET', url: '/api/not/a/route' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, code: 404 });
  });
});

describe('PID lock on the data directory', () => {
  it('refuses a second server on the same DATA_DIR while the first runs', async () => {
    const config = loadConfig({ DATA_DIR: server.dataDir, CLIENT_DIR: clientDir });
    await expect(buildApp({ config, logger: false })).rejects.toBeInstanceOf(PidLockError);
    // The refused start must not have removed the running server's lock.
    expect(fs.readFileSync(path.join(server.dataDir, 'server.pid'), 'utf8').trim()).toBe(String(process.pid));
  });

  it('refuses while another live process holds it, and takes over a dead one', async () => {
    const dir = tempDir('lock');
    const child: ChildProcess = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    try {
      const pidFile = path.join(dir, 'server.pid');
      fs.writeFileSync(pidFile, `${child.pid}\n`);
      expect(() => acquirePidLock(dir)).toThrow(PidLockError);
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
      const lock = acquirePidLock(dir);
      expect(fs.readFileSync(pidFile, 'utf8').trim()).toBe(String(process.pid));
      lock.release();
      expect(fs.existsSync(pidFile)).toBe(false);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('restart on the same DATA_DIR', () => {
  it('keeps data, sessions and the token secret, and does not seed twice', async () => {
    const { token } = await login(server.app, 'admin');
    const secretFile = path.join(server.dataDir, 'token-secret');
    expect(fs.statSync(secretFile).mode & 0o777).toBe(0o600);
    const secretBefore = fs.readFileSync(secretFile, 'utf8');

    await server.app.close();
    expect(fs.existsSync(path.join(server.dataDir, 'server.pid'))).toBe(false);
    restarted = await buildApp({ config: loadConfig({ DATA_DIR: server.dataDir, CLIENT_DIR: clientDir }), logger: false });

    expect(fs.readFileSync(secretFile, 'utf8')).toBe(secretBefore);
    expect((await call(restarted, 'GET', '/api/sys/user/getCurrentUserDeparts', { token })).status).toBe(200);
    const users = await restarted.db.selectFrom('users').select('username').execute();
    expect(users.map((u) => u.username).sort()).toEqual(['admin', 'clerk']);
    const tenants = await restarted.db.selectFrom('tenants').select('id').execute();
    expect(tenants).toHaveLength(1);
  });
});
