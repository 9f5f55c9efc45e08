/** Duplicate check and rule check (docs/reference/jeecg-conventions.md §6.1–6.2) with allow-listed targets and safe patterns. */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSafePattern } from '../../server/crud/safe-pattern';
import { call, login, startTestServer, type TestServer } from './helpers';

let server: TestServer;
let app: FastifyInstance;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  app = server.app;
  token = (await login(app, 'admin')).token;
});
afterAll(async () => server.close());

const get = (url: string) => call(app, 'GET', url, { token });
const q = (params: Record<string, string>) => new URLSearchParams(params).toString();

describe('duplicate check', () => {
  it('answers for allow-listed entity fields and user identity fields', async () => {
    const taken = await get(`/api/sys/duplicate/check?${q({ tableName: 'dicts', fieldName: 'dict_code', fieldVal: 'sex' })}`);
    expect(taken.body).toMatchObject({ success: false, message: '该值不可用，系统中已存在！' });
    const byField = await get(`/api/sys/duplicate/check?${q({ tableName: 'dicts', fieldName: 'dictCode', fieldVal: 'sex' })}`);
    expect(byField.body.success).toBe(false);
    const free = await get(`/api/sys/duplicate/check?${q({ tableName: 'dicts', fieldName: 'dict_code', fieldVal: 'brand_new' })}`);
    expect(free.body).toMatchObject({ success: true, message: '该值可用！' });
    const user = await get(`/api/sys/duplicate/check?${q({ tableName: 'users', fieldName: 'username', fieldVal: 'clerk' })}`);
    expect(user.body.success).toBe(false);
  });

  it('excludes the edited record (dataId)', async () => {
    const sex = await app.db.selectFrom('dicts').select('id').where('dict_code', '=', 'sex').executeTakeFirstOrThrow();
    const response = await get(`/api/sys/duplicate/check?${q({ tableName: 'dicts', fieldName: 'dict_code', fieldVal: 'sex', dataId: sex.id })}`);
    expect(response.body.success).toBe(true);
  });

  it('does nothing for an empty value', async () => {
    const response = await get(`/api/sys/duplicate/check?${q({ tableName: 'dicts', fieldName: 'dict_code', fieldVal: '' })}`);
    expect(response.body).toMatchObject({ success: true, code: 500, message: '数据为空,不作处理！' });
  });

  it('refuses every pair that is not allow-listed, hostile ones included', async () => {
    const hostile = ["' or 1=1--", ';drop table users', '"quoted"', 'a.b', 'users', 'password', 'dicts;', 'users.password'];
    const pairs: Array<[string, string]> = [['users', 'password'], ['sessions', 'id'], ['dicts', 'description']];
    for (const value of hostile) pairs.push([value, 'dict_code'], ['dicts', value], [value, value]);
    for (const path of ['/api/sys/duplicate/check', '/api/sys/duplicate/checkDel']) {
      for (const [tableName, fieldName] of pairs) {
        const response = await get(`${path}?${q({ tableName, fieldName, fieldVal: 'x' })}`);
        expect(response.body, `${tableName}/${fieldName}`).toMatchObject({ success: false, message: '不支持的校验字段' });
      }
    }
    expect(await app.db.selectFrom('users').select('id').execute()).not.toHaveLength(0);
  });

  it('needs a session', async () => {
    expect((await call(app, 'GET', '/api/sys/duplicate/check?tableName=dicts&fieldName=dict_code&fieldVal=x')).status).toBe(401);
  });
});

describe('rule check', () => {
  it('passes a matching value and fails with the rule message otherwise', async () => {
    expect((await get(`/api/sys/checkRule/checkByCode?${q({ ruleCode: 'mobile', value: '13800138000' })}`)).body.success).toBe(true);
    const bad = await get(`/api/sys/checkRule/checkByCode?${q({ ruleCode: 'mobile', value: '12345' })}`);
    expect(bad.body).toMatchObject({ success: false, message: '请输入正确的手机号码' });
    expect(bad.body.result).toMatchObject({ passed: false, checkValue: '12345', beginIndex: 0, endIndex: 5 });
  });

  it('checks segment by segment and decodes the URL-encoded value', async () => {
    expect((await get(`/api/sys/checkRule/checkByCode?${q({ ruleCode: 'letter_digits', value: 'a123' })}`)).body.success).toBe(true);
    const first = await get(`/api/sys/checkRule/checkByCode?${q({ ruleCode: 'letter_digits', value: 'A123' })}`);
    expect(first.body.message).toBe('首位必须是小写字母');
    const rest = await get(`/api/sys/checkRule/checkByCode?${q({ ruleCode: 'letter_digits', value: encodeURIComponent('a1 2') })}`);
    expect(rest.body.message).toBe('首位之后必须是数字');
    expect(rest.body.result).toMatchObject({ checkValue: '1 2', beginIndex: 1, endIndex: 4 });
  });

  it('answers 该编码不存在 for an unknown code', async () => {
    expect((await get(`/api/sys/checkRule/checkByCode?${q({ ruleCode: "x' or 1=1--", value: '1' })}`)).body).toMatchObject({ success: false, message: '该编码不存在' });
  });

  it('refuses a stored pattern that could backtrack catastrophically', async () => {
    await app.db.insertInto('sys_check_rule' as never).values({ id: 'redos', rule_name: 'bad', rule_code: 'redos', rule_json: JSON.stringify([{ digits: '*', pattern: '^(a+)+$', message: 'm' }]) } as never).execute();
    const started = Date.now();
    const response = await get(`/api/sys/checkRule/checkByCode?${q({ ruleCode: 'redos', value: `${'a'.repeat(40)}!` })}`);
    expect(response.body).toMatchObject({ success: false, message: '该校验规则不可用' });
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe('pattern safety', () => {
  it.each([
    ['^1[3-9][0-9]{9}$', true],
    ['^[a-z]$', true],
    ['^(abc)?[0-9]+$', true],
    ['^(a+)+$', false],
    ['^(a|a)*$', false],
    ['^(a*)*b$', false],
    ['^((ab)+c)+$', false],
    ['(\\w+\\s?)*$', false],
    ['^(a)\\1$', false],
    ['^(?=a)a$', false],
    ['x'.repeat(201), false],
    ['^[a-z', false],
  ])('%s → %s', (pattern, safe) => {
    expect(isSafePattern(pattern)).toBe(safe);
  });
});
