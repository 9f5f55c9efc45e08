import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { body, businessError, checkRegionCode, Id, inTransaction, ok, permission, query, registerEntityRoutes, tableReference, tenantOf, type LabelResolver } from '../../../server/kit';
import {
  addressEntity,
  balanceLogEntity,
  couponEntity,
  customerEntity,
  experienceLogEntity,
  GROUP_DICT,
  groupEntity,
  LEVEL_DICT,
  levelEntity,
  levelRecordEntity,
  pointsLogEntity,
} from '../entities';
import { clearDefault } from './members/addresses';
import { recycleCoupon } from './members/coupons';
import { MOBILE, MSG_BAD_PHONE } from './members/registration';

export const MSG_COUPON_RECYCLED = '回收成功';
export const MSG_COUPON_NOT_UNUSED = '只能回收未使用的优惠券';
export const MSG_COUPON_NOT_FOUND = '优惠券不存在';
export const MSG_MEMBER_UNKNOWN = '会员不存在';

/** Ledgers and logs are append-only: list, queryById and export, never add/edit/delete. */
const READ_ONLY = ['list', 'queryById', 'exportXls'] as const;

/** Levels, groups, ledgers, addresses, customers and member coupons under /cust/…. */
export async function registerCatalogueRoutes(api: FastifyInstance, labels: LabelResolver): Promise<void> {
  const db = api.db;
  api.dictionaries.registerTableDictionary(LEVEL_DICT, (reader) =>
    reader.withTables<{ cust_level: { id: string; name: string; level: number } }>().selectFrom('cust_level').select(['id as value', 'name as text']).orderBy('level').execute(),
  );
  api.dictionaries.registerTableDictionary(GROUP_DICT, (reader) =>
    reader.withTables<{ cust_group: { id: string; name: string } }>().selectFrom('cust_group').select(['id as value', 'name as text']).orderBy('name').execute(),
  );

  // A member as the buyer column of an order names it (name and mobile); a customer (客户) by its name.
  api.references.register('member', tableReference('cust_member', sql`concat_ws(' ', coalesce(nullif(member_name, ''), nickname), mobile)`, { tenantScoped: true }));
  api.references.register('customer', tableReference('cust_customer', sql`name`, { tenantScoped: true }));

  await registerEntityRoutes(api, levelEntity, { labels });
  await registerEntityRoutes(api, groupEntity, { labels });
  for (const ledger of [pointsLogEntity, balanceLogEntity, experienceLogEntity, levelRecordEntity]) {
    await registerEntityRoutes(api, ledger, { labels, actions: READ_ONLY });
  }
  await registerEntityRoutes(api, customerEntity, {
    labels,
    beforeWrite: (values) => {
      if (typeof values.contactMobile === 'string' && !MOBILE.test(values.contactMobile)) throw businessError(MSG_BAD_PHONE);
      return values;
    },
  });

  const memberExists = async (tenantId: number, memberId: unknown) => {
    const found = await sql<{ id: string }>`select id from cust_member where id = ${String(memberId)} and tenant_id = ${tenantId}`.execute(db);
    return found.rows.length > 0;
  };

  await registerEntityRoutes(api, addressEntity, {
    labels,
    beforeWrite: async (values, { request, mode, id }) => {
      const tenantId = tenantOf(request);
      if (typeof values.mobile === 'string' && !MOBILE.test(values.mobile)) throw businessError(MSG_BAD_PHONE);
      if (typeof values.areaId === 'string') checkRegionCode(values.areaId);
      let memberId = values.memberId;
      if (memberId === undefined && id !== undefined) {
        const current = await sql<{ member_id: string }>`select member_id from cust_address where id = ${id} and tenant_id = ${tenantId}`.execute(db);
        memberId = current.rows[0]?.member_id;
      }
      if (mode === 'add' && !(await memberExists(tenantId, memberId))) throw businessError(MSG_MEMBER_UNKNOWN);
      // One default per member: the new default replaces the old one.
      if (values.defaultStatus === true && typeof memberId === 'string') await clearDefault(db, { tenantId, memberId }, id);
      return { ...values, ...(mode === 'add' && values.defaultStatus === undefined ? { defaultStatus: false } : {}) };
    },
  });

  await registerEntityRoutes(api, couponEntity, {
    labels,
    actions: ['list', 'queryById', 'add', 'exportXls'],
    beforeWrite: async (values, { request }) => {
      if (!(await memberExists(tenantOf(request), values.memberId))) throw businessError(MSG_MEMBER_UNKNOWN);
      return values;
    },
  });

  // 回收: takes an unused coupon back from the member (a used or expired one stays as a record).
  api.post<{ Body: { id: string } }>(
    `${couponEntity.api}/recycle`,
    { ...permission('cust:coupon:recycle'), schema: { querystring: query({}), body: body({ id: Id }) } },
    async (request) => {
      const outcome = await inTransaction(db, (trx) => recycleCoupon(trx, tenantOf(request), request.body.id));
      if (outcome === 'notFound') throw businessError(MSG_COUPON_NOT_FOUND);
      if (outcome === 'notUnused') throw businessError(MSG_COUPON_NOT_UNUSED);
      return ok(null, MSG_COUPON_RECYCLED);
    },
  );
}
