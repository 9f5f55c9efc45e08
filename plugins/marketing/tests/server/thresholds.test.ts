/**
 * A threshold is met at exactly its amount: 满 50 减 5 applies to a cart of 50.00 (not 49.99), a campaign's
 * 满 100 减 10 to 100.00, and a coupon's threshold after a campaign is measured on what the campaign left.
 */
import { describe, expect, it } from 'vitest';
import { call, useDemoServer } from '../../../../tests/server/helpers';
import { wireTime } from './campaign-helpers';
import { createOrder, orderAmounts, shopper, stockedSku, T1, taken, template } from './coupon-helpers';

const demo = useDemoServer();

async function campaign(spuId: string, limit: number, discountPrice: number): Promise<void> {
  const added = await call(demo.app, 'POST', '/api/marketing/giftActivity/add', {
    token: demo.admin,
    headers: T1,
    body: { name: `门槛活动-${Date.now()}`, conditionType: '10', productScope: '2', productScopeValues: spuId, startTime: wireTime(-3600), endTime: wireTime(3600), rules: [{ limit, discountPrice }] },
  });
  expect(added.body.success, JSON.stringify(added.body)).toBe(true);
}

describe('thresholds', () => {
  it('applies a coupon’s 满 50 减 5 to exactly 50.00, and refuses it at 49.99', async () => {
    const buyer = await shopper(demo, '13900008001');
    const fifty = await stockedSku(demo, 60, '25.00', 10);
    const almost = await stockedSku(demo, 61, '49.99', 10);
    const templateId = await template(demo, { name: '满50减5', usePrice: 50, discountPrice: 5 });
    const first = await taken(demo, buyer, templateId);
    const second = await taken(demo, buyer, templateId);
    expect((await createOrder(demo, buyer, [{ skuId: almost.skuId, count: 1 }], { couponId: first })).body).toMatchObject({ success: false, message: '未满足门槛' });
    const order = await createOrder(demo, buyer, [{ skuId: fifty.skuId, count: 2 }], { couponId: second });
    expect(order.body.success, JSON.stringify(order.body)).toBe(true);
    expect(await orderAmounts(demo, order.body.result.id)).toMatchObject({ totalPrice: '50.00', couponPrice: '5.00', payPrice: '45.00' });
  });

  it('applies a campaign’s 满 100 减 10 to exactly 100.00, then a coupon whose 满 90 is exactly what is left', async () => {
    const buyer = await shopper(demo, '13900008002');
    const sku = await stockedSku(demo, 62, '20.00', 20);
    await campaign(sku.spuId, 100, 10);
    const alone = await createOrder(demo, buyer, [{ skuId: sku.skuId, count: 5 }]);
    expect(alone.body.success, JSON.stringify(alone.body)).toBe(true);
    expect(await orderAmounts(demo, alone.body.result.id)).toMatchObject({ totalPrice: '100.00', discountPrice: '10.00', payPrice: '90.00' });

    const coupon = await taken(demo, buyer, await template(demo, { name: '满90减5', usePrice: 90, discountPrice: 5 }));
    const both = await createOrder(demo, buyer, [{ skuId: sku.skuId, count: 5 }], { couponId: coupon });
    expect(both.body.success, JSON.stringify(both.body)).toBe(true);
    expect(await orderAmounts(demo, both.body.result.id)).toMatchObject({ totalPrice: '100.00', discountPrice: '10.00', couponPrice: '5.00', payPrice: '85.00' });

    // A cart of 95.00 misses the campaign (so the coupon still sees 95.00 ≥ 90).
    const cheaper = await stockedSku(demo, 63, '19.00', 20);
    await campaign(cheaper.spuId, 100, 10);
    const short = await createOrder(demo, buyer, [{ skuId: cheaper.skuId, count: 5 }]);
    expect(await orderAmounts(demo, short.body.result.id)).toMatchObject({ totalPrice: '95.00', discountPrice: '0.00', payPrice: '95.00' });
  });
});
