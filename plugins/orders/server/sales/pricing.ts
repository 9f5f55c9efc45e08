import Decimal from 'decimal.js';
import { businessError } from '../../../../server/kit';

/**
 * Order pricing (docs/reference/business-domains.md §3 "Amounts"), pure and exact: every amount is a Decimal rounded to
 * the cent, and each order-level amount (coupon, points, member discount, freight, adjustment) is split
 * over the lines in proportion to their goods amounts, the cents left by rounding going to the last line,
 * so Σ line payPrice = order payPrice exactly and a refund of one line knows its exact share.
 */

export const MSG_PAY_BELOW_ZERO = '订单应付金额不能小于 0';
export const MSG_POINTS_TOO_MANY = '使用的积分超过了订单可抵扣的金额';
export const MSG_ADJUST_BELOW_ZERO = '调价后的应付金额必须大于 0';

export interface PriceLine {
  /** Unit price, yuan (exact text or Decimal). */
  price: string | Decimal;
  count: number;
}

export interface PricingInput {
  lines: readonly PriceLine[];
  /** A gift campaign's discount on each line, yuan (the promotions' plan; none without one). */
  discountLines?: readonly (string | Decimal)[];
  /** The coupon's deduction on each line, yuan (0 on the lines it does not match). */
  couponLines?: readonly (string | Decimal)[];
  /** Points the buyer spends. */
  usePoint?: number;
  /** How many points make one yuan (100: a point is a cent). */
  pointsPerYuan?: number;
  /** The member level's discount, percent (100 = none). */
  discountPercent?: number;
  /** Freight, yuan. */
  deliveryPrice?: string | Decimal;
  /** Staff adjustment (negative lowers the price), yuan. */
  adjustPrice?: string | Decimal;
}

export interface PricedAmounts {
  totalPrice: Decimal;
  discountPrice: Decimal;
  couponPrice: Decimal;
  pointPrice: Decimal;
  vipPrice: Decimal;
  deliveryPrice: Decimal;
  adjustPrice: Decimal;
  payPrice: Decimal;
}

export interface PricedOrder extends PricedAmounts {
  usePoint: number;
  lines: PricedAmounts[];
}

const ZERO = new Decimal(0);
const cents = (value: Decimal): Decimal => value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
const toDecimal = (value: string | Decimal | undefined): Decimal => (value === undefined ? ZERO : new Decimal(value));

/**
 * Splits an amount over weights in proportion, each share cut down to the cent; the cents left over go
 * to the last line (and, should that line's weight be smaller than them, to the lines before it), so the
 * shares always add up to the amount. Works for negative amounts by splitting the magnitude.
 */
export function splitProportionally(amount: Decimal, weights: readonly Decimal[]): Decimal[] {
  if (weights.length === 0) return [];
  const sign = amount.isNegative() ? -1 : 1;
  const magnitude = amount.abs();
  const total = weights.reduce((sum, weight) => sum.plus(weight), ZERO);
  const shares = total.isZero()
    ? weights.map((_weight, index) => (index === weights.length - 1 ? magnitude : ZERO))
    : weights.map((weight) => magnitude.times(weight).dividedBy(total).toDecimalPlaces(2, Decimal.ROUND_DOWN));
  let left = magnitude.minus(shares.reduce((sum, share) => sum.plus(share), ZERO));
  for (let index = shares.length - 1; index >= 0 && left.greaterThan(0); index -= 1) {
    const share = shares[index] ?? ZERO;
    // A line takes at most its own weight (a deduction never exceeds a line's amount), the last line the rest.
    const room = total.isZero() || index === 0 ? left : Decimal.max(ZERO, Decimal.min(left, (weights[index] ?? ZERO).minus(share)));
    shares[index] = share.plus(room);
    left = left.minus(room);
  }
  return shares.map((share) => (sign < 0 ? share.negated() : share));
}

const sum = (values: readonly Decimal[]): Decimal => values.reduce((total, value) => total.plus(value), ZERO);

/** A per-line deduction from the promotions: one exact amount per line, never more than the line's goods. */
function perLine(values: readonly (string | Decimal)[] | undefined, goods: readonly Decimal[], what: string): Decimal[] {
  if (values === undefined) return goods.map(() => ZERO);
  if (values.length !== goods.length) throw new Error(`The ${what} lines do not match the order lines`);
  return values.map((value, index) => {
    const amount = new Decimal(value);
    if (!amount.isFinite() || amount.isNegative() || amount.decimalPlaces() > 2) throw new Error(`A ${what} line is not an amount in yuan`);
    if (amount.greaterThan(goods[index] ?? ZERO)) throw businessError(MSG_PAY_BELOW_ZERO);
    return amount;
  });
}

function validateLine(line: PriceLine): { price: Decimal; count: number } {
  const price = new Decimal(line.price);
  if (!price.isFinite() || price.isNegative() || price.decimalPlaces() > 2) throw businessError('商品价格不正确');
  if (!Number.isInteger(line.count) || line.count <= 0) throw businessError('商品数量必须是正整数');
  return { price, count: line.count };
}

/** Prices an order and its lines. Refuses an order whose pay price would go below zero. */
export function priceOrder(input: PricingInput): PricedOrder {
  if (input.lines.length === 0) throw businessError('订单没有商品');
  const lines = input.lines.map(validateLine);
  const goods = lines.map((line) => line.price.times(line.count));
  const totalPrice = goods.reduce((sum, amount) => sum.plus(amount), ZERO);

  // Stacking (docs/reference/business-domains.md §4): the campaign, then the coupon, then the level discount, then points.
  const discounts = perLine(input.discountLines, goods, 'discount');
  const coupons = perLine(input.couponLines, goods, 'coupon');
  const discountPrice = sum(discounts);
  const couponPrice = sum(coupons);
  const afterPromotions = totalPrice.minus(discountPrice).minus(couponPrice);
  const percent = input.discountPercent ?? 100;
  const vipPrice = percent >= 100 ? ZERO : cents(afterPromotions.times(100 - percent).dividedBy(100));

  const usePoint = input.usePoint ?? 0;
  if (!Number.isInteger(usePoint) || usePoint < 0) throw businessError('使用的积分必须是非负整数');
  const pointsPerYuan = input.pointsPerYuan ?? 100;
  const pointPrice = new Decimal(usePoint).dividedBy(pointsPerYuan).toDecimalPlaces(2, Decimal.ROUND_DOWN);
  if (pointPrice.greaterThan(afterPromotions.minus(vipPrice))) throw businessError(MSG_POINTS_TOO_MANY);

  const deliveryPrice = cents(toDecimal(input.deliveryPrice));
  const adjustPrice = cents(toDecimal(input.adjustPrice));
  const payPrice = afterPromotions.minus(pointPrice).minus(vipPrice).plus(deliveryPrice).plus(adjustPrice);
  if (payPrice.isNegative()) throw businessError(MSG_PAY_BELOW_ZERO);

  const points = splitProportionally(pointPrice, goods);
  const vips = splitProportionally(vipPrice, goods);
  const deliveries = splitProportionally(deliveryPrice, goods);
  const beforeAdjust = goods.map((amount, index) =>
    amount
      .minus(discounts[index] ?? ZERO)
      .minus(coupons[index] ?? ZERO)
      .minus(points[index] ?? ZERO)
      .minus(vips[index] ?? ZERO)
      .plus(deliveries[index] ?? ZERO),
  );
  const adjusts = splitProportionally(adjustPrice, beforeAdjust);
  const priced = goods.map((amount, index) => {
    const line: PricedAmounts = {
      totalPrice: amount,
      discountPrice: discounts[index] ?? ZERO,
      couponPrice: coupons[index] ?? ZERO,
      pointPrice: points[index] ?? ZERO,
      vipPrice: vips[index] ?? ZERO,
      deliveryPrice: deliveries[index] ?? ZERO,
      adjustPrice: adjusts[index] ?? ZERO,
      payPrice: (beforeAdjust[index] ?? ZERO).plus(adjusts[index] ?? ZERO),
    };
    if (line.payPrice.isNegative()) throw businessError(MSG_PAY_BELOW_ZERO);
    return line;
  });
  return { totalPrice, discountPrice, couponPrice, pointPrice, vipPrice, deliveryPrice, adjustPrice, payPrice, usePoint, lines: priced };
}

/**
 * A staff adjustment of an unpaid order: the new adjustment split over the lines' current pay prices
 * (without their old adjustment). The result must stay above zero.
 */
export function applyAdjustment(lines: readonly { payPrice: Decimal; adjustPrice: Decimal }[], adjustPrice: Decimal): { adjustPrice: Decimal; payPrice: Decimal; lines: { adjustPrice: Decimal; payPrice: Decimal }[] } {
  const adjust = cents(adjustPrice);
  const bases = lines.map((line) => line.payPrice.minus(line.adjustPrice));
  const shares = splitProportionally(adjust, bases);
  const priced = bases.map((base, index) => ({ adjustPrice: shares[index] ?? ZERO, payPrice: base.plus(shares[index] ?? ZERO) }));
  const payPrice = priced.reduce((sum, line) => sum.plus(line.payPrice), ZERO);
  if (!payPrice.greaterThan(0) || priced.some((line) => line.payPrice.isNegative())) throw businessError(MSG_ADJUST_BELOW_ZERO);
  return { adjustPrice: adjust, payPrice, lines: priced };
}

/** Points and growth an order earns: one per whole yuan paid. */
export function rewardFor(payPrice: Decimal): number {
  return payPrice.floor().toNumber();
}
