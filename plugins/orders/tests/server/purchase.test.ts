/** Procurement orders (business-domains §7, business-api "Procurement (zcy)"): amounts with tax, every transition, stock (issue #13). */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { call, useDemoServer } from '../../../../tests/server/helpers';
import type { PurchaseOrderRecord } from '../../purchase-entities';
import { skuStock, stockedSku, T1 } from './order-helpers';

const demo = useDemoServer();
const admin = () => ({ token: demo.admin, headers: T1 });
const post = <T = unknown>(path: string, body: Record<string, unknown>) => call<T>(demo.app, 'POST', `/api/zcy/purchaseOrder/${path}`, { ...admin(), body });
const detail = async (id: string) => (await call<PurchaseOrderRecord>(demo.app, 'GET', `/api/zcy/purchaseOrder/queryById?id=${id}`, admin())).body.result;

async function customerId(name: string): Promise<string> {
  const added = await call<{ id: string }>(demo.app, 'POST', '/api/cust/customer/add', { ...admin(), body: { name, taxNo: '91330100MA2XXXXX1A', address: '杭州市西湖区文三路 1 号', contactName: '王采购', contactMobile: '13800000001', status: '1' } });
  expect(added.body.success, JSON.stringify(added.body)).toBe(true);
  const found = await sql<{ id: string }>`select id from cust_customer where name = ${name} and tenant_id = 1`.execute(demo.app.db);
  return found.rows[0]?.id ?? '';
}

describe('procurement orders', () => {
  it('prices lines with tax, reserves on 确认, sends in parts, and walks 验收 → 完成 with a log row per step', async () => {
    const buyer = await customerId(`采购单位${Date.now()}`);
    const skuA = await stockedSku(demo, 20, '10.00', 100);
    const skuB = await stockedSku(demo, 21, '3.33', 100);
    const created = await post<{ id: string; no: string }>('add', {
      customerId: buyer,
      platformNo: 'ZCY-2026-0001',
      requiredDate: '2026-12-31',
      discountPrice: '1.00',
      items: [
        { skuId: skuA, count: 10, taxPercent: 13 },
        { skuId: skuB, count: 3, price: '3.33', taxPercent: '6' },
      ],
    });
    expect(created.body).toMatchObject({ success: true });
    const id = created.body.result.id;
    expect(created.body.result.no).toMatch(/^PO\d{14}$/);
    // 100.00 + 13.00 tax; 9.99 + 0.60 tax (0.5994 → 0.60); −1.00 → 122.59.
    expect(await detail(id)).toMatchObject({ status: '0', status_dictText: '待确认', goodsPrice: 109.99, taxPrice: 13.6, discountPrice: 1, totalPrice: 122.59, totalCount: 13, actions: ['confirm', 'reject', 'cancel'] });

    expect((await post('deliver', { id, items: [] })).body).toMatchObject({ success: false });
    expect((await post('accept', { id })).body).toMatchObject({ success: false, message: '采购订单当前状态为「待确认」，不能验收' });
    expect((await post('confirm', { id })).body).toMatchObject({ success: true, message: '已确认' });
    expect(await skuStock(demo, skuA)).toEqual({ stock: 100, lockStock: 10 });
    expect((await post('confirm', { id })).body).toMatchObject({ success: false, message: '采购订单当前状态为「已确认」，不能确认' });

    const lines = (await detail(id)).items ?? [];
    const lineA = lines.find((line) => line.skuId === skuA);
    const lineB = lines.find((line) => line.skuId === skuB);
    if (lineA === undefined || lineB === undefined) throw new Error('two lines expected');
    expect((await post('deliver', { id, items: [{ itemId: lineA.id, count: 11 }] })).body.message).toMatch(/本次最多可发 10 件$/);
    expect((await post('deliver', { id, carrier: '顺丰', logisticsNo: 'SF100', items: [{ itemId: lineA.id, count: 4 }] })).body).toMatchObject({ success: true });
    expect(await detail(id)).toMatchObject({ status: '20', deliveredCount: 4, actions: ['deliver'] });
    expect(await skuStock(demo, skuA)).toEqual({ stock: 96, lockStock: 6 });
    expect((await post('cancel', { id, reason: '不要了' })).body).toMatchObject({ success: false, message: '采购订单当前状态为「部分发货」，不能取消' });
    expect((await post('deliver', { id, carrier: '顺丰', logisticsNo: 'SF101', items: [{ itemId: lineA.id, count: 6 }, { itemId: lineB.id, count: 3 }] })).body.success).toBe(true);
    const sent = await detail(id);
    expect(sent).toMatchObject({ status: '30', deliveredCount: 13, actions: ['accept'] });
    expect(sent.deliveries?.map((delivery) => delivery.count)).toEqual([4, 9]);
    expect(await skuStock(demo, skuA)).toEqual({ stock: 90, lockStock: 0 });
    expect(await skuStock(demo, skuB)).toEqual({ stock: 97, lockStock: 0 });
    const records = await sql<{ count: number; biz_id: string }>`select count, biz_id from goods_stock_record where sku_id = ${skuA} and biz_id = ${id} order by create_time`.execute(demo.app.db);
    expect(records.rows.map((row) => row.count)).toEqual([-4, -6]);

    expect((await post('accept', { id, remark: '验收合格' })).body.success).toBe(true);
    expect((await post('complete', { id })).body.success).toBe(true);
    const done = await detail(id);
    expect(done).toMatchObject({ status: '50', actions: [] });
    expect(done.logs?.map((log) => log.action)).toEqual(['create', 'confirm', 'deliverPart', 'deliverAll', 'accept', 'complete']);
  });

  it('refuses to reject after confirmation, cancels a confirmed order with its reservation back, and refuses bad input with a message', async () => {
    const buyer = await customerId(`采购单位B${Date.now()}`);
    const sku = await stockedSku(demo, 22, '8.00', 5);
    const first = (await post<{ id: string }>('add', { customerId: buyer, items: [{ skuId: sku, count: 5 }] })).body.result.id;
    expect((await post('reject', { id: first, reason: '价格不符' })).body).toMatchObject({ success: true, message: '已拒绝' });
    expect((await post('confirm', { id: first })).body).toMatchObject({ success: false, message: '采购订单当前状态为「已拒绝」，不能确认' });

    const second = (await post<{ id: string }>('add', { customerId: buyer, items: [{ skuId: sku, count: 5 }] })).body.result.id;
    await post('confirm', { id: second });
    expect(await skuStock(demo, sku)).toEqual({ stock: 5, lockStock: 5 });
    const third = (await post<{ id: string }>('add', { customerId: buyer, items: [{ skuId: sku, count: 1 }] })).body.result.id;
    // Nothing left to reserve: 确认 is refused and nothing moves.
    expect((await post('confirm', { id: third })).body.success).toBe(false);
    expect(await detail(third)).toMatchObject({ status: '0' });
    expect((await post('reject', { id: second, reason: '太晚' })).body).toMatchObject({ success: false, message: '采购订单当前状态为「已确认」，不能拒绝' });
    expect((await post('cancel', { id: second, reason: '采购单位撤单' })).body).toMatchObject({ success: true, message: '已取消' });
    expect(await skuStock(demo, sku)).toEqual({ stock: 5, lockStock: 0 });
    expect((await detail(second)).logs?.at(-1)).toMatchObject({ action: 'cancel', content: '取消：采购单位撤单', afterStatus_dictText: '已取消' });

    expect((await post('add', { customerId: 'nobody', items: [{ skuId: sku, count: 1 }] })).body).toMatchObject({ success: false, message: '采购单位不存在' });
    expect((await post('add', { customerId: buyer, items: [{ skuId: sku, count: 1, taxPercent: 101 }] })).body).toMatchObject({ success: false, message: '税率须在 0 到 100 之间，最多两位小数' });
    expect((await post('add', { customerId: buyer, discountPrice: '9', items: [{ skuId: sku, count: 1 }] })).body).toMatchObject({ success: false, message: '优惠金额不能超过订单金额' });
    const bad = await post('add', { customerId: buyer, items: [] });
    expect(bad.status).toBe(400);
    expect((await post('reject', { id: third, reason: '   ' })).status).toBe(400);
  });

  it('prints its 送货单 and 合同 as PDFs, and refuses another tenant’s', async () => {
    const buyer = await customerId(`采购单位C${Date.now()}`);
    const sku = await stockedSku(demo, 23, '12.50', 10);
    const id = (await post<{ id: string }>('add', { customerId: buyer, items: [{ skuId: sku, count: 2, taxPercent: 13 }] })).body.result.id;
    for (const path of ['deliveryNotePdf', 'contractPdf']) {
      const pdf = await demo.app.inject({ method: 'GET', url: `/api/zcy/purchaseOrder/${path}?id=${id}`, headers: { 'x-access-token': demo.admin, ...T1 } });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
    const other = await call(demo.app, 'GET', `/api/zcy/purchaseOrder/contractPdf?id=${id}`, { token: demo.admin, headers: { 'tenant-id': '2' } });
    expect(other.body).toMatchObject({ success: false });
  });
});
