import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, startTestServer, type TestServer } from './helpers';

interface Columns {
  cgRpConfigId: string;
  cgRpConfigName: string;
  columns: { title: string; dataIndex: string; sorter: boolean }[];
}
interface QueryItem {
  field: string;
  label: string;
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
    expect(body.result.map((i) => [i.field, i.hidden])).toEqual([
      ['member_no', '0'],
      ['member_name', '0'],
      ['phone', '1'],
      ['level_name', '1'],
    ]);
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

  it('runs the report query read-only', async () => {
    const db = server.app.db;
    await sql`create sequence popup_side_effect`.execute(db);
    await sql`insert into onl_cgreport_head (id, code, name, cgr_sql) values ('f0000000000000000000000000000001', 'writer', 'writer', 'select id, nextval(''popup_side_effect'') as n from demo_member')`.execute(db);
    const { body } = await call(server.app, 'GET', api('/getData/f0000000000000000000000000000001'), { token });
    expect(body).toMatchObject({ success: false, message: '报表查询失败' });
    const after = await sql<{ called: boolean }>`select is_called as called from popup_side_effect`.execute(db);
    expect(after.rows[0]?.called).toBe(false);
  });

  it('needs a session', async () => {
    expect((await call(server.app, 'GET', api('/getRpColumns/member_picker'))).status).toBe(401);
    expect((await call(server.app, 'GET', api(`/getData/${memberId}`))).status).toBe(401);
  });
});
