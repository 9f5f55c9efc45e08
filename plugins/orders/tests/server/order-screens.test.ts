/** The 订单列表 screen's server side: status tab counts under the list's filters, and the items of a page of orders. */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { call, useDemoServer } from '../../../../tests/server/helpers';
import type { OrderItemRecord, OrderRecord } from '../../entities';
import type { OrderTabCounts } from '../../server/sales/list-routes';
import { createOrder, expressId, shopper, stockedSku, T1 } from './order-helpers';

const demo = useDemoServer();
const admin = () => ({ token: demo.admin, headers: T1 });
const post = (path: string, body: Record<string, unknown>) => call(demo.app, 'POST', `/api/saleorder/${path}`, { ...admin(), body });
const counts = (query: string, as: { token?: string; headers?: Record<string, string> } = admin()) =>
  call<OrderTabCounts>(demo.app, 'GET', `/api/saleorder/saleOrder/tabCounts?${query}`, as);
const items = (orderIds: string, as: { token?: string; headers?: Record<string, string> } = admin()) =>
  call<Record<string, OrderItemRecord[]>>(demo.app, 'GET', `/api/saleorder/saleOrder/items?orderIds=${encodeURIComponent(orderIds)}`, as);
/** The list's keyword (买家 / 收货人 / 电话) as the screen sends it: one OR group of the super query. */
const keyword = (text: string) =>
  `superQueryMatchType=or&superQueryParams=${encodeURIComponent(encodeURI(JSON.stringify(['buyerName', 'receiverName', 'receiverMobile'].map((field) => ({ field, rule: 'like', val: text })))))}`;

async function lines(orderId: string): Promise<string[]> {
  const found = await sql<{ id: string }>`select id from sale_order_item where order_id = ${orderId} order by id`.execute(demo.app.db);
  return found.rows.map((row) => row.id);
}

/** One buyer's five orders: 待付款, 待发货, 待发货 with a partial refund, 已发货, 已关闭. */
async function fiveOrders(mobile: string, offset: number) {
  const buyer = await shopper(demo, mobile);
  const [a, b] = await Promise.all([stockedSku(demo, offset, '12.50', 50), stockedSku(demo, offset + 1, '3.20', 50)]);
  const make = async (lines: Array<{ skuId: string; count: number }>) => {
    const created = await createOrder(demo, buyer, lines);
    expect(created.body.success, JSON.stringify(created.body)).toBe(true);
    return created.body.result;
  };
  const pay = async (id: string) => expect((await call(demo.app, 'POST', '/api/app/order/pay', { body: { id }, headers: buyer.headers })).body.success).toBe(true);
  const unpaid = await make([{ skuId: a, count: 1 }]);
  const undelivered = await make([{ skuId: a, count: 2 }, { skuId: b, count: 3 }]);
  await pay(undelivered.id);
  const refunded = await make([{ skuId: a, count: 1 }, { skuId: b, count: 1 }]);
  await pay(refunded.id);
  const [line] = await lines(refunded.id);
  const applied = await call<{ id: string }>(demo.app, 'POST', '/api/app/afterSale/create', { body: { orderItemId: line, way: '10', refundPrice: '1.00', applyReason: '不想要了' }, headers: buyer.headers });
  expect(applied.body.success, JSON.stringify(applied.body)).toBe(true);
  expect((await post('afterSale/agree', { id: applied.body.result.id })).body.success).toBe(true);
  expect((await post('afterSale/refund', { id: applied.body.result.id })).body).toMatchObject({ success: true, message: '退款成功' });
  const delivered = await make([{ skuId: b, count: 1 }]);
  await pay(delivered.id);
  expect((await post('saleOrder/deliver', { id: delivered.id, expressId: await expressId(demo), logisticsNo: `SF${mobile}` })).body.success).toBe(true);
  const closed = await make([{ skuId: b, count: 2 }]);
  expect((await post('saleOrder/close', { id: closed.id, reason: '买家要求' })).body.success).toBe(true);
  return { buyer, orders: { unpaid, undelivered, refunded, delivered, closed } };
}

describe('订单列表 tab counts', () => {
  it('counts per tab under the list filters (buyer keyword, order no, 实付), the tab choices themselves ignored', async () => {
    const mobile = '13900000711';
    const { buyer, orders } = await fiveOrders(mobile, 30);
    // 退款中 is an after-sale in progress, 已退款 money that went back (issue 32: 退款中 listed finished refunds).
    const five: OrderTabCounts = { all: 5, unpaid: 1, undelivered: 2, delivered: 1, completed: 0, closed: 1, refunding: 0, refunded: 1 };

    expect((await counts(`buyerName=*${mobile}*`)).body).toMatchObject({ success: true, result: five });
    // The tabs choose status and refund status: those filters do not narrow the counts.
    expect((await counts(`buyerName=*${mobile}*&status=0&refundStatus=!0&afterSaleOpen=true`)).body.result).toEqual(five);
    // The screen's keyword (买家 / 收货人 / 电话 in one OR group) finds the same orders by the receiver's phone.
    expect((await counts(keyword(mobile))).body.result).toEqual(five);
    // One order by its number: the partly refunded one counts under 待发货 and 已退款.
    expect((await counts(`no=${orders.refunded.no}`)).body.result).toEqual({ all: 1, unpaid: 0, undelivered: 1, delivered: 0, completed: 0, closed: 0, refunding: 0, refunded: 1 });
    // 实付 range: 12.50 × 2 + 3.20 × 3 = 34.60 is the only one above 30.
    expect((await counts(`buyerName=*${mobile}*&payPrice_begin=30`)).body.result).toEqual({ all: 1, unpaid: 0, undelivered: 1, delivered: 0, completed: 0, closed: 0, refunding: 0, refunded: 0 });

    // The list under a tab's filter agrees with its count.
    const refunded = await call<{ records: OrderRecord[] }>(demo.app, 'GET', `/api/saleorder/saleOrder/list?buyerName=*${mobile}*&refundStatus=!0`, admin());
    expect(refunded.body.result.records.map((record) => [record.id, record.refundStatus])).toEqual([[orders.refunded.id, '10']]);
    const waiting = await call<{ records: OrderRecord[] }>(demo.app, 'GET', `/api/saleorder/saleOrder/list?buyerName=*${mobile}*&status=10`, admin());
    expect(waiting.body.result.records.map((record) => record.id).sort()).toEqual([orders.undelivered.id, orders.refunded.id].sort());

    // An after-sale applied for counts under 退款中 (and its list shows it) until it is refused; 已退款 does not move.
    const [waitingLine] = await lines(orders.undelivered.id);
    const applied = await call<{ id: string }>(demo.app, 'POST', '/api/app/afterSale/create', { body: { orderItemId: waitingLine, way: '10', refundPrice: '1.00', applyReason: '不想要了' }, headers: buyer.headers });
    expect(applied.body.success, JSON.stringify(applied.body)).toBe(true);
    expect((await counts(`buyerName=*${mobile}*`)).body.result).toEqual({ ...five, refunding: 1 });
    const refunding = await call<{ records: OrderRecord[] }>(demo.app, 'GET', `/api/saleorder/saleOrder/list?buyerName=*${mobile}*&afterSaleOpen=true`, admin());
    expect(refunding.body.result.records.map((record) => record.id)).toEqual([orders.undelivered.id]);
    expect((await post('afterSale/disagree', { id: applied.body.result.id, reason: '已发出' })).body.success).toBe(true);
    expect((await counts(`buyerName=*${mobile}*`)).body.result).toEqual(five);

    // Counted once per filter, and counted again after an order is written: the unpaid one closes.
    expect((await post('saleOrder/close', { id: orders.unpaid.id, reason: '买家要求' })).body.success).toBe(true);
    expect((await counts(`buyerName=*${mobile}*`)).body.result).toEqual({ ...five, unpaid: 0, closed: 2 });

    // Nothing matches: every count is zero.
    expect((await counts('no=NO-SUCH-ORDER')).body.result).toEqual({ all: 0, unpaid: 0, undelivered: 0, delivered: 0, completed: 0, closed: 0, refunding: 0, refunded: 0 });
    const bad = await counts('payTime_begin=2026-02-30');
    expect(bad.status).toBe(400);
    expect(bad.body.success).toBe(false);
  });

  it('is read by whoever may list orders: the clerk yes, an anonymous caller no', async () => {
    const clerk = await counts('', { token: demo.clerk });
    expect(clerk.body.success, JSON.stringify(clerk.body)).toBe(true);
    const all = clerk.body.result;
    expect(all.all).toBe(all.unpaid + all.undelivered + all.delivered + all.completed + all.closed);
    const anonymous = await counts('', { headers: T1 });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.success).toBe(false);
  });
});

describe('订单列表 items of a page', () => {
  it('groups the lines by order, in one call, tenant-scoped, and refuses too many or malformed ids', async () => {
    const buyer = await shopper(demo, '13900000712');
    const [a, b] = await Promise.all([stockedSku(demo, 34, '8.80', 50), stockedSku(demo, 35, '0.30', 50)]);
    const two = (await createOrder(demo, buyer, [{ skuId: a, count: 2 }, { skuId: b, count: 5 }])).body.result;
    const one = (await createOrder(demo, buyer, [{ skuId: b, count: 1 }])).body.result;

    // An order of another tenant (a copy of `one` under tenant 2): tenant 1 sees no lines of it.
    const foreign = `foreign${Date.now()}`;
    await sql`create temp table foreign_order as select * from sale_order where id = ${one.id}`.execute(demo.app.db);
    await sql`update foreign_order set id = ${foreign}, no = ${foreign}, tenant_id = 2`.execute(demo.app.db);
    await sql`insert into sale_order select * from foreign_order`.execute(demo.app.db);
    await sql`create temp table foreign_item as select * from sale_order_item where order_id = ${one.id}`.execute(demo.app.db);
    await sql`update foreign_item set id = ${`${foreign}i`}, order_id = ${foreign}, tenant_id = 2`.execute(demo.app.db);
    await sql`insert into sale_order_item select * from foreign_item`.execute(demo.app.db);

    const answer = await items(`${two.id},${one.id},${foreign}`);
    expect(answer.body.success, JSON.stringify(answer.body)).toBe(true);
    const grouped = answer.body.result;
    expect(Object.keys(grouped).sort()).toEqual([two.id, one.id, foreign].sort());
    const shape = (item: OrderItemRecord) => [item.orderId, item.price, item.count, item.afterSaleStatus, item.afterSaleStatus_dictText];
    expect((grouped[two.id] ?? []).map(shape).sort()).toEqual([[two.id, 0.3, 5, '0', '未售后'], [two.id, 8.8, 2, '0', '未售后']]);
    expect((grouped[one.id] ?? []).map(shape)).toEqual([[one.id, 0.3, 1, '0', '未售后']]);
    expect(typeof grouped[one.id]?.[0]?.spuName).toBe('string');
    expect(grouped[foreign]).toEqual([]);

    const tooMany = await items(Array.from({ length: 101 }, (_value, index) => `o${index}`).join(','));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ success: false, message: '参数校验失败：orderIds 最多100个订单' });
    // A hundred distinct ids are still one page's worth.
    expect((await items(Array.from({ length: 100 }, (_value, index) => `o${index}`).join(','))).body.success).toBe(true);
    const malformed = await items(`${two.id},a'b`);
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ success: false, message: '参数校验失败：orderIds 含有不合法的订单id' });
    const empty = await items(' , ');
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ success: false, message: '参数校验失败：orderIds 不能为空' });
    // The clerk may read lines (of the clerk's own tenant: none of tenant 1's); nobody anonymous may.
    const clerk = await items(two.id, { token: demo.clerk });
    expect(clerk.body.success, JSON.stringify(clerk.body)).toBe(true);
    expect((await items(two.id, { headers: T1 })).status).toBe(401);
  });
});
