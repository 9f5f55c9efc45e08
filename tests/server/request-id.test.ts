/**
 * A request id follows a request (issue #19): an acceptable incoming x-request-id is kept, anything else
 * is replaced by a fresh UUID; the id is answered in x-request-id (refusals included) and is on every log
 * line of that request as `reqId`.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { requestIdOf } from '../../server/http/request-id';
import { tempDir } from './helpers';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let app: FastifyInstance;
let dataDir: string;
const lines: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  dataDir = tempDir('reqid');
  fs.cpSync(inject('serverTemplateDir'), dataDir, { recursive: true });
  const config = loadConfig({ DATA_DIR: dataDir, CLIENT_DIR: path.join(dataDir, 'no-client') });
  app = await buildApp({ config, logger: { level: 'info', stream: { write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) } } });
});

afterAll(async () => {
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const linesOf = (id: string) => lines.filter((line) => line.reqId === id);

describe('request ids', () => {
  it('keeps an acceptable incoming id, answers it and puts it on every log line of the request', async () => {
    const id = 'lb-7f3a.Req_0042';
    const response = await app.inject({ method: 'POST', url: '/api/sys/login', headers: { 'x-request-id': id }, payload: { username: 'admin', password: 'wrong' } });
    expect(response.json()).toMatchObject({ success: false, message: '用户名或密码错误' });
    expect(response.headers['x-request-id']).toBe(id);
    const logged = linesOf(id);
    // At least "incoming request" and "request completed", each carrying the id.
    expect(logged.map((line) => line.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
  });

  it('puts a line a handler logs under the request’s id (the SMS code line)', async () => {
    const id = 'sms-trace-1';
    const response = await app.inject({ method: 'POST', url: '/api/account/sms', headers: { 'x-request-id': id }, payload: { mobile: '13800138000', smsmode: '1' } });
    expect(response.json()).toMatchObject({ success: true, message: '验证码已发送' });
    expect(linesOf(id).some((line) => typeof line.msg === 'string' && line.msg.startsWith('SMS code for 13800138000: '))).toBe(true);
  });

  it('replaces an id that is too long, has other characters or comes twice with a fresh UUID, and gives one to a request without', async () => {
    const refused = ['x'.repeat(65), 'a b', 'id\nforged', 'ïd', 'a/b', ''];
    const seen = new Set<string>();
    for (const candidate of refused) {
      const response = await app.inject({ method: 'GET', url: '/api/ready', headers: { 'x-request-id': candidate } });
      const answered = String(response.headers['x-request-id']);
      expect(answered).toMatch(UUID);
      expect(linesOf(answered).length).toBeGreaterThan(0);
      seen.add(answered);
    }
    const bare = await app.inject({ method: 'GET', url: '/api/ready' });
    seen.add(String(bare.headers['x-request-id']));
    expect(seen.size).toBe(refused.length + 1);
    expect(requestIdOf({ headers: { 'x-request-id': ['a', 'b'] } })).toMatch(UUID);
    expect(requestIdOf({ headers: { 'x-request-id': 'y'.repeat(64) } })).toBe('y'.repeat(64));
  });

  it('answers the id on refusals too: a bad body (400), an unknown route (404), no token (401)', async () => {
    for (const [method, url, payload, status] of [
      ['POST', '/api/sys/login', { username: '' }, 400],
      ['GET', '/api/no/such/route', undefined, 404],
      ['GET', '/api/sys/user/getCurrentUserDeparts', undefined, 401],
    ] as const) {
      const id = `refused-${status}`;
      const response = await app.inject({ method, url, headers: { 'x-request-id': id }, ...(payload !== undefined ? { payload } : {}) });
      expect(response.statusCode).toBe(status);
      expect(response.headers['x-request-id']).toBe(id);
    }
  });
});
