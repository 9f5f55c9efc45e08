/** The 售后单 screen's server side: status tab counts under the list's filters, 申请时间, and who may read them. */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { call, useDemoServer } from '../../../../tests/server/helpers';
import type { AfterSaleRecord } from '../../entities';
import type { AfterSaleTabCounts } from '../../server/after-sales/list-routes';
import { createOrder, expressId, shopper, stockedSku, T1, type Shopper } from './order-helpers';

const demo = useDemoServer();
const admin = () => ({ token: demo.admin, headers: T1 });
const staff = (path: string, body: Record<string, unknown>) => call(demo.app, 'POST', `/api/saleorder/afterSale/${path}`, { ...admin(), body });
const counts = (query: string, as: { token?: string; headers?: Record<string, string> } = admin()) =>
  call<AfterSaleTabCounts>(demo.app, 'GET', `/api/saleorder/afterSale/tabCounts?${query}`, as);

async function lines(orderId: string): Promise<string[]> {
  const found = await sql<{ id: string }>`select id from sale_order_item where order_id = ${orderId} order by id`.execute(demo.app.db);
  return found.rows.map((row) => row.id);
}

async function apply(buyer: Shopper, orderItemId: string, way: string, refundPrice: string): Promise<string> {
  const created = await call<{ id: string }>(demo.app, 'POST', '/api/app/afterSale/create', { body: { orderItemId, way, refundPrice, applyReason: '质量问题' }, headers: buyer.headers });
  expect(created.body.success, JSON.stringify(created.body)).toBe(true);
  return created.body.result.id;
}

/** A shipped order of four lines, one after-sale per line, walked to 申请中, 卖家通过, 完成 and 卖家拒绝. */
async function fourAfterSales(mobile: string, offset: number) {
  const buyer = await shopper(demo, mobile);
  const skus = await Promise.all([0, 1, 2, 3].map((step) => stockedSku(demo, offset + step, '10.00', 20)));
  const order = (await createOrder(demo, buyer, skus.map((skuId) => ({ skuId, count: 1 })))).body.result;
  await call(demo.app, 'POST', '/api/app/order/pay', { body: { id: order.id }, headers: buyer.headers });
  const shipped = await call(demo.app, 'POST', '/api/saleorder/saleOrder/deliver', { ...admin(), body: { id: order.id, expressId: await expressId(demo), logisticsNo: `SF${mobile}` } });
  expect(shipped.body.success, JSON.stringify(shipped.body)).toBe(true);
  const [a, b, c, d] = await lines(order.id);
  if (a === undefined || b === undefined || c === undefined || d === undefined) throw new Error('four lines expected');
  const applied = await apply(buyer, a, '20', '5.00');
  const agreed = await apply(buyer, b, '20', '6.00');
  expect((await staff('agree', { id: agreed })).body.success).toBe(true);
  const refunded = await apply(buyer, c, '10', '7.00');
  expect((await staff('agree', { id: refunded })).body.success).toBe(true);
  expect((await staff('refund', { id: refunded })).body).toMatchObject({ success: true, message: '退款成功' });
  const refused = await apply(buyer, d, '20', '8.00');
  expect((await staff('disagree', { id: refused, reason: '已过退货期' })).body.success).toBe(true);
  return { order, ids: { applied, agreed, refunded, refused } };
}

describe('售后单 tab counts', () => {
  it('counts per status under the list filters (order no, way, goods name, 申请时间), status itself ignored', async () => {
    const first = await fourAfterSales('13900000511', 20);
    const second = await fourAfterSales('13900000512', 24);
    const one = { all: 4, applied: 1, sellerAgreed: 1, buyerDelivered: 0, waitRefund: 0, completed: 1, closed: 1 };

    const byOrder = await counts(`orderNo=${first.order.no}`);
    expect(byOrder.body).toMatchObject({ success: true, result: one });
    // The tabs choose the status: a status filter does not narrow the counts.
    expect((await counts(`orderNo=${second.order.no}&status=10`)).body.result).toEqual(one);
    // 方式 仅退款: only the refunded one of each order.
    expect((await counts(`orderNo=${first.order.no}&way=10`)).body.result).toEqual({ all: 1, applied: 0, sellerAgreed: 0, buyerDelivered: 0, waitRefund: 0, completed: 1, closed: 0 });

    // 商品名: the lines of that goods only (worked out from the rows themselves).
    const named = await sql<{ spu_name: string }>`select spu_name from sale_after_sale where id = ${first.ids.applied}`.execute(demo.app.db);
    const name = named.rows[0]?.spu_name ?? '';
    const same = await sql<{ status: string }>`select status from sale_after_sale where order_id = ${first.order.id} and spu_name like ${`%${name}%`}`.execute(demo.app.db);
    const byName = (await counts(`orderNo=${first.order.no}&spuName=${encodeURIComponent(`*${name}*`)}`)).body.result;
    expect(byName.all).toBe(same.rows.length);
    expect(byName.applied).toBe(same.rows.filter((row) => row.status === '10').length);
    expect(byName.applied).toBeGreaterThanOrEqual(1);

    // The list under the same filters agrees with the counts.
    const listed = await call<{ records: AfterSaleRecord[]; total: number }>(demo.app, 'GET', `/api/saleorder/afterSale/list?orderNo=${first.order.no}&status=62,61,63`, admin());
    expect(listed.body.result.records.map((record) => record.id)).toEqual([first.ids.refused]);

    // 申请时间: today holds them, tomorrow nothing; the list honours the same bounds.
    const today = await sql<{ d: string }>`select to_char(create_time, 'YYYY-MM-DD') as d from sale_after_sale where id = ${first.ids.applied}`.execute(demo.app.db);
    const day = today.rows[0]?.d ?? '';
    expect((await counts(`orderNo=${first.order.no}&createTime_begin=${day}&createTime_end=${day}`)).body.result).toEqual(one);
    const next = new Date(`${day}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    const tomorrow = next.toISOString().slice(0, 10);
    expect((await counts(`orderNo=${first.order.no}&createTime_begin=${tomorrow}`)).body.result).toMatchObject({ all: 0, applied: 0, closed: 0 });
    const later = await call<{ total: number }>(demo.app, 'GET', `/api/saleorder/afterSale/list?orderNo=${first.order.no}&createTime_begin=${tomorrow}`, admin());
    expect(later.body.result.total).toBe(0);
    const sameDay = await call<{ total: number }>(demo.app, 'GET', `/api/saleorder/afterSale/list?orderNo=${first.order.no}&createTime_end=${day}`, admin());
    expect(sameDay.body.result.total).toBe(4);
    // An end day runs to its last microsecond: one applied at 23:59:59.500 is still that day's.
    await sql`update sale_after_sale set create_time = ${`${day} 23:59:59.5`}::timestamptz where id = ${first.ids.applied}`.execute(demo.app.db);
    const lastMoment = await call<{ records: AfterSaleRecord[] }>(demo.app, 'GET', `/api/saleorder/afterSale/list?orderNo=${first.order.no}&createTime_begin=${day}&createTime_end=${day}&pageSize=50`, admin());
    expect(lastMoment.body.result.records.map((record) => record.id)).toContain(first.ids.applied);
    const bad = await counts('createTime_begin=2026-02-30');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('参数校验失败：createTime_begin 不是存在的日期时间（应为 YYYY-MM-DD 或 YYYY-MM-DD HH:mm:ss）');

    // Without filters every after-sale of the tenant counts, both orders' included.
    const everything = (await counts('')).body.result;
    expect(everything.all).toBeGreaterThanOrEqual(8);
    expect(everything.all).toBe(everything.applied + everything.sellerAgreed + everything.buyerDelivered + everything.waitRefund + everything.completed + everything.closed);
  });

  it('is read by whoever may list after-sales: the clerk yes, an anonymous caller no; the clerk decides but may not export', async () => {
    const clerk = await counts('', { token: demo.clerk });
    expect(clerk.body.success, JSON.stringify(clerk.body)).toBe(true);
    expect(typeof clerk.body.result.all).toBe('number');
    const anonymous = await counts('', { headers: T1 });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.success).toBe(false);
    // The shop assistant handles after-sales: an unknown one is refused as such, not for want of permission.
    const decided = await call(demo.app, 'POST', '/api/saleorder/afterSale/agree', { token: demo.clerk, headers: T1, body: { id: 'x1' } });
    expect(decided.status).toBe(200);
    expect(decided.body.success).toBe(false);
    const exported = await call(demo.app, 'GET', '/api/saleorder/afterSale/exportXls', { token: demo.clerk, headers: T1 });
    expect(exported.status).toBe(403);
  });
});
