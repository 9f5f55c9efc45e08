/** Sales orders from the mini-program to receipt, and every guarded step on the way (issue #13); under concurrency: concurrency.test.ts. */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { call, useDemoServer } from '../../../../tests/server/helpers';
import type { OrderRecord } from '../../entities';
import { autoReceiveOrders, closeUnpaidOrders } from '../../server/jobs';
import { createOrder, expressId, memberTotals, orderStatus, shopper, skuStock, stockedSku, T1 } from './order-helpers';

const demo = useDemoServer();
const admin = () => ({ token: demo.admin, headers: T1 });

describe('an order from the mini-program to receipt', () => {
  it('prices exactly, reserves, spends and gives points, deducts stock on payment, ships and completes', async () => {
    const buyer = await shopper(demo, '13900000001');
    const cheap = await stockedSku(demo, 0, '0.10', 100);
    const dear = await stockedSku(demo, 1, '19.90', 100);
    const topUp = await call(demo.app, 'POST', '/api/cust/custMember/adjustPoints', { ...admin(), body: { memberId: buyer.memberId, point: 500, reason: '测试' } });
    expect(topUp.body.success, JSON.stringify(topUp.body)).toBe(true);

    const created = await createOrder(demo, buyer, [{ skuId: cheap, count: 3 }, { skuId: dear, count: 2 }], { point: 300, remark: '尽快发货' });
    expect(created.body.success, JSON.stringify(created.body)).toBe(true);
    // 0.10 × 3 + 19.90 × 2 = 40.10, less 300 points (3.00) = 37.10.
    expect(created.body.result.payPrice).toBe(37.1);
    expect(created.body.result.no).toMatch(/^SO\d{8}\d{6}$/);
    const id = created.body.result.id;
    expect(await skuStock(demo, cheap)).toEqual({ stock: 100, lockStock: 3 });
    expect(await skuStock(demo, dear)).toEqual({ stock: 100, lockStock: 2 });
    expect((await memberTotals(demo, buyer.memberId)).point).toBe(200);

    const items = await sql<{ price: string; count: number; point_price: string; pay_price: string }>`select price::text, count, point_price::text, pay_price::text
      from sale_order_item where order_id = ${id} order by sku_id = ${dear}`.execute(demo.app.db);
    expect(items.rows.map((row) => [row.price, row.count])).toEqual([['0.10', 3], ['19.90', 2]]);
    const sum = items.rows.reduce((total, row) => total + Math.round(Number(row.pay_price) * 100), 0);
    expect(sum).toBe(3710);
    expect(items.rows.reduce((total, row) => total + Math.round(Number(row.point_price) * 100), 0)).toBe(300);

    const paid = await call<{ paid: boolean; channel: string }>(demo.app, 'POST', '/api/app/order/pay', { body: { id }, headers: buyer.headers });
    expect(paid.body.result).toMatchObject({ paid: true, channel: 'demo' });
    expect((await orderStatus(demo, id)).status).toBe('10');
    expect(await skuStock(demo, cheap)).toEqual({ stock: 97, lockStock: 0 });
    expect(await skuStock(demo, dear)).toEqual({ stock: 98, lockStock: 0 });
    const records = await sql<{ n: number }>`select count(*)::int as n from goods_stock_record where biz_id = ${id} and biz_type = '50'`.execute(demo.app.db);
    expect(records.rows[0]?.n).toBe(2);
    // 37 points and 37 growth for 37.10 yuan.
    expect(await memberTotals(demo, buyer.memberId)).toMatchObject({ point: 237, experience: 37 });
    const pay = await sql<{ channel: string; price: string; status: string }>`select channel, price::text, status from sale_pay_record where order_id = ${id}`.execute(demo.app.db);
    expect(pay.rows).toEqual([{ channel: 'demo', price: '37.10', status: '10' }]);
    // Paying twice is refused with the state.
    expect((await call(demo.app, 'POST', '/api/app/order/pay', { body: { id }, headers: buyer.headers })).body).toMatchObject({ success: false, message: '订单当前状态为「待发货」，不能支付' });

    const express = await expressId(demo);
    const shipped = await call(demo.app, 'POST', '/api/saleorder/saleOrder/deliver', { ...admin(), body: { id, expressId: express, logisticsNo: 'SF1234567890' } });
    expect(shipped.body.success, JSON.stringify(shipped.body)).toBe(true);
    expect((await orderStatus(demo, id)).status).toBe('20');

    const received = await call(demo.app, 'POST', '/api/app/order/receive', { body: { id }, headers: buyer.headers });
    expect(received.body.success, JSON.stringify(received.body)).toBe(true);

    const detail = await call<OrderRecord>(demo.app, 'GET', `/api/saleorder/saleOrder/queryById?id=${id}`, admin());
    expect(detail.body.result).toMatchObject({ status: '30', status_dictText: '已完成', payPrice: 37.1, totalPrice: 40.1, pointPrice: 3, usePoint: 300, givePoint: 37, userRemark: '尽快发货' });
    expect(detail.body.result.items).toHaveLength(2);
    expect(detail.body.result.logs?.map((log) => log.action)).toEqual(['create', 'pay', 'deliver', 'receive']);
    expect(detail.body.result.actions).toEqual(['remark']);

    const mine = await call<{ records: OrderRecord[]; total: number }>(demo.app, 'GET', '/api/app/order/page', { headers: buyer.headers });
    expect(mine.body.result.total).toBe(1);
    expect(mine.body.result.records[0]?.items).toHaveLength(2);
    const listed = await call<{ records: OrderRecord[] }>(demo.app, 'GET', `/api/saleorder/saleOrder/list?no=${created.body.result.no}`, admin());
    expect(listed.body.result.records[0]).toMatchObject({ id, buyerName: expect.stringContaining('13900000001') });
  });
});

describe('guarded steps', () => {
  it('names the current state when a step is refused, and adjusts the price only once', async () => {
    const buyer = await shopper(demo, '13900000002');
    const sku = await stockedSku(demo, 2, '10.00', 50);
    const { id } = (await createOrder(demo, buyer, [{ skuId: sku, count: 2 }])).body.result;
    const express = await expressId(demo);
    const post = (path: string, body: Record<string, unknown>) => call(demo.app, 'POST', `/api/saleorder/saleOrder/${path}`, { ...admin(), body });

    expect((await post('deliver', { id, expressId: express, logisticsNo: 'X1' })).body).toMatchObject({ success: false, message: '订单当前状态为「待付款」，不能发货' });
    expect((await call(demo.app, 'POST', '/api/app/order/receive', { body: { id }, headers: buyer.headers })).body).toMatchObject({ success: false, message: '订单当前状态为「待付款」，不能收货' });
    expect((await post('updateAddress', { id, receiverName: '李四', receiverMobile: '13900000099', receiverAreaId: '310115', receiverDetailAddress: '路 2 号' })).body).toMatchObject({
      success: false,
      message: '订单当前状态为「待付款」，不能修改地址',
    });

    expect((await post('adjustPrice', { id, adjustPrice: -20 })).body).toMatchObject({ success: false, message: '调价后的应付金额必须大于 0' });
    expect((await post('adjustPrice', { id, adjustPrice: '-0.005' })).body).toMatchObject({ success: false });
    expect((await post('adjustPrice', { id, adjustPrice: -2.5 })).body.success).toBe(true);
    expect((await orderStatus(demo, id)).payPrice).toBe('17.50');
    expect((await post('adjustPrice', { id, adjustPrice: -1 })).body).toMatchObject({ success: false, message: '订单已调价，不能再次调价' });
    expect((await post('remark', { id, remark: '老客户' })).body.success).toBe(true);

    expect((await call(demo.app, 'POST', '/api/app/order/pay', { body: { id }, headers: buyer.headers })).body.success).toBe(true);
    expect((await post('close', { id, reason: '缺货' })).body).toMatchObject({ success: false, message: '订单当前状态为「待发货」，不能关闭' });
    expect((await post('adjustPrice', { id, adjustPrice: 1 })).body).toMatchObject({ success: false, message: '订单当前状态为「待发货」，不能调价' });
    expect((await call(demo.app, 'POST', '/api/app/order/cancel', { body: { id }, headers: buyer.headers })).body).toMatchObject({ success: false, message: '订单当前状态为「待发货」，不能关闭' });
    expect((await post('updateAddress', { id, receiverName: '李四', receiverMobile: '13900000099', receiverAreaId: '310115', receiverDetailAddress: '路 2 号' })).body.success).toBe(true);
    expect((await post('deliver', { id, expressId: 'nope', logisticsNo: 'X1' })).body).toMatchObject({ success: false, message: '快递公司不存在或已停用' });

    const detail = await call<OrderRecord>(demo.app, 'GET', `/api/saleorder/saleOrder/queryById?id=${id}`, admin());
    expect(detail.body.result).toMatchObject({ remark: '老客户', receiverName: '李四', payPrice: 17.5, adjustPrice: -2.5 });
    expect(detail.body.result.actions).toEqual(['deliver', 'updateAddress', 'remark']);
    expect(detail.body.result.logs?.map((log) => log.action)).toEqual(['create', 'adjustPrice', 'remark', 'pay', 'updateAddress']);
    const sum = await sql<{ total: string }>`select sum(pay_price)::text as total from sale_order_item where order_id = ${id}`.execute(demo.app.db);
    expect(sum.rows[0]?.total).toBe('17.50');

    // 修改地址 and 备注 carry the version their dialog read (issue 32): one opened before another save is refused.
    const read = detail.body.result.rowVersion;
    expect((await post('remark', { id, remark: '已核对', rowVersion: read })).body.success).toBe(true);
    const stale = { success: false, code: 409, message: '数据已被他人修改，请刷新后重试' };
    expect((await post('updateAddress', { id, receiverName: '王五', receiverMobile: '13900000098', receiverAreaId: '110101', receiverDetailAddress: '路 3 号', rowVersion: read })).body).toMatchObject(stale);
    expect((await post('remark', { id, remark: '旧对话框', rowVersion: read })).body).toMatchObject(stale);
    const after = await call<OrderRecord>(demo.app, 'GET', `/api/saleorder/saleOrder/queryById?id=${id}`, admin());
    expect(after.body.result).toMatchObject({ remark: '已核对', receiverName: '李四' });
    expect(after.body.result.rowVersion).not.toBe(read);
  });

  it('releases the stock and gives the points back when an unpaid order is closed', async () => {
    const buyer = await shopper(demo, '13900000003');
    const sku = await stockedSku(demo, 3, '5.00', 10);
    await call(demo.app, 'POST', '/api/cust/custMember/adjustPoints', { ...admin(), body: { memberId: buyer.memberId, point: 100, reason: '测试' } });
    const bought = (await createOrder(demo, buyer, [{ skuId: sku, count: 4 }], { point: 100 })).body.result;
    expect(bought.payPrice).toBe(19);
    expect(await skuStock(demo, sku)).toEqual({ stock: 10, lockStock: 4 });
    expect((await call(demo.app, 'POST', '/api/app/order/cancel', { body: { id: bought.id }, headers: buyer.headers })).body.success).toBe(true);
    expect(await orderStatus(demo, bought.id)).toMatchObject({ status: '40', cancelType: '20' });
    expect(await skuStock(demo, sku)).toEqual({ stock: 10, lockStock: 0 });
    expect((await memberTotals(demo, buyer.memberId)).point).toBe(100);

    const second = (await createOrder(demo, buyer, [{ skuId: sku, count: 1 }])).body.result;
    expect((await call(demo.app, 'POST', '/api/saleorder/saleOrder/close', { ...admin(), body: { id: second.id, reason: '重复下单' } })).body.success).toBe(true);
    expect(await orderStatus(demo, second.id)).toMatchObject({ status: '40', cancelType: '30' });
    expect(await skuStock(demo, sku)).toEqual({ stock: 10, lockStock: 0 });
  });

  it('refuses unknown goods, coupons, somebody else’s address and orders', async () => {
    const buyer = await shopper(demo, '13900000004');
    const other = await shopper(demo, '13900000005');
    const sku = await stockedSku(demo, 4, '1.00', 10);
    expect((await createOrder(demo, buyer, [{ skuId: 'unknownsku', count: 1 }])).body).toMatchObject({ success: false, message: '商品已下架或不存在' });
    // 优惠券不可用 without a promotions plugin; with marketing, its reason (an unknown coupon: 优惠券不存在).
    expect((await createOrder(demo, buyer, [{ skuId: sku, count: 1 }], { couponId: 'c1' })).body).toMatchObject({ success: false, message: expect.stringMatching(/^优惠券(不可用|不存在)$/) });
    expect((await createOrder(demo, buyer, [{ skuId: sku, count: 11 }])).body).toMatchObject({ success: false, message: expect.stringContaining('商品库存不足') });
    expect((await createOrder(demo, buyer, [{ skuId: sku, count: 1 }], { point: 50 })).body).toMatchObject({ success: false, message: '积分不足，当前积分 0' });
    const stolen = await call(demo.app, 'POST', '/api/app/order/create', { body: { items: [{ skuId: sku, count: 1 }], addressId: other.addressId }, headers: buyer.headers });
    expect(stolen.body).toMatchObject({ success: false, message: '收货地址不存在' });
    expect((await createOrder(demo, buyer, [{ skuId: sku, count: 0 }])).status).toBe(400);
    const mine = (await createOrder(demo, buyer, [{ skuId: sku, count: 1 }])).body.result;
    expect((await call(demo.app, 'GET', `/api/app/order/detail?id=${mine.id}`, { headers: other.headers })).body).toMatchObject({ success: false, message: '订单不存在' });
    expect((await call(demo.app, 'POST', '/api/app/order/cancel', { body: { id: mine.id }, headers: other.headers })).body).toMatchObject({ success: false, message: '订单不存在' });
    expect(await skuStock(demo, sku)).toEqual({ stock: 10, lockStock: 1 });
  });

  it('keeps the two token worlds apart', async () => {
    const buyer = await shopper(demo, '13900000006');
    expect((await call(demo.app, 'GET', '/api/app/order/page', { token: demo.admin })).status).toBe(401);
    expect((await call(demo.app, 'GET', '/api/app/order/page', { headers: { authorization: `Bearer ${demo.admin}` } })).status).toBe(401);
    expect((await call(demo.app, 'GET', '/api/saleorder/saleOrder/list', { token: buyer.token, headers: T1 })).status).toBe(401);
    expect((await call(demo.app, 'POST', '/api/saleorder/saleOrder/close', { headers: { ...T1, ...buyer.headers }, body: { id: 'x' } })).status).toBe(401);
  });
});

describe('freight', () => {
  it('charges the freight of the goods’ template, split over the lines, and ships free from its threshold', async () => {
    const buyer = await shopper(demo, '13900000501');
    const sku = await stockedSku(demo, 8, '10.00', 50);
    const template = await sql<{ id: string }>`select id from sale_freight_template where tenant_id = 1 and name = '全国统一运费'`.execute(demo.app.db);
    await sql`update goods_spu set delivery_template_id = ${template.rows[0]?.id ?? ''} where id = (select spu_id from goods_sku where id = ${sku})`.execute(demo.app.db);
    // 2 × 10.00 = 20.00; 10 for the first piece and 5 for the second.
    const small = (await createOrder(demo, buyer, [{ skuId: sku, count: 2 }])).body.result;
    expect(small.payPrice).toBe(35);
    const detail = await call<OrderRecord>(demo.app, 'GET', `/api/saleorder/saleOrder/queryById?id=${small.id}`, admin());
    expect(detail.body.result).toMatchObject({ totalPrice: 20, deliveryPrice: 15, payPrice: 35 });
    expect(detail.body.result.items?.[0]).toMatchObject({ deliveryPrice: 15, payPrice: 35 });
    // 10 × 10.00 = 100.00 ≥ 99: free.
    expect((await createOrder(demo, buyer, [{ skuId: sku, count: 10 }])).body.result.payPrice).toBe(100);
  });
});

describe('timeouts', () => {
  it('closes an unpaid order past the timeout, releasing its stock, and completes a long-shipped order', async () => {
    const buyer = await shopper(demo, '13900000201');
    const sku = await stockedSku(demo, 6, '3.00', 10);
    const old = (await createOrder(demo, buyer, [{ skuId: sku, count: 2 }])).body.result;
    const fresh = (await createOrder(demo, buyer, [{ skuId: sku, count: 1 }])).body.result;
    await sql`update sale_order set create_time = now() - interval '31 minutes' where id = ${old.id}`.execute(demo.app.db);
    // The seeded every-minute job may get there first; either way the order ends closed by timeout.
    const outcome = await closeUnpaidOrders.run({ db: demo.app.db, parameter: null, fireTime: null, services: demo.app.services });
    expect(outcome).toMatch(/^closed \d+, paid at the channel \d+, skipped \d+$/);
    expect(await orderStatus(demo, old.id)).toMatchObject({ status: '40', cancelType: '10' });
    expect((await orderStatus(demo, fresh.id)).status).toBe('0');
    expect(await skuStock(demo, sku)).toEqual({ stock: 10, lockStock: 1 });

    await call(demo.app, 'POST', '/api/app/order/pay', { body: { id: fresh.id }, headers: buyer.headers });
    await call(demo.app, 'POST', '/api/saleorder/saleOrder/deliver', { ...admin(), body: { id: fresh.id, expressId: await expressId(demo), logisticsNo: 'YT1' } });
    await sql`update sale_order set delivery_time = now() - interval '15 days' where id = ${fresh.id}`.execute(demo.app.db);
    await autoReceiveOrders.run({ db: demo.app.db, parameter: null, fireTime: null, services: demo.app.services });
    expect((await orderStatus(demo, fresh.id)).status).toBe('30');
  });
});

describe('offline orders', () => {
  it('creates a paid order at the counter and confirms the payment of another later', async () => {
    const buyer = await shopper(demo, '13900000301');
    const sku = await stockedSku(demo, 7, '50.00', 10);
    const paid = await call<{ id: string }>(demo.app, 'POST', '/api/saleorder/offlineOrder/add', {
      ...admin(),
      body: { memberId: buyer.memberId, items: [{ skuId: sku, count: 2, price: '45.50' }], payType: 'cash', paid: true },
    });
    expect(paid.body.success, JSON.stringify(paid.body)).toBe(true);
    const detail = await call<OrderRecord>(demo.app, 'GET', `/api/saleorder/saleOrder/queryById?id=${paid.body.result.id}`, admin());
    expect(detail.body.result).toMatchObject({ status: '10', type: '1', terminal: '0', payChannel: 'cash', payPrice: 91, givePoint: 91 });
    expect(await skuStock(demo, sku)).toEqual({ stock: 8, lockStock: 0 });

    const customer = await sql<{ id: string }>`select id from cust_customer where tenant_id = 1 limit 1`.execute(demo.app.db);
    const customerId = customer.rows[0]?.id;
    expect(customerId).toBeDefined();
    const later = await call<{ id: string }>(demo.app, 'POST', '/api/saleorder/offlineOrder/add', { ...admin(), body: { customerId, items: [{ skuId: sku, count: 1 }], payType: 'transfer' } });
    expect(later.body.success, JSON.stringify(later.body)).toBe(true);
    expect((await orderStatus(demo, later.body.result.id)).status).toBe('0');
    const unpaid = await call<OrderRecord>(demo.app, 'GET', `/api/saleorder/saleOrder/queryById?id=${later.body.result.id}`, admin());
    expect(unpaid.body.result.actions).toEqual(['close', 'adjustPrice', 'confirmPayment', 'remark']);
    expect((await call(demo.app, 'POST', '/api/saleorder/saleOrder/confirmPayment', { ...admin(), body: { id: later.body.result.id } })).body.success).toBe(true);
    const pay = await sql<{ channel: string; price: string }>`select channel, price::text from sale_pay_record where order_id = ${later.body.result.id}`.execute(demo.app.db);
    expect(pay.rows).toEqual([{ channel: 'transfer', price: '50.00' }]);

    expect((await call(demo.app, 'POST', '/api/saleorder/offlineOrder/add', { ...admin(), body: { memberId: buyer.memberId, items: [{ skuId: sku, count: 1 }], payType: 'bitcoin' } })).body).toMatchObject({
      success: false,
      message: '线下支付方式只能是现金、转账或 POS',
    });
    const online = (await createOrder(demo, buyer, [{ skuId: sku, count: 1 }])).body.result;
    expect((await call(demo.app, 'POST', '/api/saleorder/saleOrder/confirmPayment', { ...admin(), body: { id: online.id } })).body).toMatchObject({ success: false, message: '只有线下订单可以确认付款' });
  });
});

describe('catalogue', () => {
  it('seeds the express companies and validates freight templates', async () => {
    const express = await call<{ records: Array<{ code: string }> }>(demo.app, 'GET', '/api/saleorder/express/list?pageSize=50', admin());
    expect(express.body.result.records.map((row) => row.code).sort()).toEqual(['EMS', 'JD', 'SF', 'YD', 'YTO', 'ZTO']);
    const bad = await call(demo.app, 'POST', '/api/saleorder/freightTemplate/add', { ...admin(), body: { name: '坏模板', chargeMode: '1', charges: '[{"areaIds":[]}]' } });
    expect(bad.body).toMatchObject({ success: false, message: '运费规则格式不正确' });
    const good = await call(demo.app, 'POST', '/api/saleorder/freightTemplate/add', {
      ...admin(),
      body: { name: '偏远地区', chargeMode: '1', charges: JSON.stringify([{ areaIds: ['650000'], startCount: 1, startPrice: 20, extraCount: 1, extraPrice: 10 }]), frees: '[]' },
    });
    expect(good.body.success, JSON.stringify(good.body)).toBe(true);
    expect((await call(demo.app, 'GET', '/api/saleorder/payRecord/list', admin())).body.success).toBe(true);
    expect((await call(demo.app, 'GET', '/api/saleorder/refundOrder/list', admin())).body.success).toBe(true);
  });
});
