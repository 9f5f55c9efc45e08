/**
 * Hostile identifiers against the real routes (docs/reference/jeecg-conventions.md §8.3 rules 1–3): the duplicate check, the
 * list sort column, filter and super-query field names, and dictionary codes either refuse them or
 * treat them as plain values — never as SQL — and the database is intact afterwards.
 * (tests/server/crud-engine.test.ts covers the engine's own probe entity; this runs the product routes.)
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { PageResult } from '../../src/contracts/entity';
import type { MemberRecord } from '../../plugins/customers/entities';
import { call, useDemoServer } from './helpers';

const HOSTILE = ["' or 1=1--", ';drop table users', '"users"', 'users.password', 'sys_user.id', 'users,password,id', 'member_no; delete from cust_member'];

const demo = useDemoServer();
let passwordHashes: string[];
const T1 = { 'tenant-id': '1' };
const LIST = '/api/cust/custMember/list';

beforeAll(async () => {
  passwordHashes = (await demo.app.db.selectFrom('users').select('password').orderBy('username').execute()).map((row) => row.password);
});

const q = encodeURIComponent;

async function list(query: string) {
  const response = await call<PageResult<MemberRecord>>(demo.app, 'GET', `${LIST}?pageSize=100&${query}`, { token: demo.admin, headers: T1 });
  expect(response.status, query).toBe(200);
  return response.body;
}

/** No answer may carry a password hash or a raw database error. */
function expectClean(body: unknown, label: string): void {
  const text = JSON.stringify(body);
  for (const hash of passwordHashes) expect(text.includes(hash), label).toBe(false);
  expect(text, label).not.toMatch(/syntax error|relation .* does not exist|column .* does not exist/i);
}

describe('duplicate check', () => {
  it('refuses a table or field off the allow-list, and binds the value', async () => {
    const check = async (params: Record<string, string>) => {
      const response = await call(demo.app, 'GET', `/api/sys/duplicate/check?${new URLSearchParams(params).toString()}`, { token: demo.admin, headers: T1 });
      expect(response.status).toBe(200);
      expectClean(response.body, JSON.stringify(params));
      return response.body;
    };
    for (const value of HOSTILE) {
      expect(await check({ tableName: value, fieldName: 'memberNo', fieldVal: 'M100001' })).toMatchObject({ success: false, message: '不支持的校验字段' });
      expect(await check({ tableName: 'cust_member', fieldName: value, fieldVal: 'M100001' })).toMatchObject({ success: false, message: '不支持的校验字段' });
      expect(await check({ tableName: 'users', fieldName: value, fieldVal: 'admin' })).toMatchObject({ success: false, message: '不支持的校验字段' });
      // As a value it is only a value: nobody has that member number, so it is available.
      expect(await check({ tableName: 'cust_member', fieldName: 'memberNo', fieldVal: value })).toMatchObject({ success: true, message: '该值可用！' });
      expect(await check({ tableName: 'cust_member', fieldName: 'memberNo', fieldVal: 'M100001', dataId: value })).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
    }
    // The allow-listed pair still works.
    expect(await check({ tableName: 'cust_member', fieldName: 'memberNo', fieldVal: 'M100001' })).toMatchObject({ success: false });
  });
});

describe('member list', () => {
  it('ignores a hostile sort column or order and keeps the default order', async () => {
    const plain = (await list('')).result.records.map((record) => record.id);
    for (const value of HOSTILE) {
      const sorted = await list(`column=${q(value)}&order=${q(value)}`);
      expectClean(sorted, value);
      expect(sorted.success).toBe(true);
      expect(sorted.result.total).toBe(300);
      expect(sorted.result.records.map((record) => record.id)).toEqual(plain);
      expect((await list(`column=point,${q(value)}&order=asc`)).result.total).toBe(300);
    }
  });

  it('ignores hostile filter names and matches hostile values literally', async () => {
    for (const value of HOSTILE) {
      const named = await list(`${q(value)}=1`);
      expect(named.result.total, value).toBe(300);
      const valued = await list(`memberName=${q(value)}&memberNo=${q(`*${value}*`)}`);
      expectClean(valued, value);
      expect(valued.result.total, value).toBe(0);
      expect((await list(`levelId=${q(value)}`)).result.total).toBe(0);
      // Number filters refuse what is not a number, naming the parameter.
      const ranged = await call(demo.app, 'GET', `${LIST}?point_begin=${q(value)}`, { token: demo.admin, headers: T1 });
      expect(ranged.status, value).toBe(400);
      expect(ranged.body).toMatchObject({ success: false, code: 400, message: '参数校验失败：point_begin 必须是整数' });
    }
  });

  it('refuses (400, naming the parameter) an operand the field cannot hold, instead of a database error', async () => {
    const refused = async (query: string) => {
      const response = await call(demo.app, 'GET', `${LIST}?${query}`, { token: demo.admin, headers: T1 });
      expect(response.status, query).toBe(400);
      expectClean(response.body, query);
      return response.body;
    };
    expect(await refused('point=99999999999999999999')).toMatchObject({ success: false, code: 400, message: '参数校验失败：point 超出允许的范围（-2147483648 至 2147483647）' });
    expect((await refused('point=1.5')).message).toBe('参数校验失败：point 必须是整数');
    const notADateTime = '不是存在的日期时间（应为 YYYY-MM-DD 或 YYYY-MM-DD HH:mm:ss）';
    expect((await refused('registerTime=2024-02-30')).message).toBe(`参数校验失败：registerTime ${notADateTime}`);
    expect((await refused('registerTime_begin=2024-13-45')).message).toBe(`参数校验失败：registerTime_begin ${notADateTime}`);
    expect((await refused('registerTime_end=2024-01-01%2025:00:00')).message).toBe(`参数校验失败：registerTime_end ${notADateTime}`);
    expect((await refused('memberName=a%00b')).message).toBe('参数校验失败：memberName 含有不允许的控制字符');
    const nulInSuperQuery = q(JSON.stringify([{ field: 'memberName', rule: 'eq', val: 'a\u0000b' }]));
    expect((await refused(`superQueryParams=${nulInSuperQuery}`)).message).toBe('参数校验失败：memberName 含有不允许的控制字符');
    const badDateInSuperQuery = q(JSON.stringify([{ field: 'registerTime', rule: 'ge', val: '2023-02-29' }]));
    expect((await refused(`superQueryParams=${badDateInSuperQuery}`)).message).toBe(`参数校验失败：registerTime ${notADateTime}`);
    // Dates that exist still filter; a leap day is one of them.
    expect((await list('registerTime_begin=2024-02-29&registerTime_end=2024-02-29')).success).toBe(true);
    // A dictionary field compares as text: an unknown code finds nothing.
    expect((await list('status=99999')).result.total).toBe(0);
  });

  it('drops super-query conditions on hostile fields or rules and binds hostile values', async () => {
    for (const value of HOSTILE) {
      const onField = q(JSON.stringify([{ field: value, rule: 'eq', val: '1' }]));
      expect((await list(`superQueryParams=${onField}`)).result.total, value).toBe(300);
      const onRule = q(JSON.stringify([{ field: 'memberName', rule: value, val: '1' }]));
      expect((await list(`superQueryParams=${onRule}`)).result.total, value).toBe(300);
      const onValue = q(JSON.stringify([{ field: 'memberName', rule: 'like', val: value }]));
      const answer = await list(`superQueryParams=${onValue}&superQueryMatchType=${q(value)}`);
      expectClean(answer, value);
      expect(answer.result.total, value).toBe(0);
    }
  });

  it('refuses a hostile id by its pattern and finds nothing by a well-formed unknown one', async () => {
    for (const value of HOSTILE) {
      const response = await call(demo.app, 'GET', `/api/cust/custMember/queryById?id=${q(value)}`, { token: demo.admin, headers: T1 });
      expect(response.status, value).toBe(400);
      expect(response.body).toMatchObject({ success: false, code: 400, message: '参数校验失败：id 格式不正确' });
    }
    const unknown = await call(demo.app, 'GET', '/api/cust/custMember/queryById?id=no_such_id', { token: demo.admin, headers: T1 });
    expect(unknown.body).toMatchObject({ success: false, message: '未找到对应数据' });
  });
});

describe('dictionary codes', () => {
  it('resolve only registered codes in getDictItems, loadDict and loadDictItem', async () => {
    for (const value of HOSTILE) {
      for (const url of [`/api/sys/dict/getDictItems/${q(value)}`, `/api/sys/dict/loadDict/${q(value)}?keyword=a`, `/api/sys/dict/loadDictItem/${q(value)}?key=1`]) {
        const response = await call(demo.app, 'GET', url, { token: demo.clerk });
        expectClean(response.body, url);
        expect(response.status, url).toBe(200);
        expect(response.body, url).toMatchObject({ success: false, message: '字典不存在' });
      }
      // A hostile key or keyword is just text to compare.
      const keyed = await call<string[]>(demo.app, 'GET', `/api/sys/dict/loadDictItem/cust_level?key=${q(value)}`, { token: demo.clerk });
      expect(keyed.body).toMatchObject({ success: true, result: [] });
      const searched = await call<unknown[]>(demo.app, 'GET', `/api/sys/dict/loadDict/cust_level?keyword=${q(value)}`, { token: demo.clerk });
      expect(searched.body).toMatchObject({ success: true, result: [] });
    }
    // Names of Object.prototype's members are codes like any other: unknown, never a member of the lookup object.
    for (const value of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf']) {
      for (const url of [`/api/sys/dict/getDictItems/${value}`, `/api/sys/dict/loadDict/${value}`, `/api/sys/dict/loadDictItem/${value}?key=1`]) {
        const response = await call(demo.app, 'GET', url, { token: demo.clerk });
        expect(response.status, url).toBe(200);
        expect(response.body, url).toMatchObject({ success: false, message: '字典不存在', result: null });
      }
    }
    const real = await call<Array<{ value: string; text: string }>>(demo.app, 'GET', '/api/sys/dict/getDictItems/cust_level', { token: demo.clerk });
    expect(real.body.result).toHaveLength(4);
  });
});

describe('afterwards', () => {
  it('leaves the database intact: users, their hashes, members and dictionaries', async () => {
    const db = demo.app.db;
    const users = await db.selectFrom('users').select(['username', 'password']).orderBy('username').execute();
    expect(users.map((user) => user.username)).toEqual(['admin', 'clerk']);
    expect(users.map((user) => user.password)).toEqual(passwordHashes);
    expect((await list('')).result.total).toBe(300);
    const counted = await db.withTables<{ cust_member: { id: string } }>().selectFrom('cust_member').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(Number(counted.n)).toBe(360);
    expect((await db.selectFrom('dicts').select('id').where('dict_code', '=', 'member_point_biz_type').execute()).length).toBe(1);
  });
});
