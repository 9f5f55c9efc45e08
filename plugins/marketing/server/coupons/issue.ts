import { sql, type Transaction } from 'kysely';
import { businessError, type AppContext, type Database } from '../../../../server/kit';
import type { CouponRules, NewMemberCoupon } from '../../../../server/contracts/member-coupons';
import { COUPON_STATUS, TAKE_TYPE, UNLIMITED, VALIDITY_TYPE } from '../../entities';
import { scopeValuesOf, validityOf } from './rules';

/**
 * Coupons leave a template here, always under the template's row lock so that two takes cannot both
 * pass the last one: a member's take (直接领取 only), a staff send, and the issues of the other marketing
 * parts (a coupon packet, a campaign's reward) through issueCoupons. The coupons themselves are the
 * customers plugin's (`memberCoupons`); a template's taken count is the count of its coupons.
 */

export const MSG_ISSUE = {
  templateNotFound: '优惠券不存在',
  disabled: (name: string) => `优惠券「${name}」已停用`,
  notTakeable: (name: string) => `优惠券「${name}」不能直接领取`,
  ended: (name: string) => `优惠券「${name}」已过期`,
  soldOut: (name: string) => `优惠券「${name}」已领完`,
  notEnough: (name: string, left: number, wanted: number) => `优惠券「${name}」剩余 ${left} 张，不够发放 ${wanted} 张`,
  perMember: (limit: number) => `每人限领 ${limit} 张，您已领完`,
  memberNotFound: '会员不存在',
  allRefused: (limit: number) => `所选会员都已领满每人限领的 ${limit} 张`,
} as const;

export interface CouponTemplate {
  id: string;
  name: string;
  status: string;
  totalCount: number;
  takeLimitCount: number;
  takeType: string;
  validityType: string;
  validStartTime: Date | null;
  validEndTime: Date | null;
  fixedStartTerm: number | null;
  fixedEndTerm: number | null;
  rules: CouponRules;
}

interface TemplateRow {
  id: string;
  name: string;
  status: string;
  discount_type: string;
  use_price: string | null;
  discount_price: string | null;
  discount_percent: number | null;
  discount_limit_price: string | null;
  total_count: number;
  take_limit_count: number;
  take_type: string;
  validity_type: string;
  valid_start_time: Date | string | null;
  valid_end_time: Date | string | null;
  fixed_start_term: number | null;
  fixed_end_term: number | null;
  product_scope: string;
  product_scope_values: string | null;
}

const dateOf = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

function templateOf(row: TemplateRow): CouponTemplate {
  return {
    id: row.id,
    name: row.name,
    status: String(row.status),
    totalCount: row.total_count,
    takeLimitCount: row.take_limit_count,
    takeType: String(row.take_type),
    validityType: String(row.validity_type),
    validStartTime: dateOf(row.valid_start_time),
    validEndTime: dateOf(row.valid_end_time),
    fixedStartTerm: row.fixed_start_term,
    fixedEndTerm: row.fixed_end_term,
    rules: {
      discountType: String(row.discount_type),
      usePrice: row.use_price ?? '0.00',
      discountPrice: row.discount_price,
      discountPercent: row.discount_percent,
      discountLimitPrice: row.discount_limit_price,
      productScope: String(row.product_scope),
      productScopeValues: scopeValuesOf(row.product_scope_values),
      takeType: String(row.take_type),
    },
  };
}

const TEMPLATE_COLUMNS = sql`id, name, status, discount_type, use_price::text as use_price, discount_price::text as discount_price, discount_percent,
  discount_limit_price::text as discount_limit_price, total_count, take_limit_count, take_type, validity_type, valid_start_time, valid_end_time,
  fixed_start_term, fixed_end_term, product_scope, product_scope_values`;

/** The template, locked for the rest of the transaction, or undefined. */
export async function lockTemplate(trx: Transaction<Database>, tenantId: number, templateId: string): Promise<CouponTemplate | undefined> {
  const found = await sql<TemplateRow>`select ${TEMPLATE_COLUMNS} from mkt_coupon_template where id = ${templateId} and tenant_id = ${tenantId} for update`.execute(trx);
  const row = found.rows[0];
  return row === undefined ? undefined : templateOf(row);
}

/** An enabled template whose fixed dates are not over, locked; refused with the reason otherwise. */
async function issuable(trx: Transaction<Database>, tenantId: number, templateId: string, now: Date): Promise<CouponTemplate> {
  const template = await lockTemplate(trx, tenantId, templateId);
  if (template === undefined) throw businessError(MSG_ISSUE.templateNotFound);
  if (template.status !== COUPON_STATUS.enabled) throw businessError(MSG_ISSUE.disabled(template.name));
  if (template.validityType === VALIDITY_TYPE.fixed && template.validEndTime !== null && template.validEndTime.getTime() < now.getTime()) {
    throw businessError(MSG_ISSUE.ended(template.name));
  }
  return template;
}

function couponsOf(template: CouponTemplate, memberId: string, count: number, bizId: string | null, now: Date): NewMemberCoupon[] {
  const { start, end } = validityOf(template, now);
  return Array.from({ length: count }, () => ({ memberId, templateId: template.id, name: template.name, rules: template.rules, validStartTime: start, validEndTime: end, bizId }));
}

type Services = Pick<AppContext, 'services'>;

async function left(trx: Transaction<Database>, ctx: Services, tenantId: number, template: CouponTemplate): Promise<number> {
  if (template.totalCount === UNLIMITED) return Number.MAX_SAFE_INTEGER;
  return template.totalCount - (await ctx.services.get('memberCoupons').takenCount(trx, tenantId, template.id));
}

/**
 * Issues `count` coupons of a template to a member (a packet, a campaign's reward): any take type, the
 * template enabled and not past its fixed end, within its totalCount (no per-member limit).
 */
export async function issueCoupons(
  trx: Transaction<Database>,
  ctx: Services,
  input: { tenantId: number; memberId: string; templateId: string; count: number; bizId: string | null; operator: string | null },
): Promise<string[]> {
  const now = new Date();
  const template = await issuable(trx, input.tenantId, input.templateId, now);
  if ((await ctx.services.get('members').summary(trx, input.tenantId, input.memberId)) === undefined) throw businessError(MSG_ISSUE.memberNotFound);
  const remaining = await left(trx, ctx, input.tenantId, template);
  if (remaining < input.count) throw businessError(remaining <= 0 ? MSG_ISSUE.soldOut(template.name) : MSG_ISSUE.notEnough(template.name, remaining, input.count));
  return ctx.services.get('memberCoupons').issue(trx, input.tenantId, couponsOf(template, input.memberId, input.count, input.bizId, now), input.operator);
}

/**
 * 新人券: a member who has just registered gets one coupon of every enabled 新人券 template (take type 3)
 * that has coupons left and has not ended. A template that cannot give one is passed over: marketing
 * never stands in the way of a registration. Returns the coupons issued.
 */
export async function issueNewMemberCoupons(trx: Transaction<Database>, ctx: Services, event: { tenantId: number; memberId: string }): Promise<string[]> {
  const now = new Date();
  const found = await sql<{ id: string }>`select id from mkt_coupon_template where tenant_id = ${event.tenantId} and status = ${COUPON_STATUS.enabled}
    and take_type = ${TAKE_TYPE.newMember} order by create_time, id`.execute(trx);
  const issued: string[] = [];
  for (const { id } of found.rows) {
    const template = await lockTemplate(trx, event.tenantId, id);
    if (template === undefined || template.status !== COUPON_STATUS.enabled) continue;
    if (template.validityType === VALIDITY_TYPE.fixed && template.validEndTime !== null && template.validEndTime.getTime() < now.getTime()) continue;
    if ((await left(trx, ctx, event.tenantId, template)) <= 0) continue;
    issued.push(...(await ctx.services.get('memberCoupons').issue(trx, event.tenantId, couponsOf(template, event.memberId, 1, null, now), null)));
  }
  return issued;
}

/** Takes back the unused coupons issued for a bizId (a refunded packet or campaign order); returns how many went. */
export async function recycleCouponsOf(trx: Transaction<Database>, ctx: Services, input: { tenantId: number; bizId: string }): Promise<number> {
  const outcome = await ctx.services.get('memberCoupons').recycleForBiz(trx, input.tenantId, input.bizId);
  return outcome.recycled;
}

/** `POST /app/coupon/take`: a member takes one coupon of a 直接领取 template. */
export async function takeCoupon(trx: Transaction<Database>, ctx: Services, input: { tenantId: number; memberId: string; templateId: string }): Promise<string> {
  const now = new Date();
  const template = await issuable(trx, input.tenantId, input.templateId, now);
  if (template.takeType !== TAKE_TYPE.byMember) throw businessError(MSG_ISSUE.notTakeable(template.name));
  if ((await left(trx, ctx, input.tenantId, template)) <= 0) throw businessError(MSG_ISSUE.soldOut(template.name));
  const coupons = ctx.services.get('memberCoupons');
  if (template.takeLimitCount !== UNLIMITED && (await coupons.takenCount(trx, input.tenantId, template.id, input.memberId)) >= template.takeLimitCount) {
    throw businessError(MSG_ISSUE.perMember(template.takeLimitCount));
  }
  const [id] = await coupons.issue(trx, input.tenantId, couponsOf(template, input.memberId, 1, null, now), input.memberId);
  return id ?? '';
}

export interface SendOutcome {
  /** Members who got one coupon each. */
  sent: string[];
  /** Members left out because they already hold the per-member limit. */
  refused: Array<{ memberId: string; name: string; reason: string }>;
}

/**
 * `POST /marketing/coupon/send`: one coupon to each chosen member. Members who already hold the
 * per-member limit are left out and named in the answer (the others still get theirs); the whole send is
 * refused when a member is unknown, when nobody is left, or when the template has fewer coupons left
 * than members to send to.
 */
export async function sendCoupons(
  trx: Transaction<Database>,
  ctx: Services,
  input: { tenantId: number; templateId: string; memberIds: readonly string[]; operator: string | null },
): Promise<SendOutcome> {
  const now = new Date();
  const template = await issuable(trx, input.tenantId, input.templateId, now);
  const coupons = ctx.services.get('memberCoupons');
  const members = ctx.services.get('members');
  const sent: string[] = [];
  const refused: SendOutcome['refused'] = [];
  for (const memberId of [...new Set(input.memberIds)]) {
    const member = await members.summary(trx, input.tenantId, memberId);
    if (member === undefined) throw businessError(MSG_ISSUE.memberNotFound);
    if (template.takeLimitCount !== UNLIMITED && (await coupons.takenCount(trx, input.tenantId, template.id, memberId)) >= template.takeLimitCount) {
      refused.push({ memberId, name: member.name === '' ? member.memberNo : member.name, reason: `已领满 ${template.takeLimitCount} 张` });
      continue;
    }
    sent.push(memberId);
  }
  if (sent.length === 0) throw businessError(MSG_ISSUE.allRefused(template.takeLimitCount));
  const remaining = await left(trx, ctx, input.tenantId, template);
  if (remaining < sent.length) throw businessError(remaining <= 0 ? MSG_ISSUE.soldOut(template.name) : MSG_ISSUE.notEnough(template.name, remaining, sent.length));
  await coupons.issue(trx, input.tenantId, sent.flatMap((memberId) => couponsOf(template, memberId, 1, null, now)), input.operator);
  return { sent, refused };
}
