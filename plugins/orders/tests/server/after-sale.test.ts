/** After-sales from application to refund: stock, order refund state, points and growth (issue #13). */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { call, useDemoServer } from '../../../../tests/server/helpers';
import type { AfterSaleRecord, OrderRecord } from '../../entities';
import { createOrder, expressId, memberTotals, orderStatus, shopper, skuStock, stockedSku, T1, type Shopper } from './order-helpers';

const demo = useDemoServer();
const admin = () => ({ token: demo.admin, headers: T1 });
const staff = (path: string, body: Record<string, unknown>) => call(demo.app, 'POST', `/api/saleorder/afterSale/${path}`, { ...admin(), body });

async function items(orderId: string): Promise<Array<{ id: string; sku_id: string; pay_price: string; after_sale_status: string }>> {
  const found = await sql<{ id: string; sku_id: string; pay_price: string; after_sale_status: string }>`select id, sku_id, pay_price::text as pay_price, after_sale_status
    from sale_order_item where order_id = ${orderId} order by id`.execute(demo.app.db);
  return found.rows;
}

async function apply(buyer: Shopper, body: Record<string, unknown>) {
  return call<{ id: string; no: string }>(demo.app, 'POST', '/api/app/afterSale/create', { body, headers: buyer.headers });
}

describe('refund only before shipping', () => {
  it('refunds line by line: partial refund blocks shipping, restocks, and the last line closes the order', async () => {
    const buyer = await shopper(demo, '13900000401');
    const skuA = await stockedSku(demo, 10, '30.00', 10);
    const skuB = await stockedSku(demo, 11, '20.00', 10);
    const order = (await createOrder(demo, buyer, [{ skuId: skuA, count: 1 }, { skuId: skuB, count: 1 }])).body.result;
    // Unpaid orders have no after-sale.
    const lines = await items(order.id);
    const lineA = lines.find((line) => line.sku_id === skuA);
    const lineB = lines.find((line) => line.sku_id === skuB);
    if (lineA === undefined || lineB === undefined) throw new Error('two lines expected');
    expect((await apply(buyer, { orderItemId: lineA.id, way: '10', refundPrice: 1, applyReason: '不想要了' })).body).toMatchObject({ success: false, message: '订单当前状态为「待付款」，不能申请售后' });
    await call(demo.app, 'POST', '/api/app/order/pay', { body: { id: order.id }, headers: buyer.headers });
    expect(await memberTotals(demo, buyer.memberId)).toMatchObject({ point: 50, experience: 50 });

    expect((await apply(buyer, { orderItemId: lineA.id, way: '20', refundPrice: 1, applyReason: '不想要了' })).body).toMatchObject({ success: false, message: '订单未发货，只能申请仅退款' });
    expect((await apply(buyer, { orderItemId: lineA.id, way: '10', refundPrice: 30.01, applyReason: '不想要了' })).body).toMatchObject({ success: false, message: `退款金额须大于 0 且不超过商品实付金额 ${lineA.pay_price} 元` });
    const first = await apply(buyer, { orderItemId: lineA.id, way: '10', refundPrice: lineA.pay_price, applyReason: '不想要了' });
    expect(first.body.success, JSON.stringify(first.body)).toBe(true);
    expect((await apply(buyer, { orderItemId: lineA.id, way: '10', refundPrice: 1, applyReason: '再来' })).body).toMatchObject({ success: false, message: '该商品已申请售后' });
    const id = first.body.result.id;
    expect((await staff('refund', { id })).body).toMatchObject({ success: false, message: '售后单当前状态为「申请中」，不能确认退款' });
    expect((await staff('agree', { id })).body.success).toBe(true);
    expect((await staff('refund', { id })).body.success).toBe(true);

    expect(await skuStock(demo, skuA)).toEqual({ stock: 10, lockStock: 0 });
    const detail = await call<OrderRecord>(demo.app, 'GET', `/api/saleorder/saleOrder/queryById?id=${order.id}`, admin());
    expect(detail.body.result).toMatchObject({ status: '10', refundStatus: '10', refundPrice: 30 });
    expect((await call(demo.app, 'POST', '/api/saleorder/saleOrder/deliver', { ...admin(), body: { id: order.id, expressId: await expressId(demo), logisticsNo: 'SF1' } })).body).toMatchObject({
      success: false,
      message: '订单已有退款，不能发货',
    });
    // 30 of 50 yuan back: 30 of the 50 points and growth go back.
    expect(await memberTotals(demo, buyer.memberId)).toMatchObject({ point: 20, experience: 20 });
    const refunds = await sql<{ refund_price: string; status: string }>`select refund_price::text, status from sale_refund_order where order_id = ${order.id}`.execute(demo.app.db);
    expect(refunds.rows).toEqual([{ refund_price: '30.00', status: '10' }]);
    const afterSale = await call<AfterSaleRecord>(demo.app, 'GET', `/api/saleorder/afterSale/queryById?id=${id}`, admin());
    expect(afterSale.body.result).toMatchObject({ status: '50', status_dictText: '完成', actions: [] });
    expect(afterSale.body.result.logs?.map((log) => log.action)).toEqual(['create', 'agreeRefund', 'refund']);

    const second = (await apply(buyer, { orderItemId: lineB.id, way: '10', refundPrice: lineB.pay_price, applyReason: '不想要了' })).body.result;
    await staff('agree', { id: second.id });
    expect((await staff('refund', { id: second.id })).body.success).toBe(true);
    expect(await orderStatus(demo, order.id)).toMatchObject({ status: '40', cancelType: '40' });
    expect(await skuStock(demo, skuB)).toEqual({ stock: 10, lockStock: 0 });
    expect((await items(order.id)).map((line) => line.after_sale_status)).toEqual(['20', '20']);
  });
});

describe('return and refund after shipping', () => {
  it('walks agree → buyer returns → receive → refund, and frees the line when refused', async () => {
    const buyer = await shopper(demo, '13900000402');
    const sku = await stockedSku(demo, 12, '15.00', 10);
    const order = (await createOrder(demo, buyer, [{ skuId: sku, count: 2 }])).body.result;
    await call(demo.app, 'POST', '/api/app/order/pay', { body: { id: order.id }, headers: buyer.headers });
    const express = await expressId(demo);
    await call(demo.app, 'POST', '/api/saleorder/saleOrder/deliver', { ...admin(), body: { id: order.id, expressId: express, logisticsNo: 'SF2' } });
    expect(await skuStock(demo, sku)).toEqual({ stock: 8, lockStock: 0 });
    const [line] = await items(order.id);
    if (line === undefined) throw new Error('one line expected');

    const refused = (await apply(buyer, { orderItemId: line.id, way: '20', refundPrice: 10, applyReason: '质量问题' })).body.result;
    expect((await staff('disagree', { id: refused.id, reason: '已过退货期' })).body.success).toBe(true);
    expect((await staff('agree', { id: refused.id })).body).toMatchObject({ success: false, message: '售后单当前状态为「卖家拒绝」，不能同意售后' });

    const cancelled = (await apply(buyer, { orderItemId: line.id, way: '20', refundPrice: 5, applyReason: '买错了' })).body.result;
    expect((await call(demo.app, 'POST', '/api/app/afterSale/cancel', { body: { id: cancelled.id }, headers: buyer.headers })).body.success).toBe(true);
    expect((await call(demo.app, 'POST', '/api/app/afterSale/cancel', { body: { id: cancelled.id }, headers: buyer.headers })).body).toMatchObject({
      success: false,
      message: '售后单当前状态为「买家取消」，不能取消售后',
    });

    const accepted = (await apply(buyer, { orderItemId: line.id, way: '20', refundPrice: '30.00', applyReason: '质量问题' })).body.result;
    expect(accepted).toBeDefined();
    expect((await staff('receive', { id: accepted.id })).body).toMatchObject({ success: false, message: '售后单当前状态为「申请中」，不能确认收货' });
    expect((await staff('agree', { id: accepted.id })).body.success).toBe(true);
    const returned = await call(demo.app, 'POST', '/api/app/afterSale/delivery', { body: { id: accepted.id, expressId: express, logisticsNo: 'SF-BACK' }, headers: buyer.headers });
    expect(returned.body.success, JSON.stringify(returned.body)).toBe(true);
    expect((await staff('receive', { id: accepted.id })).body.success).toBe(true);
    expect((await staff('refund', { id: accepted.id })).body.success).toBe(true);

    expect(await skuStock(demo, sku)).toEqual({ stock: 10, lockStock: 0 });
    const back = await sql<{ n: number }>`select count(*)::int as n from goods_stock_record where biz_id = ${accepted.id} and biz_type = '60'`.execute(demo.app.db);
    expect(back.rows[0]?.n).toBe(1);
    expect(await orderStatus(demo, order.id)).toMatchObject({ status: '40', cancelType: '40' });
    expect(await memberTotals(demo, buyer.memberId)).toMatchObject({ point: 0, experience: 0 });
    const mine = await call<AfterSaleRecord>(demo.app, 'GET', `/api/app/afterSale/get?id=${accepted.id}`, { headers: buyer.headers });
    expect(mine.body.result).toMatchObject({ status: '50', way: '20' });
    const list = await call<{ records: AfterSaleRecord[] }>(demo.app, 'GET', `/api/saleorder/afterSale/list?orderNo=${order.no}`, admin());
    expect(list.body.result.records).toHaveLength(3);
  });
});

describe('a refund the channel refuses', () => {
  it('keeps 退款失败 with the reason and a log row, refuses a second refund order, and 重试退款 settles it under the same number', async () => {
    const buyer = await shopper(demo, '13900000403');
    const sku = await stockedSku(demo, 13, '25.00', 10);
    const order = (await createOrder(demo, buyer, [{ skuId: sku, count: 1 }])).body.result;
    await call(demo.app, 'POST', '/api/app/order/pay', { body: { id: order.id }, headers: buyer.headers });
    const [line] = await items(order.id);
    if (line === undefined) throw new Error('a line expected');
    const applied = (await apply(buyer, { orderItemId: line.id, way: '10', refundPrice: line.pay_price, applyReason: '不想要了' })).body.result;
    await staff('agree', { id: applied.id });

    process.env.PAY_DEMO_REFUND_FAIL = '商户余额不足';
    try {
      expect((await staff('refund', { id: applied.id })).body).toMatchObject({ success: false, message: '退款失败：商户余额不足' });
      expect((await staff('refund', { id: applied.id })).body).toMatchObject({ success: false, message: '退款失败：商户余额不足' });
    } finally {
      delete process.env.PAY_DEMO_REFUND_FAIL;
    }
    const failed = await sql<{ id: string; no: string; status: string; fail_reason: string }>`select id, no, status, fail_reason from sale_refund_order where order_id = ${order.id}`.execute(demo.app.db);
    // Both attempts are one refund order: the same number, still 退款失败.
    expect(failed.rows).toEqual([expect.objectContaining({ status: '20', fail_reason: '商户余额不足' })]);
    const waiting = await call<AfterSaleRecord>(demo.app, 'GET', `/api/saleorder/afterSale/queryById?id=${applied.id}`, admin());
    expect(waiting.body.result).toMatchObject({ status: '40' });
    expect(waiting.body.result.logs?.map((log) => [log.action, log.content])).toEqual([
      ['create', expect.any(String)],
      ['agreeRefund', '同意售后'],
      ['refundFailed', '退款失败：商户余额不足'],
      ['refundFailed', '退款失败：商户余额不足'],
    ]);
    expect(await orderStatus(demo, order.id)).toMatchObject({ status: '10' });

    const [refund] = failed.rows;
    if (refund === undefined) throw new Error('a refund order expected');
    const retried = await call(demo.app, 'POST', '/api/saleorder/refundOrder/retry', { ...admin(), body: { id: refund.id } });
    expect(retried.body).toMatchObject({ success: true, message: '退款成功' });
    const settled = await sql<{ no: string; status: string; fail_reason: string | null }>`select no, status, fail_reason from sale_refund_order where order_id = ${order.id}`.execute(demo.app.db);
    expect(settled.rows).toEqual([{ no: refund.no, status: '10', fail_reason: null }]);
    expect(await orderStatus(demo, order.id)).toMatchObject({ status: '40', cancelType: '40' });
    expect(await skuStock(demo, sku)).toEqual({ stock: 10, lockStock: 0 });
    expect((await call(demo.app, 'POST', '/api/saleorder/refundOrder/retry', { ...admin(), body: { id: refund.id } })).body).toMatchObject({ success: false, message: '只有退款失败的退款单可以重试' });
  });
});
