import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { RouteAccessEntry } from '../../server/http/access';
import { useDemoServer } from './helpers';

const demo = useDemoServer();

/**
 * Every registered API route, called as admin (so permission checks pass) with malformed input:
 * no answer may be a 5xx, and every answer that is not a file is the envelope with a message.
 */

const NUL = '\u0000';
const HUGE = 'x'.repeat(100 * 1024);
/** As long as a login name may be, and longer than several log columns (they must fit it, not refuse the row). */
const LONG = '长'.repeat(100);
const HOSTILE_CODES = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'];
const BAD_IDS = ['../../etc/passwd', "1' or '1'='1", ',,,', '-1', `a${NUL}b`];
/** An upload name that cannot be stored as text (NUL) and displays as something else (U+202E reverses what follows). */
const HOSTILE_FILE_NAME = `a${NUL}b\u202Etxt.exe.txt`;

/** Query keys the routes read (ids, paging, filters of the demo entities): unknown ones are ignored. */
const QUERY_KEYS = [
  'id', 'ids', 'pageNo', 'pageSize', 'column', 'order', 'keyword', 'keyWord', 'key', 'code', 'roleId', 'userId', 'departId', 'depId',
  'permissionId', 'parentId', 'username', 'fieldVal', 'tableName', 'fieldName', 'dataId', 'ruleCode', 'value', 'path', 'ticket',
  'points', 'points_begin', 'points_end', 'status', 'sex', 'level', 'memberName', 'registerTime', 'registerTime_begin',
  'registerTime_end', 'birthday', 'sortOrder', 'menuType', 'sortNo', 'hidden', 'sendTime_begin', 'superQueryParams', 'selections',
  'tenantId', 'userIds', 'price', 'count',
];

/** Values no route accepts as they are: control characters, huge text, wrong types, impossible numbers and dates. */
const QUERY_VALUES: Record<string, string> = {
  nul: `a${NUL}b`,
  huge: HUGE,
  wrongType: 'abc',
  outOfRange: '99999999999999999999',
  // Text a number parser reads as ±Infinity: it must not pass a schema's limits as a number.
  infinity: 'Infinity',
  overflow: '1e309',
  impossibleDate: '2024-02-30',
  impossibleMonth: '2024-13-45',
  badId: BAD_IDS[1] ?? '',
};

const BODIES: Record<string, unknown> = {
  nul: Object.fromEntries(QUERY_KEYS.map((key) => [key, `a${NUL}b`])),
  huge: Object.fromEntries(QUERY_KEYS.map((key) => [key, HUGE])),
  long: Object.fromEntries(QUERY_KEYS.map((key) => [key, LONG])),
  infiniteText: Object.fromEntries(QUERY_KEYS.map((key, index) => [key, index % 2 === 0 ? 'Infinity' : '-1e309'])),
  wrongTypes: Object.fromEntries(QUERY_KEYS.map((key, index) => [key, [{ nested: index }, true, null][index % 3]])),
  missing: {},
  badIds: { id: BAD_IDS[0], ids: BAD_IDS.join(','), roleId: BAD_IDS[1], userId: BAD_IDS[2], permissionIds: BAD_IDS.join(',') },
  array: [1, 'two', { three: 3 }],
  scalar: 'just text',
};

function fillPath(url: string, value: string): string {
  return url.replace(/:[A-Za-z]+/g, encodeURIComponent(value)).replace(/\*$/, encodeURIComponent(value));
}

function queryOf(value: string, keys: readonly string[] = QUERY_KEYS): string {
  return keys.map((key) => `${key}=${encodeURIComponent(value)}`).join('&');
}

/** The requests for one route: bounded, so the walk stays well under two minutes. */
function casesFor(route: RouteAccessEntry): Array<{ name: string; request: InjectOptions }> {
  const method = route.method as InjectOptions['method'];
  const hasParams = /[:*]/.test(route.url);
  const pathValues = hasParams ? [...HOSTILE_CODES.slice(0, 3), `a${NUL}b`, BAD_IDS[0] ?? '', ''] : ['-'];
  const cases: Array<{ name: string; request: InjectOptions }> = [];
  for (const pathValue of pathValues) {
    const url = fillPath(route.url, pathValue);
    const label = hasParams ? ` path=${JSON.stringify(pathValue)}` : '';
    for (const [name, value] of Object.entries(QUERY_VALUES)) {
      // The huge value once per key set would be 4 MB of URL: one key is enough to prove the bound.
      const query = name === 'huge' ? queryOf(value, ['id', 'keyword', 'memberName']) : queryOf(value);
      cases.push({ name: `query ${name}${label}`, request: { method, url: `${url}?${query}` } });
      if (hasParams) break;
    }
    if (method === 'POST' || method === 'PUT') {
      for (const [name, body] of Object.entries(BODIES)) {
        cases.push({ name: `body ${name}${label}`, request: { method, url, payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } } });
        if (hasParams) break;
      }
      cases.push({ name: `unparsable json${label}`, request: { method, url, payload: '{"id": "a', headers: { 'content-type': 'application/json' } } });
      // JSON.parse reads a number too large for a double as Infinity.
      cases.push({ name: `overflowing numbers${label}`, request: { method, url, payload: `{${QUERY_KEYS.map((key) => `"${key}": 1e309`).join(', ')}}`, headers: { 'content-type': 'application/json' } } });
      cases.push({ name: `multipart without boundary${label}`, request: { method, url, payload: 'garbage', headers: { 'content-type': 'multipart/form-data' } } });
      cases.push({
        name: `truncated multipart${label}`,
        request: {
          method,
          url,
          payload: '--b0undary\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\nPK\u0003\u0004',
          headers: { 'content-type': 'multipart/form-data; boundary=b0undary' },
        },
      });
      // An acceptable file whose name carries a NUL and a right-to-left override (the name is stored and shown).
      cases.push({
        name: `multipart hostile file name${label}`,
        request: {
          method,
          url,
          payload: `--b0undary\r\nContent-Disposition: form-data; name="file"; filename="${HOSTILE_FILE_NAME}"\r\nContent-Type: text/plain\r\n\r\nhello\r\n--b0undary--\r\n`,
          headers: { 'content-type': 'multipart/form-data; boundary=b0undary' },
        },
      });
    }
    cases.push({ name: `no input${label}`, request: { method, url } });
  }
  return cases;
}

/** Successful downloads (export, stored files) are not envelopes; everything else is. */
function isFile(response: LightMyRequestResponse): boolean {
  const type = String(response.headers['content-type'] ?? '');
  return response.statusCode === 200 && !type.includes('application/json');
}

/** A malformed request is refused at once; one that hangs is a failure of its own, named. */
const ANSWER_WITHIN_MS = 10_000;

describe('every route refuses malformed input without a 5xx', () => {
  it('walks every registered API route', async () => {
    const routes = demo.app.routeAccess.filter(
      (route) => route.access !== 'static' && route.method !== 'HEAD' && !route.url.includes('websocket') && !route.url.includes('vxeSocket'),
    );
    expect(routes.length).toBeGreaterThan(100);
    const failures: string[] = [];
    let calls = 0;
    for (const route of routes) {
      // Logging out would end the admin session the walk runs in; public routes need no token anyway.
      const headers = route.access === 'public' ? {} : { 'x-access-token': demo.admin };
      for (const { name, request } of casesFor(route)) {
        const answered = demo.app.inject({ ...request, headers: { ...headers, ...request.headers } });
        const response = await Promise.race([answered, new Promise<null>((resolve) => setTimeout(() => resolve(null), ANSWER_WITHIN_MS))]);
        calls += 1;
        if (response === null) {
          failures.push(`${route.method} ${route.url} [${name}]: no answer within ${ANSWER_WITHIN_MS} ms`);
          continue;
        }
        const where = `${route.method} ${route.url} [${name}] → ${response.statusCode}`;
        if (response.statusCode >= 500) {
          failures.push(`${where} ${response.body.slice(0, 200)}`);
          continue;
        }
        if (isFile(response)) continue;
        let body: unknown;
        try {
          body = response.json();
        } catch {
          failures.push(`${where}: not JSON: ${response.body.slice(0, 100)}`);
          continue;
        }
        const message = typeof body === 'object' && body !== null ? (body as { message?: unknown }).message : undefined;
        const success = typeof body === 'object' && body !== null ? (body as { success?: unknown }).success : undefined;
        if (typeof message !== 'string' || message === '' || typeof success !== 'boolean') failures.push(`${where}: not an envelope with a message: ${response.body.slice(0, 200)}`);
        if (response.body.includes('    at ')) failures.push(`${where}: shows a stack trace`);
      }
    }
    expect(failures).toEqual([]);
    expect(calls).toBeGreaterThan(1000);
    // Every request of the walk reached the logs: none of its values made a log row fail.
    await demo.app.logWriter.flush();
    expect(demo.app.logWriter.health()).toEqual({ failedRows: 0, droppedRows: 0, recentFailures: [] });
    // Thousands of requests, one after another, on the suite's shared 2-core machine.
  }, 120_000);

  it('still serves the admin session the walk ran in', async () => {
    const response = await demo.app.inject({ method: 'GET', url: '/api/sys/permission/getUserPermissionByToken', headers: { 'x-access-token': demo.admin } });
    expect(response.statusCode).toBe(200);
  });
});
