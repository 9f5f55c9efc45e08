import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { call, useDemoServer } from '../../../../tests/server/helpers';
import { inReportTransaction, MSG_REPORT_PARAM_INVALID, MSG_REPORT_QUERY_FAILED, MSG_REPORT_TIMEOUT, MSG_REPORT_TOO_COSTLY } from '../../../../server/routes/online-report-popup';

/** 报表配置 on the server: definitions, 解析SQL, the SQL guard at save and at run, bound parameters, tenants, export. */

const demo = useDemoServer();
const T1 = { 'tenant-id': '1' };
const T2 = { 'tenant-id': '2' };

interface Page {
  records: Record<string, unknown>[];
  total: number;
  totals: Record<string, string | null>;
}
interface Parsed {
  columns: { fieldName: string; fieldType: string; dbType: string }[];
  params: string[];
}

const item = (fieldName: string, fieldType = 'String', extra: Record<string, unknown> = {}) => ({
  fieldName,
  fieldTxt: fieldName,
  fieldType,
  fieldWidth: 120,
  isShow: 1,
  isOrder: 0,
  isSearch: 0,
  isTotal: 0,
  ...extra,
});

let seq = 0;
const code = (prefix: string) => `${prefix}_${Date.now()}_${++seq}`;

async function add(cgrSql: string, items: ReturnType<typeof item>[], extra: Record<string, unknown> = {}, headers: Record<string, string> = T1) {
  return call<{ id: string }>(demo.app, 'POST', '/api/online/cgreport/head/add', { token: demo.admin, headers, body: { code: code('t'), name: '测试报表', cgrSql, items, ...extra } });
}

async function getData(id: string, queryString = '', headers: Record<string, string> = T1) {
  return call<Page>(demo.app, 'GET', `/api/online/cgreport/api/getData/${id}?pageSize=100${queryString}`, { token: demo.admin, headers });
}

describe('report definitions and 解析SQL', () => {
  it('parses a SQL into its columns (names and types) and its ${} parameters', async () => {
    const { body } = await call<Parsed>(demo.app, 'POST', '/api/online/cgreport/head/parseSql', {
      token: demo.admin,
      headers: T1,
      body: { cgrSql: "select member_no, point, balance, register_time from cust_member where member_name = '${name}' and point >= ${minPoint}" },
    });
    expect(body.success, body.message).toBe(true);
    expect(body.result.params).toEqual(['name', 'minPoint']);
    expect(body.result.columns.map((c) => [c.fieldName, c.fieldType])).toEqual([
      ['member_no', 'String'],
      ['point', 'Integer'],
      ['balance', 'Decimal'],
      ['register_time', 'Datetime'],
    ]);
  });

  it('saves a report with a parameter and binds it when run: quotes and SQL in a value match only literally', async () => {
    const members = await sql<{ member_name: string; n: string }>`select member_name, count(*)::text as n from cust_member where tenant_id = 1 group by member_name order by 2 desc, 1 limit 1`.execute(demo.app.db);
    const known = members.rows[0];
    expect(known).toBeDefined();
    const saved = await add("select member_no, member_name, point from cust_member where member_name = '${name}'", [item('member_no'), item('member_name'), item('point', 'Integer', { isTotal: 1 })], {
      params: [{ paramName: 'name', paramTxt: '姓名', paramValue: known?.member_name }],
    });
    expect(saved.body.success, saved.body.message).toBe(true);
    const id = saved.body.result.id;

    const byDefault = await getData(id);
    expect(byDefault.body.result.total).toBe(Number(known?.n));
    expect(byDefault.body.result.records.every((r) => r.member_name === known?.member_name)).toBe(true);
    const expectedSum = await sql<{ s: string }>`select sum(point)::text as s from cust_member where tenant_id = 1 and member_name = ${known?.member_name ?? ''}`.execute(demo.app.db);
    expect(byDefault.body.result.totals).toEqual({ point: expectedSum.rows[0]?.s });

    // A member literally named O'Brien is found by exactly that value, and by nothing wider.
    const db = demo.app.db;
    await sql`create temp table cgr_copy as select * from cust_member where tenant_id = 1 limit 1`.execute(db);
    await sql`update cgr_copy set id = 'cgreportobrien00000000000000001', member_no = 'OB9000001', member_name = ${"O'Brien"}, mobile = null`.execute(db);
    await sql`insert into cust_member select * from cgr_copy`.execute(db);
    await sql`drop table cgr_copy`.execute(db);
    const obrien = await getData(id, `&name=${encodeURIComponent("O'Brien")}`);
    expect(obrien.body.success, obrien.body.message).toBe(true);
    expect(obrien.body.result.records.map((r) => r.member_no)).toEqual(['OB9000001']);

    for (const hostile of ["O'Brien' or '1'='1", "O''Brien", '1 or 1=1', "x' or '1'='1", "'; delete from cust_member; --"]) {
      const { body } = await getData(id, `&name=${encodeURIComponent(hostile)}`);
      expect(body.success, hostile).toBe(true);
      expect(body.result.total, hostile).toBe(0);
    }
    const count = await sql<{ n: string }>`select count(*)::text as n from cust_member`.execute(demo.app.db);
    expect(Number(count.rows[0]?.n)).toBeGreaterThan(0);

    const read = await call<{ code: string; params: { paramName: string; paramValue: string }[]; items: { fieldName: string; isTotal: number }[] }>(
      demo.app,
      'GET',
      `/api/online/cgreport/head/queryById?id=${id}`,
      { token: demo.admin },
    );
    expect(read.body.result.params).toEqual([{ paramName: 'name', paramTxt: '姓名', paramValue: known?.member_name }]);
    expect(read.body.result.items.map((i) => [i.fieldName, i.isTotal])).toEqual([
      ['member_no', 0],
      ['member_name', 0],
      ['point', 1],
    ]);
  });

  it('checks the definition: columns of the result, parameters of the SQL, unique code, chart fields', async () => {
    const missing = await add('select member_no from cust_member', [item('member_no'), item('nope')]);
    expect(missing.body).toMatchObject({ success: false, message: '字段不在SQL的结果列中：nope' });
    const extraParam = await add('select member_no from cust_member', [item('member_no')], { params: [{ paramName: 'x', paramTxt: 'x' }] });
    expect(extraParam.body).toMatchObject({ success: false, message: '参数未在SQL中使用：x' });
    const badChart = await add('select member_no, point from cust_member', [item('member_no'), item('point', 'Integer')], { chart: { type: 'bar', x: 'member_no', y: 'balance' } });
    expect(badChart.body).toMatchObject({ success: false, message: '图表字段不是报表的列：balance' });
    const textSum = await add('select member_no from cust_member', [item('member_no', 'String', { isTotal: 1 })]);
    expect(textSum.body).toMatchObject({ success: false, message: '只有数值列可以合计：member_no' });
    const taken = await call(demo.app, 'POST', '/api/online/cgreport/head/add', {
      token: demo.admin,
      body: { code: 'member_level_dist', name: 'x', cgrSql: 'select member_no from cust_member', items: [item('member_no')] },
    });
    expect(taken.body).toMatchObject({ success: false, message: '报表编码已存在：member_level_dist' });
  });

  it('keeps a column link that is a product path or an http(s) address over the result\'s columns, and serves it with the columns', async () => {
    const script = await add('select id, member_no from cust_member', [item('member_no', 'String', { fieldHref: 'javascript:alert(1)' })]);
    expect(script.body).toMatchObject({ success: false, message: '链接格式不正确（以 / 开头的本系统路径或 http(s) 地址）：member_no' });
    const unknown = await add('select id, member_no from cust_member', [item('member_no', 'String', { fieldHref: '/cust/CustMember/detail?id=${password}' })]);
    expect(unknown.body).toMatchObject({ success: false, message: '链接引用的列不存在：member_no 中的 ${password}' });
    // A link may name a column the report does not show (the member's id).
    const saved = await add('select id, member_no from cust_member', [item('member_no', 'String', { fieldHref: '/cust/CustMember/detail?id=${id}' })]);
    expect(saved.body.success, saved.body.message).toBe(true);
    const head = await sql<{ code: string }>`select code from onl_cgreport_head where id = ${saved.body.result.id}`.execute(demo.app.db);
    const columns = await call<{ columns: Array<{ dataIndex: string; href: string | null }> }>(demo.app, 'GET', `/api/online/cgreport/api/getRpColumns/${head.rows[0]?.code ?? ''}`, { token: demo.admin, headers: T1 });
    expect(columns.body.result.columns).toEqual([expect.objectContaining({ dataIndex: 'member_no', href: '/cust/CustMember/detail?id=${id}' })]);
    const rows = await getData(saved.body.result.id);
    expect(rows.body.result.records[0]).toHaveProperty('id');
  });

  it('lists, edits and deletes definitions', async () => {
    const saved = await add('select member_no from cust_member', [item('member_no')]);
    const id = saved.body.result.id;
    const read = (await call<{ rowVersion: string }>(demo.app, 'GET', `/api/online/cgreport/head/queryById?id=${id}`, { token: demo.admin })).body.result.rowVersion;
    const edited = await call(demo.app, 'PUT', '/api/online/cgreport/head/edit', {
      token: demo.admin,
      body: { id, code: code('edited'), name: '改名报表', cgrSql: 'select member_no, point from cust_member', items: [item('member_no'), item('point', 'Integer')], rowVersion: read },
    });
    expect(edited.body.success, edited.body.message).toBe(true);
    // The builder opened before that save is refused (issue 32).
    const stale = await call(demo.app, 'PUT', '/api/online/cgreport/head/edit', {
      token: demo.admin,
      body: { id, code: code('stale'), name: '旧报表', cgrSql: 'select member_no from cust_member', items: [item('member_no')], rowVersion: read },
    });
    expect(stale.body).toMatchObject({ success: false, code: 409, message: '数据已被他人修改，请刷新后重试' });
    const list = await call<{ records: { id: string; name: string }[] }>(demo.app, 'GET', `/api/online/cgreport/head/list?name=${encodeURIComponent('改名报表')}`, { token: demo.admin });
    expect(list.body.result.records.map((r) => r.id)).toContain(id);
    const removed = await call(demo.app, 'DELETE', `/api/online/cgreport/head/delete?id=${id}`, { token: demo.admin });
    expect(removed.body.success).toBe(true);
    const gone = await call(demo.app, 'GET', `/api/online/cgreport/head/queryById?id=${id}`, { token: demo.admin });
    expect(gone.body).toMatchObject({ success: false, message: '报表不存在' });
  });

  it('lets only holders of the buttons define reports: a clerk gets 403', async () => {
    const added = await call(demo.app, 'POST', '/api/online/cgreport/head/add', { token: demo.clerk, body: { code: code('c'), name: 'x', cgrSql: 'select 1 as a', items: [item('a')] } });
    expect(added.status).toBe(403);
    expect((await call(demo.app, 'GET', '/api/online/cgreport/head/list', { token: demo.clerk })).status).toBe(403);
    expect((await call(demo.app, 'POST', '/api/online/cgreport/head/parseSql', { token: demo.clerk, body: { cgrSql: 'select 1 as a' } })).status).toBe(403);
  });
});

const HOSTILE: Array<[string, string]> = [
  ['delete from cust_member', '报表SQL不能包含修改数据的语句（INSERT/UPDATE/DELETE/MERGE）'],
  ["update cust_member set nickname = 'x'", '报表SQL不能包含修改数据的语句（INSERT/UPDATE/DELETE/MERGE）'],
  ['select 1 as a; select 2 as a', '报表SQL只能是一条查询语句'],
  ['select pg_sleep(10) as a', '报表不允许使用函数：pg_sleep'],
  ["select pg_read_file('/etc/passwd') as a", '报表不允许使用函数：pg_read_file'],
  ["select dblink('host=x', 'select 1') as a", '报表不允许使用函数：dblink'],
  ["select set_config('default_transaction_read_only', 'off', false) as a", '报表不允许使用函数：set_config'],
  ["select current_setting('data_directory') as a", '报表不允许使用函数：current_setting'],
  ['select lo_import(1) as a', '报表不允许使用函数：lo_import'],
  ['select * from sys_user', '报表不允许读取数据表：sys_user'],
  ['select * from sessions', '报表不允许读取数据表：sessions'],
  ['select * from users', '报表不允许读取数据表：users'],
  ['select * from pg_catalog.pg_tables', '报表不允许读取数据表：pg_catalog.pg_tables'],
  ['select * from information_schema.tables', '报表不允许读取数据表：information_schema.tables'],
  ['select * from public.cust_member', '报表不允许读取数据表：public.cust_member'],
  ['select * from pg_user', '报表不允许读取数据表：pg_user'],
  ['with gone as (delete from cust_member returning id) select * from gone', '报表SQL不能包含修改数据的语句（INSERT/UPDATE/DELETE/MERGE）'],
  ['select id from cust_member for update', '报表SQL不能加锁（FOR UPDATE/FOR SHARE）'],
  ['select id into stolen from cust_member', '报表SQL不能使用 SELECT INTO'],
  // A CTE named like a table is the CTE only where it is visible: the outer `users` is the real table.
  ['select * from (with users as (select 1 as a) select * from users) x, users', '报表不允许读取数据表：users'],
  ["select 'users'::regclass as a", '报表不允许使用类型：regclass'],
  ['select $1 as a', '报表SQL不能直接使用 $n 参数，请写成 ${参数名}'],
  ["select * from cust_member where member_no = '${a b}'", '报表参数名不合法：a b'],
];

describe('the SQL guard', () => {
  it('refuses hostile SQL at save with the exact message', async () => {
    for (const [cgrSql, message] of HOSTILE) {
      const { body } = await add(cgrSql, [item('a')]);
      expect(body, cgrSql).toMatchObject({ success: false, message });
      const parsed = await call(demo.app, 'POST', '/api/online/cgreport/head/parseSql', { token: demo.admin, body: { cgrSql } });
      expect(parsed.body, cgrSql).toMatchObject({ success: false, message });
    }
    const users = await sql<{ n: string }>`select count(*)::text as n from cust_member`.execute(demo.app.db);
    expect(Number(users.rows[0]?.n)).toBeGreaterThan(0);
  });

  it('refuses again at run a definition edited straight in the table', async () => {
    const saved = await add('select member_no from cust_member', [item('member_no')]);
    const id = saved.body.result.id;
    expect((await getData(id)).body.success).toBe(true);
    for (const [cgrSql, message] of HOSTILE) {
      await sql`update onl_cgreport_head set cgr_sql = ${cgrSql} where id = ${id}`.execute(demo.app.db);
      const { body } = await getData(id);
      expect(body, cgrSql).toMatchObject({ success: false, message });
      const exported = await call(demo.app, 'GET', `/api/online/cgreport/api/exportXls/${id}`, { token: demo.admin, headers: T1 });
      expect(exported.body, cgrSql).toMatchObject({ success: false, message });
    }
  });

  it('refuses a query whose plan is too costly before it starts', async () => {
    const saved = await add('select member_no from cust_member', [item('member_no')]);
    const id = saved.body.result.id;
    await sql`update onl_cgreport_head set cgr_sql = 'select count(*) as n from cust_member a, cust_member b, cust_member c, cust_member d' where id = ${id}`.execute(demo.app.db);
    const { body } = await getData(id);
    expect(body).toMatchObject({ success: false, message: MSG_REPORT_TOO_COSTLY });
  });

  it('answers a parameter the database cannot read (a date that is none) as the reader’s error, 400, without a warning or stack', async () => {
    const seeded = await sql<{ id: string }>`select id from onl_cgreport_head where code = 'goods_sales_rank'`.execute(demo.app.db);
    const id = seeded.rows[0]?.id ?? '';
    const logged = demo.server.logs.length;
    const answer = await getData(id, '&beginDate=2026-02-30&endDate=2026-13-01');
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, code: 400 });
    expect(answer.body.message).toBe(`参数校验失败：${MSG_REPORT_PARAM_INVALID('date/time field value out of range: "2026-02-30"')}`);
    const warnings: string[] = [];
    const log = { warn: (_details: object, message: string) => warnings.push(message) };
    const refused = inReportTransaction(demo.app.db, log, 'probe', async (trx) => sql`select cast(${'no date'} as date)`.execute(trx));
    await expect(refused).rejects.toMatchObject({ httpStatus: 400 });
    expect(warnings).toEqual([]);
    expect(demo.server.logs.slice(logged)).not.toContain('report query failed');
  });

  it('runs in a read-only transaction and names a statement timeout', async () => {
    const log = { warn: () => undefined };
    const write = inReportTransaction(demo.app.db, log, 'probe', async (trx) => {
      await sql`create table cgreport_probe (a int)`.execute(trx);
    });
    await expect(write).rejects.toMatchObject({ message: MSG_REPORT_QUERY_FAILED });
    const exists = await sql<{ name: string | null }>`select to_regclass('public.cgreport_probe')::text as name`.execute(demo.app.db);
    expect(exists.rows[0]?.name).toBeNull();
    const timedOut = inReportTransaction(demo.app.db, log, 'probe', async () => {
      throw Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });
    });
    await expect(timedOut).rejects.toMatchObject({ message: MSG_REPORT_TIMEOUT });
  });

  it('lets the administrator control the allow-list, never opening credentials or system tables', async () => {
    for (const [tableName, message] of [
      ['users', '该数据表不能用于报表：users'],
      ['sys_log', '该数据表不能用于报表：sys_log'],
      ['sessions', '该数据表不能用于报表：sessions'],
      ['no_such_table', '数据表不存在：no_such_table'],
      ['cust_member', '数据表已在允许列表中：cust_member'],
    ]) {
      const { body } = await call(demo.app, 'POST', '/api/online/cgreport/table/add', { token: demo.admin, body: { tableName } });
      expect(body, tableName).toMatchObject({ success: false, message });
    }
    const before = await add('select name from goods_unit', [item('name')]);
    expect(before.body).toMatchObject({ success: false, message: '报表不允许读取数据表：goods_unit' });
    const allowed = await call<{ id: string }>(demo.app, 'POST', '/api/online/cgreport/table/add', { token: demo.admin, body: { tableName: 'goods_unit', remark: '单位' } });
    expect(allowed.body.success, allowed.body.message).toBe(true);
    const saved = await add('select name from goods_unit', [item('name')]);
    expect(saved.body.success, saved.body.message).toBe(true);
    const removed = await call(demo.app, 'DELETE', `/api/online/cgreport/table/delete?id=${allowed.body.result.id}`, { token: demo.admin });
    expect(removed.body.success).toBe(true);
    const run = await getData(saved.body.result.id);
    expect(run.body).toMatchObject({ success: false, message: '报表不允许读取数据表：goods_unit' });
    expect((await call(demo.app, 'POST', '/api/online/cgreport/table/add', { token: demo.clerk, body: { tableName: 'goods_unit' } })).status).toBe(403);
  });
});

describe('running reports', () => {
  it('shows each tenant only its own rows: tenant 2 never sees tenant 1 rows', async () => {
    await sql`insert into tenants (id, name, create_by) values (2, '第二租户', 'test') on conflict do nothing`.execute(demo.app.db);
    await sql`insert into user_tenant (id, user_id, tenant_id) select 'cgreporttenant2', user_id, 2 from user_tenant where tenant_id = 1 limit 1`.execute(demo.app.db);
    const saved = await add('select member_no, tenant_id from cust_member', [item('member_no'), item('tenant_id', 'Integer')]);
    const id = saved.body.result.id;
    const counts = await sql<{ tenant_id: number; n: string }>`select tenant_id, count(*)::text as n from cust_member group by tenant_id`.execute(demo.app.db);
    const countOf = (tenant: number) => Number(counts.rows.find((row) => Number(row.tenant_id) === tenant)?.n ?? 0);
    expect(countOf(1)).toBeGreaterThan(0);

    const one = await getData(id, '', T1);
    expect(one.body.result.total).toBe(countOf(1));
    expect(one.body.result.records.every((r) => Number(r.tenant_id) === 1)).toBe(true);
    const two = await getData(id, '', T2);
    expect(two.body.success).toBe(true);
    expect(two.body.result.total).toBe(0);
    const none = await getData(id, '', {});
    expect(none.body.result.total).toBe(countOf(0));
    expect(none.body.result.records.every((r) => Number(r.tenant_id) === 0)).toBe(true);

    // A tenant condition written by the author cannot widen the scope either.
    const widened = await add('select member_no from cust_member where tenant_id = 1 or tenant_id <> 1', [item('member_no')], {}, T2);
    expect((await getData(widened.body.result.id, '', T2)).body.result.total).toBe(0);

    const levels = await call<{ cgRpConfigId: string }>(demo.app, 'GET', '/api/online/cgreport/api/getRpColumns/member_level_dist', { token: demo.admin });
    const byLevel = await getData(levels.body.result.cgRpConfigId, '', T1);
    expect(byLevel.body.result.records.reduce((sum, r) => sum + Number(r.member_count), 0)).toBe(countOf(1));
    expect(byLevel.body.result.totals).toEqual({ member_count: String(countOf(1)) });
    expect((await getData(levels.body.result.cgRpConfigId, '', T2)).body.result.total).toBe(0);
  });

  it('serves the seeded reports with their parameters, columns, chart and an Excel export of the same figures', async () => {
    const columns = await call<{ cgRpConfigId: string; columns: { dataIndex: string; isTotal: boolean }[]; params: { paramName: string; paramValue: string }[]; chart: unknown }>(
      demo.app,
      'GET',
      '/api/online/cgreport/api/getRpColumns/goods_sales_rank',
      { token: demo.admin },
    );
    expect(columns.body.result.columns.map((c) => [c.dataIndex, c.isTotal])).toEqual([
      ['spu_name', false],
      ['sale_count', true],
      ['sale_amount', true],
    ]);
    expect(columns.body.result.params.map((p) => [p.paramName, p.paramValue])).toEqual([
      ['beginDate', '2020-01-01'],
      ['endDate', '2099-12-31'],
    ]);
    expect(columns.body.result.chart).toEqual({ type: 'bar', x: 'spu_name', y: 'sale_amount' });
    const id = columns.body.result.cgRpConfigId;

    const all = await getData(id);
    expect(all.body.success, all.body.message).toBe(true);
    const expected = await sql<{ n: string; amount: string | null }>`select count(distinct i.spu_name)::text as n, sum(i.pay_price)::text as amount
      from sale_order_item i join sale_order o on o.id = i.order_id where o.pay_time is not null and i.tenant_id = 1 and o.tenant_id = 1`.execute(demo.app.db);
    expect(Number(expected.rows[0]?.n)).toBeGreaterThan(0);
    expect(all.body.result.total).toBe(Number(expected.rows[0]?.n));
    expect(all.body.result.totals.sale_amount).toBe(expected.rows[0]?.amount ?? null);
    const amounts = all.body.result.records.map((r) => Number(r.sale_amount));
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));

    const future = await getData(id, '&beginDate=2099-01-01&endDate=2099-12-31');
    expect(future.body.result.total).toBe(0);
    // An injection attempt is only a value that is no date: refused as the reader's input, never run as SQL.
    const badDate = await getData(id, `&beginDate=${encodeURIComponent("2020-01-01' or '1'='1")}`);
    expect(badDate.status).toBe(400);
    expect(badDate.body).toMatchObject({ success: false, message: `参数校验失败：${MSG_REPORT_PARAM_INVALID('invalid input syntax for type date: "2020-01-01\' or \'1\'=\'1"')}` });

    const response = await demo.app.inject({ method: 'GET', url: `/api/online/cgreport/api/exportXls/${id}`, headers: { 'x-access-token': demo.admin, ...T1 } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.getRow(1).getCell(1).value).toBe('商品销售排行');
    expect(sheet?.getRow(2).values).toEqual([undefined, '商品名称', '销量', '销售额']);
    const first = all.body.result.records[0];
    if (first !== undefined) expect(sheet?.getRow(3).getCell(1).value).toBe(first.spu_name);
    const last = sheet?.getRow(3 + all.body.result.records.length);
    expect(last?.getCell(1).value).toBe('合计');
    expect(last?.getCell(3).value).toBe(all.body.result.totals.sale_amount);
    expect((await demo.app.inject({ method: 'GET', url: `/api/online/cgreport/api/exportXls/${id}`, headers: { 'x-access-token': demo.clerk } })).statusCode).toBe(403);
  });
});
