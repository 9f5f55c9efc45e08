/**
 * An offline order's delivery (issue 32 "Documents a merchant cannot sign": an offline order asked for no
 * receiver and still shipped, 收货信息 无收货信息): it takes a receiver and address for 快递发货, or 到店自提 /
 * 无需物流; 发货 by express without an address is refused by the server; a handed-over order ships without
 * an express company.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { call, useDemoServer } from '../../../../tests/server/helpers';
import type { OrderRecord } from '../../entities';
import { createOrder, expressId, shopper, stockedSku, T1 } from './order-helpers';

const demo = useDemoServer();
const admin = () => ({ token: demo.admin, headers: T1 });
const RECEIVER = { receiverName: '李四', receiverMobile: '13800000321', receiverAreaId: '310115', receiverDetailAddress: '世纪大道 100 号' };

async function offline(body: Record<string, unknown>) {
  const members = await sql<{ id: string }>`select id from cust_member where tenant_id = 1 order by id limit 1`.execute(demo.app.db);
  const sku = await stockedSku(demo, 40, '30.00', 100);
  return call<{ id: string; no: string }>(demo.app, 'POST', '/api/saleorder/offlineOrder/add', {
    ...admin(),
    body: { memberId: members.rows[0]?.id, items: [{ skuId: sku, count: 1, price: '25.00' }], payType: 'cash', paid: true, ...body },
  });
}

const detail = async (id: string) => (await call<OrderRecord & { logs: Array<{ content: string | null }> }>(demo.app, 'GET', `/api/saleorder/saleOrder/queryById?id=${id}`, admin())).body.result;
const deliver = (body: Record<string, unknown>) => call(demo.app, 'POST', '/api/saleorder/saleOrder/deliver', { ...admin(), body });

describe('offline order delivery', () => {
  it('takes a receiver and address for 快递发货 and ships it by express, with no freight added to the agreed price', async () => {
    const missing = await offline({ deliveryType: '1', receiverName: '李四' });
    expect(missing.body).toMatchObject({ success: false, message: '快递发货请填写收货人、手机号、收货地区和详细地址' });

    const created = await offline({ deliveryType: '1', ...RECEIVER });
    expect(created.body.success, JSON.stringify(created.body)).toBe(true);
    expect(await detail(created.body.result.id)).toMatchObject({ deliveryType: '1', deliveryType_dictText: '快递发货', ...RECEIVER, payPrice: 25, deliveryPrice: 0 });
    // A receiver without a choice means 快递发货 too.
    const implied = await offline({ ...RECEIVER });
    expect(await detail(implied.body.result.id)).toMatchObject({ deliveryType: '1', receiverDetailAddress: RECEIVER.receiverDetailAddress });

    // The payment's log line names the method (issue 32: 支付：demo / cash).
    const payLog = (await detail(created.body.result.id)).logs.find((log) => (log.content ?? '').startsWith('支付'));
    expect(payLog?.content).toBe('支付：现金 25.00 元');
    expect((await deliver({ id: created.body.result.id })).body).toMatchObject({ success: false, message: '请选择快递公司并填写快递单号' });
    const shipped = await deliver({ id: created.body.result.id, expressId: await expressId(demo), logisticsNo: 'SF-OFFLINE-1' });
    expect(shipped.body).toMatchObject({ success: true, message: '发货成功' });
    expect(await detail(created.body.result.id)).toMatchObject({ status: '20', logisticsNo: 'SF-OFFLINE-1' });
  });

  it('hands over an order for 到店自提 or 无需物流 without an express company, and refuses to ship it by express to no address', async () => {
    const pickUp = await offline({ deliveryType: '2', ...RECEIVER });
    expect(pickUp.body.success, JSON.stringify(pickUp.body)).toBe(true);
    // No address is kept for an order picked up at the shop.
    expect(await detail(pickUp.body.result.id)).toMatchObject({ deliveryType: '2', deliveryType_dictText: '到店自提', receiverName: null, receiverDetailAddress: null });
    expect((await deliver({ id: pickUp.body.result.id, expressId: await expressId(demo), logisticsNo: 'SF-NOWHERE' })).body).toMatchObject({ success: false, message: '订单没有收货地址，不能快递发货' });
    expect((await deliver({ id: pickUp.body.result.id })).body).toMatchObject({ success: true, message: '发货成功' });
    const handed = await detail(pickUp.body.result.id);
    expect(handed).toMatchObject({ status: '20', expressId: null, logisticsNo: null });
    expect(handed.logs.at(-1)?.content).toContain('到店自提');

    // The docs/business-api.md add without any delivery choice or receiver: 无需物流.
    const plain = await offline({});
    expect(await detail(plain.body.result.id)).toMatchObject({ deliveryType: '3', deliveryType_dictText: '无需物流' });
    expect((await deliver({ id: plain.body.result.id, expressId: await expressId(demo), logisticsNo: 'SF-NOWHERE' })).body).toMatchObject({ success: false, message: '订单没有收货地址，不能快递发货' });
    expect((await deliver({ id: plain.body.result.id })).body.success).toBe(true);
    expect((await detail(plain.body.result.id)).logs.at(-1)?.content).toContain('无需物流');
  });

  it('refuses express shipping of an order kept as 快递发货 with no address until 修改地址 gives it one, and a mini-program order without a waybill', async () => {
    // An offline order entered before the receiver was asked for: 快递发货 with nothing to send to.
    const legacy = await offline({});
    await sql`update sale_order set delivery_type = '1' where id = ${legacy.body.result.id}`.execute(demo.app.db);
    const refused = await deliver({ id: legacy.body.result.id, expressId: await expressId(demo), logisticsNo: 'SF-LEGACY' });
    expect(refused.body).toMatchObject({ success: false, message: '订单没有收货地址，不能快递发货' });
    expect((await detail(legacy.body.result.id)).status).toBe('10');
    expect((await call(demo.app, 'POST', '/api/saleorder/saleOrder/updateAddress', { ...admin(), body: { id: legacy.body.result.id, ...RECEIVER } })).body.success).toBe(true);
    expect((await deliver({ id: legacy.body.result.id, expressId: await expressId(demo), logisticsNo: 'SF-LEGACY' })).body.success).toBe(true);

    const buyer = await shopper(demo, '13900003211');
    const sku = await stockedSku(demo, 41, '9.90', 20);
    const online = (await createOrder(demo, buyer, [{ skuId: sku, count: 1 }])).body.result;
    expect((await call(demo.app, 'POST', '/api/app/order/pay', { body: { id: online.id }, headers: buyer.headers })).body.success).toBe(true);
    expect((await deliver({ id: online.id })).body).toMatchObject({ success: false, message: '请选择快递公司并填写快递单号' });
    expect((await deliver({ id: online.id, expressId: await expressId(demo) })).body).toMatchObject({ success: false, message: '请选择快递公司并填写快递单号' });
    const badType = await offline({ deliveryType: '9' });
    expect(badType.status).toBe(400);
  });
});
