import { sql, type Transaction } from 'kysely';
import {
  MEMBER_COUPON_STATUS,
  type MemberCoupon,
  type MemberCouponService,
  type MemberCouponStatus,
  type NewMemberCoupon,
  type TemplateCouponCounts,
} from '../../../../server/contracts/member-coupons';
import { defineStateMachine, newId, transitionInTransaction, type Database } from '../../../../server/kit';

/**
 * The customers plugin's `memberCoupons` service (server/contracts/member-coupons.ts): the members'
 * coupons with their rule snapshots, their guarded status changes (each with a cust_coupon_log row) and
 * the counts marketing shows per template.
 */

const S = MEMBER_COUPON_STATUS;

export const memberCouponMachine = defineStateMachine({
  noun: '优惠券',
  table: 'cust_coupon',
  statusColumn: 'status',
  states: { [S.unused]: '未使用', [S.used]: '已使用', [S.expired]: '已过期' } as Record<MemberCouponStatus, string>,
  actions: {
    use: { label: '使用', from: [S.unused], to: S.used },
    giveBack: { label: '退回', from: [S.used], to: S.unused },
    giveBackExpired: { label: '退回（已过期）', from: [S.used], to: S.expired },
    expire: { label: '过期', from: [S.unused], to: S.expired },
  },
  log: { table: 'cust_coupon_log', owner: 'coupon_id' },
  notFound: '优惠券不存在',
});

interface CouponRow {
  id: string;
  member_id: string;
  template_id: string;
  name: string;
  take_type: string | null;
  discount_type: string | null;
  use_price: string | null;
  discount_price: string | null;
  discount_percent: number | null;
  discount_limit_price: string | null;
  product_scope: string | null;
  product_scope_values: string | null;
  valid_start_time: Date | string;
  valid_end_time: Date | string;
  biz_id: string | null;
  status: string;
  use_order_id: string | null;
  use_time: Date | string | null;
}

const COLUMNS = sql`id, member_id, template_id, name, take_type, discount_type, use_price::text as use_price, discount_price::text as discount_price,
  discount_percent, discount_limit_price::text as discount_limit_price, product_scope, product_scope_values, valid_start_time, valid_end_time,
  biz_id, status, use_order_id, use_time`;

function couponOf(row: CouponRow): MemberCoupon {
  return {
    id: row.id,
    memberId: row.member_id,
    templateId: row.template_id,
    name: row.name,
    rules: {
      discountType: row.discount_type ?? '',
      usePrice: row.use_price ?? '0.00',
      discountPrice: row.discount_price,
      discountPercent: row.discount_percent,
      discountLimitPrice: row.discount_limit_price,
      productScope: row.product_scope ?? '1',
      productScopeValues: (row.product_scope_values ?? '').split(',').filter((value) => value !== ''),
      takeType: row.take_type ?? '',
    },
    validStartTime: new Date(row.valid_start_time),
    validEndTime: new Date(row.valid_end_time),
    bizId: row.biz_id,
    status: row.status as MemberCouponStatus,
    useOrderId: row.use_order_id,
    useTime: row.use_time === null ? null : new Date(row.use_time),
  };
}

async function issue(trx: Transaction<Database>, tenantId: number, coupons: readonly NewMemberCoupon[], operator: string | null): Promise<string[]> {
  if (coupons.length === 0) return [];
  const ids = coupons.map(() => newId());
  const rows = coupons.map((coupon, index) => {
    const r = coupon.rules;
    return sql`(${ids[index]}, ${coupon.memberId}, ${coupon.templateId}, ${coupon.name}, ${coupon.validStartTime.toISOString()}::timestamptz,
      ${coupon.validEndTime.toISOString()}::timestamptz, ${S.unused}, ${r.takeType}, ${r.discountType}, ${r.usePrice}::numeric, ${r.discountPrice}::numeric,
      ${r.discountPercent}::integer, ${r.discountLimitPrice}::numeric, ${r.productScope}, ${r.productScopeValues.join(',')}, ${coupon.bizId}, ${operator}, now(), ${tenantId})`;
  });
  await sql`insert into cust_coupon (id, member_id, template_id, name, valid_start_time, valid_end_time, status, take_type, discount_type, use_price,
      discount_price, discount_percent, discount_limit_price, product_scope, product_scope_values, biz_id, create_by, create_time, tenant_id)
    values ${sql.join(rows)}`.execute(trx);
  return ids;
}

async function takenCount(trx: Transaction<Database>, tenantId: number, templateId: string, memberId?: string): Promise<number> {
  const found = await sql<{ count: number }>`select count(*)::int as count from cust_coupon where tenant_id = ${tenantId} and template_id = ${templateId}
    ${memberId === undefined ? sql`` : sql`and member_id = ${memberId}`}`.execute(trx);
  return found.rows[0]?.count ?? 0;
}

async function countsByTemplate(trx: Transaction<Database>, tenantId: number, templateIds: readonly string[], memberId?: string): Promise<Map<string, TemplateCouponCounts>> {
  const counts = new Map<string, TemplateCouponCounts>(templateIds.map((id) => [id, { taken: 0, used: 0 }]));
  if (templateIds.length === 0) return counts;
  const found = await sql<{ template_id: string; taken: number; used: number }>`select template_id, count(*)::int as taken,
      count(*) filter (where status = ${S.used})::int as used
    from cust_coupon where tenant_id = ${tenantId} and template_id in (${sql.join([...templateIds])}) ${memberId === undefined ? sql`` : sql`and member_id = ${memberId}`}
    group by template_id`.execute(trx);
  for (const row of found.rows) counts.set(row.template_id, { taken: row.taken, used: row.used });
  return counts;
}

async function lockOfMember(trx: Transaction<Database>, tenantId: number, memberId: string, couponId: string): Promise<MemberCoupon | undefined> {
  const found = await sql<CouponRow>`select ${COLUMNS} from cust_coupon where id = ${couponId} and tenant_id = ${tenantId} and member_id = ${memberId} for update`.execute(trx);
  const row = found.rows[0];
  return row === undefined ? undefined : couponOf(row);
}

async function listUnused(trx: Transaction<Database>, tenantId: number, memberId: string): Promise<MemberCoupon[]> {
  const found = await sql<CouponRow>`select ${COLUMNS} from cust_coupon where tenant_id = ${tenantId} and member_id = ${memberId} and status = ${S.unused}
    order by create_time desc, id limit 200`.execute(trx);
  return found.rows.map(couponOf);
}

async function markUsed(trx: Transaction<Database>, tenantId: number, couponId: string, orderId: string, operator: string | null): Promise<void> {
  await transitionInTransaction(trx, memberCouponMachine, {
    id: couponId,
    tenantId,
    action: 'use',
    operator,
    content: `订单 ${orderId}`,
    set: { use_order_id: orderId, use_time: sql`now()`, update_by: operator, update_time: sql`now()` },
  });
}

async function returnOfOrder(trx: Transaction<Database>, tenantId: number, orderId: string, operator: string | null, now: Date): Promise<MemberCouponStatus | null> {
  const found = await sql<{ id: string; valid_end_time: Date | string }>`select id, valid_end_time from cust_coupon
    where tenant_id = ${tenantId} and use_order_id = ${orderId} and status = ${S.used} for update`.execute(trx);
  const row = found.rows[0];
  if (row === undefined) return null;
  const expired = new Date(row.valid_end_time).getTime() < now.getTime();
  const outcome = await transitionInTransaction(trx, memberCouponMachine, {
    id: row.id,
    tenantId,
    action: expired ? 'giveBackExpired' : 'giveBack',
    operator,
    content: `订单 ${orderId}`,
    set: { use_order_id: null, use_time: null, update_by: operator, update_time: sql`now()` },
  });
  return outcome.after;
}

async function expireDue(trx: Transaction<Database>, now: Date, limit: number): Promise<number> {
  const expired = await sql<{ id: string; tenant_id: number }>`update cust_coupon set status = ${S.expired}, update_by = 'system', update_time = now()
    where id in (select id from cust_coupon where status = ${S.unused} and valid_end_time < ${now.toISOString()}::timestamptz order by valid_end_time limit ${limit} for update)
      and status = ${S.unused}
    returning id, tenant_id`.execute(trx);
  if (expired.rows.length === 0) return 0;
  const action = memberCouponMachine.actions.expire;
  const logs = expired.rows.map((row) => sql`(${newId()}, ${row.id}, 'expire', ${S.unused}, ${action.to}, ${action.label}, 'system', now(), ${row.tenant_id})`);
  await sql`insert into cust_coupon_log (id, coupon_id, action, before_status, after_status, content, create_by, create_time, tenant_id) values ${sql.join(logs)}`.execute(trx);
  return expired.rows.length;
}

async function recycleForBiz(trx: Transaction<Database>, tenantId: number, bizId: string): Promise<{ recycled: number; kept: number }> {
  const deleted = await sql<{ id: string }>`delete from cust_coupon where tenant_id = ${tenantId} and biz_id = ${bizId} and status = ${S.unused} returning id`.execute(trx);
  const kept = await sql<{ count: number }>`select count(*)::int as count from cust_coupon where tenant_id = ${tenantId} and biz_id = ${bizId}`.execute(trx);
  return { recycled: deleted.rows.length, kept: kept.rows[0]?.count ?? 0 };
}

/** 回收 of one coupon by staff: only an unused one is deleted (its template's taken count goes down with it). */
export async function recycleCoupon(trx: Transaction<Database>, tenantId: number, couponId: string): Promise<'recycled' | 'notFound' | 'notUnused'> {
  const found = await sql<{ status: string }>`select status from cust_coupon where id = ${couponId} and tenant_id = ${tenantId} for update`.execute(trx);
  if (found.rows[0] === undefined) return 'notFound';
  const deleted = await sql<{ id: string }>`delete from cust_coupon where id = ${couponId} and tenant_id = ${tenantId} and status = ${S.unused} returning id`.execute(trx);
  return deleted.rows.length === 0 ? 'notUnused' : 'recycled';
}

export function createMemberCouponService(): MemberCouponService {
  return { issue, takenCount, countsByTemplate, lockOfMember, listUnused, markUsed, returnOfOrder, expireDue, recycleForBiz };
}
