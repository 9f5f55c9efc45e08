import Decimal from 'decimal.js';
import { sql, type Transaction } from 'kysely';
import type { MemberService } from '../../../../server/contracts/members';
import type { CommittedOrder, GiftLine, PromotionLine, PromotionPlan } from '../../../../server/contracts/order-hooks';
import { newId, type Database } from '../../../../server/kit';
import { CAMPAIGN_ORDER_STATUS, CAMPAIGN_STATUS, CONDITION_TYPE, PRODUCT_SCOPE } from '../../campaign-entities';
import { ruleSummary, splitProportionally, storedRules, type CampaignRule } from './rules';

/**
 * A gift campaign's part in an order's price (docs/reference/business-domains.md §4 "Stacking order", step 3 满减送). The
 * campaigns in progress now (start ≤ now < end, not closed) are each checked against the cart: the lines
 * in the campaign's scope are summed (yuan for 满 N 元, pieces for 满 N 件) and the HIGHEST rule that
 * sum meets applies. Among several campaigns the cart meets, the one taking the most money off wins;
 * on a tie the one that waives freight, then the one with more gifts/points/coupons, then the one that
 * started first. The rule's discount is split over the matching lines in proportion to their amounts
 * (cents, the remainder on the last line; never above a line nor above the matching amount).
 */

export interface CampaignPart {
  campaignId: string;
  discountLines: string[];
  freeDelivery: boolean;
  gifts: GiftLine[];
  summary: string;
}

interface CampaignRow {
  id: string;
  name: string;
  condition_type: string;
  product_scope: string;
  product_scope_values: string | null;
  rules: string | null;
  start_time: Date;
}

interface Choice {
  campaign: CampaignRow;
  rule: CampaignRule;
  discount: Decimal;
  part: CampaignPart;
}

/** What planCampaign chose within a transaction, so commitCampaign (same transaction) records that very rule. */
const chosen = new WeakMap<object, Map<number, Choice>>();

function inScope(campaign: CampaignRow, line: PromotionLine): boolean {
  if (campaign.product_scope === PRODUCT_SCOPE.all) return true;
  const values = new Set((campaign.product_scope_values ?? '').split(',').map((value) => value.trim()).filter((value) => value !== ''));
  if (campaign.product_scope === PRODUCT_SCOPE.spu) return values.has(line.spuId);
  if (campaign.product_scope === PRODUCT_SCOPE.category) return line.categoryId !== null && values.has(line.categoryId);
  return false;
}

function rewardWeight(rule: CampaignRule): number {
  return rule.point + rule.giveCoupons.reduce((sum, grant) => sum + grant.count, 0) + rule.gifts.reduce((sum, gift) => sum + gift.count, 0);
}

/** The campaign's best rule for these lines, or null when the cart meets none of them. */
export function evaluateCampaign(campaign: CampaignRow, lines: readonly PromotionLine[]): Choice | null {
  const amounts = lines.map((line) => (inScope(campaign, line) ? new Decimal(line.price).times(line.count) : new Decimal(0)));
  const matching = lines.filter((line) => inScope(campaign, line));
  if (matching.length === 0) return null;
  const amount = amounts.reduce((sum, value) => sum.plus(value), new Decimal(0));
  const metric = campaign.condition_type === CONDITION_TYPE.count ? new Decimal(matching.reduce((sum, line) => sum + line.count, 0)) : amount;
  const met = storedRules(campaign.rules).filter((rule) => metric.greaterThanOrEqualTo(rule.limit));
  const rule = met.sort((a, b) => new Decimal(b.limit).comparedTo(a.limit))[0];
  if (rule === undefined) return null;
  const discount = Decimal.min(new Decimal(rule.discountPrice), amount);
  const shares = splitProportionally(discount, amounts);
  return {
    campaign,
    rule,
    discount,
    part: {
      campaignId: campaign.id,
      discountLines: shares.map((share) => share.toFixed(2)),
      freeDelivery: rule.freeDelivery,
      gifts: rule.gifts.map((gift) => ({ skuId: gift.skuId, count: gift.count })),
      summary: `${campaign.name}：${ruleSummary(rule, campaign.condition_type)}`,
    },
  };
}

/** Orders the choices best first (see the file's comment). */
function better(a: Choice, b: Choice): number {
  const byDiscount = b.discount.comparedTo(a.discount);
  if (byDiscount !== 0) return byDiscount;
  if (a.rule.freeDelivery !== b.rule.freeDelivery) return a.rule.freeDelivery ? -1 : 1;
  const byReward = rewardWeight(b.rule) - rewardWeight(a.rule);
  if (byReward !== 0) return byReward;
  return a.campaign.start_time.getTime() - b.campaign.start_time.getTime();
}

export async function runningCampaigns(trx: Transaction<Database>, tenantId: number, now: Date): Promise<CampaignRow[]> {
  const found = await sql<CampaignRow>`select id, name, condition_type, product_scope, product_scope_values, rules, start_time from mkt_gift_activity
    where tenant_id = ${tenantId} and status = ${CAMPAIGN_STATUS.enabled} and start_time <= ${now} and end_time > ${now}
    order by start_time, id`.execute(trx);
  return found.rows;
}

export async function planCampaign(trx: Transaction<Database>, tenantId: number, lines: readonly PromotionLine[], now: Date): Promise<CampaignPart | null> {
  const choices = (await runningCampaigns(trx, tenantId, now)).map((campaign) => evaluateCampaign(campaign, lines)).filter((choice): choice is Choice => choice !== null);
  const best = choices.sort(better)[0];
  const memo = chosen.get(trx) ?? new Map<number, Choice>();
  chosen.set(trx, memo);
  if (best === undefined) {
    memo.delete(tenantId);
    return null;
  }
  memo.set(tenantId, best);
  return best.part;
}

/** The rule a plan used when no choice was remembered: the highest one giving exactly the plan's discount. */
async function ruleOfPlan(trx: Transaction<Database>, tenantId: number, plan: PromotionPlan): Promise<{ campaign: CampaignRow; rule: CampaignRule } | null> {
  const found = await sql<CampaignRow>`select id, name, condition_type, product_scope, product_scope_values, rules, start_time from mkt_gift_activity
    where id = ${plan.campaignId} and tenant_id = ${tenantId}`.execute(trx);
  const campaign = found.rows[0];
  if (campaign === undefined) return null;
  const discount = plan.discountLines.reduce((sum, line) => sum.plus(line), new Decimal(0));
  const rules = storedRules(campaign.rules).sort((a, b) => new Decimal(b.limit).comparedTo(a.limit));
  const rule = rules.find((candidate) => Decimal.min(candidate.discountPrice, discount).equals(discount) && candidate.freeDelivery === plan.freeDelivery) ?? rules[rules.length - 1];
  return rule === undefined ? null : { campaign, rule };
}

/**
 * The order is written: remember which campaign and rule it used (the 办理 view, and what the payment and
 * refund hooks grant and take back). Gifts are recorded as they entered the order (a gift out of stock
 * is left out by the orders plugin).
 */
export async function commitCampaign(trx: Transaction<Database>, members: Pick<MemberService, 'summary'>, order: CommittedOrder, plan: PromotionPlan): Promise<void> {
  if (plan.campaignId === null) return;
  const remembered = chosen.get(trx)?.get(order.tenantId);
  const used = remembered !== undefined && remembered.campaign.id === plan.campaignId ? remembered : await ruleOfPlan(trx, order.tenantId, plan);
  chosen.get(trx)?.delete(order.tenantId);
  if (used === null) return;
  const discount = plan.discountLines.reduce((sum, line) => sum.plus(line), new Decimal(0));
  const member = order.memberId === null ? undefined : await members.summary(trx, order.tenantId, order.memberId);
  const memberName = member === undefined ? '' : [member.name, member.mobile].filter((part) => part !== null && part !== '').join(' ');
  await sql`insert into mkt_gift_activity_order (id, activity_id, order_id, order_no, member_id, member_name, rule_limit, discount_price, free_delivery, point,
      give_coupons, gifts, granted_point, status, create_by, create_time, tenant_id)
    values (${newId()}, ${used.campaign.id}, ${order.orderId}, ${order.orderNo}, ${order.memberId}, ${memberName.slice(0, 100)}, ${used.rule.limit}::numeric,
      ${discount.toFixed(2)}::numeric, ${used.rule.freeDelivery}, ${used.rule.point}, ${JSON.stringify(used.rule.giveCoupons)},
      ${JSON.stringify(order.gifts.map((gift) => ({ skuId: gift.skuId, count: gift.count })))}, 0, ${CAMPAIGN_ORDER_STATUS.pending}, ${order.operator}, now(), ${order.tenantId})`.execute(trx);
}
