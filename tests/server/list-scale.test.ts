/** Lists at scale (issue 17): indexes used, totals cached but exact, deep pages from anchors, caches invalidated by writes, the database off the main thread. */
import { sql, type RawBuilder } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { memberEntity, type MemberRecord } from '../../plugins/customers/entities';
import { seedMembers } from '../../plugins/customers/server/seed';
import { writtenTables } from '../../server/cache/table-versions';
import { ANCHOR_SPACING, countRows, pageQuery } from '../../server/crud/list-paging';
import { conditionSql, simpleFilterConditions, sortColumns, whereSql, type QueryParams } from '../../server/crud/list-query';
import { selectColumnsSql } from '../../server/crud/records';
import { API } from '../../src/contracts/api-paths';
import { columnOf, fieldEntries, type PageResult } from '../../src/contracts/entity';
import { MSG_TENANT_CHANGED } from '../../server/http/envelope';
import { TENANT_FROZEN, TENANT_NORMAL } from '../../server/services/tenants';
import { call, login, useDemoServer } from './helpers';

const demo = useDemoServer();
const T1 = { 'tenant-id': '1' };
const BASE = '/api/cust/custMember';
const SEEDED = 3000;
/** The demo seed's members in tenant 1 (plugins/customers/server/seed.ts). */
const DEMO_TENANT_MEMBERS = 300;
const TABLE = memberEntity.table;

async function list(query: string, token = demo.admin, headers: Record<string, string> = T1) {
  const response = await call<PageResult<MemberRecord>>(demo.app, 'GET', `${BASE}/list?${query}`, { token, headers });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.result;
}

/** What PostgreSQL counts right now, bypassing every cache. */
async function countNow(where: RawBuilder<unknown>): Promise<number> {
  const result = await sql<{ n: number }>`select count(*)::int as n from ${sql.id(TABLE)} where ${where}`.execute(demo.app.db);
  return result.rows[0]?.n ?? -1;
}

/** The ids of a page read with plain `offset`, the reference for the anchored path. */
async function offsetPageIds(query: QueryParams, pageNo: number, pageSize: number): Promise<string[]> {
  const where = whereSql(memberEntity, query, 1);
  const { columns, descending } = sortColumns(memberEntity, query);
  const direction = sql.raw(descending ? 'desc' : 'asc');
  const order = sql.join([...columns, 'id'].map((column) => sql`${sql.id(column)} ${direction}`));
  const rows = await sql<{ id: string }>`select id from ${sql.id(TABLE)} where ${where} order by ${order} limit ${pageSize} offset ${(pageNo - 1) * pageSize}`.execute(demo.app.db);
  return rows.rows.map((row) => row.id);
}

async function plan(query: QueryParams, pageNo: number, pageSize: number): Promise<string> {
  const page = await pageQuery(demo.app.db, TABLE, selectColumnsSql(memberEntity), { where: whereSql(memberEntity, query, 1), sort: sortColumns(memberEntity, query), pageNo, pageSize });
  const explained = await sql<{ 'QUERY PLAN': string }>`explain ${page}`.execute(demo.app.db);
  return explained.rows.map((row) => row['QUERY PLAN']).join('\n');
}

beforeAll(async () => {
  // A bulk of members in tenant 1, as the demo seed writes them, then the statistics a planner needs.
  for (let batch = 0; batch < SEEDED / 1000; batch += 1) {
    await seedMembers(demo.app.db, { tenantId: 1, count: 1000, prefix: `S${batch}`, from: 10_000 + batch * 1000 });
  }
  await sql`analyze ${sql.id(TABLE)}`.execute(demo.app.db);
}, 120_000);

describe('indexes derived from the entity', () => {
  it('creates the default-order, sort and filter indexes within the tenant, and trigram ones for like searches', async () => {
    const result = await sql<{ indexdef: string }>`select indexdef from pg_indexes where tablename = ${TABLE}`.execute(demo.app.db);
    const definitions = result.rows.map((row) => row.indexdef);
    expect(definitions).toContain(`CREATE INDEX ${TABLE}_tenant_id_create_time_id_lidx ON public.${TABLE} USING btree (tenant_id, create_time, id)`);
    const sortable = fieldEntries(memberEntity).filter(([, field]) => field.sortable === true && field.unique !== true);
    for (const [name] of sortable) {
      const column = columnOf(memberEntity, name);
      expect(definitions.some((definition) => definition.includes(`btree (tenant_id, ${column}, id)`)), column).toBe(true);
    }
    for (const name of ['memberNo', 'memberName']) {
      expect(definitions.some((definition) => definition.includes(`gin (((${columnOf(memberEntity, name)})::text) gin_trgm_ops)`)), name).toBe(true);
    }
  });

  it('answers a filtered, sorted page and a default page through an index, never a scan of the table', async () => {
    const sorted = await plan({ status: '1', column: 'point', order: 'desc' }, 1, 20);
    expect(sorted).toMatch(/Index (Only )?Scan/);
    expect(sorted).not.toMatch(new RegExp(`Seq Scan on ${TABLE}`));
    const byDefault = await plan({}, 1, 10);
    expect(byDefault).toMatch(/Index Scan/);
    expect(byDefault).not.toMatch(new RegExp(`Seq Scan on ${TABLE}`));
    // The engine's like condition matches the trigram index's expression (at 3,000 rows the tenant's
    // own index is cheaper, so the condition is planned alone, with scans of the table off).
    const like = simpleFilterConditions(memberEntity, { memberNo: '*00123*' }).map(conditionSql);
    const searched = await demo.app.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const explained = await sql<{ 'QUERY PLAN': string }>`explain select id from ${sql.id(TABLE)} where ${sql.join(like, sql` and `)}`.execute(trx);
      return explained.rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(searched).toMatch(/Bitmap Index Scan on cust_member_member_no_trgm/);
  });
});

describe('totals', () => {
  it('stay exact when the filter changes and after writes', async () => {
    const all = await list('pageNo=1&pageSize=10');
    expect(all.total).toBe(SEEDED + DEMO_TENANT_MEMBERS);
    expect(all.pages).toBe(Math.ceil((SEEDED + DEMO_TENANT_MEMBERS) / 10));
    const valid = await list('status=1&pageSize=10');
    expect(valid.total).toBe(await countNow(whereSql(memberEntity, { status: '1' }, 1)));
    expect(valid.total).toBeLessThan(all.total);
    const invalid = await list('status=0&pageSize=10');
    expect(invalid.total).toBe(all.total - valid.total);
    // Asked again, the same filter gives the same figure (from the cache).
    expect((await list('status=1&pageSize=20')).total).toBe(valid.total);

    const added = await call<MemberRecord>(demo.app, 'POST', `${BASE}/add`, {
      token: demo.admin,
      headers: T1,
      body: { memberNo: 'SCALE00001', memberName: '规模会员', mobile: '13912345678', sex: '1', status: '1' },
    });
    expect(added.body.success, JSON.stringify(added.body)).toBe(true);
    expect((await list('status=1&pageSize=10')).total).toBe(valid.total + 1);
    expect((await list('pageSize=10')).total).toBe(all.total + 1);

    // A write outside the engine (any SQL through the server's database) ends the cached totals too.
    await sql`update ${sql.id(TABLE)} set status = '0' where member_no = 'SCALE00001'`.execute(demo.app.db);
    expect((await list('status=1&pageSize=10')).total).toBe(valid.total);
    expect((await list('status=0&pageSize=10')).total).toBe(invalid.total + 1);

    const removed = await call(demo.app, 'DELETE', `${BASE}/delete?id=${added.body.result.id}`, { token: demo.admin, headers: T1 });
    expect(removed.body).toMatchObject({ success: true, message: '删除成功!' });
    expect((await list('pageSize=10')).total).toBe(all.total);
    // Another tenant's total is its own.
    expect((await list('pageSize=10', demo.clerk, {})).total).toBe(60);
  });

  it('counts once per filter and tenant', async () => {
    const where = whereSql(memberEntity, { sex: '2' }, 1);
    expect(await countRows(demo.app.db, TABLE, where)).toBe(await countNow(where));
    const otherTenant = whereSql(memberEntity, { sex: '2' }, 0);
    expect(await countRows(demo.app.db, TABLE, otherTenant)).toBe(await countNow(otherTenant));
  });
});

describe('deep pages', () => {
  const deepPage = Math.floor((SEEDED + DEMO_TENANT_MEMBERS - 25) / 10);

  it('start from an anchor and return the same rows as offset paging, for every kind of sort', async () => {
    expect((deepPage - 1) * 10).toBeGreaterThanOrEqual(ANCHOR_SPACING);
    const sorts: Array<Record<string, string>> = [{}, { column: 'memberNo', order: 'asc' }, { column: 'createTime', order: 'asc' }, { column: 'point', order: 'desc' }];
    for (const sort of sorts) {
      for (const pageNo of [deepPage, deepPage + 1, 101, 200]) {
        const query = new URLSearchParams({ ...sort, pageNo: String(pageNo), pageSize: '10' }).toString();
        const page = await list(query);
        expect(page.records.map((record) => record.id), `${query}`).toEqual(await offsetPageIds(sort, pageNo, 10));
        expect(page.current).toBe(pageNo);
      }
    }
    // Filtered, past the end: empty like offset.
    const beyond = await list('status=1&pageNo=400&pageSize=10');
    expect(beyond.records).toEqual([]);
  });

  it('reads a deep default page from the anchor, not through every earlier row', async () => {
    const deep = await plan({}, deepPage, 10);
    expect(deep).toMatch(/Index Scan/);
    expect(deep).toMatch(/Index Cond: .*ROW\(create_time, \(?id\)?(::text)?\) < ROW\(/);
    // Nullable sort columns keep offset (a row comparison would skip NULLs).
    expect(await plan({ column: 'nickname' }, deepPage, 10)).not.toMatch(/ROW\(/);
  });

  it('follows writes: a new first row moves every later page by one', async () => {
    const before = await list(`pageNo=${deepPage}&pageSize=10`);
    const added = await call<MemberRecord>(demo.app, 'POST', `${BASE}/add`, {
      token: demo.admin,
      headers: T1,
      body: { memberNo: 'SCALE00002', memberName: '规模会员', sex: '1', status: '1' },
    });
    expect(added.body.success, JSON.stringify(added.body)).toBe(true);
    const after = await list(`pageNo=${deepPage}&pageSize=10`);
    expect(after.records.slice(1).map((record) => record.id)).toEqual(before.records.slice(0, 9).map((record) => record.id));
    expect(after.records.map((record) => record.id)).toEqual(await offsetPageIds({}, deepPage, 10));
  });
});

describe('caches invalidated by writes', () => {
  async function clerkRoleAndListPermission() {
    const role = await demo.app.db
      .selectFrom('user_role')
      .innerJoin('users', 'users.id', 'user_role.user_id')
      .select('user_role.role_id')
      .where('users.username', '=', 'clerk')
      .executeTakeFirstOrThrow();
    const permission = await demo.app.db.selectFrom('permissions').select('id').where('perms', '=', 'cust:member:list').executeTakeFirstOrThrow();
    return { roleId: role.role_id, permissionId: permission.id };
  }

  it('a grant change takes effect on the next request', async () => {
    const { roleId, permissionId } = await clerkRoleAndListPermission();
    expect((await call(demo.app, 'GET', `${BASE}/list`, { token: demo.clerk })).status).toBe(200);
    const held = await demo.app.db.selectFrom('role_permission').selectAll().where('role_id', '=', roleId).where('permission_id', '=', permissionId).executeTakeFirstOrThrow();

    await demo.app.db.deleteFrom('role_permission').where('id', '=', held.id).execute();
    expect((await call(demo.app, 'GET', `${BASE}/list`, { token: demo.clerk })).status).toBe(403);
    const menu = await call<{ auth: Array<{ action: string }> }>(demo.app, 'GET', `/api${API.userPermissions}`, { token: demo.clerk });
    expect(menu.body.result.auth.map((entry) => entry.action)).not.toContain('cust:member:list');

    await demo.app.db.insertInto('role_permission').values(held).execute();
    expect((await call(demo.app, 'GET', `${BASE}/list`, { token: demo.clerk })).status).toBe(200);
    const again = await call<{ auth: Array<{ action: string }> }>(demo.app, 'GET', `/api${API.userPermissions}`, { token: demo.clerk });
    expect(again.body.result.auth.map((entry) => entry.action)).toContain('cust:member:list');
  });

  it('answers kept permissions in the envelope, with the time of each answer', async () => {
    const first = await call<{ menu: unknown[]; auth: unknown[] }>(demo.app, 'GET', `/api${API.userPermissions}`, { token: demo.clerk });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await call<{ menu: unknown[]; auth: unknown[] }>(demo.app, 'GET', `/api${API.userPermissions}`, { token: demo.clerk });
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(second.body).toMatchObject({ success: true, message: '操作成功！', code: 200, result: first.body.result });
    expect(first.body.result.menu.length).toBeGreaterThan(0);
    expect(second.body.timestamp).toBeGreaterThan(first.body.timestamp);
  });

  it('a dictionary item edit shows in the next lookup', async () => {
    const before = await call<Array<{ value: string; text: string }>>(demo.app, 'GET', '/api/sys/dict/getDictItems/valid_status', { token: demo.admin });
    expect(before.body.result.map((item) => item.text)).toContain('有效');
    await sql`update dict_items set item_text = '生效中' where item_text = '有效'`.execute(demo.app.db);
    const after = await call<Array<{ value: string; text: string }>>(demo.app, 'GET', '/api/sys/dict/getDictItems/valid_status', { token: demo.admin });
    expect(after.body.result.map((item) => item.text)).toContain('生效中');
    await sql`update dict_items set item_text = '有效' where item_text = '生效中'`.execute(demo.app.db);
  });

  it('a revoked session is refused on its next request', async () => {
    const own = (await login(demo.app, 'clerk')).token;
    expect((await call(demo.app, 'GET', `/api${API.userPermissions}`, { token: own })).status).toBe(200);
    // Revoked as 在线用户's 强退 does it: a write of the row, not a logout through this token.
    await sql`update sessions set revoked = true where id = (select id from sessions where user_id = (select id from users where username = 'clerk') order by created_at desc limit 1)`.execute(demo.app.db);
    expect((await call(demo.app, 'GET', `/api${API.userPermissions}`, { token: own })).status).toBe(401);
    expect((await call(demo.app, 'GET', `/api${API.userPermissions}`, { token: demo.clerk })).status).toBe(200);
  });

  it('a frozen tenant is refused on the next request that names it', async () => {
    expect((await list('pageNo=1&pageSize=1')).records).toHaveLength(1);
    await sql`update tenants set status = ${TENANT_FROZEN} where id = 1`.execute(demo.app.db);
    try {
      const refused = await call(demo.app, 'GET', `${BASE}/list?pageNo=1&pageSize=1`, { token: demo.admin, headers: T1 });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(MSG_TENANT_CHANGED);
    } finally {
      await sql`update tenants set status = ${TENANT_NORMAL} where id = 1`.execute(demo.app.db);
    }
    expect((await list('pageNo=1&pageSize=1')).records).toHaveLength(1);
  });

  it('tells the tables a statement writes', () => {
    expect(writtenTables('select * from users for update')).toEqual([]);
    expect(writtenTables('insert into "role_permission" ("id") values ($1)')).toEqual(['role_permission']);
    expect(writtenTables('update "public"."users" set status = 1')).toEqual(['users']);
    expect(writtenTables('delete from cust_member where id = $1 returning id')).toEqual(['cust_member']);
    expect(writtenTables('insert into dicts (id) values ($1) on conflict (id) do update set dict_name = $2')).toEqual(['dicts']);
    expect(writtenTables('alter table users add column x int')).toBe('all');
    expect(writtenTables('with moved as (delete from a returning *) insert into b select * from moved')).toEqual(['a', 'b']);
  });
});

describe('the database off the main thread', () => {
  it('keeps answering the health check while a slow query runs', async () => {
    const slow = sql`select pg_sleep(1.5)`.execute(demo.app.db);
    const started = Date.now();
    const health = await call<{ status: string }>(demo.app, 'GET', `/api${API.health}`);
    const waited = Date.now() - started;
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ success: true, result: { status: 'UP' } });
    expect(waited).toBeLessThan(1000);
    await slow;
  });

  it('answers an authenticated request from its caches while a slow query holds the database', async () => {
    // The session, the user, the tenant membership and the permissions are read once…
    expect((await call(demo.app, 'GET', `/api${API.userPermissions}`, { token: demo.admin, headers: T1 })).status).toBe(200);
    const slow = sql`select pg_sleep(1.5)`.execute(demo.app.db);
    const started = Date.now();
    // …so the next call needs no query and does not wait behind the slow one.
    const permissions = await call(demo.app, 'GET', `/api${API.userPermissions}`, { token: demo.admin, headers: T1 });
    const waited = Date.now() - started;
    expect(permissions.status).toBe(200);
    expect(waited).toBeLessThan(1000);
    await slow;
  });

  it('keeps unique violations and their code', async () => {
    const error = await sql`insert into dicts (id, dict_code, dict_name) select id, dict_code, dict_name from dicts limit 1`.execute(demo.app.db).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toMatchObject({ code: '23505' });
  });

  it('keeps the row types: timestamps as Date, numeric as string, int as number, bytea as Buffer', async () => {
    const row = await sql<{ at: unknown; amount: unknown; n: unknown; big: unknown; doc: unknown; bytes: unknown }>`
      select now() as at, 12.50::numeric(18, 4) as amount, 7::int as n, 9007199254740993::int8 as big, '{"a":1}'::jsonb as doc, '\\x01ff'::bytea as bytes`.execute(demo.app.db);
    const first = row.rows[0];
    expect(first?.at).toBeInstanceOf(Date);
    expect(first?.amount).toBe('12.5000');
    expect(first?.n).toBe(7);
    expect(first?.big).toBe('9007199254740993');
    expect(first?.doc).toEqual({ a: 1 });
    expect(Buffer.isBuffer(first?.bytes) && [...first.bytes]).toEqual([1, 255]);
  });

  it('runs a transaction on one connection: a failure rolls back everything in it', async () => {
    const before = await countNow(sql`true`);
    const failed = await demo.app.db
      .transaction()
      .execute(async (trx) => {
        await seedMembers(trx, { tenantId: 9, count: 3, prefix: 'TX' });
        await sql`select 1 / 0`.execute(trx);
      })
      .then(
        () => null,
        (caught: unknown) => caught,
      );
    expect(failed).toMatchObject({ code: '22012' });
    expect(await countNow(sql`true`)).toBe(before);
  });
});
