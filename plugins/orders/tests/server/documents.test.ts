/** The order documents: 送货单 and 购销合同 as real PDF files, read back as text. */
import { sql } from 'kysely';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { call, useDemoServer } from '../../../../tests/server/helpers';
import type { OrderRecord } from '../../entities';
import { uploadFile } from '../../../../tests/server/upload-file';
import { sealPng } from '../../../../tests/support/png';
import { createOrder, shopper, stockedSku, T1 } from './order-helpers';

const demo = useDemoServer();
const admin = () => ({ token: demo.admin, headers: T1 });

interface PdfAnswer {
  status: number;
  type: string;
  disposition: string;
  bytes: Buffer;
}

async function fetchPdf(path: string, id: string, token?: string): Promise<PdfAnswer> {
  const headers: Record<string, string> = { ...T1 };
  if (token !== undefined) headers['x-access-token'] = token;
  const response = await demo.app.inject({ method: 'GET', url: `/api/saleorder/saleOrder/${path}?id=${encodeURIComponent(id)}`, headers });
  return { status: response.statusCode, type: String(response.headers['content-type']), disposition: String(response.headers['content-disposition']), bytes: response.rawPayload };
}

/** The document's text, lines joined, spaces between runs removed (the table cells are separate runs). */
async function textOf(bytes: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, '');
}

function expectPdf(answer: PdfAnswer, fileName: string): void {
  expect(answer.status).toBe(200);
  expect(answer.type).toBe('application/pdf');
  expect(answer.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(answer.disposition).toContain(`filename*=UTF-8''${encodeURIComponent(fileName)}`);
  // The CJK font travels as a subset: the whole face is 8 MB.
  expect(answer.bytes.length).toBeLessThan(400_000);
}

/** A company customer with its tax and bank details, and an offline order of theirs: 2 × 12.34 = 24.68. */
async function customerOrder(): Promise<{ id: string; no: string; skuName: string }> {
  const name = `文档测试公司${Date.now()}`;
  const added = await call(demo.app, 'POST', '/api/cust/customer/add', {
    ...admin(),
    body: { name, taxNo: '91330100MA2TEST01X', bankName: '工商银行杭州分行', bankAccount: '6222000011112222', address: '杭州市西湖区文三路 1 号', status: '1' },
  });
  expect(added.body.success, JSON.stringify(added.body)).toBe(true);
  const found = await sql<{ id: string }>`select id from cust_customer where name = ${name}`.execute(demo.app.db);
  const customerId = found.rows[0]?.id;
  expect(customerId).toBeDefined();
  const sku = await stockedSku(demo, 3, '20.00', 50);
  const created = await call<{ id: string }>(demo.app, 'POST', '/api/saleorder/offlineOrder/add', {
    ...admin(),
    body: { customerId, items: [{ skuId: sku, count: 2, price: '12.34' }], payType: 'transfer', paid: true, remark: '请开增值税专票' },
  });
  expect(created.body.success, JSON.stringify(created.body)).toBe(true);
  const detail = await call<OrderRecord & { items: Array<{ spuName: string }> }>(demo.app, 'GET', `/api/saleorder/saleOrder/queryById?id=${created.body.result.id}`, admin());
  expect(detail.body.result).toMatchObject({ payPrice: 24.68, buyerName: name });
  return { id: created.body.result.id, no: String(detail.body.result.no ?? ''), skuName: detail.body.result.items[0]?.spuName ?? '' };
}

describe('order documents (送货单, 合同)', () => {
  it('prints the delivery note of a member order: seller, order no, receiver, lines, totals, signature boxes', async () => {
    const buyer = await shopper(demo, '13900000951');
    const sku = await stockedSku(demo, 4, '33.30', 50);
    const created = await createOrder(demo, buyer, [{ skuId: sku, count: 3 }]);
    expect(created.body.success, JSON.stringify(created.body)).toBe(true);
    const detail = await call<OrderRecord & { items: Array<{ spuName: string; price: number; count: number }> }>(
      demo.app,
      'GET',
      `/api/saleorder/saleOrder/queryById?id=${created.body.result.id}`,
      admin(),
    );
    const order = detail.body.result;
    const payPrice = (await sql<{ p: string }>`select pay_price::text as p from sale_order where id = ${order.id}`.execute(demo.app.db)).rows[0]?.p ?? '';
    expect(payPrice).toMatch(/^\d+\.\d{2}$/);

    const answer = await fetchPdf('deliveryNotePdf', String(order.id), demo.admin);
    expectPdf(answer, `${order.no}-送货单.pdf`);
    const text = await textOf(answer.bytes);
    // The shop (its seeded 店铺信息, not the tenant's name) sends the goods.
    for (const expected of ['杭州云杉商贸有限公司', '送货单', `订单号：${order.no}`, '收货人：张三', '电话：13900000951', '长安街1号', '发货方：杭州云杉商贸有限公司', '发货方电话：0571-88886666', '发货地址：浙江省杭州市西湖区文三路398号8楼', '编号', '名称', '规格', '单位', '单价', '数量', '金额', '运费', '优惠', '实付', '备注', '送货人']) {
      expect(text).toContain(expected);
    }
    expect(text).toContain((order.items[0]?.spuName ?? '-').replace(/\s+/g, ''));
    expect(text).toContain('33.30');
    expect(text).toContain('99.90');
    expect(text).toContain(`实付¥${payPrice}`);
  });

  it('prints the contract of a customer order: parties with tax and bank details, the total in figures and capitals', async () => {
    const order = await customerOrder();
    const answer = await fetchPdf('contractPdf', order.id, demo.admin);
    expectPdf(answer, `${order.no}-合同.pdf`);
    const text = await textOf(answer.bytes);
    for (const expected of ['购销合同', `合同编号：${order.no}`, '甲方（买方）：文档测试公司', '税号：91330100MA2TEST01X', '开户银行：工商银行杭州分行', '银行账号：6222000011112222']) {
      expect(text).toContain(expected);
    }
    // 乙方 is the shop as its 店铺信息 says (issue 32: it was 默认租户 with blank tax number, bank and address).
    const seller = text.slice(text.indexOf('乙方（卖方）'), text.indexOf('甲乙双方'));
    for (const expected of ['乙方（卖方）：杭州云杉商贸有限公司', '税号：91330106MA2KDEMO7X', '地址：浙江省杭州市西湖区文三路398号8楼', '开户银行：中国工商银行杭州文三路支行', '银行账号：1202021209900123456', '联系人：陈经理', '电话：0571-88886666']) {
      expect(seller).toContain(expected);
    }
    expect(text).not.toContain('默认租户');
    expect(text).not.toContain('-0.00');
    expect(text).toContain(order.skuName.replace(/\s+/g, ''));
    expect(text).toContain('实付¥24.68');
    expect(text).toContain('合同总金额（小写）：¥24.68');
    expect(text).toContain('合同总金额（大写）：人民币贰拾肆元陆角捌分');
    expect(text).toContain('甲方（盖章）');
    expect(text).toContain('乙方（盖章）');
    expect(text).toContain('请开增值税专票');

    // The clerk may list orders, so may print them, but only within the tenant it works in: tenant 1's order is
    // unknown outside tenant 1, and printed in it (the clerk is the demo shop's assistant).
    const clerkView = await call(demo.app, 'GET', `/api/saleorder/saleOrder/deliveryNotePdf?id=${order.id}`, { token: demo.clerk });
    expect(clerkView.body).toMatchObject({ success: false, message: '订单不存在' });
    const note = await fetchPdf('deliveryNotePdf', order.id, demo.clerk);
    expectPdf(note, `${order.no}-送货单.pdf`);
    expect(await textOf(note.bytes)).toContain('实付¥24.68');
  });

  it('stamps the shop’s contract seal and logo (店铺信息) on its documents once uploaded', async () => {
    const order = await customerOrder();
    const image = (bytes: Buffer) => bytes.toString('latin1').includes('/Subtype /Image');
    expect(image((await fetchPdf('contractPdf', order.id, demo.admin)).bytes)).toBe(false);
    const profile = await call<{ id: string }>(demo.app, 'GET', '/api/sys/shopProfile/current', admin());
    const seal = await uploadFile(demo.app, demo.admin, T1, 'seal.png', sealPng(), 'shop');
    const saved = await call(demo.app, 'PUT', '/api/sys/shopProfile/edit', { ...admin(), body: { id: profile.body.result.id, legalName: '杭州云杉商贸有限公司', sealUrl: seal, logoUrl: seal } });
    expect(saved.body.success, JSON.stringify(saved.body)).toBe(true);
    const contract = await fetchPdf('contractPdf', order.id, demo.admin);
    expectPdf(contract, `${order.no}-合同.pdf`);
    expect(image(contract.bytes)).toBe(true);
    expect(await textOf(contract.bytes)).toContain('乙方（卖方）：杭州云杉商贸有限公司');
    expect(image((await fetchPdf('deliveryNotePdf', order.id, demo.admin)).bytes)).toBe(true);
  });

  it('refuses an unknown order with 订单不存在, a missing id by validation, and anonymous callers', async () => {
    for (const path of ['deliveryNotePdf', 'contractPdf']) {
      const unknown = await call(demo.app, 'GET', `/api/saleorder/saleOrder/${path}?id=999999999999`, admin());
      expect(unknown.status).toBe(200);
      expect(unknown.body).toMatchObject({ success: false, code: 500, message: '订单不存在' });
      const missing = await call(demo.app, 'GET', `/api/saleorder/saleOrder/${path}`, admin());
      expect(missing.body.success).toBe(false);
      expect(missing.status).toBeGreaterThanOrEqual(200);
      expect(missing.status).toBeLessThan(500);
      const anonymous = await call(demo.app, 'GET', `/api/saleorder/saleOrder/${path}?id=1`, { headers: T1 });
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.success).toBe(false);
    }
  });
});
