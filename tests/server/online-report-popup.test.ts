import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, startTestServer, type TestServer } from './helpers';

interface Columns {
  cgRpConfigId: string;
  cgRpConfigName: string;
  columns: { title: string; dataIndex: string; sorter: boolean }[];
  dictOptions: Record<string, { value: string; text: string }[]>;
}
interface QueryItem {
  field: string;
  label: string;
  view: string;
  mode: string;
  dictCode: string | null;
  hidden: string;
}
interface Page {
  records: Record<string, unknown>[];
  total: number;
}

let server: TestServer;
let token: string;
let memberId: string;

const api = (path: string) => `/api/online/cgreport/api${path}`;

beforeAll(async () => {
  server = await startTestServer();
  token = (await login(server.app, 'admin')).token;
  const columns = await call<Columns>(server.app, 'GET', api('/getRpColumns/member_picker'), { token });
  memberId = columns.body.result.cgRpConfigId;
});

afterAll(async () => {
  await server.close();
});

describe('online report popup endpoints', () => {
  it('lists the columns of a seeded picker by code', async () => {
    const { body } = await call<Columns>(server.app, 'GET', api('/getRpColumns/goods_picker'), { token });
    expect(body.success).toBe(true);
    expect(body.result.cgRpConfigName).toBe('商品选择');
    expect(body.result.columns.map((c) => c.dataIndex)).toEqual(['goods_code', 'goods_name', 'spec', 'price', 'stock']);
    const unknown = await call(server.app, 'GET', api('/getRpColumns/no_such_report'), { token });
    expect(unknown.body).toMatchObject({ success: false, message: '报表不存在' });
  });

  it('gives the query items with their hidden flag', async () => {
    const { body } = await call<QueryItem[]>(server.app, 'GET', api(`/getQueryInfo/${memberId}`), { token });
    expect(body.result.map((i) => [i.field, i.hidden, i.mode, i.view])).toEqual([
      ['member_no', '0', 'single', 'text'],
      ['member_name', '0', 'single', 'text'],
      ['phone', '1', 'single', 'text'],
      ['sex', '1', 'single', 'text'],
      ['level_name', '1', 'single', 'text'],
      ['points', '0', 'range', 'number'],
      ['join_date', '1', 'range', 'date'],
    ]);
    expect(body.result.find((i) => i.field === 'sex')?.dictCode).toBe('sex');
  });

  it('gives the dictionary options of dictionary-backed columns, from registered dictionaries only', async () => {
    const { body } = await call<Columns>(server.app, 'GET', api('/getRpColumns/member_picker'), { token });
    expect(body.result.columns.map((c) => c.dataIndex)).toEqual(['member_no', 'member_name', 'phone', 'sex', 'level_name', 'points', 'join_date']);
    expect(Object.keys(body.result.dictOptions)).toEqual(['sex']);
    expect(body.result.dictOptions.sex?.map((o) => [o.value, o.text])).toEqual([
      ['1', '男'],
      ['2', '女'],
    ]);
    // A code naming a table and columns (the original's injectable `table,text,code` form) is no dictionary.
    const db = server.app.db;
    await sql`insert into onl_cgreport_head (id, code, name, cgr_sql) values ('f0000000000000000000000000000002', 'dict_probe', 'dict_probe', 'select id, username from users')`.execute(db);
    await sql`insert into onl_cgreport_item (id, cgrhead_id, field_name, field_txt, dict_code, order_num) values
      ('f0000000000000000000000000000003', 'f0000000000000000000000000000002', 'username', 'u', 'users,password,username', 1),
      ('f0000000000000000000000000000004', 'f0000000000000000000000000000002', 'id', 'i', 'no_such_dict', 2)`.execute(db);
    const probe = await call<Columns>(server.app, 'GET', api('/getRpColumns/dict_probe'), { token });
    expect(probe.body.result.dictOptions).toEqual({ username: [], id: [] });
  });

  it('pages, sorts and filters the data', async () => {
    const first = await call<Page>(server.app, 'GET', api(`/getData/${memberId}?pageNo=1&pageSize=10&column=points&order=asc`), { token });
    expect(first.body.result.total).toBe(36);
    expect(first.body.result.records).toHaveLength(10);
    const points = first.body.result.records.map((r) => Number(r.points));
    expect(points).toEqual([...points].sort((a, b) => a - b));
    const fourth = await call<Page>(server.app, 'GET', api(`/getData/${memberId}?pageNo=4&pageSize=10`), { token });
    expect(fourth.body.result.records).toHaveLength(6);

    const filtered = await call<Page>(server.app, 'GET', api(`/getData/${memberId}?member_no=${encodeURIComponent('M2024000')}&level_name=${encodeURIComponent('金卡')}`), { token });
    expect(filtered.body.result.total).toBeGreaterThan(0);
    for (const record of filtered.body.result.records) {
      expect(String(record.member_no)).toContain('M2024000');
      expect(record.level_name).toBe('金卡会员');
    }
    // LIKE wildcards in a value are literal characters.
    const wildcard = await call<Page>(server.app, 'GET', api(`/getData/${memberId}?member_name=${encodeURIComponent('%')}`), { token });
    expect(wildcard.body.result.total).toBe(0);
  });

  it('ignores hostile sort and filter names and binds hostile values', async () => {
    const hostileSort = await call<Page>(server.app, 'GET', api(`/getData/${memberId}?column=${encodeURIComponent('points; drop table users; --')}&order=${encodeURIComponent('asc; delete from users')}`), { token });
    expect(hostileSort.body.success).toBe(true);
    expect(hostileSort.body.result.total).toBe(36);
    const notSortable = await call<Page>(server.app, 'GET', api(`/getData/${memberId}?column=phone&order=asc`), { token });
    expect(notSortable.body.success).toBe(true);
    const hostileFilter = await call<Page>(server.app, 'GET', api(`/getData/${memberId}?${encodeURIComponent('1=1) or (1')}=1&password=x`), { token });
    expect(hostileFilter.body.result.total).toBe(36);
    const hostileValue = await call<Page>(server.app, 'GET', api(`/getData/${memberId}?member_name=${encodeURIComponent("' or '1'='1")}`), { token });
    expect(hostileValue.body.result.total).toBe(0);
    const users = await server.app.db.selectFrom('users').select('id').execute();
    expect(users.length).toBeGreaterThan(0);
  });

  it('filters by number and date ranges with <field>_begin / <field>_end', async () => {
    const byPoints = await call<Page>(server.app, 'GET', api(`/getData/${memberId}?pageSize=100&points_begin=1000&points_end=2000`), { token });
    expect(byPoints.body.success).toBe(true);
    const points = byPoints.body.result.records.map((r) => Number(r.points));
    expect(points.length).toBeGreaterThan(0);
    expect(points.every((p) => p >= 1000 && p <= 2000)).toBe(true);
    const all = await call<Page>(server.app, 'GET', api(`/getData/${memberId}?pageSize=100`), { token });
    expect(byPoints.body.result.total).toBe(all.body.result.records.filter((r) => Number(r.points) >= 1000 && Number(r.points) <= 2000).length);

    // A 10-character end date covers the whole day (23:59:59).
    const byDate = await call<Page>(server.app, 'GET', api(`/getData/${memberId}?pageSize=100&join_date_begin=2024-01-11&join_date_end=2024-01-31`), { token });
    expect(byDate.body.result.records.map((r) => r.join_date)).toEqual(['2024-01-11', '2024-01-21', '2024-01-31']);
    const openEnded = await call<Page>(server.app, 'GET', api(`/getData/${memberId}?pageSize=100&join_date_begin=${encodeURIComponent('2024-12-01 00:00:00')}`), { token });
    expect(openEnded.body.result.records.map((r) => r.join_date)).toEqual(['2024-12-06', '2024-12-16']);
    const members = await call<Page>(server.app, 'GET', api(`/getData/${memberId}?pageSize=100&sex=2`), { token });
    expect(members.body.result.total).toBe(18);
    expect(members.body.result.records.every((r) => r.sex === '2')).toBe(true);
  });

  it('binds hostile range values and ignores range names outside the report', async () => {
    const hostile = [
      `points_begin=${encodeURIComponent('0 or 1=1')}`,
      `points_end=${encodeURIComponent('1); drop table users; --')}`,
      `join_date_begin=${encodeURIComponent("2024-01-01' or '1'='1")}`,
      `join_date_end=${encodeURIComponent('2024-02-30')}`,
      `${encodeURIComponent('points) or (1')}_begin=1`,
      `phone_begin=${encodeURIComponent('z')}`,
      `password_end=1`,
      `member_no_begin=M2024003`,
    ];
    for (const param of hostile) {
      const { body } = await call<Page>(server.app, 'GET', api(`/getData/${memberId}?${param}`), { token });
      expect(body.success, param).toBe(true);
      expect(body.result.total, param).toBe(36);
    }
    // A hostile value next to a real bound leaves the real bound working.
    const mixed = await call<Page>(server.app, 'GET', api(`/getData/${memberId}?pageSize=100&points_begin=4000&points_end=${encodeURIComponent("1 or '1'='1")}`), { token });
    expect(mixed.body.result.records.every((r) => Number(r.points) >= 4000)).toBe(true);
    expect(mixed.body.result.total).toBeLessThan(36);
    const users = await server.app.db.selectFrom('users').select('id').execute();
    expect(users.length).toBeGreaterThan(0);
  });

  it('runs the report query read-only', async () => {
    const db = server.app.db;
    await sql`create sequence popup_side_effect`.execute(db);
    await sql`insert into onl_cgreport_head (id, code, name, cgr_sql) values ('f0000000000000000000000000000001', 'writer', 'writer', 'select id, nextval(''popup_side_effect'') as n from demo_member')`.execute(db);
    // The report guard refuses the function before anything runs (the read-only transaction is the second wall).
    const { body } = await call(server.app, 'GET', api('/getData/f0000000000000000000000000000001'), { token });
    expect(body).toMatchObject({ success: false, message: '报表不允许使用函数：nextval' });
    const after = await sql<{ called: boolean }>`select is_called as called from popup_side_effect`.execute(db);
    expect(after.rows[0]?.called).toBe(false);
  });

  it('needs a session', async () => {
    expect((await call(server.app, 'GET', api('/getRpColumns/member_picker'))).status).toBe(401);
    expect((await call(server.app, 'GET', api(`/getData/${memberId}`))).status).toBe(401);
  });
});
