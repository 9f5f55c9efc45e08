/**
 * SPU 赠送积分 (issue 32 "Smaller things": stored but never granted): the goods' points are granted when the
 * order completes, through the member points ledger with its row (订单积分奖励); a line refunded before the
 * order completes gives none, and a line refunded after it takes its points back (docs/reference/business-domains.md §1
 * "Points on orders": granted points are clawed back on refund), never below the member's balance.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { call, useDemoServer } from '../../../../tests/server/helpers';
import { createOrder, expressId, memberTotals, shopper, stockedSku, T1, type Shopper } from './order-helpers';

const demo = useDemoServer();
const admin = () => ({ token: demo.admin, headers: T1 });

interface PointRow {
  point: number;
  totalPoint: number;
  bizType: string | number;
  bizId: string;
  title: string;
}

/** The member's points ledger as 积分明细 lists it, oldest first. */
async function ledger(memberId: string): Promise<PointRow[]> {
  const found = await call<{ records: PointRow[] }>(demo.app, 'GET', `/api/cust/custPointsLog/list?memberId=${memberId}&pageSize=100&column=createTime&order=asc`, admin());
  expect(found.body.success, JSON.stringify(found.body)).toBe(true);
  return found.body.result.records;
}

/** An SKU whose SPU gives `points` per unit, at a known price; the SPU is changed as the goods form would store it. */
async function pointsSku(offset: number, price: string, points: number): Promise<string> {
  const sku = await stockedSku(demo, offset, price, 50);
  await sql`update goods_spu set give_integral = ${points} where id = (select spu_id from goods_sku where id = ${sku})`.execute(demo.app.db);
  return sku;
}

async function lineOf(orderId: string, skuId: string): Promise<{ id: string; payPrice: string }> {
  const found = await sql<{ id: string; pay_price: string }>`select id, pay_price::text as pay_price from sale_order_item where order_id = ${orderId} and sku_id = ${skuId}`.execute(demo.app.db);
  const row = found.rows[0];
  if (row === undefined) throw new Error('no such line');
  return { id: row.id, payPrice: row.pay_price };
}

async function paidAndShipped(buyer: Shopper, items: Array<{ skuId: string; count: number }>): Promise<{ id: string; no: string }> {
  const created = await createOrder(demo, buyer, items);
  expect(created.body.success, JSON.stringify(created.body)).toBe(true);
  const { id, no } = created.body.result;
  expect((await call(demo.app, 'POST', '/api/app/order/pay', { body: { id }, headers: buyer.headers })).body.success).toBe(true);
  const shipped = await call(demo.app, 'POST', '/api/saleorder/saleOrder/deliver', { ...admin(), body: { id, expressId: await expressId(demo), logisticsNo: `SF${no}` } });
  expect(shipped.body.success, JSON.stringify(shipped.body)).toBe(true);
  return { id, no };
}

async function refundLine(buyer: Shopper, line: { id: string; payPrice: string }): Promise<string> {
  const applied = await call<{ id: string; no: string }>(demo.app, 'POST', '/api/app/afterSale/create', { body: { orderItemId: line.id, way: '10', refundPrice: line.payPrice, applyReason: '不想要了' }, headers: buyer.headers });
  expect(applied.body.success, JSON.stringify(applied.body)).toBe(true);
  expect((await call(demo.app, 'POST', '/api/saleorder/afterSale/agree', { ...admin(), body: { id: applied.body.result.id } })).body.success).toBe(true);
  expect((await call(demo.app, 'POST', '/api/saleorder/afterSale/refund', { ...admin(), body: { id: applied.body.result.id } })).body).toMatchObject({ success: true, message: '退款成功' });
  const found = await sql<{ no: string }>`select no from sale_after_sale where id = ${applied.body.result.id}`.execute(demo.app.db);
  return found.rows[0]?.no ?? '';
}

describe('SPU 赠送积分', () => {
  it('is granted when the order completes, with its ledger row, and taken back when the line is refunded afterwards', async () => {
    const buyer = await shopper(demo, '13900003201');
    const gives = await pointsSku(60, '10.00', 7);
    const plain = await pointsSku(61, '5.00', 0);
    const order = await paidAndShipped(buyer, [
      { skuId: gives, count: 2 },
      { skuId: plain, count: 1 },
    ]);
    // Snapshotted on the line when placed: a later edit of the SPU changes nothing.
    await sql`update goods_spu set give_integral = 1000 where id = (select spu_id from goods_sku where id = ${gives})`.execute(demo.app.db);
    const beforeReceipt = await memberTotals(demo, buyer.memberId);
    expect((await ledger(buyer.memberId)).filter((row) => row.title.includes('商品赠送积分'))).toEqual([]);

    expect((await call(demo.app, 'POST', '/api/app/order/receive', { body: { id: order.id }, headers: buyer.headers })).body.success).toBe(true);
    const afterReceipt = await memberTotals(demo, buyer.memberId);
    expect(afterReceipt.point - beforeReceipt.point).toBe(14);
    const granted = (await ledger(buyer.memberId)).at(-1);
    expect(granted).toMatchObject({ point: 14, totalPoint: afterReceipt.point, bizType: '21', bizId: order.id, title: `订单 ${order.no} 商品赠送积分` });

    // 售后 after completion: the line's 14 points go back with their own row (the payment's reward goes back too).
    const afterSaleNo = await refundLine(buyer, await lineOf(order.id, gives));
    const rows = await ledger(buyer.memberId);
    expect(rows.filter((row) => row.title === `售后单 ${afterSaleNo} 退回商品赠送积分`)).toMatchObject([{ point: -14, bizType: '23' }]);
    const afterRefund = await memberTotals(demo, buyer.memberId);
    // Rows of one refund share their time, so the newest is not always listed last: the ledger adds up instead.
    expect(afterRefund.point).toBe(rows.reduce((sum, row) => sum + row.point, 0));
    expect(afterRefund.point).toBeLessThanOrEqual(afterReceipt.point - 14);
  });

  it('gives nothing for a line refunded before the order completes, and never takes the balance below zero', async () => {
    const buyer = await shopper(demo, '13900003202');
    const first = await pointsSku(62, '8.00', 5);
    const second = await pointsSku(63, '9.00', 3);
    const order = await paidAndShipped(buyer, [
      { skuId: first, count: 1 },
      { skuId: second, count: 2 },
    ]);
    // Refunded while shipped (售中): the order completes with the other line only.
    await refundLine(buyer, await lineOf(order.id, first));
    expect((await call(demo.app, 'POST', '/api/app/order/receive', { body: { id: order.id }, headers: buyer.headers })).body.success).toBe(true);
    expect((await ledger(buyer.memberId)).filter((row) => row.title === `订单 ${order.no} 商品赠送积分`)).toMatchObject([{ point: 6 }]);

    // The member spends every point, then the completed line is refunded: the claw-back stops at zero.
    const spent = await memberTotals(demo, buyer.memberId);
    const adjusted = await call(demo.app, 'POST', '/api/cust/custMember/adjustPoints', { ...admin(), body: { memberId: buyer.memberId, point: -spent.point, reason: '积分兑换' } });
    expect(adjusted.body.success, JSON.stringify(adjusted.body)).toBe(true);
    const afterSaleNo = await refundLine(buyer, await lineOf(order.id, second));
    expect((await ledger(buyer.memberId)).some((row) => row.title === `售后单 ${afterSaleNo} 退回商品赠送积分`)).toBe(false);
    expect((await memberTotals(demo, buyer.memberId)).point).toBe(0);
  });
});
