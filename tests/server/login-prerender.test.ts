/** The login route gets the prerendered login page; every other route keeps the plain SPA shell (issue #20). */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, tempDir, type TestServer } from './helpers';

const SHELL = '<!doctype html><title></title><div id="root"></div>';
const LOGIN = '<!doctype html><title>登录</title><div id="login-prerender"><form><input name="username"></form></div><div id="root"></div>';

let server: TestServer;
let clientDir: string;

beforeAll(async () => {
  clientDir = tempDir('client');
  fs.writeFileSync(path.join(clientDir, 'index.html'), SHELL);
  fs.writeFileSync(path.join(clientDir, 'login.html'), LOGIN);
  server = await startTestServer({ CLIENT_DIR: clientDir });
});

afterAll(async () => {
  await server.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

describe('the prerendered login page', () => {
  it('answers /user/login (with or without a query) with login.html under the SPA policy', async () => {
    for (const url of ['/user/login', '/user/login?redirect=%2Fsystem%2Fuser']) {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(LOGIN);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(String(response.headers['content-security-policy'])).toContain("script-src 'self'");
    }
  });

  it('keeps the plain shell, without the prerendered form, for every other route', async () => {
    for (const url of ['/dashboard/analysis', '/', '/user/register', '/user/login/extra', '/user/Login']) {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(SHELL);
      expect(response.body, url).not.toContain('login-prerender');
    }
  });
});
