import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import { Type } from 'typebox';
import zhSysTenant from '../../../locales/zh-CN/sysTenant.json';
import { addBodySchema, body, businessError, DEFAULT_TENANT_ID, fieldLabeller, Id, IdList, Int, inTransaction, isUniqueViolation, joinTenant, Line, loadDictionaries, localeLabels, MSG_ADDED, MSG_BATCH_DELETED, MSG_DELETED, MSG_DUPLICATE, MSG_EDITED, MSG_NOT_FOUND_RECORD, ok, PAGE_PARAMS, permission, query, queryText, readPage, registerEntityRoutes, ROW_VERSION_BODY, ROW_VERSION_COLUMN, rowVersionOf, selectColumnsSql, staleError, TENANT_FROZEN, TENANT_NORMAL, tenantOf, toRecord, uniqueIssues, validateInput, type AppContext, type Database, type FieldValues, type Row, type WireRecord } from '../../../server/kit';
import { TENANT_PERMISSIONS, tenantEntity } from '../tenants/entities';

export const MSG_DEFAULT_TENANT_DELETE = '默认租户不能删除！';
export const MSG_DEFAULT_TENANT_FREEZE = '默认租户不能冻结！';
export const MSG_DEFAULT_TENANT_VALIDITY = '默认租户的有效期必须包含今天！';
export const MSG_END_BEFORE_BEGIN = '结束时间不能早于开始时间！';
export const MSG_TENANT_HAS_DATA = '该租户下仍有业务数据，不能删除！';
export const MSG_USERS_ADDED = '添加成功！';
export const MSG_USERS_REMOVED = '移除成功！';
export const MSG_USER_NOT_FOUND = '所选用户不存在或已删除';
export const tenantHasUsers = (count: number) => `该租户下仍有 ${count} 个用户，不能删除！请先移除用户`;
const namedRefusal = (name: string, message: string) => `租户“${name}”：${message}`;

const MAX_BATCH = 1000;
const MAX_USERS = 1000;
/**
 * Tables that hold a tenant id but are no data of the tenant's own: memberships (checked as users),
 * logs and report figures, which outlive a deleted tenant, and its 店铺信息, deleted with it. Every other table with a `tenant_id`
 * column — each plugin's business tables and stored files — counts as the tenant's data.
 */
const NOT_TENANT_DATA = new Set(['user_tenant', 'sys_log', 'sys_data_log', 'rpt_daily_fact', 'rpt_rollup', 'app_visit', 'sys_shop_profile']);

type Db = Kysely<Database> | Transaction<Database>;

/** A tenant id from the wire: a positive int4, or null. */
function tenantIdOf(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d{1,9}$/.test(text)) return null;
  const id = Number(text);
  return id > 0 ? id : null;
}

async function findTenant(db: Db, id: number, lock = false): Promise<Row | null> {
  const rows = await sql<Row>`select ${selectColumnsSql(tenantEntity)} from tenants where id = ${id} ${lock ? sql`for update` : sql``}`.execute(db);
  return rows.rows[0] ?? null;
}

async function today(db: Db): Promise<string> {
  const rows = await sql<{ today: string }>`select cast(current_date as text) as today`.execute(db);
  return rows.rows[0]?.today ?? '';
}

/** Validity order, and tenant 1 always 正常 and valid today. */
async function checkRules(db: Db, id: number | null, merged: FieldValues): Promise<void> {
  const begin = typeof merged.beginDate === 'string' ? merged.beginDate : null;
  const end = typeof merged.endDate === 'string' ? merged.endDate : null;
  if (begin !== null && end !== null && end < begin) throw businessError(MSG_END_BEFORE_BEGIN);
  if (id !== DEFAULT_TENANT_ID) return;
  if (Number(merged.status ?? TENANT_NORMAL) === TENANT_FROZEN) throw businessError(MSG_DEFAULT_TENANT_FREEZE);
  const day = await today(db);
  if ((begin !== null && begin > day) || (end !== null && end < day)) throw businessError(MSG_DEFAULT_TENANT_VALIDITY);
}

/** The tables whose rows belong to a tenant (see NOT_TENANT_DATA). */
async function tenantDataTables(db: Db): Promise<string[]> {
  const rows = await sql<{ table_name: string }>`
    select c.table_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
    where c.table_schema = current_schema() and c.column_name = 'tenant_id'
    order by c.table_name`.execute(db);
  return rows.rows.map((row) => row.table_name).filter((name) => !NOT_TENANT_DATA.has(name) && /^[a-z][a-z0-9_]*$/.test(name));
}

/** Why the tenant may not be deleted, or null. Runs inside the deleting transaction, the tenant row locked. */
async function deletionRefusal(db: Db, id: number, dataTables: readonly string[]): Promise<string | null> {
  if (id === DEFAULT_TENANT_ID) return MSG_DEFAULT_TENANT_DELETE;
  const members = await sql<{ count: string }>`select count(*) as count from user_tenant ut join users u on u.id = ut.user_id where ut.tenant_id = ${id} and u.del_flag = 0`.execute(db);
  const count = Number(members.rows[0]?.count ?? 0);
  if (count > 0) return tenantHasUsers(count);
  for (const table of dataTables) {
    const found = await sql`select 1 from ${sql.id(table)} where tenant_id = ${id} limit 1`.execute(db);
    if (found.rows.length > 0) return MSG_TENANT_HAS_DATA;
  }
  return null;
}

interface UserListRow {
  id: string;
  username: string;
  realname: string;
  phone: string | null;
}

/**
 * 租户管理 (`system/TenantList`): the tenants' list through the engine, their writes here (integer ids
 * from a sequence, the default tenant guarded, deletion refused while users or data remain), the
 * non-paged list for selects, and the 用户 drawer's membership calls.
 */
export async function registerTenantRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const db = ctx.db;
  const labels = localeLabels({ sysTenant: zhSysTenant });
  const label = fieldLabeller(tenantEntity, labels);
  const dictItems = (request: FastifyRequest) => (code: string) => api.dictionaries.items(code, tenantOf(request));
  const recordOf = async (request: FastifyRequest, row: Row): Promise<WireRecord> => toRecord(tenantEntity, row, await loadDictionaries(tenantEntity, dictItems(request)));
  const username = (request: FastifyRequest) => request.auth?.username ?? null;
  const guardUnique = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw businessError(MSG_DUPLICATE);
      throw error;
    }
  };
  const validated = async (request: FastifyRequest, input: unknown, mode: 'add' | 'edit', id?: number): Promise<FieldValues> => {
    const { values, issues } = await validateInput(tenantEntity, input, { mode, label, dictItems: dictItems(request) });
    const [issue] = issues;
    if (issue !== undefined) throw businessError(issue.message);
    const [duplicate] = await uniqueIssues(db, tenantEntity, values, { id: id === undefined ? undefined : String(id), tenantId: null }, label);
    if (duplicate !== undefined) throw businessError(duplicate.message);
    return values;
  };

  // The list (filters name, status; paging; sorting) is the engine's; it also allows the name's duplicate check.
  await registerEntityRoutes(api, tenantEntity, { labels, actions: ['list'] });

  api.get('/sys/tenant/queryById', { ...permission('system:tenant:list'), schema: { querystring: query({ id: Id }) } }, async (request) => {
    const id = tenantIdOf(queryText(request, 'id'));
    const row = id === null ? null : await findTenant(db, id);
    if (row === null) throw businessError(MSG_NOT_FOUND_RECORD);
    return ok(await recordOf(request, row));
  });

  api.get('/sys/tenant/queryList', { ...permission('system:tenant:list'), schema: { querystring: query({ status: Type.Optional(Line(1)) }) } }, async (request) => {
    const status = queryText(request, 'status');
    const rows = await sql<Row>`select ${selectColumnsSql(tenantEntity)} from tenants
      ${status === '0' || status === '1' ? sql`where status = ${Number(status)}` : sql``} order by id`.execute(db);
    const dictionaries = await loadDictionaries(tenantEntity, dictItems(request));
    return ok(rows.rows.map((row) => toRecord(tenantEntity, row, dictionaries)));
  });

  api.post('/sys/tenant/add', { ...permission('system:tenant:add'), schema: { querystring: query({}), body: addBodySchema(tenantEntity, label) } }, async (request) => {
    const values = await validated(request, request.body, 'add');
    await checkRules(db, null, values);
    const inserted = await guardUnique(() =>
      db
        .insertInto('tenants')
        .values({
          id: sql<number>`nextval('tenants_id_seq')`,
          name: String(values.name),
          status: values.status === undefined ? TENANT_NORMAL : Number(values.status),
          begin_date: typeof values.beginDate === 'string' ? values.beginDate : null,
          end_date: typeof values.endDate === 'string' ? values.endDate : null,
          create_by: username(request),
        })
        .returning('id')
        .executeTakeFirstOrThrow(),
    );
    const row = await findTenant(db, inserted.id);
    return ok(row === null ? null : await recordOf(request, row), MSG_ADDED);
  });

  const editBody = addBodySchema(tenantEntity, label);
  api.route({
    method: ['PUT', 'POST'],
    url: '/sys/tenant/edit',
    ...permission('system:tenant:edit'),
    schema: { querystring: query({}), body: { ...editBody, required: ['id'], properties: { id: { type: ['string', 'integer'], maxLength: 9, pattern: '^[0-9]{1,9}$', minimum: 1, maximum: 999_999_999 }, ...ROW_VERSION_BODY, ...(editBody.properties as object) } } },
    handler: async (request) => {
      const id = tenantIdOf((request.body as { id?: unknown }).id);
      if (id === null) throw businessError(MSG_NOT_FOUND_RECORD);
      const values = await validated(request, request.body, 'edit', id);
      await inTransaction(db, async (trx) => {
        const current = await findTenant(trx, id, true);
        if (current === null) throw businessError(MSG_NOT_FOUND_RECORD);
        // Locked above: a save since the form's read moved the version, and this one is refused.
        const version = rowVersionOf(request.body);
        if (version !== undefined && current[ROW_VERSION_COLUMN] !== version) throw staleError();
        const stored: FieldValues = { status: current.status, beginDate: current.begin_date, endDate: current.end_date };
        await checkRules(trx, id, { ...stored, ...values });
        await guardUnique(() =>
          trx
            .updateTable('tenants')
            .set({
              ...(values.name !== undefined ? { name: String(values.name) } : {}),
              ...(values.status !== undefined ? { status: values.status === null ? TENANT_NORMAL : Number(values.status) } : {}),
              ...(values.beginDate !== undefined ? { begin_date: typeof values.beginDate === 'string' ? values.beginDate : null } : {}),
              ...(values.endDate !== undefined ? { end_date: typeof values.endDate === 'string' ? values.endDate : null } : {}),
              update_by: username(request),
              update_time: sql<Date>`now()`,
            })
            .where('id', '=', id)
            .execute(),
        );
      });
      const row = await findTenant(db, id);
      return ok(row === null ? null : await recordOf(request, row), MSG_EDITED);
    },
  });

  /** Deletes the tenants in one transaction, or none: the first refusal names its tenant (in a batch). */
  const remove = async (ids: readonly number[], batch: boolean): Promise<void> => {
    await inTransaction(db, async (trx) => {
      const dataTables = await tenantDataTables(trx);
      let found = 0;
      for (const id of ids) {
        const row = await findTenant(trx, id, true);
        if (row === null) continue;
        found += 1;
        const refusal = await deletionRefusal(trx, id, dataTables);
        if (refusal !== null) throw businessError(batch ? namedRefusal(String(row.name), refusal) : refusal);
      }
      if (found === 0) throw businessError(MSG_NOT_FOUND_RECORD);
      // The tenant's own settings (店铺信息) go with it; they are no business data (NOT_TENANT_DATA).
      await sql`delete from sys_shop_profile where tenant_id in (${sql.join([...ids])})`.execute(trx);
      await trx.deleteFrom('tenants').where('id', 'in', [...ids]).execute();
    });
  };

  api.delete('/sys/tenant/delete', { ...permission('system:tenant:delete'), schema: { querystring: query({ id: Id }) } }, async (request) => {
    const id = tenantIdOf(queryText(request, 'id'));
    if (id === null) throw businessError(MSG_NOT_FOUND_RECORD);
    await remove([id], false);
    return ok(null, MSG_DELETED);
  });

  api.delete('/sys/tenant/deleteBatch', { ...permission('system:tenant:deleteBatch'), schema: { querystring: query({ ids: IdList }) } }, async (request) => {
    const ids = [...new Set(queryText(request, 'ids').split(',').map(tenantIdOf).filter((id): id is number => id !== null))];
    if (ids.length === 0 || ids.length > MAX_BATCH) throw businessError(MSG_NOT_FOUND_RECORD);
    await remove(ids, true);
    return ok(null, MSG_BATCH_DELETED);
  });

  // 用户: a tenant's members (live users only), paged; search by account or name.
  api.get(
    '/sys/tenant/userList',
    { ...permission(TENANT_PERMISSIONS.user), schema: { querystring: query({ ...PAGE_PARAMS, tenantId: Int(1), username: Type.Optional(Line(100)) }) } },
    async (request) => {
      const tenantId = tenantIdOf((request.query as { tenantId?: unknown }).tenantId);
      if (tenantId === null || (await findTenant(db, tenantId)) === null) throw businessError(MSG_NOT_FOUND_RECORD);
      const { pageNo, pageSize } = readPage(request.query as Record<string, string>);
      const keyword = queryText(request, 'username').replace(/[\\%_]/g, (match) => `\\${match}`);
      const where = sql`ut.tenant_id = ${tenantId} and u.del_flag = 0 ${keyword === '' ? sql`` : sql`and (u.username ilike ${`%${keyword}%`} or u.realname ilike ${`%${keyword}%`})`}`;
      const total = await sql<{ count: string }>`select count(*) as count from user_tenant ut join users u on u.id = ut.user_id where ${where}`.execute(db);
      const rows = await sql<UserListRow>`select u.id, u.username, u.realname, u.phone from user_tenant ut join users u on u.id = ut.user_id
        where ${where} order by u.username, u.id limit ${pageSize} offset ${(pageNo - 1) * pageSize}`.execute(db);
      const count = Number(total.rows[0]?.count ?? 0);
      return ok({ records: rows.rows, total: count, size: pageSize, current: pageNo, pages: Math.ceil(count / pageSize) });
    },
  );

  const membershipBody = { querystring: query({}), body: body({ tenantId: Int(1), userIds: Type.Array(Id, { minItems: 1, maxItems: MAX_USERS }) }) };
  type MembershipBody = { tenantId: number; userIds: string[] };

  api.post<{ Body: MembershipBody }>('/sys/tenant/addUsers', { ...permission(TENANT_PERMISSIONS.user), schema: membershipBody }, async (request) => {
    const { tenantId } = request.body;
    const userIds = [...new Set(request.body.userIds)];
    await inTransaction(db, async (trx) => {
      // The tenant row locked: a deletion checking for users waits, then sees them.
      if ((await findTenant(trx, tenantId, true)) === null) throw businessError(MSG_NOT_FOUND_RECORD);
      const live = await trx.selectFrom('users').select('id').where('id', 'in', userIds).where('del_flag', '=', 0).execute();
      if (live.length !== userIds.length) throw businessError(MSG_USER_NOT_FOUND);
      await joinTenant(trx, tenantId, userIds);
    });
    return ok(null, MSG_USERS_ADDED);
  });

  // Removing a user's last tenant is allowed: they are then refused at login (told they belong to no tenant).
  api.post<{ Body: MembershipBody }>('/sys/tenant/removeUsers', { ...permission(TENANT_PERMISSIONS.user), schema: membershipBody }, async (request) => {
    const { tenantId, userIds } = request.body;
    if ((await findTenant(db, tenantId)) === null) throw businessError(MSG_NOT_FOUND_RECORD);
    const removed = await db.deleteFrom('user_tenant').where('tenant_id', '=', tenantId).where('user_id', 'in', userIds).executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) throw businessError(MSG_NOT_FOUND_RECORD);
    return ok(null, MSG_USERS_REMOVED);
  });
}
