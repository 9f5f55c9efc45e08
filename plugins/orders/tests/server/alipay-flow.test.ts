/**
 * Issue 35: an order paid through Alipay (mobile web payment) and refunded through it, against the local fake of the
 * Alipay gateway (tests/support/fakes/alipay-fake.ts), which checks our RSA2 signatures and signs its notifications.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { call } from '../../../../tests/server/helpers';
import { ALIPAY_APP_ID, notices, useChannelShop } from './channel-shop';
import { createOrder, orderStatus, shopper, skuStock, stockedSku, T1 } from './order-helpers';

const shop = useChannelShop({ CHANNEL_TIMEOUT_MS: '1000' });
const admin = () => ({ token: shop.admin, headers: T1 });

describe('Alipay through its fake', () => {
  it('pays by the signed pay URL, settles on the verified notification once, refuses a forged one, and refunds through Alipay', async () => {
    const since = new Date();
    const buyer = await shopper(shop, '13900003601');
    const sku = await stockedSku(shop, 30, '42.10', 10);
    const created = await createOrder(shop, buyer, [{ skuId: sku, count: 1 }]);
    const order = created.body.result;
    const started = await call<{ channel: string; paid: boolean; payUrl: string }>(shop.app, 'POST', '/api/app/order/pay', { body: { id: order.id, channel: 'alipay' }, headers: buyer.headers });
    expect(started.body.success, JSON.stringify(started.body)).toBe(true);
    expect(started.body.result).toMatchObject({ channel: 'alipay', paid: false });
    const payUrl = new URL(started.body.result.payUrl);
    expect(payUrl.searchParams.get('app_id')).toBe(ALIPAY_APP_ID);
    expect(payUrl.searchParams.get('method')).toBe('alipay.trade.wap.pay');
    // The buyer opens the cashier: the gateway checks our signature and records the trade.
    const cashier = await fetch(payUrl);
    expect(cashier.status).toBe(200);
    expect(shop.alipay.state(`${order.no}T1`)).toMatchObject({ totalAmount: '42.10' });

    const forged = await fetch(`${new URL(shop.wsBase.replace('ws://', 'http://')).origin}/api/pay/notify/alipay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: shop.alipay.forgedNotification(`${order.no}T1`),
    });
    expect(await forged.text()).toBe('fail');
    expect(await orderStatus(shop, order.id)).toMatchObject({ status: '0' });

    expect(await shop.alipay.pay(`${order.no}T1`)).toBe('success');
    expect(await orderStatus(shop, order.id)).toMatchObject({ status: '10' });
    expect(await skuStock(shop, sku)).toEqual({ stock: 9, lockStock: 0 });
    const replayed = shop.alipay.notifications.at(-1);
    if (replayed === undefined) throw new Error('no notification');
    const again = await fetch(replayed.url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: replayed.body });
    expect(await again.text()).toBe('success');
    expect(await skuStock(shop, sku)).toEqual({ stock: 9, lockStock: 0 });

    const item = await sql<{ id: string }>`select id from sale_order_item where order_id = ${order.id}`.execute(shop.app.db);
    const applied = await call<{ id: string }>(shop.app, 'POST', '/api/app/afterSale/create', {
      body: { orderItemId: item.rows[0]?.id, way: '10', refundPrice: 42.1, applyReason: '不想要了' },
      headers: buyer.headers,
    });
    await call(shop.app, 'POST', '/api/saleorder/afterSale/agree', { ...admin(), body: { id: applied.body.result.id } });
    // Alipay refunds at once: 退款成功 now; its notification afterwards changes nothing.
    const refunded = await call(shop.app, 'POST', '/api/saleorder/afterSale/refund', { ...admin(), body: { id: applied.body.result.id } });
    expect(refunded.body, JSON.stringify(refunded.body)).toMatchObject({ success: true, message: '退款成功' });
    expect(await orderStatus(shop, order.id)).toMatchObject({ status: '40', cancelType: '40' });
    await expect.poll(async () => (await notices(shop, since)).filter((row) => row.kind === 'refund').map((row) => row.result)).toEqual(['duplicate']);

    expect((await notices(shop, since)).filter((row) => row.kind === 'payment').map((row) => [row.verified, row.result, row.reason])).toEqual([
      ['0', 'refused', '签名验证失败'],
      ['1', 'processed', '订单已支付'],
      ['1', 'duplicate', '该笔支付已处理'],
    ]);
  });
});
