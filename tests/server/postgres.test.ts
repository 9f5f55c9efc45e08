/** DATABASE_URL: the same migrations, seed and routes on a PostgreSQL server instead of PGlite. */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { PermissionResult } from '../../src/contracts/session';
import { startPostgres, type PostgresServer } from '../support/postgres-server';
import { call, login, tempDir } from './helpers';

let postgres: PostgresServer;
let app: FastifyInstance;
const dataDir = tempDir('pg');

async function start(): Promise<FastifyInstance> {
  const config = loadConfig({ DATA_DIR: dataDir, CLIENT_DIR: path.join(dataDir, 'none'), DATABASE_URL: postgres.url, TOKEN_SECRET: 'x'.repeat(48) });
  return buildApp({ config, logger: false });
}

beforeAll(async () => {
  postgres = await startPostgres();
  app = await start();
}, 90_000);

afterAll(async () => {
  await app?.close();
  await postgres?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('on a PostgreSQL server (DATABASE_URL)', () => {
  it('migrates, seeds and serves login, permissions and a generic list', async () => {
    const admin = await login(app, 'admin');
    const clerk = await login(app, 'clerk');
    const adminMenu = await call<PermissionResult>(app, 'GET', '/api/sys/permission/getUserPermissionByToken', { token: admin.token });
    const clerkMenu = await call<PermissionResult>(app, 'GET', '/api/sys/permission/getUserPermissionByToken', { token: clerk.token });
    expect(adminMenu.body.result.menu.some((m) => m.meta.title === '系统管理')).toBe(true);
    expect(clerkMenu.body.result.menu.some((m) => m.meta.title === '系统管理')).toBe(false);
    const dicts = await call<{ total: number }>(app, 'GET', '/api/sys/dict/list?pageNo=1&pageSize=10&column=dictCode&order=asc', { token: admin.token });
    expect(dicts.body.success).toBe(true);
    expect(dicts.body.result.total).toBeGreaterThan(10);
    // No PID lock on a shared database: several instances may serve it.
    expect(fs.existsSync(path.join(dataDir, 'server.pid'))).toBe(false);
  });

  it('keeps sessions across a restart and does not seed twice', async () => {
    const admin = await login(app, 'admin');
    await app.close();
    app = await start();
    const again = await call(app, 'GET', '/api/sys/user/getCurrentUserDeparts', { token: admin.token });
    expect(again.status).toBe(200);
    const users = await app.db.selectFrom('users').select('username').where('username', '=', 'admin').execute();
    expect(users).toHaveLength(1);
  });
});
