import Decimal from 'decimal.js';
import type { Transaction } from 'kysely';
import { businessError, type AppContext, type Database } from '../../../server/kit';
import type { MemberCoupon } from '../../../server/contracts/member-coupons';
import type { CouponChoice, PromotionPlan, PromotionProvider, PromotionQuery } from '../../../server/contracts/order-hooks';
import { commitCampaign, planCampaign } from './campaigns/pricing';
import { couponOutcome, REASON, type CouponCartLine } from './coupons/rules';

/**
 * Marketing's promotion provider (server/contracts/order-hooks.ts), in the stacking order of
 * docs/reference/business-domains.md §4: the gift campaign first (campaigns/pricing.ts), then one coupon of the member,
 * unused and valid now, whose threshold is checked on the matching lines after the campaign's discount.
 * A chosen coupon the cart cannot use refuses the order with the reason.
 */

type Services = Pick<AppContext, 'services'>;

const ZERO = new Decimal(0);

/** The lines' amounts after the campaign's discount. */
/** The cart's lines as a coupon sees them: after the campaign's discount on each. */
function cartLines(query: PromotionQuery, discountLines: readonly string[]): CouponCartLine[] {
  return query.lines.map((line, index) => ({
    spuId: line.spuId,
    categoryId: line.categoryId,
    amount: Decimal.max(ZERO, new Decimal(line.price).times(line.count).minus(discountLines[index] ?? '0')),
  }));
}

function couponSummary(coupon: MemberCoupon, total: Decimal): string {
  return `优惠券「${coupon.name}」减 ${total.toFixed(2)}`;
}

export function createPromotionProvider(ctx: Services, clock: () => Date = () => new Date()): PromotionProvider {
  const coupons = () => ctx.services.get('memberCoupons');
  return {
    async plan(trx: Transaction<Database>, query: PromotionQuery): Promise<PromotionPlan> {
      const now = clock();
      const campaign = await planCampaign(trx, query.tenantId, query.lines, now);
      const zeros = query.lines.map(() => '0.00');
      const plan: PromotionPlan = {
        campaignId: campaign?.campaignId ?? null,
        discountLines: campaign?.discountLines ?? zeros,
        couponLines: zeros,
        couponId: null,
        freeDelivery: campaign?.freeDelivery ?? false,
        gifts: campaign?.gifts ?? [],
        summary: campaign?.summary ?? '',
      };
      if (query.couponId === null) return plan;
      const coupon = await coupons().lockOfMember(trx, query.tenantId, query.memberId, query.couponId);
      if (coupon === undefined) throw businessError(REASON.notFound);
      const outcome = couponOutcome(coupon, cartLines(query, plan.discountLines), now);
      if (!outcome.usable) throw businessError(outcome.reason);
      return {
        ...plan,
        couponId: coupon.id,
        couponLines: outcome.shares.map((share) => share.toFixed(2)),
        summary: [plan.summary, couponSummary(coupon, outcome.total)].filter((part) => part !== '').join('；'),
      };
    },

    async coupons(trx: Transaction<Database>, query: PromotionQuery, plan: PromotionPlan): Promise<CouponChoice[]> {
      const now = clock();
      const lines = cartLines(query, plan.discountLines);
      const unused = await coupons().listUnused(trx, query.tenantId, query.memberId);
      const choices = unused.map((coupon): CouponChoice => {
        const outcome = couponOutcome(coupon, lines, now);
        return outcome.usable
          ? { id: coupon.id, name: coupon.name, couponPrice: outcome.total.toFixed(2), usable: true, reason: null }
          : { id: coupon.id, name: coupon.name, couponPrice: '0.00', usable: false, reason: outcome.reason };
      });
      // The usable ones first, the largest deduction first.
      return choices.sort((a, b) => Number(b.usable) - Number(a.usable) || new Decimal(b.couponPrice).comparedTo(a.couponPrice));
    },

    async commit(trx, order, plan): Promise<void> {
      if (plan.couponId !== null) await coupons().markUsed(trx, order.tenantId, plan.couponId, order.orderId, order.operator);
      await commitCampaign(trx, ctx.services.get('members'), order, plan);
    },
  };
}
