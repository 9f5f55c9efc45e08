/**
 * Issue 35: an order paid through WeChat Pay v3 and refunded through it, against the local fake of WeChat Pay
 * (tests/support/fakes/wechat-pay-fake.ts) which checks our signatures and signs and seals its notifications.
 */
import { createVerify } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { call } from '../../../../tests/server/helpers';
import { giveOpenid, notices, useChannelShop, WECHAT_APP_ID } from './channel-shop';
import { createOrder, memberTotals, orderStatus, shopper, skuStock, stockedSku, T1, type Shopper } from './order-helpers';

// Calls to a hanging channel give up after a second here (10 s in production).
const shop = useChannelShop({ CHANNEL_TIMEOUT_MS: '1000' });
const admin = () => ({ token: shop.admin, headers: T1 });
const outTradeNo = (orderNo: string) => `${orderNo}T1`;

interface WechatPayAnswer {
  id: string;
  channel: string;
  paid: boolean;
  appId: string;
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: string;
  paySign: string;
}

async function wechatBuyer(mobile: string): Promise<Shopper> {
  const buyer = await shopper(shop, mobile);
  await giveOpenid(shop, buyer.memberId, `o${mobile}openid`);
  return buyer;
}

async function placeOrder(buyer: Shopper, skuId: string) {
  const created = await createOrder(shop, buyer, [{ skuId, count: 1 }]);
  expect(created.body.success, JSON.stringify(created.body)).toBe(true);
  return created.body.result;
}

async function pay(buyer: Shopper, id: string, channel = 'wechat') {
  return call<WechatPayAnswer>(shop.app, 'POST', '/api/app/order/pay', { body: { id, channel }, headers: buyer.headers });
}

async function payRecords(orderId: string) {
  const found = await sql<{ channel: string; status: string; price: string; channel_trade_no: string | null }>`select channel, status, price::text as price, channel_trade_no
    from sale_pay_record where order_id = ${orderId} order by create_time`.execute(shop.app.db);
  return found.rows;
}

describe('WeChat Pay (JSAPI) through its fake', () => {
  it('pays an order: signed requestPayment parameters, then the verified notification settles it once', async () => {
    const since = new Date();
    const buyer = await wechatBuyer('13900003501');
    const sku = await stockedSku(shop, 20, '35.50', 10);
    const order = await placeOrder(buyer, sku);

    const started = await pay(buyer, order.id);
    expect(started.body.success, JSON.stringify(started.body)).toBe(true);
    const params = started.body.result;
    expect(params).toMatchObject({ id: order.id, channel: 'wechat', paid: false, appId: WECHAT_APP_ID, signType: 'RSA' });
    expect(params.package).toMatch(/^prepay_id=/);
    // The client's paySign is the merchant's signature over appId, timeStamp, nonceStr and package.
    const fakeOrder = shop.wechat.state(outTradeNo(order.no));
    expect(fakeOrder).toMatchObject({ total: 3550, openid: 'o13900003501openid', tradeState: 'NOTPAY', appid: WECHAT_APP_ID });
    expect(fakeOrder?.notifyUrl).toMatch(/\/api\/pay\/notify\/wechat\/order$/);
    const signed = `${params.appId}\n${params.timeStamp}\n${params.nonceStr}\n${params.package}\n`;
    expect(createVerify('RSA-SHA256').update(signed).verify(shop.merchantPublicKeyPem, params.paySign, 'base64')).toBe(true);
    expect(await orderStatus(shop, order.id)).toMatchObject({ status: '0' });
    expect(await payRecords(order.id)).toEqual([{ channel: 'wechat', status: '0', price: '35.50', channel_trade_no: null }]);

    const answer = await shop.wechat.pay(outTradeNo(order.no));
    expect(answer?.status).toBeLessThan(300);
    expect(await orderStatus(shop, order.id)).toMatchObject({ status: '10' });
    const records = await payRecords(order.id);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ channel: 'wechat', status: '10', price: '35.50' });
    expect(records[0]?.channel_trade_no).toBe(shop.wechat.state(outTradeNo(order.no))?.transactionId);
    expect(await skuStock(shop, sku)).toEqual({ stock: 9, lockStock: 0 });
    const points = await memberTotals(shop, buyer.memberId);

    // The same notification again (WeChat retries until answered): accepted, nothing changes a second time.
    const first = shop.wechat.notifications.at(-1);
    if (first === undefined) throw new Error('no notification sent');
    const replay = await shop.wechat.deliver(first);
    expect(replay.status).toBeLessThan(300);
    expect(await payRecords(order.id)).toHaveLength(1);
    expect(await skuStock(shop, sku)).toEqual({ stock: 9, lockStock: 0 });
    expect(await memberTotals(shop, buyer.memberId)).toEqual(points);

    expect(await notices(shop, since)).toEqual([
      expect.objectContaining({ channel: 'wechat', kind: 'payment', order_no: order.no, amount: '35.50', verified: '1', result: 'processed', reason: '订单已支付' }),
      expect.objectContaining({ channel: 'wechat', kind: 'payment', order_no: order.no, amount: '35.50', verified: '1', result: 'duplicate', reason: '该笔支付已处理' }),
    ]);
    const detail = await call<{ status: string; payChannel_dictText: string }>(shop.app, 'GET', `/api/saleorder/saleOrder/queryById?id=${order.id}`, admin());
    expect(detail.body.result).toMatchObject({ status: '10', payChannel_dictText: '微信支付' });
  });

  it('refuses a forged, a tampered and a wrong-amount notification, each with a row saying why, and the order stays unpaid', async () => {
    const since = new Date();
    const buyer = await wechatBuyer('13900003502');
    const order = await placeOrder(buyer, await stockedSku(shop, 21, '12.00', 10));
    expect((await pay(buyer, order.id)).body.success).toBe(true);

    const forged = await shop.wechat.deliver(shop.wechat.forgeNotification(outTradeNo(order.no), { badSignature: true }));
    expect(forged.status).toBeGreaterThanOrEqual(400);
    expect(JSON.parse(forged.body)).toMatchObject({ code: 'FAIL' });
    const tampered = await shop.wechat.deliver(shop.wechat.forgeNotification(outTradeNo(order.no), { tamperCiphertext: true }));
    expect(tampered.status).toBeGreaterThanOrEqual(400);
    const stale = await shop.wechat.deliver(shop.wechat.forgeNotification(outTradeNo(order.no), { timestamp: Math.floor(Date.now() / 1000) - 600 }));
    expect(stale.status).toBeGreaterThanOrEqual(400);
    // Correctly signed by WeChat Pay but for 0.01 yuan: the money must equal the order's pay price to the cent.
    const cheap = await shop.wechat.deliver(shop.wechat.forgeNotification(outTradeNo(order.no), { resource: { amount: { total: 1, payer_total: 1 } } }));
    expect(cheap.status).toBeGreaterThanOrEqual(400);
    const otherMerchant = await shop.wechat.deliver(shop.wechat.forgeNotification(outTradeNo(order.no), { resource: { mchid: '1900000999' } }));
    expect(otherMerchant.status).toBeGreaterThanOrEqual(400);

    expect(await orderStatus(shop, order.id)).toMatchObject({ status: '0' });
    const rows = await notices(shop, since);
    expect(rows.map((row) => [row.verified, row.result, row.reason])).toEqual([
      ['0', 'refused', '签名验证失败'],
      ['0', 'refused', '解密失败'],
      ['0', 'refused', '通知已过期'],
      ['1', 'rejected', '金额不符：渠道 0.01 元，订单应付 12.00 元'],
      ['0', 'refused', '商户号不符'],
    ]);
    expect(shop.server.logs.filter((line) => line.startsWith('Payment notification from wechat')).length).toBeGreaterThanOrEqual(5);
  });

  it('settles an order whose notification never came when the unpaid timeout asks the channel, and closes the unpaid one at the channel too', async () => {
    const buyer = await wechatBuyer('13900003503');
    const paidSilently = await placeOrder(buyer, await stockedSku(shop, 22, '8.00', 10));
    const neverPaid = await placeOrder(buyer, await stockedSku(shop, 23, '9.00', 10));
    expect((await pay(buyer, paidSilently.id)).body.success).toBe(true);
    expect((await pay(buyer, neverPaid.id)).body.success).toBe(true);
    expect(await shop.wechat.pay(outTradeNo(paidSilently.no), { notify: false })).toBeNull();
    // Both past the unpaid time: the job runs once now.
    await sql`update sale_order set create_time = now() - interval '2 hours' where id in (${paidSilently.id}, ${neverPaid.id})`.execute(shop.app.db);
    const job = await sql<{ id: string }>`select id from sys_quartz_job where job_class_name = 'orders.closeUnpaid'`.execute(shop.app.db);
    const run = await call<{ status: string; message: string }>(shop.app, 'GET', `/api/sys/quartzJob/execute?id=${job.rows[0]?.id ?? ''}`, { token: shop.admin });
    expect(run.body.success, JSON.stringify(run.body)).toBe(true);

    expect(await orderStatus(shop, paidSilently.id)).toMatchObject({ status: '10' });
    expect(await orderStatus(shop, neverPaid.id)).toMatchObject({ status: '40', cancelType: '10' });
    expect(shop.wechat.state(outTradeNo(neverPaid.no))?.tradeState).toBe('CLOSED');
    expect(shop.wechat.closed).toContain(outTradeNo(neverPaid.no));
  });

  it('refunds through WeChat: 处理中 until the channel confirms, then the after-sale completes once', async () => {
    const since = new Date();
    const buyer = await wechatBuyer('13900003504');
    const sku = await stockedSku(shop, 24, '20.00', 10);
    const order = await placeOrder(buyer, sku);
    expect((await pay(buyer, order.id)).body.success).toBe(true);
    await shop.wechat.pay(outTradeNo(order.no));
    const item = await sql<{ id: string }>`select id from sale_order_item where order_id = ${order.id}`.execute(shop.app.db);
    const applied = await call<{ id: string }>(shop.app, 'POST', '/api/app/afterSale/create', {
      body: { orderItemId: item.rows[0]?.id, way: '10', refundPrice: 20, applyReason: '不想要了' },
      headers: buyer.headers,
    });
    expect(applied.body.success, JSON.stringify(applied.body)).toBe(true);
    const afterSaleId = applied.body.result.id;
    expect((await call(shop.app, 'POST', '/api/saleorder/afterSale/agree', { ...admin(), body: { id: afterSaleId } })).body.success).toBe(true);

    shop.wechat.refundOutcome('PROCESSING');
    const refunded = await call(shop.app, 'POST', '/api/saleorder/afterSale/refund', { ...admin(), body: { id: afterSaleId } });
    expect(refunded.body).toMatchObject({ success: true, result: false, message: '退款处理中，等待支付渠道确认' });
    const refund = await sql<{ id: string; no: string; status: string }>`select id, no, status from sale_refund_order where order_id = ${order.id}`.execute(shop.app.db);
    expect(refund.rows[0]?.status).toBe('0');
    // Not refunded here before the channel says so; a second 确认退款 meanwhile is refused.
    expect(await orderStatus(shop, order.id)).toMatchObject({ status: '10' });
    expect((await call(shop.app, 'POST', '/api/saleorder/afterSale/refund', { ...admin(), body: { id: afterSaleId } })).body).toMatchObject({ success: false, message: '退款处理中，等待支付渠道确认' });
    const fakeRefund = shop.wechat.refundOf(`${refund.rows[0]?.no ?? ''}T1`);
    expect(fakeRefund).toMatchObject({ refund: 2000, total: 2000, status: 'PROCESSING' });

    const settled = await shop.wechat.settleRefund(`${refund.rows[0]?.no ?? ''}T1`);
    expect(settled?.status).toBeLessThan(300);
    const after = await sql<{ status: string; channel_refund_no: string | null }>`select status, channel_refund_no from sale_refund_order where id = ${refund.rows[0]?.id ?? ''}`.execute(shop.app.db);
    expect(after.rows[0]?.status).toBe('10');
    expect(after.rows[0]?.channel_refund_no).toBe(fakeRefund?.refundId);
    // The only line refunded in full: the order closes (全部售后) and its stock comes back.
    expect(await orderStatus(shop, order.id)).toMatchObject({ status: '40', cancelType: '40' });
    expect(await skuStock(shop, sku)).toEqual({ stock: 10, lockStock: 0 });
    const refundNotice = shop.wechat.notifications.at(-1);
    if (refundNotice === undefined) throw new Error('no refund notification');
    expect((await shop.wechat.deliver(refundNotice)).status).toBeLessThan(300);
    expect(await skuStock(shop, sku)).toEqual({ stock: 10, lockStock: 0 });
    const rows = (await notices(shop, since)).filter((row) => row.kind === 'refund');
    expect(rows.map((row) => [row.result, row.reason, row.amount])).toEqual([
      ['processed', '退款成功', '20.00'],
      ['duplicate', '该笔退款已处理', '20.00'],
    ]);
  });

  it('shows a refund WeChat gives up on as 退款失败 with its reason, and retries one that timed out under the same number', async () => {
    const buyer = await wechatBuyer('13900003505');
    const apply = async (price: string, offset: number) => {
      const order = await placeOrder(buyer, await stockedSku(shop, offset, price, 10));
      expect((await pay(buyer, order.id)).body.success).toBe(true);
      await shop.wechat.pay(outTradeNo(order.no));
      const item = await sql<{ id: string }>`select id from sale_order_item where order_id = ${order.id}`.execute(shop.app.db);
      const applied = await call<{ id: string }>(shop.app, 'POST', '/api/app/afterSale/create', {
        body: { orderItemId: item.rows[0]?.id, way: '10', refundPrice: Number(price), applyReason: '不想要了' },
        headers: buyer.headers,
      });
      await call(shop.app, 'POST', '/api/saleorder/afterSale/agree', { ...admin(), body: { id: applied.body.result.id } });
      return { order, afterSaleId: applied.body.result.id };
    };

    // WeChat could not pay the money back (a closed card): the refund order says why; staff settle it on WeChat's platform.
    const abnormal = await apply('15.00', 25);
    shop.wechat.refundOutcome('ABNORMAL');
    const refused = await call(shop.app, 'POST', '/api/saleorder/afterSale/refund', { ...admin(), body: { id: abnormal.afterSaleId } });
    expect(refused.body).toMatchObject({ success: false });
    expect(refused.body.message).toMatch(/^退款失败：微信支付退款异常/);
    const failed = await sql<{ status: string; fail_reason: string }>`select status, fail_reason from sale_refund_order where order_id = ${abnormal.order.id}`.execute(shop.app.db);
    expect(failed.rows[0]).toMatchObject({ status: '20' });
    shop.wechat.refundOutcome('SUCCESS');

    // The channel did not answer in time (the request never reached WeChat): 退款失败 (nothing moved here), then 重试退款
    // under the same number succeeds. (A request WeChat did get would settle by its notification instead.)
    const timedOut = await apply('16.00', 28);
    shop.wechat.hang(true);
    let first;
    try {
      first = await call(shop.app, 'POST', '/api/saleorder/afterSale/refund', { ...admin(), body: { id: timedOut.afterSaleId } });
    } finally {
      shop.wechat.hang('lose');
    }
    expect(first.body).toMatchObject({ success: false, message: '退款失败：微信支付请求超时' });
    const pending = await sql<{ id: string; no: string; status: string }>`select id, no, status from sale_refund_order where order_id = ${timedOut.order.id}`.execute(shop.app.db);
    expect(pending.rows[0]?.status).toBe('20');
    const retried = await call(shop.app, 'POST', '/api/saleorder/refundOrder/retry', { ...admin(), body: { id: pending.rows[0]?.id } });
    expect(retried.body, JSON.stringify(retried.body)).toMatchObject({ success: true, message: '退款成功' });
    const all = await sql<{ no: string; status: string }>`select no, status from sale_refund_order where order_id = ${timedOut.order.id}`.execute(shop.app.db);
    expect(all.rows).toEqual([{ no: pending.rows[0]?.no, status: '10' }]);
    expect(shop.wechat.refundOf(`${pending.rows[0]?.no ?? ''}T1`)).toMatchObject({ refund: 1600, status: 'SUCCESS' });
    expect(await orderStatus(shop, timedOut.order.id)).toMatchObject({ status: '40', cancelType: '40' });
  });

  it('finds a lost payment by 重新核对 and answers a channel that cannot be reached with a message', async () => {
    const since = new Date();
    const buyer = await wechatBuyer('13900003506');
    const order = await placeOrder(buyer, await stockedSku(shop, 26, '6.60', 10));
    expect((await pay(buyer, order.id)).body.success).toBe(true);
    await shop.wechat.pay(outTradeNo(order.no), { notify: false });
    const recheck = await call(shop.app, 'POST', '/api/saleorder/payNotice/recheck', { ...admin(), body: { id: order.id } });
    expect(recheck.body).toMatchObject({ success: true, message: '订单已支付' });
    expect(await orderStatus(shop, order.id)).toMatchObject({ status: '10' });
    // This order's notices only: the refund retried by the test before may still be telling of itself (its notification).
    expect((await notices(shop, since)).filter((row) => row.order_no === order.no)).toEqual([expect.objectContaining({ kind: 'payment', result: 'processed', reason: '重新核对：订单已支付', amount: '6.60' })]);

    const later = await placeOrder(buyer, await stockedSku(shop, 27, '1.00', 10));
    shop.wechat.hang(true);
    try {
      const unreachable = await pay(buyer, later.id);
      expect(unreachable.body.success).toBe(false);
      expect(unreachable.body.message).toMatch(/微信支付/);
    } finally {
      shop.wechat.hang('lose');
    }
  });

  it('lets staff read 支付通知 by names, and refuses a notify call for a channel not configured', async () => {
    const list = await call<{ records: Array<Record<string, unknown>> }>(shop.app, 'GET', '/api/saleorder/payNotice/list?pageNo=1&pageSize=50', admin());
    expect(list.body.success, JSON.stringify(list.body)).toBe(true);
    const row = list.body.result.records.find((record) => record.result === 'processed');
    expect(row).toMatchObject({ channel_dictText: '微信支付', kind_dictText: '支付', result_dictText: '已处理', verified_dictText: '是' });
    expect((await call(shop.app, 'GET', '/api/saleorder/payNotice/list', { token: shop.clerk, headers: T1 })).status).toBe(403);
  });
});

describe('WeChat shipping info (发货信息录入) of an order paid through WeChat Pay', () => {
  it('records the shipment with WeChat on 发货, shows 录入失败 with WeChat\'s reason, and 重新录入 records it', async () => {
    const buyer = await wechatBuyer('13900003701');
    const paidOrder = async (offset: number) => {
      const order = await placeOrder(buyer, await stockedSku(shop, offset, '19.90', 10));
      expect((await pay(buyer, order.id)).body.success).toBe(true);
      await shop.wechat.pay(outTradeNo(order.no));
      return order;
    };
    const express = await sql<{ id: string }>`select id from sale_express where tenant_id = 1 and code = 'SF'`.execute(shop.app.db);
    const shipping = async (id: string) => {
      const found = await sql<{ wx_shipping_status: string | null; wx_shipping_error: string | null }>`select wx_shipping_status, wx_shipping_error from sale_order where id = ${id}`.execute(shop.app.db);
      return found.rows[0];
    };

    const first = await paidOrder(31);
    expect(await shipping(first.id)).toEqual({ wx_shipping_status: '0', wx_shipping_error: null });
    const delivered = await call(shop.app, 'POST', '/api/saleorder/saleOrder/deliver', { ...admin(), body: { id: first.id, expressId: express.rows[0]?.id, logisticsNo: 'SF1000000001' } });
    expect(delivered.body.success, JSON.stringify(delivered.body)).toBe(true);
    // Recorded in the background right after 发货.
    await expect.poll(async () => (await shipping(first.id))?.wx_shipping_status).toBe('10');
    const transactionId = shop.wechat.state(outTradeNo(first.no))?.transactionId;
    const sent = shop.wechatApi.controls.shipments.find((shipment) => JSON.stringify(shipment.body).includes(String(transactionId)));
    expect(sent?.body).toMatchObject({
      order_key: { order_number_type: 2, transaction_id: transactionId },
      logistics_type: 1,
      delivery_mode: 1,
      payer: { openid: 'o13900003701openid' },
      shipping_list: [expect.objectContaining({ tracking_no: 'SF1000000001', express_company: 'SF', contact: { receiver_contact: '139****3701' } })],
    });

    const second = await paidOrder(32);
    shop.wechatApi.controls.failNextShipping(10060001, '支付单不存在');
    await call(shop.app, 'POST', '/api/saleorder/saleOrder/deliver', { ...admin(), body: { id: second.id, expressId: express.rows[0]?.id, logisticsNo: 'SF1000000002' } });
    await expect.poll(async () => (await shipping(second.id))?.wx_shipping_status).toBe('20');
    expect((await shipping(second.id))?.wx_shipping_error).toContain('10060001');
    const detail = await call<{ wxShippingStatus_dictText: string; wxShippingError: string }>(shop.app, 'GET', `/api/saleorder/saleOrder/queryById?id=${second.id}`, admin());
    expect(detail.body.result.wxShippingStatus_dictText).toBe('录入失败');

    const retried = await call(shop.app, 'POST', '/api/saleorder/saleOrder/wechatShipping', { ...admin(), body: { id: second.id } });
    expect(retried.body).toMatchObject({ success: true, message: '已录入微信发货信息' });
    expect(await shipping(second.id)).toEqual({ wx_shipping_status: '10', wx_shipping_error: null });
  });
});
