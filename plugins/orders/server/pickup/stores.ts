import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { Type } from 'typebox';
import zhPickup from '../../../../locales/zh-CN/orderPickup.json';
import {
  body,
  businessError,
  checkRegionCode,
  entityRouteSchemas,
  escapeLike,
  fieldLabeller,
  Id,
  inTransaction,
  Int,
  Line,
  localeLabels,
  MSG_BATCH_DELETED,
  MSG_DELETED,
  MSG_NOT_FOUND_RECORD,
  newId,
  ok,
  permission,
  query,
  registerEntityRoutes,
  tenantOf,
  type FieldValues,
  type WriteContext,
} from '../../../../server/kit';
import { COORDINATE_PATTERN, OPENING_TIME_PATTERN, PICKUP_API, PICKUP_PERMISSIONS, PICKUP_STORE_DICT, pickupStoreEntity, type PickupStaff } from '../../pickup-entities';

/**
 * 自提门店: the engine's list/add/edit/export of the stores with their own checks (phone, coordinates, opening hours), a
 * delete that keeps every store an order names (停业 instead), and the verifiers bound to each store (核销员), chosen
 * from the tenant's staff. The stores are also a table dictionary, so an order names its store by name.
 */

export const MSG_STORE_PHONE = '联系电话格式不正确（手机号，或区号-座机号如 021-12345678）';
export const MSG_STORE_LATITUDE = '纬度应为 -90 到 90 之间的数字，最多 6 位小数';
export const MSG_STORE_LONGITUDE = '经度应为 -180 到 180 之间的数字，最多 6 位小数';
export const MSG_STORE_TIME = '营业时间格式应为 时:分（如 09:00）';
export const MSG_STORE_HOURS = '开始营业时间须早于结束营业时间';
export const MSG_STORE_HAS_ORDERS = '门店已有自提订单，不能删除，可将其改为停业';
export const MSG_STAFF_UNKNOWN = '核销员须是本店铺的在职员工';
export const MSG_STAFF_SAVED = '核销员已保存';

/** A mobile number, a landline with its area code (and extension), or a 400/800 number. */
const PHONE = /^(1[3-9][0-9]{9}|0[0-9]{2,3}-?[0-9]{7,8}(-[0-9]{1,6})?|[48]00-?[0-9]{3}-?[0-9]{4})$/;
const MAX_STAFF = 50;

export const pickupLabels = localeLabels({ orderPickup: zhPickup });

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');

function coordinate(value: unknown, limit: number, message: string): string {
  const written = text(value);
  if (!COORDINATE_PATTERN.test(written) || Math.abs(Number(written)) > limit) throw businessError(message);
  return written;
}

/** Checks what an add or edit writes: the phone, the region, the coordinates, and hours that open before they close. */
async function checkStore(api: FastifyInstance, values: FieldValues, context: WriteContext): Promise<FieldValues> {
  const checked: FieldValues = { ...values };
  if (values.phone !== undefined && values.phone !== null && !PHONE.test(text(values.phone))) throw businessError(MSG_STORE_PHONE);
  // A region the cascader offers (its county's code), not merely a province that exists.
  if (values.areaId !== undefined && values.areaId !== null) checked.areaId = checkRegionCode(text(values.areaId));
  if (values.latitude !== undefined && values.latitude !== null) checked.latitude = coordinate(values.latitude, 90, MSG_STORE_LATITUDE);
  if (values.longitude !== undefined && values.longitude !== null) checked.longitude = coordinate(values.longitude, 180, MSG_STORE_LONGITUDE);
  for (const field of ['openingTime', 'closingTime'] as const) {
    if (values[field] !== undefined && values[field] !== null && !OPENING_TIME_PATTERN.test(text(values[field]))) throw businessError(MSG_STORE_TIME);
  }
  let opening = values.openingTime === undefined ? undefined : text(values.openingTime);
  let closing = values.closingTime === undefined ? undefined : text(values.closingTime);
  // An edit that changes one end of the hours is checked against the other as stored.
  if (context.mode === 'edit' && context.id !== undefined && (opening === undefined) !== (closing === undefined)) {
    const stored = await sql<{ opening_time: string; closing_time: string }>`select opening_time, closing_time from sale_pickup_store
      where id = ${context.id} and tenant_id = ${tenantOf(context.request)}`.execute(api.db);
    opening ??= stored.rows[0]?.opening_time;
    closing ??= stored.rows[0]?.closing_time;
  }
  if (opening !== undefined && closing !== undefined && opening !== '' && closing !== '' && opening >= closing) throw businessError(MSG_STORE_HOURS);
  return checked;
}

/** The verifiers of the stores named, by store (each name the user's own, else the login name). */
export async function staffOfStores(api: FastifyInstance, tenantId: number, storeIds: readonly string[]): Promise<Record<string, PickupStaff[]>> {
  const result: Record<string, PickupStaff[]> = Object.fromEntries(storeIds.map((id) => [id, []]));
  if (storeIds.length === 0) return result;
  const found = await sql<{ store_id: string; username: string; realname: string | null }>`select s.store_id, s.username, u.realname
    from sale_pickup_store_staff s left join users u on u.username = s.username and u.del_flag = 0
    where s.tenant_id = ${tenantId} and s.store_id in (${sql.join([...storeIds])}) order by s.store_id, s.create_time, s.username`.execute(api.db);
  for (const row of found.rows) result[row.store_id]?.push({ username: row.username, realname: row.realname !== null && row.realname !== '' ? row.realname : row.username });
  return result;
}

export async function registerPickupStoreRoutes(api: FastifyInstance): Promise<void> {
  const { db } = api;
  const base = pickupStoreEntity.api;
  const store = await registerEntityRoutes(api, pickupStoreEntity, {
    labels: pickupLabels,
    actions: ['list', 'queryById', 'add', 'edit', 'exportXls'],
    beforeWrite: (values, context) => checkStore(api, values, context),
  });
  const schemas = entityRouteSchemas(pickupStoreEntity, fieldLabeller(pickupStoreEntity, pickupLabels));

  // Every store of the tenant, closed ones too: an order keeps naming the store it was placed for.
  api.dictionaries.registerTableDictionary(
    PICKUP_STORE_DICT,
    (reader, tenantId) =>
      reader
        .withTables<{ sale_pickup_store: { id: string; name: string; sort: number | null; tenant_id: number } }>()
        .selectFrom('sale_pickup_store')
        .select(['id as value', 'name as text'])
        .where('tenant_id', '=', tenantId)
        .orderBy('sort')
        .orderBy('name')
        .execute(),
    { tables: ['sale_pickup_store'], tenantScoped: true },
  );

  /** A store an order names stays (its name is the order's record); the store's verifiers go with it. */
  const removeStores = async (request: FastifyRequest, ids: readonly string[]): Promise<number> => {
    const tenantId = tenantOf(request);
    const named = await sql<{ n: number }>`select count(*)::int as n from sale_order where tenant_id = ${tenantId} and pickup_store_id in (${sql.join([...ids])})`.execute(db);
    if ((named.rows[0]?.n ?? 0) > 0) throw businessError(MSG_STORE_HAS_ORDERS);
    const removed = await store.remove(request, ids);
    await sql`delete from sale_pickup_store_staff where tenant_id = ${tenantId} and store_id in (${sql.join([...ids])})`.execute(db);
    return removed;
  };

  api.delete<{ Querystring: { id: string } }>(`${base}/delete`, { ...permission(`${pickupStoreEntity.permission}:delete`), schema: schemas.delete }, async (request) => {
    if ((await removeStores(request, [request.query.id])) === 0) throw businessError(MSG_NOT_FOUND_RECORD);
    return ok(null, MSG_DELETED);
  });

  api.delete<{ Querystring: { ids: string } }>(`${base}/deleteBatch`, { ...permission(`${pickupStoreEntity.permission}:deleteBatch`), schema: schemas.deleteBatch }, async (request) => {
    const ids = [...new Set(request.query.ids.split(',').map((id) => id.trim()).filter((id) => id !== '' && id.length <= 64))];
    if (ids.length === 0 || (await removeStores(request, ids)) === 0) throw businessError(MSG_NOT_FOUND_RECORD);
    return ok(null, MSG_BATCH_DELETED);
  });

  // The tenant's active staff, by login name or name: the verifiers a store may bind.
  api.get<{ Querystring: { keyword?: string; pageSize?: number } }>(
    PICKUP_API.staffOptions,
    { ...permission(PICKUP_PERMISSIONS.staff), schema: { querystring: query({ keyword: Type.Optional(Line(64)), pageNo: Type.Optional(Int(1, 10_000)), pageSize: Type.Optional(Int(1, 100)) }) } },
    async (request) => {
      const keyword = request.query.keyword?.trim().replaceAll('*', '') ?? '';
      const pattern = `%${escapeLike(keyword)}%`;
      const found = await sql<{ username: string; realname: string | null; phone: string | null }>`select u.username, u.realname, u.phone from users u
        join user_tenant t on t.user_id = u.id and t.tenant_id = ${tenantOf(request)}
        where u.del_flag = 0 and u.status = 1 ${keyword === '' ? sql`` : sql`and (u.username like ${pattern} or u.realname like ${pattern})`}
        order by u.username limit ${request.query.pageSize ?? 20}`.execute(db);
      return ok({ records: found.rows.map((row) => ({ id: row.username, username: row.username, realname: row.realname ?? row.username, phone: row.phone })) });
    },
  );

  // The verifiers of the stores named, or of every store of the tenant (a shop has a few).
  api.get<{ Querystring: { storeIds?: string } }>(
    PICKUP_API.staffOf,
    { ...permission(`${pickupStoreEntity.permission}:list`), schema: { querystring: query({ storeIds: Type.Optional(Line(2000)) }) } },
    async (request) => {
      const tenantId = tenantOf(request);
      const named = (request.query.storeIds ?? '').split(',').map((id) => id.trim()).filter((id) => /^[A-Za-z0-9_-]{1,32}$/.test(id));
      const ids =
        named.length > 0
          ? [...new Set(named)].slice(0, 200)
          : (await sql<{ id: string }>`select id from sale_pickup_store where tenant_id = ${tenantId} order by id limit 500`.execute(db)).rows.map((row) => row.id);
      return ok(await staffOfStores(api, tenantId, ids));
    },
  );

  // 核销员: the store's verifiers replaced by those chosen, each one of the tenant's active staff.
  api.post<{ Body: { storeId: string; usernames: string[] } }>(
    PICKUP_API.saveStaff,
    { ...permission(PICKUP_PERMISSIONS.staff), schema: { querystring: query({}), body: body({ storeId: Id, usernames: Type.Array(Line(100, 1), { maxItems: MAX_STAFF }) }) } },
    async (request) => {
      const tenantId = tenantOf(request);
      const { storeId } = request.body;
      const usernames = [...new Set(request.body.usernames.map((name) => name.trim()))];
      await inTransaction(db, async (trx) => {
        const found = await sql<{ id: string }>`select id from sale_pickup_store where id = ${storeId} and tenant_id = ${tenantId} for update`.execute(trx);
        if (found.rows.length === 0) throw businessError(MSG_NOT_FOUND_RECORD);
        if (usernames.length > 0) {
          const staff = await sql<{ username: string }>`select u.username from users u join user_tenant t on t.user_id = u.id and t.tenant_id = ${tenantId}
            where u.del_flag = 0 and u.status = 1 and u.username in (${sql.join(usernames)})`.execute(trx);
          if (staff.rows.length !== usernames.length) throw businessError(MSG_STAFF_UNKNOWN);
        }
        await sql`delete from sale_pickup_store_staff where tenant_id = ${tenantId} and store_id = ${storeId}`.execute(trx);
        for (const username of usernames) {
          await sql`insert into sale_pickup_store_staff (id, store_id, username, create_by, create_time, tenant_id)
            values (${newId()}, ${storeId}, ${username}, ${request.auth?.username ?? null}, now(), ${tenantId})`.execute(trx);
        }
      });
      return ok((await staffOfStores(api, tenantId, [storeId]))[storeId] ?? [], MSG_STAFF_SAVED);
    },
  );
}
