/** Server plugins: their migrations run, their routes obey the access rules, their seed runs once. */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { forbidden, ok } from '../../server/http/envelope';
import { NO_INPUT } from '../../server/http/schemas';
import { defineServerPlugin } from '../../server/plugin-api';
import { call, login, tempDir } from './helpers';

const dataDir = tempDir('plugins');
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

let seedRuns = 0;
const probe = defineServerPlugin({
  name: 'probe',
  migrations: {
    '0001_notes': {
      up: async (db) => {
        await db.schema.createTable('probe_notes').addColumn('id', 'varchar(32)', (c) => c.primaryKey()).addColumn('text', 'text', (c) => c.notNull()).execute();
      },
    },
  },
  register: (api) => {
    api.get('/probe/notes', { config: { access: { permission: 'system:user:add' } }, schema: NO_INPUT }, async () => {
      const rows = await sql<{ text: string }>`select text from probe_notes order by id`.execute(api.db);
      return ok(rows.rows.map((r) => r.text));
    });
    api.get('/probe/never', { config: { access: 'authenticated' }, schema: NO_INPUT }, async () => {
      throw forbidden();
    });
  },
  seed: async (db) => {
    seedRuns += 1;
    await sql`insert into probe_notes (id, text) values ('1', 'seeded')`.execute(db);
  },
});

async function start() {
  return buildApp({ config: loadConfig({ DATA_DIR: dataDir, CLIENT_DIR: path.join(dataDir, 'none') }), logger: false, plugins: [probe] });
}

describe('server plugins', () => {
  it('migrates, registers routes under the API base with permission checks, and seeds once', async () => {
    const app = await start();
    const admin = await login(app, 'admin');
    const clerk = await login(app, 'clerk');
    const asAdmin = await call<string[]>(app, 'GET', '/api/probe/notes', { token: admin.token });
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.result).toEqual(['seeded']);
    expect((await call(app, 'GET', '/api/probe/notes', { token: clerk.token })).status).toBe(403);
    expect((await call(app, 'GET', '/api/probe/notes')).status).toBe(401);
    expect(app.routeAccess.some((r) => r.url === '/api/probe/notes')).toBe(true);
    await app.close();

    // A restart on the same database neither migrates nor seeds again.
    const again = await start();
    const rows = await sql<{ n: number }>`select count(*)::int as n from probe_notes`.execute(again.db);
    expect(rows.rows[0]?.n).toBe(1);
    expect(seedRuns).toBe(1);
    await again.close();
  });

  it('refuses to boot a plugin route that declares no access', async () => {
    const careless = defineServerPlugin({
      name: 'careless',
      register: (api) => {
        api.get('/careless/open', async () => ok(true));
      },
    });
    const dir = tempDir('careless');
    await expect(buildApp({ config: loadConfig({ DATA_DIR: dir, CLIENT_DIR: path.join(dir, 'none') }), logger: false, plugins: [careless] })).rejects.toThrow();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('rejects a plugin name that is not kebab-case', () => {
    expect(() => defineServerPlugin({ name: '../evil' })).toThrow();
  });
});
