/**
 * Saves never lose someone's work (issue 32): every record is read with its version (`rowVersion`), an edit carries
 * it back, and the engine refuses a save over a newer version with 数据已被他人修改，请刷新后重试 (HTTP 200, code 409)
 * — for a plain entity and a master-detail one (its rows untouched) alike. Of two saves of the same version exactly
 * one wins: on the embedded database (one connection) and on PostgreSQL, where both saves are made to wait on a row
 * lock held elsewhere and then run at once.
 */
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEntityTable } from '../../server/crud/table-ddl';
import { registerEntityRoutes } from '../../server/crud/register-entity-routes';
import { MSG_STALE, STALE_CODE } from '../../server/crud/row-version';
import { defineServerPlugin } from '../../server/plugin-api';
import { defineEntity } from '../../src/contracts/entity';
import { startPostgres, type PostgresServer } from '../support/postgres-server';
import { call, startProbeApp, type CallResult, type ProbeApp } from './helpers';

const noteEntity = defineEntity({
  table: 'probe_note',
  api: '/probe/note',
  permission: 'probe:note',
  tenantScoped: true,
  fields: {
    title: { type: 'string', label: 'probe:title', required: true, max: 40 },
    qty: { type: 'int', label: 'probe:qty', min: 0 },
  },
});

const lineEntity = defineEntity({
  table: 'probe_bill_line',
  api: '/probe/billLine',
  permission: 'probe:bill',
  tenantScoped: true,
  fields: {
    billId: { type: 'ref', label: 'probe:billId', form: false, list: false },
    goodsName: { type: 'string', label: 'probe:goodsName', required: true, max: 20 },
    price: { type: 'decimal', label: 'probe:price', min: 0 },
  },
});

const billEntity = defineEntity({
  table: 'probe_bill',
  api: '/probe/bill',
  permission: 'probe:bill',
  tenantScoped: true,
  fields: { billNo: { type: 'string', label: 'probe:billNo', required: true, max: 20 } },
  children: { lines: { entity: lineEntity, foreignKey: 'billId', label: 'probe:lines' } },
});

const labels: Record<string, string> = { 'probe:title': '标题', 'probe:qty': '数量', 'probe:billNo': '单号', 'probe:lines': '明细', 'probe:goodsName': '商品', 'probe:price': '单价', 'probe:billId': '单据' };

const probe = defineServerPlugin({
  name: 'probe',
  migrations: {
    '0001_versions': {
      up: async (db) => {
        await createEntityTable(db, noteEntity);
        await createEntityTable(db, billEntity);
        await createEntityTable(db, lineEntity);
      },
    },
  },
  register: async (api) => {
    await registerEntityRoutes(api, noteEntity, { labels: (key) => labels[key] });
    await registerEntityRoutes(api, billEntity, { labels: (key) => labels[key] });
  },
});

type Note = { id: string; title: string; qty: number | null; rowVersion: string };
type Bill = { id: string; billNo: string; rowVersion: string; lines: Array<{ id: string; goodsName: string; price: number | null }> };

const STALE = { success: false, message: MSG_STALE, code: STALE_CODE };

/** The engine's routes of both probe entities for one app. */
function probeCalls(session: () => ProbeApp) {
  const headers = { 'tenant-id': '1' };
  const as = <T>(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown): Promise<CallResult<T>> => call<T>(session().app, method, `/api/probe/${url}`, { token: session().admin, headers, ...(body === undefined ? {} : { body }) });
  return {
    addNote: async (body: Record<string, unknown>) => (await as<Note>('POST', 'note/add', body)).body.result,
    note: async (id: string) => (await as<Note>('GET', `note/queryById?id=${id}`)).body.result,
    editNote: (body: Record<string, unknown>) => as<Note>('PUT', 'note/edit', body),
    addBill: async (body: Record<string, unknown>) => (await as<Bill>('POST', 'bill/add', body)).body.result,
    bill: async (id: string) => (await as<Bill>('GET', `bill/queryById?id=${id}`)).body.result,
    editBill: (body: Record<string, unknown>) => as<Bill>('PUT', 'bill/edit', body),
    listNotes: async () => (await as<{ records: Note[] }>('GET', 'note/list?pageNo=1&pageSize=50')).body.result.records,
  };
}

function outcome(results: ReadonlyArray<CallResult<unknown>>): { won: number; stale: number } {
  return {
    won: results.filter((result) => result.body.success).length,
    stale: results.filter((result) => result.status === 200 && result.body.success === false && result.body.message === MSG_STALE && result.body.code === STALE_CODE).length,
  };
}

describe('optimistic concurrency in the engine (embedded database)', () => {
  let session: ProbeApp;
  const api = probeCalls(() => session);
  beforeAll(async () => {
    session = await startProbeApp([probe], 'row-version');
  });
  afterAll(async () => {
    await session.close();
  });

  it('reads every record with its version, and a save moves it', async () => {
    const note = await api.addNote({ title: '初稿', qty: 1 });
    expect(note.rowVersion).toBe('0');
    expect((await api.note(note.id)).rowVersion).toBe('0');
    // The list carries it too (a list's live row never hands a form an older one than the list shows).
    expect((await api.listNotes()).find((row) => row.id === note.id)?.rowVersion).toBe('0');
    const saved = await api.editNote({ id: note.id, title: '二稿', qty: 1, rowVersion: '0' });
    expect(saved.body).toMatchObject({ success: true, message: '编辑成功!' });
    expect(saved.body.result.rowVersion).toMatch(/^[1-9][0-9]{15,}$/);
    expect((await api.note(note.id)).rowVersion).toBe(saved.body.result.rowVersion);
  });

  it('refuses a save over a newer version with the message, and keeps what the other saved', async () => {
    const note = await api.addNote({ title: '原文', qty: 1 });
    const mine = await api.note(note.id);
    const theirs = await api.editNote({ id: note.id, title: '别人改过', qty: 2, rowVersion: mine.rowVersion });
    expect(theirs.body.success).toBe(true);
    const refused = await api.editNote({ id: note.id, title: '我的修改', qty: 3, rowVersion: mine.rowVersion });
    expect(refused.status).toBe(200);
    expect(refused.body).toMatchObject(STALE);
    expect(await api.note(note.id)).toMatchObject({ title: '别人改过', qty: 2, rowVersion: theirs.body.result.rowVersion });
    // Read again, the same save goes through.
    const again = await api.editNote({ id: note.id, title: '我的修改', qty: 3, rowVersion: theirs.body.result.rowVersion });
    expect(again.body.success).toBe(true);
  });

  it('refuses a stale save even when the newer version came from a status-like write that stamped update_time', async () => {
    const note = await api.addNote({ title: '状态', qty: 0 });
    await sql`update probe_note set qty = 9, update_time = now() where id = ${note.id}`.execute(session.app.db);
    expect((await api.editNote({ id: note.id, title: '旧版本', rowVersion: note.rowVersion })).body).toMatchObject(STALE);
  });

  it('takes an edit without a version as before (API tools), and answers a malformed one with 400', async () => {
    const note = await api.addNote({ title: '无版本', qty: 1 });
    await api.editNote({ id: note.id, title: '别人', rowVersion: '0' });
    expect((await api.editNote({ id: note.id, title: '覆盖' })).body.success).toBe(true);
    const malformed = await api.editNote({ id: note.id, title: 'x', rowVersion: '12a' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toContain('rowVersion');
  });

  it('refuses a stale master-detail save and leaves the record and its rows as the other saved them', async () => {
    const bill = await api.addBill({ billNo: 'B-1', lines: [{ goodsName: '苹果', price: '3.00' }, { goodsName: '香蕉', price: '2.00' }] });
    const mine = await api.bill(bill.id);
    const [apple, banana] = mine.lines;
    const theirs = await api.editBill({ id: bill.id, billNo: 'B-1', rowVersion: mine.rowVersion, lines: [{ id: apple?.id, goodsName: '苹果', price: '3.50' }, { id: banana?.id, goodsName: '香蕉', price: '2.00' }] });
    expect(theirs.body.success, JSON.stringify(theirs.body)).toBe(true);
    const refused = await api.editBill({ id: bill.id, billNo: 'B-1', rowVersion: mine.rowVersion, lines: [{ id: apple?.id, goodsName: '苹果', price: '3.00' }, { id: banana?.id, goodsName: '香蕉', price: '9.90' }] });
    expect(refused.body).toMatchObject(STALE);
    expect((await api.bill(bill.id)).lines.map((line) => [line.goodsName, line.price])).toEqual([
      ['苹果', 3.5],
      ['香蕉', 2],
    ]);
  });

  it('lets exactly one of two saves of the same version through', async () => {
    const note = await api.addNote({ title: '并发', qty: 0 });
    const results = await Promise.all([api.editNote({ id: note.id, title: '甲', rowVersion: '0' }), api.editNote({ id: note.id, title: '乙', rowVersion: '0' })]);
    expect(outcome(results)).toEqual({ won: 1, stale: 1 });
    const winner = results.find((result) => result.body.success)?.body.result;
    expect((await api.note(note.id)).title).toBe(winner?.title);
  });
});

describe('optimistic concurrency on PostgreSQL: two saves of one version at the same moment', () => {
  let postgres: PostgresServer;
  let session: ProbeApp;
  let blocker: pg.Client;
  const api = probeCalls(() => session);

  beforeAll(async () => {
    postgres = await startPostgres();
    session = await startProbeApp([probe], 'row-version-pg', { DATABASE_URL: postgres.url, TOKEN_SECRET: 'v'.repeat(48) });
    blocker = new pg.Client({ connectionString: postgres.url });
    await blocker.connect();
  }, 120_000);

  afterAll(async () => {
    await blocker?.end();
    await session?.close();
    await postgres?.stop();
  });

  /**
   * Requests waiting for a row lock (the app's pool has several connections). Read on the blocker's connection,
   * inside its transaction, where pg_stat_activity is a snapshot: cleared before each look.
   */
  const waiting = async () => {
    await blocker.query('select pg_stat_clear_snapshot()');
    return Number((await blocker.query<{ n: string }>(`select count(*) as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`)).rows[0]?.n ?? 0);
  };

  /**
   * Holds the row's lock while both saves start: each passes the engine's first check (nothing changed yet) and then
   * waits in its UPDATE; released, they run at once and only the UPDATE's own version check stands between them.
   */
  async function raceOn(table: string, id: string, saves: () => Array<Promise<CallResult<unknown>>>) {
    await blocker.query('begin');
    await blocker.query(`select 1 from ${table} where id = $1 for update`, [id]);
    const running = Promise.all(saves());
    try {
      await expect.poll(waiting, { timeout: 20_000, interval: 50 }).toBe(2);
    } finally {
      await blocker.query('commit');
    }
    return outcome(await running);
  }

  it('an engine entity: exactly one wins', async () => {
    const note = await api.addNote({ title: '并发', qty: 0 });
    expect(await raceOn('probe_note', note.id, () => [api.editNote({ id: note.id, title: '甲', rowVersion: '0' }), api.editNote({ id: note.id, title: '乙', rowVersion: '0' })])).toEqual({ won: 1, stale: 1 });
    expect(['甲', '乙']).toContain((await api.note(note.id)).title);
  });

  it('a master-detail entity: exactly one wins, and only its rows are stored', async () => {
    const bill = await api.addBill({ billNo: 'P-1', lines: [{ goodsName: '苹果', price: '1.00' }] });
    const lines = (price: string) => [{ id: bill.lines[0]?.id, goodsName: '苹果', price }];
    const result = await raceOn('probe_bill', bill.id, () => [
      api.editBill({ id: bill.id, billNo: 'P-1', rowVersion: '0', lines: lines('2.00') }),
      api.editBill({ id: bill.id, billNo: 'P-1', rowVersion: '0', lines: [...lines('3.00'), { goodsName: '香蕉', price: '4.00' }] }),
    ]);
    expect(result).toEqual({ won: 1, stale: 1 });
    const stored = (await api.bill(bill.id)).lines.map((line) => [line.goodsName, line.price]);
    expect([[['苹果', 2]], [['苹果', 3], ['香蕉', 4]]]).toContainEqual(stored);
  });

  it('without the held lock too: saves sent together, one wins', async () => {
    const note = await api.addNote({ title: '同时', qty: 0 });
    const results = await Promise.all(Array.from({ length: 4 }, (_, n) => api.editNote({ id: note.id, title: `第${n}个`, rowVersion: '0' })));
    expect(outcome(results)).toEqual({ won: 1, stale: 3 });
  });
});

