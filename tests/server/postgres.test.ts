/** DATABASE_URL: the same migrations, seed and routes on a PostgreSQL server instead of PGlite. */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { PermissionResult } from '../../src/contracts/session';
import type { SpuRecord } from '../../plugins/goods/entities';
import ExcelJS from 'exceljs';
import pg from 'pg';
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

  it('lets exactly one of two SPU saves of the same version through, both started while the row was locked (issue 32)', async () => {
    const admin = await login(app, 'admin');
    const as = <T>(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) => call<T>(app, method, `/api/goods/goodsSpu/${url}`, { token: admin.token, ...(body === undefined ? {} : { body }) });
    // A fresh SPU of its own, so nothing else of the demo touches it meanwhile.
    const template = (await as<SpuRecord>('GET', `queryById?id=${(await as<{ records: SpuRecord[] }>('GET', 'list?pageNo=1&pageSize=1')).body.result.records[0]?.id ?? ''}`)).body.result;
    const created = await as<SpuRecord>('POST', 'add', { name: `并发保存${Date.now()}`, categoryId: template.categoryId, picUrl: template.picUrl, specType: '0', deliveryTypes: '1', skus: [{ properties: [], price: '10.00', stock: 1 }] });
    expect(created.body.success, created.body.message).toBe(true);
    const spu = created.body.result;
    const save = (price: string) => as<SpuRecord>('PUT', 'edit', { id: spu.id, rowVersion: spu.rowVersion, skus: (spu.skus ?? []).map((sku) => ({ id: sku.id, properties: sku.properties, price })) });
    const blocker = new pg.Client({ connectionString: postgres.url });
    await blocker.connect();
    try {
      await blocker.query('begin');
      await blocker.query('select 1 from goods_spu where id = $1 for update', [spu.id]);
      let settled = false;
      const both = Promise.all([save('66.00'), save('77.00')]).finally(() => {
        settled = true;
      });
      // The two saves, each waiting in its version check for the row (not any other work of the server); should
      // either end without waiting, the poll stops and the answers below say why. Inside the blocker's transaction
      // pg_stat_activity is a snapshot: cleared before each look.
      const waiting = async () => {
        if (settled) return -1;
        await blocker.query('select pg_stat_clear_snapshot()');
        const found = await blocker.query<{ n: string }>(`select count(*) as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database() and query like '%as version from "goods_spu"%'`);
        return Number(found.rows[0]?.n ?? 0);
      };
      await expect.poll(waiting, { timeout: 20_000, interval: 50 }).toBeGreaterThanOrEqual(2);
      await blocker.query('commit');
      const results = await both;
      expect(results.filter((result) => result.body.success), JSON.stringify(results.map((result) => result.body))).toHaveLength(1);
      expect(results.filter((result) => result.body.code === 409 && result.body.message === '数据已被他人修改，请刷新后重试')).toHaveLength(1);
      const winner = results.find((result) => result.body.success)?.body.result;
      const after = (await as<SpuRecord>('GET', `queryById?id=${spu.id}`)).body.result;
      expect(after.skus?.map((sku) => sku.price)).toEqual(winner?.skus?.map((sku) => sku.price));
    } finally {
      await blocker.end();
    }
  });

  it('imports members set-based (json_populate_recordset), refusing duplicates in the file and in the database with the add form’s words', async () => {
    const admin = await login(app, 'admin');
    const tenant = { 'tenant-id': '1' };
    const existing = await call<{ records: Array<{ memberNo: string }> }>(app, 'GET', '/api/cust/custMember/list?pageSize=1', { token: admin.token, headers: tenant });
    const taken = existing.body.result.records[0]?.memberNo ?? '';
    expect(taken).not.toBe('');
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('会员列表');
    sheet.addRow(['会员编号', '会员姓名', '性别', '分组']);
    for (let index = 0; index < 1200; index += 1) sheet.addRow([`PGI${String(index).padStart(5, '0')}`, `导入会员${index}`, index % 2 === 0 ? '男' : '', '新客']);
    sheet.addRow(['PGI00007', '文件内重复', '女', '新客']);
    sheet.addRow([taken, '库中已有', '女', '新客']);
    const boundary = '----pg-import';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="m.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      Buffer.from(await book.xlsx.writeBuffer()),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await app.inject({ method: 'POST', url: '/api/cust/custMember/importExcel', payload, headers: { 'x-access-token': admin.token, ...tenant, 'content-type': `multipart/form-data; boundary=${boundary}` } });
    expect(response.json()).toMatchObject({
      success: true,
      code: 201,
      message: '导入完成：成功 1200 条，跳过 2 条',
      result: {
        total: 1202,
        imported: 1200,
        errors: [
          { row: 1202, message: '第1202行：会员编号：该值不可用，系统中已存在！' },
          { row: 1203, message: '第1203行：会员编号：该值不可用，系统中已存在！' },
        ],
      },
    });
    const stored = await call<{ total: number; records: Array<{ memberNo: string; sex_dictText?: string; groupId_dictText?: string }> }>(app, 'GET', '/api/cust/custMember/list?memberNo=PGI*&pageSize=2&column=memberNo&order=asc', { token: admin.token, headers: tenant });
    expect(stored.body.result.total).toBe(1200);
    expect(stored.body.result.records.map((member) => [member.memberNo, member.sex_dictText ?? null, member.groupId_dictText])).toEqual([
      ['PGI00000', '男', '新客'],
      ['PGI00001', null, '新客'],
    ]);
  }, 60_000);

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
