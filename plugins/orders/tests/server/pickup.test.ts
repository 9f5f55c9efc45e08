/**
 * 到店自提 and 门店核销 (issue 36): the stores and their checks, the mini-program's store list, a member's pickup order
 * (no address, no freight, a code from the start), and the verification by code — at the right store only, once, never
 * for an order unpaid, refunded, with an after-sale open or closed — completing the order through the machine with its
 * log row; two clerks confirming at once verify once, on the embedded database and on PostgreSQL.
 */
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, TEST_DATABASES, useDemoServer, type DemoServer } from '../../../../tests/server/helpers';
import type { OrderRecord } from '../../entities';
import type { PickupOrderPage, PickupPreview } from '../../pickup-entities';
import { DEMO_PICKUP_ORDERS } from '../../server/pickup/demo';
import { MSG_STORE_HAS_ORDERS, MSG_STORE_HOURS, MSG_STORE_LATITUDE, MSG_STORE_PHONE, MSG_STAFF_UNKNOWN } from '../../server/pickup/stores';
import {
  MSG_PICKUP_AFTER_SALE,
  MSG_PICKUP_CLOSED,
  MSG_PICKUP_CODE_UNKNOWN,
  MSG_PICKUP_DONE,
  MSG_PICKUP_NOT_VERIFIER,
  MSG_PICKUP_REFUNDED,
  MSG_PICKUP_STORE_REQUIRED,
  MSG_PICKUP_STORE_UNAVAILABLE,
  MSG_PICKUP_UNPAID,
  MSG_PICKUP_VERIFIED,
  msgPickupOtherStore,
} from '../../server/pickup/verify';
import { MSG_PICKUP_BY_VERIFY } from '../../server/sales/service';
import { shopper, stockedSku, T1, type Shopper } from './order-helpers';

interface AppStore {
  id: string;
  name: string;
  areaName: string;
  distance: number | null;
}

const STORE = {
  phone: '021-63210099',
  areaId: '310101',
  detailAddress: '南京东路 1 号',
  latitude: '31.234000',
  longitude: '121.475300',
  openingTime: '09:00',
  closingTime: '21:00',
  status: '1',
};

function shop(demo: DemoServer) {
  const as = (token: string) => ({ token, headers: T1 });
  const admin = () => as(demo.admin);
  const clerk = () => as(demo.clerk);
  return {
    admin,
    clerk,
    async addStore(name: string, extra: Record<string, unknown> = {}): Promise<string> {
      const added = await call<{ id: string }>(demo.app, 'POST', '/api/saleorder/pickupStore/add', { ...admin(), body: { ...STORE, name, ...extra } });
      expect(added.body.success, JSON.stringify(added.body)).toBe(true);
      const found = await sql<{ id: string }>`select id from sale_pickup_store where tenant_id = 1 and name = ${name}`.execute(demo.app.db);
      const id = found.rows[0]?.id;
      if (id === undefined) throw new Error(`store ${name} not added`);
      return id;
    },
    async setStaff(storeId: string, usernames: string[]): Promise<void> {
      const saved = await call(demo.app, 'POST', '/api/saleorder/pickupStore/saveStaff', { ...admin(), body: { storeId, usernames } });
      expect(saved.body.success, JSON.stringify(saved.body)).toBe(true);
    },
    pickupOrder(buyer: Shopper, body: Record<string, unknown>) {
      return call<{ id: string; no: string; payPrice: number; pickupCode: string }>(demo.app, 'POST', '/api/app/order/create', { body: { deliveryType: '2', ...body }, headers: buyer.headers });
    },
    pay: (buyer: Shopper, id: string) => call(demo.app, 'POST', '/api/app/order/pay', { body: { id }, headers: buyer.headers }),
    lookup: (who: { token: string; headers: Record<string, string> }, code: string) => call<PickupPreview>(demo.app, 'GET', `/api/saleorder/pickupVerify/lookup?code=${code}`, who),
    verify: (who: { token: string; headers: Record<string, string> }, code: string) => call<{ id: string; no: string }>(demo.app, 'POST', '/api/saleorder/pickupVerify/verify', { ...who, body: { code } }),
  };
}

describe('pickup stores and verification', () => {
  const demo = useDemoServer();
  const api = () => shop(demo);
  let storeA = '';
  let storeB = '';
  let sku = '';

  beforeAll(async () => {
    // Nobody verifies for any store yet (the demo binds the clerk to one of its own).
    await sql`delete from sale_pickup_store_staff where tenant_id = 1`.execute(demo.app.db);
    storeA = await api().addStore('测试门店甲');
    storeB = await api().addStore('测试门店乙', { areaId: '310115', latitude: '31.235900', longitude: '121.501400' });
    sku = await stockedSku(demo, 30, '20.00', 100);
    // Its goods ship by the demo's freight template (10 yuan under 99): a pickup order pays none of it.
    await sql`update goods_spu set delivery_template_id = (select id from sale_freight_template where tenant_id = 1 order by sort limit 1)
      where id = (select spu_id from goods_sku where id = ${sku})`.execute(demo.app.db);
  });

  it('checks a store as it is saved: phone, region, coordinates, hours, a unique name; only staff of the shop verify', async () => {
    const add = (body: Record<string, unknown>) => call(demo.app, 'POST', '/api/saleorder/pickupStore/add', { ...api().admin(), body: { ...STORE, name: '测试门店丙', ...body } });
    expect((await add({ phone: '12345' })).body).toMatchObject({ success: false, message: MSG_STORE_PHONE });
    expect((await add({ areaId: '999999' })).body).toMatchObject({ success: false, message: '所在地区不存在，请从省 / 市 / 区中选择' });
    expect((await add({ latitude: '91.5' })).body).toMatchObject({ success: false, message: MSG_STORE_LATITUDE });
    expect((await add({ latitude: '31.1234567' })).body).toMatchObject({ success: false, message: MSG_STORE_LATITUDE });
    expect((await add({ openingTime: '21:00', closingTime: '09:00' })).body).toMatchObject({ success: false, message: MSG_STORE_HOURS });
    expect((await add({ openingTime: '9点' })).body.success).toBe(false);
    expect((await add({ name: '测试门店甲' })).body.success).toBe(false);
    expect((await add({ detailAddress: undefined })).body.success).toBe(false);
    // An edit of one end of the hours is checked against the other as stored (09:00).
    const edited = await call(demo.app, 'POST', '/api/saleorder/pickupStore/edit', { ...api().admin(), body: { id: storeA, closingTime: '08:30' } });
    expect(edited.body).toMatchObject({ success: false, message: MSG_STORE_HOURS });
    // The clerk reads the stores but does not change them.
    expect((await call(demo.app, 'POST', '/api/saleorder/pickupStore/add', { ...api().clerk(), body: { ...STORE, name: '店员的门店' } })).status).toBe(403);
    const listed = await call<{ records: Array<{ name: string; areaId_refText: string }> }>(demo.app, 'GET', '/api/saleorder/pickupStore/list?name=*测试门店*', api().clerk());
    expect(listed.body.result.records.map((record) => record.name).sort()).toEqual(['测试门店乙', '测试门店甲']);
    expect(listed.body.result.records.find((record) => record.name === '测试门店甲')?.areaId_refText).toContain('黄浦区');

    const stranger = await call(demo.app, 'POST', '/api/saleorder/pickupStore/saveStaff', { ...api().admin(), body: { storeId: storeA, usernames: ['nobody-here'] } });
    expect(stranger.body).toMatchObject({ success: false, message: MSG_STAFF_UNKNOWN });
    const options = await call<{ records: Array<{ id: string; realname: string }> }>(demo.app, 'GET', '/api/saleorder/pickupStore/staffOptions?keyword=cle', api().admin());
    expect(options.body.result.records).toEqual([expect.objectContaining({ id: 'clerk', realname: '店员' })]);
    expect((await call(demo.app, 'POST', '/api/saleorder/pickupStore/saveStaff', { ...api().clerk(), body: { storeId: storeA, usernames: ['clerk'] } })).status).toBe(403);
  });

  it('lists the open stores to the mini-program, nearest first with their distance', async () => {
    const buyer = await shopper(demo, '13900000901');
    const closed = await api().addStore('测试门店停业', { status: '0' });
    // Near 陆家嘴: 测试门店乙 is there, 测试门店甲 about 2.5 km west.
    const near = await call<AppStore[]>(demo.app, 'GET', '/api/app/pickup/stores?latitude=31.2359&longitude=121.5014', { headers: buyer.headers });
    expect(near.body.success, JSON.stringify(near.body)).toBe(true);
    const mine = near.body.result.filter((store) => store.name.startsWith('测试门店'));
    expect(mine.map((store) => store.name)).toEqual(['测试门店乙', '测试门店甲']);
    expect(mine[0]?.distance).toBe(0);
    expect(mine[1]?.distance).toBeGreaterThan(2);
    expect(mine[1]?.distance).toBeLessThan(3);
    expect(mine[1]?.areaName).toContain('黄浦区');
    expect(near.body.result.some((store) => store.id === closed)).toBe(false);
    const anywhere = await call<AppStore[]>(demo.app, 'GET', '/api/app/pickup/stores', { headers: buyer.headers });
    expect(anywhere.body.result.every((store) => store.distance === null)).toBe(true);
    expect((await call(demo.app, 'GET', '/api/app/pickup/stores?latitude=north', { headers: buyer.headers })).status).toBe(400);
    expect((await call(demo.app, 'GET', '/api/app/pickup/stores', api().admin())).status).toBe(401);

    expect((await api().pickupOrder(buyer, { items: [{ skuId: sku, count: 1 }], pickupStoreId: closed })).body).toMatchObject({ success: false, message: MSG_PICKUP_STORE_UNAVAILABLE });
  });

  it('places a pickup order without an address or freight, with its store, contact and code shown to the member', async () => {
    const buyer = await shopper(demo, '13900000902');
    expect((await api().pickupOrder(buyer, { items: [{ skuId: sku, count: 1 }] })).body).toMatchObject({ success: false, message: MSG_PICKUP_STORE_REQUIRED });
    // Sent by express it needs an address, and pays the freight.
    expect((await call(demo.app, 'POST', '/api/app/order/create', { body: { items: [{ skuId: sku, count: 1 }] }, headers: buyer.headers })).body).toMatchObject({ success: false, message: '收货地址不存在' });
    const express = await call<{ deliveryPrice: number }>(demo.app, 'POST', '/api/app/order/settlement', { body: { items: [{ skuId: sku, count: 1 }], addressId: buyer.addressId }, headers: buyer.headers });
    expect(express.body.result.deliveryPrice).toBe(10);
    const preview = await call<{ deliveryPrice: number; payPrice: number }>(demo.app, 'POST', '/api/app/order/settlement', { body: { items: [{ skuId: sku, count: 1 }], deliveryType: '2', pickupStoreId: storeA }, headers: buyer.headers });
    expect(preview.body.result).toMatchObject({ deliveryPrice: 0, payPrice: 20 });

    const created = await api().pickupOrder(buyer, { items: [{ skuId: sku, count: 1 }], pickupStoreId: storeA, receiverName: '王五', receiverMobile: '13900000999' });
    expect(created.body.success, JSON.stringify(created.body)).toBe(true);
    expect(created.body.result.payPrice).toBe(20);
    expect(created.body.result.pickupCode).toMatch(/^[1-9][0-9]{7}$/);
    const detail = await call<OrderRecord & { pickupStore: AppStore & { openingTime: string } }>(demo.app, 'GET', `/api/app/order/detail?id=${created.body.result.id}`, { headers: buyer.headers });
    expect(detail.body.result).toMatchObject({
      deliveryType: '2',
      pickupStoreId: storeA,
      pickupStoreId_dictText: '测试门店甲',
      pickupCode: created.body.result.pickupCode,
      receiverName: '王五',
      receiverMobile: '13900000999',
      receiverDetailAddress: null,
      deliveryPrice: 0,
      pickupStore: { id: storeA, name: '测试门店甲', openingTime: '09:00' },
    });
    // The contact defaults to the member; the staff's order list never carries the code.
    const own = await api().pickupOrder(buyer, { items: [{ skuId: sku, count: 1 }], pickupStoreId: storeB });
    const mine = await sql<{ receiver_mobile: string }>`select receiver_mobile from sale_order where id = ${own.body.result.id}`.execute(demo.app.db);
    expect(mine.rows[0]?.receiver_mobile).toBe('13900000902');
    const listed = await call<{ records: Array<Record<string, unknown>> }>(demo.app, 'GET', `/api/saleorder/saleOrder/list?no=${created.body.result.no}`, api().admin());
    expect(listed.body.result.records[0]).toMatchObject({ pickupStoreId: storeA, pickupStoreId_dictText: '测试门店甲' });
    expect(listed.body.result.records[0]).not.toHaveProperty('pickupCode');
    // Codes of open orders are unique within the shop (the database holds it too).
    const duplicate = sql`update sale_order set pickup_code = ${created.body.result.pickupCode} where id = ${own.body.result.id}`.execute(demo.app.db);
    await expect(duplicate).rejects.toThrow();
  });

  it('verifies by code only at the order’s store (or for any store), once, and completes the order through the machine', async () => {
    const buyer = await shopper(demo, '13900000903');
    const created = (await api().pickupOrder(buyer, { items: [{ skuId: sku, count: 2 }], pickupStoreId: storeA })).body.result;
    const code = created.pickupCode;
    expect((await api().lookup(api().clerk(), code)).body).toMatchObject({ success: false, message: MSG_PICKUP_NOT_VERIFIER });

    await api().setStaff(storeB, ['clerk']);
    expect((await api().lookup(api().clerk(), '10000000')).body).toMatchObject({ success: false, message: MSG_PICKUP_CODE_UNKNOWN });
    expect((await api().lookup(api().clerk(), code)).body).toMatchObject({ success: false, message: msgPickupOtherStore('测试门店甲') });
    expect((await api().verify(api().clerk(), code)).body).toMatchObject({ success: false, message: msgPickupOtherStore('测试门店甲') });
    expect((await call(demo.app, 'GET', '/api/saleorder/pickupVerify/lookup?code=abc', api().clerk())).status).toBe(400);

    await api().setStaff(storeA, ['clerk']);
    const unpaid = await api().lookup(api().clerk(), code);
    expect(unpaid.body.result).toMatchObject({ no: created.no, status: '0', storeName: '测试门店甲', refusal: MSG_PICKUP_UNPAID, items: [expect.objectContaining({ count: 2 })] });
    expect((await api().verify(api().clerk(), code)).body).toMatchObject({ success: false, message: MSG_PICKUP_UNPAID });

    expect((await api().pay(buyer, created.id)).body.success).toBe(true);
    const ready = await api().lookup(api().clerk(), code);
    expect(ready.body.result).toMatchObject({ status: '10', refusal: null, payPrice: 40, buyerName: expect.stringContaining('13900000903') });
    // A pickup order is handed over by 核销, never by 发货.
    expect((await call(demo.app, 'POST', '/api/saleorder/saleOrder/deliver', { ...api().admin(), body: { id: created.id } })).body).toMatchObject({ success: false, message: MSG_PICKUP_BY_VERIFY });
    const toVerify = await call<PickupOrderPage>(demo.app, 'GET', `/api/saleorder/pickupOrder/list?tab=toVerify&storeId=${storeA}`, api().clerk());
    expect(toVerify.body.result.records.map((row) => row.no)).toContain(created.no);

    const done = await api().verify(api().clerk(), code);
    expect(done.body).toMatchObject({ success: true, message: MSG_PICKUP_DONE, result: { id: created.id, no: created.no } });
    expect((await api().verify(api().clerk(), code)).body).toMatchObject({ success: false, message: MSG_PICKUP_VERIFIED });
    expect((await api().lookup(api().clerk(), code)).body.result).toMatchObject({ status: '30', refusal: MSG_PICKUP_VERIFIED, verifier: '店员' });

    const detail = await call<OrderRecord & { logs: Array<{ action: string; content: string; createBy: string; beforeStatus: string; afterStatus: string }> }>(
      demo.app,
      'GET',
      `/api/saleorder/saleOrder/queryById?id=${created.id}`,
      api().admin(),
    );
    expect(detail.body.result).toMatchObject({ status: '30', pickupVerifier: 'clerk', pickupVerifier_refText: '店员' });
    expect(detail.body.result.pickupVerifyTime).toEqual(expect.any(String));
    expect(detail.body.result.logs.map((log) => log.action)).toEqual(['create', 'pay', 'verify']);
    expect(detail.body.result.logs.at(-1)).toMatchObject({ content: '门店核销：测试门店甲', createBy: 'clerk', beforeStatus: '10', afterStatus: '30' });

    const verified = await call<PickupOrderPage>(demo.app, 'GET', `/api/saleorder/pickupOrder/list?tab=verified&storeId=${storeA}`, api().clerk());
    expect(verified.body.result.records[0]).toMatchObject({ no: created.no, storeName: '测试门店甲', verifier: '店员' });
    expect(verified.body.result.counts.verified).toBe(verified.body.result.total);
    // The store an order names stays (停业 instead).
    expect((await call(demo.app, 'DELETE', `/api/saleorder/pickupStore/delete?id=${storeA}`, api().admin())).body).toMatchObject({ success: false, message: MSG_STORE_HAS_ORDERS });

    // The admin verifies for any store.
    const other = (await api().pickupOrder(buyer, { items: [{ skuId: sku, count: 1 }], pickupStoreId: storeB })).body.result;
    await api().setStaff(storeB, []);
    await api().pay(buyer, other.id);
    expect((await api().verify(api().clerk(), other.pickupCode)).body).toMatchObject({ success: false, message: msgPickupOtherStore('测试门店乙') });
    expect((await api().verify(api().admin(), other.pickupCode)).body).toMatchObject({ success: true, message: MSG_PICKUP_DONE });
  });

  it('refuses an order with an after-sale open, one refunded, and one closed unpaid', async () => {
    const buyer = await shopper(demo, '13900000904');
    await api().setStaff(storeA, ['clerk']);
    const staff = (action: string, body: Record<string, unknown>) => call(demo.app, 'POST', `/api/saleorder/afterSale/${action}`, { ...api().admin(), body });
    const created = (await api().pickupOrder(buyer, { items: [{ skuId: sku, count: 1 }], pickupStoreId: storeA })).body.result;
    await api().pay(buyer, created.id);
    const line = await sql<{ id: string; pay_price: string }>`select id, pay_price::text as pay_price from sale_order_item where order_id = ${created.id}`.execute(demo.app.db);
    const item = line.rows[0];
    if (item === undefined) throw new Error('no line');
    const applied = await call<{ id: string }>(demo.app, 'POST', '/api/app/afterSale/create', { body: { orderItemId: item.id, way: '10', refundPrice: item.pay_price, applyReason: '不想要了' }, headers: buyer.headers });
    expect(applied.body.success, JSON.stringify(applied.body)).toBe(true);
    expect((await api().verify(api().clerk(), created.pickupCode)).body).toMatchObject({ success: false, message: MSG_PICKUP_AFTER_SALE });
    await staff('agree', { id: applied.body.result.id });
    expect((await staff('refund', { id: applied.body.result.id })).body.success).toBe(true);
    expect((await api().lookup(api().clerk(), created.pickupCode)).body.result).toMatchObject({ status: '40', refusal: MSG_PICKUP_REFUNDED });
    expect((await api().verify(api().clerk(), created.pickupCode)).body).toMatchObject({ success: false, message: MSG_PICKUP_REFUNDED });

    const cancelled = (await api().pickupOrder(buyer, { items: [{ skuId: sku, count: 1 }], pickupStoreId: storeA })).body.result;
    expect((await call(demo.app, 'POST', '/api/app/order/cancel', { body: { id: cancelled.id }, headers: buyer.headers })).body.success).toBe(true);
    expect((await api().verify(api().clerk(), cancelled.pickupCode)).body).toMatchObject({ success: false, message: MSG_PICKUP_CLOSED });
  });

  it('counts 待核销 on the dashboard as 门店核销 lists them, and links there', async () => {
    const counters = await call<Array<{ key: string; count: number; link: string }>>(demo.app, 'GET', '/api/dashboard/counters', api().clerk());
    const toPickUp = counters.body.result.find((view) => view.key === 'order.toPickUp');
    expect(toPickUp?.link).toBe('/saleorder/pickupVerify?tab=toVerify');
    const listed = await call<PickupOrderPage>(demo.app, 'GET', '/api/saleorder/pickupOrder/list?tab=toVerify', api().clerk());
    expect(listed.body.result.total).toBe(toPickUp?.count);
    expect(listed.body.result.total).toBeGreaterThan(0);
  });

  it('gives the demo shop its stores, the clerk as a verifier, and pickup orders made through the services', async () => {
    const stores = await sql<{ name: string; status: string }>`select name, status from sale_pickup_store where tenant_id = 1 and name not like '测试门店%' order by sort`.execute(demo.app.db);
    expect(stores.rows).toEqual([
      { name: '人民广场店', status: '1' },
      { name: '陆家嘴店', status: '1' },
      { name: '徐家汇店', status: '0' },
    ]);
    const orders = await sql<{ status: string; actions: string[]; numbered: boolean }>`select o.status, array_agg(l.action order by l.create_time, l.id) as actions,
        bool_and(substr(o.no, 3, 8) = to_char(o.create_time, 'YYYYMMDD')) as numbered
      from sale_order o join sale_order_log l on l.order_id = o.id
      where o.tenant_id = 1 and o.pickup_store_id in (select id from sale_pickup_store where name in ('人民广场店', '陆家嘴店')) group by o.id, o.status`.execute(demo.app.db);
    expect(orders.rows).toHaveLength(DEMO_PICKUP_ORDERS);
    expect(orders.rows.filter((row) => row.status === '30').every((row) => row.actions.join() === 'create,pay,verify')).toBe(true);
    expect(orders.rows.filter((row) => row.status === '10').length).toBeGreaterThan(0);
    expect(orders.rows.every((row) => row.numbered)).toBe(true);
  });
});

describe.each(TEST_DATABASES)('two clerks verifying at once (%s)', (database) => {
  const demo = useDemoServer({ database });

  it('verifies once: one success, the others told it is verified, one log row', async () => {
    const api = shop(demo);
    const storeId = await api.addStore('并发门店');
    const buyer = await shopper(demo, `1390000${database === 'postgres' ? 1 : 0}950`);
    const sku = await stockedSku(demo, 31, '5.00', 20);
    const created = (await api.pickupOrder(buyer, { items: [{ skuId: sku, count: 1 }], pickupStoreId: storeId })).body.result;
    expect((await api.pay(buyer, created.id)).body.success).toBe(true);
    await api.setStaff(storeId, ['clerk']);
    const results = await Promise.all([api.clerk(), api.admin(), api.clerk(), api.admin(), api.clerk()].map((who) => api.verify(who, created.pickupCode)));
    expect(results.filter((result) => result.body.success)).toHaveLength(1);
    for (const lost of results.filter((result) => !result.body.success)) expect(lost.body.message).toBe(MSG_PICKUP_VERIFIED);
    const logs = await sql<{ n: number }>`select count(*)::int as n from sale_order_log where order_id = ${created.id} and action = 'verify'`.execute(demo.app.db);
    expect(logs.rows[0]?.n).toBe(1);
  });
});
