/** Procurement orders (docs/reference/business-domains.md §7, docs/business-api.md "Procurement (zcy)"): amounts with tax, every transition, stock (issue #13). */
import { sql, type Kysely } from 'kysely';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { call, useDemoServer } from '../../../../tests/server/helpers';
import type { PurchaseOrderRecord } from '../../purchase-entities';
import { backfillDeliveryItems } from '../../server/migrations/0005-docs-orders';
import { skuStock, stockedSku, T1 } from './order-helpers';

const demo = useDemoServer();
const admin = () => ({ token: demo.admin, headers: T1 });
const post = <T = unknown>(path: string, body: Record<string, unknown>) => call<T>(demo.app, 'POST', `/api/zcy/purchaseOrder/${path}`, { ...admin(), body });
const detail = async (id: string) => (await call<PurchaseOrderRecord>(demo.app, 'GET', `/api/zcy/purchaseOrder/queryById?id=${id}`, admin())).body.result;

/** A PDF's text, lines joined, spaces between runs removed (the table cells are separate runs). */
async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  return (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, '');
}

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

  it('prints a 送货单 per delivery with only that delivery’s goods, and the contract under the number entered (issue 32)', async () => {
    const buyer = await customerId(`采购单位D${Date.now()}`);
    const skuA = await stockedSku(demo, 24, '10.00', 100);
    const skuB = await stockedSku(demo, 25, '2.50', 100);
    const id = (
      await post<{ id: string }>('add', {
        customerId: buyer,
        contractNo: 'HT-2026-088',
        remark: '分两批送货',
        items: [
          { skuId: skuA, count: 10, taxPercent: 13 },
          { skuId: skuB, count: 5, taxPercent: 0 },
        ],
      })
    ).body.result.id;
    const order = await detail(id);
    // No delivery yet: nothing to deliver, so no delivery note.
    const none = await call(demo.app, 'GET', `/api/zcy/purchaseOrder/deliveryNotePdf?id=${id}`, admin());
    expect(none.body).toMatchObject({ success: false, message: '采购订单还没有发货，没有送货单' });
    expect((await post('confirm', { id })).body.success).toBe(true);
    const lines = (await detail(id)).items ?? [];
    const lineA = lines.find((line) => line.skuId === skuA);
    const lineB = lines.find((line) => line.skuId === skuB);
    if (lineA === undefined || lineB === undefined) throw new Error('two lines expected');
    // 4 of the 15 pieces first, then the other 11.
    expect((await post('deliver', { id, carrier: '顺丰', logisticsNo: 'SF200', items: [{ itemId: lineA.id, count: 4 }] })).body.success).toBe(true);
    expect((await post('deliver', { id, carrier: '中通', logisticsNo: 'ZT201', items: [{ itemId: lineA.id, count: 6 }, { itemId: lineB.id, count: 5 }] })).body.success).toBe(true);
    const deliveries = (await detail(id)).deliveries ?? [];
    const inOrder = lines.findIndex((line) => line.id === lineA.id) < lines.findIndex((line) => line.id === lineB.id) ? [[lineA.id, 6], [lineB.id, 5]] : [[lineB.id, 5], [lineA.id, 6]];
    expect(deliveries.map((delivery) => (delivery.items ?? []).map((part) => [part.itemId, part.count]))).toEqual([[[lineA.id, 4]], inOrder]);
    const [first, second] = deliveries;
    if (first === undefined || second === undefined) throw new Error('two deliveries expected');

    const note = async (deliveryId?: string) => {
      const query = deliveryId === undefined ? '' : `&deliveryId=${deliveryId}`;
      const response = await demo.app.inject({ method: 'GET', url: `/api/zcy/purchaseOrder/deliveryNotePdf?id=${id}${query}`, headers: { 'x-access-token': demo.admin, ...T1 } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      return { disposition: String(response.headers['content-disposition']), text: await pdfText(response.rawPayload) };
    };
    const firstNote = await note(String(first.id));
    expect(firstNote.disposition).toContain(encodeURIComponent(`${String(first.no)}-送货单.pdf`));
    for (const expected of [`送货单号：${String(first.no)}`, `订单号：${String(order.no)}`, '合同编号：HT-2026-088', '承运：顺丰SF200', '发货方：杭州云杉商贸有限公司']) expect(firstNote.text).toContain(expected);
    // Only this delivery's goods: 4 × 10.00 = 40.00, tax 5.20, 45.20 — never all 15 pieces.
    expect(firstNote.text).toContain(`${lineA.spuName ?? ''}`.replace(/\s+/g, ''));
    expect(firstNote.text).toContain('10.00440.00');
    expect(firstNote.text).toContain('商品金额40.00');
    expect(firstNote.text).toContain('税额5.20');
    expect(firstNote.text).toContain('含税合计¥45.20');
    expect(firstNote.text).not.toContain('2.50512.50');
    expect(firstNote.text).not.toContain('ZT201');
    // A delivery made before its lines were kept is read back from the text it recorded (migration 0005).
    const kept = await sql<{ item_id: string; count: number }>`select item_id, count from zcy_purchase_delivery_item where order_id = ${id} order by delivery_id, item_id`.execute(demo.app.db);
    await sql`delete from zcy_purchase_delivery_item where order_id = ${id}`.execute(demo.app.db);
    await backfillDeliveryItems(demo.app.db as unknown as Kysely<unknown>);
    expect((await sql<{ item_id: string; count: number }>`select item_id, count from zcy_purchase_delivery_item where order_id = ${id} order by delivery_id, item_id`.execute(demo.app.db)).rows).toEqual(kept.rows);
    // Without a delivery named: the latest one (6 + 5 pieces: 60.00 + 7.80 tax, 12.50).
    const latest = await note();
    expect(latest.text).toContain(`送货单号：${String(second.no)}`);
    expect(latest.text).toContain('商品金额72.50');
    expect(latest.text).toContain('含税合计¥80.30');
    expect((await call(demo.app, 'GET', `/api/zcy/purchaseOrder/deliveryNotePdf?id=${id}&deliveryId=nosuchdelivery`, admin())).body).toMatchObject({ success: false, message: '发货记录不存在' });

    // The contract: the number entered is the number printed (the PO number beside it), not a 备注.
    const contract = await demo.app.inject({ method: 'GET', url: `/api/zcy/purchaseOrder/contractPdf?id=${id}`, headers: { 'x-access-token': demo.admin, ...T1 } });
    expect(String(contract.headers['content-disposition'])).toContain(encodeURIComponent('HT-2026-088-合同.pdf'));
    const contractText = await pdfText(contract.rawPayload);
    expect(contractText).toContain('合同编号：HT-2026-088');
    expect(contractText).toContain(`订单号：${String(order.no)}`);
    expect(contractText).toContain('备注：分两批送货');
    expect(contractText).not.toContain('合同编号HT-2026-088');
    expect(contractText).toContain('乙方（卖方）：杭州云杉商贸有限公司');
  });

  it('prints its 送货单 and 合同 as PDFs, and refuses another tenant’s', async () => {
    const buyer = await customerId(`采购单位C${Date.now()}`);
    const sku = await stockedSku(demo, 23, '12.50', 10);
    const id = (await post<{ id: string }>('add', { customerId: buyer, items: [{ skuId: sku, count: 2, taxPercent: 13 }] })).body.result.id;
    await post('confirm', { id });
    const line = ((await detail(id)).items ?? [])[0];
    expect((await post('deliver', { id, items: [{ itemId: line?.id, count: 2 }] })).body.success).toBe(true);
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
