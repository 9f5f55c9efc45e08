import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Kysely, type Migration, type Transaction } from 'kysely';
import { Type } from 'typebox';
import zhMarketing from '../../../../locales/zh-CN/marketing.json';
import { body, businessError, createEntityTable, formatShopTime, Id, IdList, inTransaction, JOB_STATUS_NORMAL, listQuerySchema, localeLabels, newId, ok, permission, query, registerEntityRoutes, schedulerDb, tenantOf, unauthorized, type AppContext, type Database, type DictSeed, type EntityStore, type JobKind, type QueryParams } from '../../../../server/kit';
import {
  COUPON_DISCOUNT_TYPE_DICT,
  COUPON_PRODUCT_SCOPE_DICT,
  COUPON_STATUS,
  COUPON_STATUS_DICT,
  COUPON_TAKE_TYPE_DICT,
  COUPON_VALIDITY_TYPE_DICT,
  couponTemplateEntity,
  DISCOUNT_TYPE,
  PRODUCT_SCOPE,
  TAKE_TYPE,
  UNLIMITED,
  VALIDITY_TYPE,
} from '../../entities';
import { COUPON_PERMISSIONS } from './buttons';
import { issueCoupons, sendCoupons, takeCoupon } from './issue';
import { checkTemplate, offerText } from './rules';
import { createPromotionProvider } from '../promotions';

/**
 * 优惠券 (docs/reference/business-domains.md §4, docs/business-api.md "Marketing"): the templates under /marketing/coupon (checked
 * on the server, listed with their taken / used / left counts), staff sends, the mini-program's take and
 * its list of templates to take, the promotion provider and the coupon's return when its order closes
 * or is fully refunded, and the job that expires coupons past their end.
 */

export const couponDicts: DictSeed[] = [
  { code: COUPON_STATUS_DICT, name: '优惠券状态', items: [['1', '启用', 'green'], ['0', '停用', 'default']] },
  { code: COUPON_DISCOUNT_TYPE_DICT, name: '优惠券类型', items: [['1', '满减'], ['2', '折扣']] },
  { code: COUPON_TAKE_TYPE_DICT, name: '优惠券领取方式', items: [['1', '直接领取'], ['2', '指定发放'], ['3', '新人券']] },
  { code: COUPON_VALIDITY_TYPE_DICT, name: '优惠券有效期类型', items: [['1', '固定日期'], ['2', '领取之后']] },
  { code: COUPON_PRODUCT_SCOPE_DICT, name: '优惠券商品范围', items: [['1', '全部商品'], ['2', '指定商品'], ['3', '指定品类']] },
];

export const couponMigrations: Record<string, Migration> = {
  '0001_coupon_templates': {
    up: async (db: Kysely<unknown>) => {
      await createEntityTable(db, couponTemplateEntity);
      await sql`alter table mkt_coupon_template
        alter column use_price type numeric(14, 2), alter column use_price set default 0,
        alter column discount_price type numeric(14, 2),
        alter column discount_limit_price type numeric(14, 2)`.execute(db);
    },
  },
};

const BATCH = 1000;

/** 未使用 → 已过期 for coupons past their end, in batches (each its own transaction). */
export const expireCouponsJob: JobKind = {
  name: 'marketing.expireCoupons',
  title: '优惠券过期（未使用且已过失效时间的会员优惠券置为已过期）',
  run: async ({ db, services }) => {
    const coupons = services.get('memberCoupons');
    let expired = 0;
    for (let round = 0; round < 100; round += 1) {
      const count = await inTransaction(db, (trx) => coupons.expireDue(trx, new Date(), BATCH));
      expired += count;
      if (count < BATCH) break;
    }
    return `expired ${expired}`;
  },
};

export const couponJobKinds: JobKind[] = [expireCouponsJob];

export const MSG_COUPON = {
  totalBelowTaken: (taken: number) => `发放数量不能小于已领取的 ${taken} 张`,
  hasTaken: '已有会员领取的优惠券不能删除，请停用',
  notFound: '未找到对应数据',
  sent: (count: number) => `已发送 ${count} 张`,
  sentWithRefused: (count: number, names: string) => `已发送 ${count} 张；以下会员已领满，未发送：${names}`,
  taken: '领取成功',
  deleted: '删除成功!',
} as const;

const MAX_SEND = 200;

function memberOf(request: FastifyRequest): { tenantId: number; memberId: string } {
  if (request.member === null) throw unauthorized();
  return { tenantId: request.member.tenantId, memberId: request.member.memberId };
}

/** Templates that have coupons (any status): they stay as the coupons' origin and may only be disabled. */
async function withCoupons(trx: Transaction<Database>, ctx: Pick<AppContext, 'services'>, tenantId: number, ids: readonly string[]): Promise<boolean> {
  const counts = await ctx.services.get('memberCoupons').countsByTemplate(trx, tenantId, ids);
  return [...counts.values()].some((count) => count.taken > 0);
}

export async function registerCouponRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const labels = localeLabels({ marketing: zhMarketing });
  const coupons = () => ctx.services.get('memberCoupons');
  let store: EntityStore | null = null;

  store = await registerEntityRoutes(api, couponTemplateEntity, {
    labels,
    actions: ['queryById', 'add', 'edit', 'exportXls'],
    beforeWrite: async (values, { request, mode, id }) => {
      const current = mode === 'edit' && id !== undefined && store !== null ? await store.findById(request, id) : null;
      const merged: Record<string, unknown> = { ...(current ?? {}), ...values };
      const checked = checkTemplate(merged);
      if ('message' in checked) throw businessError(checked.message);
      if (mode === 'edit' && id !== undefined) {
        const total = Number(checked.values.totalCount);
        const taken = await inTransaction(db, (trx) => coupons().takenCount(trx, tenantOf(request), id));
        if (total !== UNLIMITED && total < taken) throw businessError(MSG_COUPON.totalBelowTaken(taken));
      }
      // What the request sent, plus the fields its types no longer use (cleared); the stored rest stays as it is.
      const written: Record<string, unknown> = {};
      for (const name of Object.keys(couponTemplateEntity.fields)) {
        if (name in values) written[name] = checked.values[name];
        else if (checked.values[name] === null && merged[name] !== null && merged[name] !== undefined) written[name] = null;
      }
      return written;
    },
  });

  // The list with each template's 已领取 / 已使用 / 剩余 (counted from the members' coupons, one query a page).
  api.get<{ Querystring: QueryParams }>(
    `${couponTemplateEntity.api}/list`,
    { ...permission('marketing:coupon:list'), schema: { querystring: listQuerySchema(couponTemplateEntity) } },
    async (request) => {
      if (store === null) throw new Error('coupon routes not registered');
      const page = await store.list(request, request.query);
      const ids = page.records.map((record) => String(record.id));
      const counts = await inTransaction(db, (trx) => coupons().countsByTemplate(trx, tenantOf(request), ids));
      const records = page.records.map((record) => {
        const count = counts.get(String(record.id)) ?? { taken: 0, used: 0 };
        const total = Number(record.totalCount);
        return { ...record, takeCount: count.taken, useCount: count.used, remainCount: total === UNLIMITED ? UNLIMITED : Math.max(0, total - count.taken) };
      });
      return ok({ ...page, records });
    },
  );

  // 删除 / 批量删除: only templates nobody has taken (the others are disabled instead).
  const remove = async (request: FastifyRequest, ids: string[]) => {
    if (ids.length === 0) throw businessError(MSG_COUPON.notFound);
    const tenantId = tenantOf(request);
    await inTransaction(db, async (trx) => {
      const locked = await sql<{ id: string }>`select id from mkt_coupon_template where tenant_id = ${tenantId} and id in (${sql.join(ids)}) for update`.execute(trx);
      if (locked.rows.length === 0) throw businessError(MSG_COUPON.notFound);
      if (await withCoupons(trx, ctx, tenantId, locked.rows.map((row) => row.id))) throw businessError(MSG_COUPON.hasTaken);
      await sql`delete from mkt_coupon_template where tenant_id = ${tenantId} and id in (${sql.join(locked.rows.map((row) => row.id))})`.execute(trx);
    });
    return ok(null, MSG_COUPON.deleted);
  };
  api.delete<{ Querystring: { id: string } }>(
    `${couponTemplateEntity.api}/delete`,
    { ...permission('marketing:coupon:delete'), schema: { querystring: query({ id: Id }) } },
    (request) => remove(request, [request.query.id]),
  );
  api.delete<{ Querystring: { ids: string } }>(
    `${couponTemplateEntity.api}/deleteBatch`,
    { ...permission('marketing:coupon:deleteBatch'), schema: { querystring: query({ ids: IdList }) } },
    (request) => remove(request, [...new Set(request.query.ids.split(',').map((id) => id.trim()).filter((id) => id !== ''))].slice(0, 1000)),
  );

  api.post<{ Body: { templateId: string; memberIds: string[] } }>(
    `${couponTemplateEntity.api}/send`,
    {
      ...permission(COUPON_PERMISSIONS.send),
      schema: { querystring: query({}), body: body({ templateId: Id, memberIds: Type.Array(Id, { minItems: 1, maxItems: MAX_SEND }) }) },
    },
    async (request) => {
      const outcome = await inTransaction(db, (trx) =>
        sendCoupons(trx, ctx, { tenantId: tenantOf(request), templateId: request.body.templateId, memberIds: request.body.memberIds, operator: request.auth?.username ?? null }),
      );
      const names = outcome.refused.map((member) => member.name).join('、');
      return ok(outcome, outcome.refused.length === 0 ? MSG_COUPON.sent(outcome.sent.length) : MSG_COUPON.sentWithRefused(outcome.sent.length, names));
    },
  );

  const memberOnly = { config: { access: 'member' as const } };
  api.post<{ Body: { templateId: string } }>('/app/coupon/take', { ...memberOnly, schema: { querystring: query({}), body: body({ templateId: Id }) } }, async (request) => {
    const me = memberOf(request);
    const id = await inTransaction(db, (trx) => takeCoupon(trx, ctx, { ...me, templateId: request.body.templateId }));
    return ok({ id }, MSG_COUPON.taken);
  });

  // The mini-program's 领券中心: enabled 直接领取 templates not over, with what is left and whether this member may take one.
  api.get('/app/coupon/templates', { ...memberOnly, schema: { querystring: query({}) } }, async (request) => {
    const me = memberOf(request);
    return ok(
      await inTransaction(db, async (trx) => {
        const found = await sql<{ id: string; name: string; discount_type: string; use_price: string; discount_price: string | null; discount_percent: number | null;
          discount_limit_price: string | null; total_count: number; take_limit_count: number; validity_type: string; valid_start_time: Date | null; valid_end_time: Date | null;
          fixed_start_term: number | null; fixed_end_term: number | null; product_scope: string }>`select id, name, discount_type, use_price::text as use_price,
            discount_price::text as discount_price, discount_percent, discount_limit_price::text as discount_limit_price, total_count, take_limit_count, validity_type,
            valid_start_time, valid_end_time, fixed_start_term, fixed_end_term, product_scope
          from mkt_coupon_template where tenant_id = ${me.tenantId} and status = ${COUPON_STATUS.enabled} and take_type = ${TAKE_TYPE.byMember}
            and (validity_type <> ${VALIDITY_TYPE.fixed} or valid_end_time >= now())
          order by create_time desc limit 100`.execute(trx);
        const ids = found.rows.map((row) => row.id);
        const counts = await coupons().countsByTemplate(trx, me.tenantId, ids);
        const mine = await coupons().countsByTemplate(trx, me.tenantId, ids, me.memberId);
        return found.rows.map((row) => {
          const taken = counts.get(row.id)?.taken ?? 0;
          const left = row.total_count === UNLIMITED ? UNLIMITED : Math.max(0, row.total_count - taken);
          const held = mine.get(row.id)?.taken ?? 0;
          const offer = offerText({ discountType: row.discount_type, usePrice: row.use_price, discountPrice: row.discount_price, discountPercent: row.discount_percent, discountLimitPrice: row.discount_limit_price });
          return {
            id: row.id,
            name: row.name,
            offer,
            discountType: row.discount_type,
            usePrice: Number(row.use_price),
            productScope: row.product_scope,
            validityType: row.validity_type,
            validStartTime: row.valid_start_time === null ? null : formatShopTime(row.valid_start_time),
            validEndTime: row.valid_end_time === null ? null : formatShopTime(row.valid_end_time),
            fixedStartTerm: row.fixed_start_term,
            fixedEndTerm: row.fixed_end_term,
            remainCount: left,
            takenByMe: held,
            canTake: left !== 0 && (row.take_limit_count === UNLIMITED || held < row.take_limit_count),
          };
        });
      }),
    );
  });

  const hooks = ctx.services.get('orderHooks');
  hooks.usePromotions(createPromotionProvider(ctx));
  // A closed order, or one refunded in full, gives its coupon back (已过期 when past its end).
  hooks.onClosed(async (trx, order) => {
    await coupons().returnOfOrder(trx, order.tenantId, order.orderId, order.operator, new Date());
  });
  hooks.onRefunded(async (trx, event) => {
    if (event.fullyRefunded) await coupons().returnOfOrder(trx, event.tenantId, event.orderId, event.operator, new Date());
  });
}

// ---- demo data ---------------------------------------------------------------------------------

const TENANT = 1;
const DAY_MS = 24 * 60 * 60 * 1000;

interface DemoTemplate {
  name: string;
  discountType: string;
  usePrice: string;
  discountPrice: string | null;
  discountPercent: number | null;
  discountLimitPrice: string | null;
  totalCount: number;
  takeLimitCount: number;
  takeType: string;
  /** Fixed dates as days from now, or null for 领取后 [0, 30] days. */
  fixed: [number, number] | null;
  status: string;
  /** Demo members that take one each. */
  takers: number;
}

const DEMO_TEMPLATES: readonly DemoTemplate[] = [
  { name: '新人专享券', discountType: DISCOUNT_TYPE.amount, usePrice: '0.00', discountPrice: '10.00', discountPercent: null, discountLimitPrice: null, totalCount: 1000, takeLimitCount: 1, takeType: TAKE_TYPE.newMember, fixed: null, status: COUPON_STATUS.enabled, takers: 6 },
  { name: '满100减10', discountType: DISCOUNT_TYPE.amount, usePrice: '100.00', discountPrice: '10.00', discountPercent: null, discountLimitPrice: null, totalCount: 500, takeLimitCount: 2, takeType: TAKE_TYPE.byMember, fixed: [-10, 60], status: COUPON_STATUS.enabled, takers: 8 },
  { name: '满300减50', discountType: DISCOUNT_TYPE.amount, usePrice: '300.00', discountPrice: '50.00', discountPercent: null, discountLimitPrice: null, totalCount: 200, takeLimitCount: 1, takeType: TAKE_TYPE.byMember, fixed: [-5, 30], status: COUPON_STATUS.enabled, takers: 4 },
  { name: '全场8折券', discountType: DISCOUNT_TYPE.percent, usePrice: '50.00', discountPrice: null, discountPercent: 80, discountLimitPrice: '30.00', totalCount: 300, takeLimitCount: 1, takeType: TAKE_TYPE.byMember, fixed: null, status: COUPON_STATUS.enabled, takers: 5 },
  { name: '会员回馈9折券', discountType: DISCOUNT_TYPE.percent, usePrice: '0.00', discountPrice: null, discountPercent: 90, discountLimitPrice: '20.00', totalCount: 100, takeLimitCount: 1, takeType: TAKE_TYPE.bySend, fixed: [0, 90], status: COUPON_STATUS.enabled, takers: 3 },
  { name: '春季清仓券（已停用）', discountType: DISCOUNT_TYPE.amount, usePrice: '200.00', discountPrice: '20.00', discountPercent: null, discountLimitPrice: null, totalCount: 100, takeLimitCount: 1, takeType: TAKE_TYPE.byMember, fixed: [-60, -30], status: COUPON_STATUS.disabled, takers: 0 },
];

/** Demo templates of each kind in the admin's shop (tenant 1), some taken by its members through the issue service; and the expiry job. */
export async function seedCoupons(trx: Transaction<Database>, ctx: AppContext): Promise<void> {
  const members = await ctx.services.get('members').enabledMembers(trx, TENANT, 20);
  const now = Date.now();
  for (const [index, demo] of DEMO_TEMPLATES.entries()) {
    const id = newId();
    const start = demo.fixed === null ? null : new Date(now + demo.fixed[0] * DAY_MS);
    const end = demo.fixed === null ? null : new Date(now + demo.fixed[1] * DAY_MS);
    await sql`insert into mkt_coupon_template (id, name, status, discount_type, use_price, discount_price, discount_percent, discount_limit_price,
        total_count, take_limit_count, take_type, validity_type, valid_start_time, valid_end_time, fixed_start_term, fixed_end_term, product_scope,
        create_by, create_time, tenant_id)
      values (${id}, ${demo.name}, ${COUPON_STATUS.enabled}, ${demo.discountType}, ${demo.usePrice}::numeric, ${demo.discountPrice}::numeric, ${demo.discountPercent},
        ${demo.discountLimitPrice}::numeric, ${demo.totalCount}, ${demo.takeLimitCount}, ${demo.takeType}, ${demo.fixed === null ? VALIDITY_TYPE.afterTaking : VALIDITY_TYPE.fixed},
        ${start}::timestamptz, ${end}::timestamptz, ${demo.fixed === null ? 0 : null}, ${demo.fixed === null ? 30 : null}, ${PRODUCT_SCOPE.all},
        'admin', now(), ${TENANT})`.execute(trx);
    for (let taker = 0; taker < demo.takers; taker += 1) {
      const memberId = members[(index * 3 + taker) % Math.max(1, members.length)];
      if (memberId === undefined) break;
      await issueCoupons(trx, ctx, { tenantId: TENANT, memberId, templateId: id, count: 1, bizId: null, operator: 'admin' });
    }
    if (demo.status !== COUPON_STATUS.enabled) await sql`update mkt_coupon_template set status = ${demo.status} where id = ${id}`.execute(trx);
  }
  await schedulerDb(trx)
    .insertInto('sys_quartz_job')
    .values({ id: newId(), job_class_name: expireCouponsJob.name, cron_expression: '0 5 * * * ?', description: expireCouponsJob.title, status: JOB_STATUS_NORMAL, create_by: 'admin' })
    .onConflict((conflict) => conflict.column('job_class_name').doNothing())
    .execute();
}
