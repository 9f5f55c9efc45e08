/**
 * The money rules of orders that no other test pins, each with amounts worked out by hand: a refund-only
 * after-sale after shipping restocks nothing, the points an order spent come back whole on its refund, clawing
 * back reward points stops at what the member has, the member level's discount, the unpaid timeout gives back
 * the coupon and the points, and 拒绝收货 refunds nothing and restocks nothing.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { call, useDemoServer } from '../../../../tests/server/helpers';
import type { OrderRecord } from '../../entities';
import { closeUnpaidOrders } from '../../server/jobs';
import { createOrder, expressId, memberTotals, orderStatus, shopper, skuStock, stockedSku, T1, type Shopper } from './order-helpers';

const demo = useDemoServer();
const admin = (body?: unknown) => ({ token: demo.admin, headers: T1, ...(body === undefined ? {} : { body }) });
const staff = (path: string, body: Record<string, unknown>) => call(demo.app, 'POST', `/api/saleorder/${path}`, admin(body));

async function lines(orderId: string): Promise<Array<{ id: string; sku_id: string; pay_price: string }>> {
  const found = await sql<{ id: string; sku_id: string; pay_price: string }>`select id, sku_id, pay_price::text as pay_price from sale_order_item where order_id = ${orderId}`.execute(demo.app.db);
  return found.rows.sort((a, b) => Number(a.pay_price) - Number(b.pay_price));
}

async function pay(buyer: Shopper, orderId: string): Promise<void> {
  const paid = await call(demo.app, 'POST', '/api/app/order/pay', { body: { id: orderId }, headers: buyer.headers });
  expect(paid.body.success, JSON.stringify(paid.body)).toBe(true);
}

async function ship(orderId: string): Promise<void> {
  const shipped = await staff('saleOrder/deliver', { id: orderId, expressId: await expressId(demo), logisticsNo: `MR${Date.now()}` });
  expect(shipped.body.success, JSON.stringify(shipped.body)).toBe(true);
}

/** Applies for an after-sale of a line and has staff agree to it. */
async function agreed(buyer: Shopper, body: Record<string, unknown>): Promise<string> {
  const applied = await call<{ id: string }>(demo.app, 'POST', '/api/app/afterSale/create', { body: { applyReason: '测试', ...body }, headers: buyer.headers });
  expect(applied.body.success, JSON.stringify(applied.body)).toBe(true);
  expect((await staff('afterSale/agree', { id: applied.body.result.id })).body.success).toBe(true);
  return applied.body.result.id;
}

async function refundLine(buyer: Shopper, line: { id: string; pay_price: string }): Promise<void> {
  const id = await agreed(buyer, { orderItemId: line.id, way: '10', refundPrice: line.pay_price });
  const refunded = await staff('afterSale/refund', { id });
  expect(refunded.body.success, JSON.stringify(refunded.body)).toBe(true);
}

const givePoints = (memberId: string, point: number) => call(demo.app, 'POST', '/api/cust/custMember/adjustPoints', admin({ memberId, point, reason: '测试' }));

const stockRecordsOf = async (bizId: string) => (await sql<{ n: number }>`select count(*)::int as n from goods_stock_record where biz_id = ${bizId}`.execute(demo.app.db)).rows[0]?.n;

describe('money rules of orders', () => {
  it('restocks nothing for a refund-only after-sale after shipping: the goods stayed with the buyer', async () => {
    const buyer = await shopper(demo, '13900007001');
    const sku = await stockedSku(demo, 40, '15.00', 10);
    const order = (await createOrder(demo, buyer, [{ skuId: sku, count: 2 }])).body.result;
    await pay(buyer, order.id);
    await ship(order.id);
    expect(await skuStock(demo, sku)).toEqual({ stock: 8, lockStock: 0 });
    const [line] = await lines(order.id);
    if (line === undefined) throw new Error('one line expected');
    const id = await agreed(buyer, { orderItemId: line.id, way: '10', refundPrice: '30.00' });
    expect((await staff('afterSale/refund', { id })).body.success).toBe(true);
    expect(await skuStock(demo, sku)).toEqual({ stock: 8, lockStock: 0 });
    expect(await stockRecordsOf(id)).toBe(0);
    expect(await orderStatus(demo, order.id)).toMatchObject({ status: '40', cancelType: '40' });
  });

  it('gives back every point an order spent when all of it is refunded line by line', async () => {
    const buyer = await shopper(demo, '13900007002');
    const a = await stockedSku(demo, 41, '10.00', 10);
    const b = await stockedSku(demo, 42, '20.00', 10);
    await givePoints(buyer.memberId, 100);
    // 100 points are 1.00 yuan (ORDER_POINTS_PER_YUAN 100), split 0.33 / 0.67 over the 10.00 and 20.00 lines: 9.67 + 19.33 = 29.00.
    const order = (await createOrder(demo, buyer, [{ skuId: a, count: 1 }, { skuId: b, count: 1 }], { point: 100 })).body.result;
    expect(order.payPrice).toBe(29);
    await pay(buyer, order.id);
    // Spent 100, earned 29 (one per whole yuan).
    expect(await memberTotals(demo, buyer.memberId)).toEqual({ point: 29, experience: 29 });
    const [small, large] = await lines(order.id);
    if (small === undefined || large === undefined) throw new Error('two lines expected');
    expect([small.pay_price, large.pay_price]).toEqual(['9.67', '19.33']);
    await refundLine(buyer, small);
    // 9.67 / 29.00 of the order: 33 of the 100 spent come back, 9 of the 29 earned go.
    expect(await memberTotals(demo, buyer.memberId)).toEqual({ point: 29 + 33 - 9, experience: 20 });
    await refundLine(buyer, large);
    // The rest: 67 spent points and the 20 earned points and growth left — each line's floor would leave one behind.
    expect(await memberTotals(demo, buyer.memberId)).toEqual({ point: 100, experience: 0 });
  });

  it('claws back reward points only down to what the member still has, and all the growth', async () => {
    const buyer = await shopper(demo, '13900007003');
    const sku = await stockedSku(demo, 43, '80.00', 10);
    const order = (await createOrder(demo, buyer, [{ skuId: sku, count: 1 }])).body.result;
    await pay(buyer, order.id);
    expect(await memberTotals(demo, buyer.memberId)).toEqual({ point: 80, experience: 80 });
    // The member spends 75 of the 80 points elsewhere.
    await givePoints(buyer.memberId, -75);
    const [line] = await lines(order.id);
    if (line === undefined) throw new Error('one line expected');
    await refundLine(buyer, line);
    expect(await memberTotals(demo, buyer.memberId)).toEqual({ point: 0, experience: 0 });
    const clawed = await sql<{ point: number; total_point: number }>`select point, total_point from cust_points_log where member_id = ${buyer.memberId} order by create_time desc, id desc limit 1`.execute(demo.app.db);
    expect(clawed.rows[0]).toEqual({ point: -5, total_point: 0 });
  });

  it('takes the member level’s discount off a real order', async () => {
    const buyer = await shopper(demo, '13900007004');
    const level = await sql<{ id: string; discount_percent: number }>`select id, discount_percent from cust_level where status = '1' and discount_percent < 100 order by discount_percent desc limit 1`.execute(demo.app.db);
    const discounted = level.rows[0];
    if (discounted === undefined) throw new Error('a seeded level with a discount expected');
    const set = await call(demo.app, 'POST', '/api/cust/custMember/updateLevel', admin({ memberId: buyer.memberId, levelId: discounted.id, reason: '测试' }));
    expect(set.body.success, JSON.stringify(set.body)).toBe(true);
    const sku = await stockedSku(demo, 44, '33.33', 10);
    const order = (await createOrder(demo, buyer, [{ skuId: sku, count: 3 }])).body.result;
    // 99.99 × the level's percent, to the cent, half up.
    const expected = Math.round(9999 * discounted.discount_percent) / 10000;
    expect(order.payPrice).toBeCloseTo(Number(expected.toFixed(2)), 2);
    const detail = await call<OrderRecord>(demo.app, 'GET', `/api/saleorder/saleOrder/queryById?id=${order.id}`, admin());
    expect(detail.body.result).toMatchObject({ totalPrice: 99.99, payPrice: order.payPrice });
    expect(detail.body.result.vipPrice).toBeCloseTo(99.99 - order.payPrice, 2);
  });

  it('gives back the coupon and the points of an unpaid order the timeout closes', async () => {
    const buyer = await shopper(demo, '13900007005');
    const sku = await stockedSku(demo, 45, '50.00', 10);
    await givePoints(buyer.memberId, 300);
    const template = await call<{ id: string }>(demo.app, 'POST', '/api/marketing/coupon/add', admin({
      name: `超时券${Date.now() % 100000}`, status: '1', discountType: '1', usePrice: 0, discountPrice: 5, totalCount: 10, takeLimitCount: 1, takeType: '1', validityType: '2', fixedStartTerm: 0, fixedEndTerm: 30, productScope: '1',
    }));
    expect(template.body.success, JSON.stringify(template.body)).toBe(true);
    const coupon = await call<{ id: string }>(demo.app, 'POST', '/api/app/coupon/take', { body: { templateId: template.body.result.id }, headers: buyer.headers });
    expect(coupon.body.success, JSON.stringify(coupon.body)).toBe(true);
    const order = (await createOrder(demo, buyer, [{ skuId: sku, count: 1 }], { couponId: coupon.body.result.id, point: 300 })).body.result;
    // 50.00 − 5.00 coupon − 3.00 of points.
    expect(order.payPrice).toBe(42);
    expect((await memberTotals(demo, buyer.memberId)).point).toBe(0);
    const couponStatus = async () => (await sql<{ status: string; use_order_id: string | null }>`select status, use_order_id from cust_coupon where id = ${coupon.body.result.id}`.execute(demo.app.db)).rows[0];
    expect(await couponStatus()).toEqual({ status: '2', use_order_id: order.id });

    await sql`update sale_order set create_time = now() - interval '31 minutes' where id = ${order.id}`.execute(demo.app.db);
    await closeUnpaidOrders.run({ db: demo.app.db, parameter: null, fireTime: null, services: demo.app.services });
    expect(await orderStatus(demo, order.id)).toMatchObject({ status: '40', cancelType: '10' });
    expect(await couponStatus()).toEqual({ status: '1', use_order_id: null });
    expect((await memberTotals(demo, buyer.memberId)).point).toBe(300);
    expect(await skuStock(demo, sku)).toEqual({ stock: 10, lockStock: 0 });
  });

  it('拒绝收货: refunds nothing, restocks nothing, and frees the line for a new application', async () => {
    const buyer = await shopper(demo, '13900007006');
    const sku = await stockedSku(demo, 46, '40.00', 10);
    const order = (await createOrder(demo, buyer, [{ skuId: sku, count: 1 }])).body.result;
    await pay(buyer, order.id);
    await ship(order.id);
    const [line] = await lines(order.id);
    if (line === undefined) throw new Error('one line expected');
    const id = await agreed(buyer, { orderItemId: line.id, way: '20', refundPrice: '40.00' });
    const back = await call(demo.app, 'POST', '/api/app/afterSale/delivery', { body: { id, expressId: await expressId(demo), logisticsNo: 'BACK1' }, headers: buyer.headers });
    expect(back.body.success, JSON.stringify(back.body)).toBe(true);
    expect((await staff('afterSale/refuseReceive', { id, reason: '退回的商品已损坏' })).body.success).toBe(true);
    const afterSale = await sql<{ status: string; receive_reason: string }>`select status, receive_reason from sale_after_sale where id = ${id}`.execute(demo.app.db);
    expect(afterSale.rows[0]).toEqual({ status: '63', receive_reason: '退回的商品已损坏' });
    expect((await staff('afterSale/refund', { id })).body).toMatchObject({ success: false, message: '售后单当前状态为「卖家拒绝收货」，不能确认退款' });
    expect(await skuStock(demo, sku)).toEqual({ stock: 9, lockStock: 0 });
    expect(await stockRecordsOf(id)).toBe(0);
    const refunds = await sql<{ n: number }>`select count(*)::int as n from sale_refund_order where order_id = ${order.id}`.execute(demo.app.db);
    expect(refunds.rows[0]?.n).toBe(0);
    expect(await orderStatus(demo, order.id)).toMatchObject({ status: '20' });
    expect(await memberTotals(demo, buyer.memberId)).toEqual({ point: 40, experience: 40 });
    // The line is free again: the buyer may apply once more.
    const again = await call(demo.app, 'POST', '/api/app/afterSale/create', { body: { orderItemId: line.id, way: '20', refundPrice: '40.00', applyReason: '再次申请' }, headers: buyer.headers });
    expect(again.body.success, JSON.stringify(again.body)).toBe(true);
  });
});
