/** 批量发货 by Excel (docs/reference/business-domains.md §8): each row ships through 发货; refused rows say why and never undo the others (issue #13). */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { call, useDemoServer } from '../../../../tests/server/helpers';
import { createOrder, orderStatus, shopper, stockedSku, T1 } from './order-helpers';

const demo = useDemoServer();

interface ShipAnswer {
  total: number;
  imported: number;
  skipped: number;
  errors: Array<{ row: number; message: string }>;
}

async function sheet(rows: string[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const data = book.addWorksheet('批量发货');
  data.addRow(['订单号', '快递公司', '物流单号']);
  for (const row of rows) data.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function ship(file: Buffer) {
  const boundary = '----deliver-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="ship.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await demo.app.inject({ method: 'POST', url: '/api/saleorder/saleOrder/importDeliver', payload, headers: { 'x-access-token': demo.admin, ...T1, 'content-type': `multipart/form-data; boundary=${boundary}` } });
  return response.json<{ success: boolean; code: number; message: string; result: ShipAnswer }>();
}

describe('batch shipping by Excel', () => {
  it('ships the good rows, lists each refused row with its reason, and offers the waiting orders as the template', async () => {
    const buyer = await shopper(demo, '13900000501');
    const sku = await stockedSku(demo, 30, '9.90', 50);
    const placed = [];
    for (let index = 0; index < 3; index += 1) {
      const order = (await createOrder(demo, buyer, [{ skuId: sku, count: 1 }])).body.result;
      await call(demo.app, 'POST', '/api/app/order/pay', { body: { id: order.id }, headers: buyer.headers });
      placed.push(order);
    }
    const unpaid = (await createOrder(demo, buyer, [{ skuId: sku, count: 1 }])).body.result;
    const [first, second, third] = placed;
    if (first === undefined || second === undefined || third === undefined) throw new Error('three orders expected');

    const template = await demo.app.inject({ method: 'GET', url: '/api/saleorder/saleOrder/deliverTemplate', headers: { 'x-access-token': demo.admin, ...T1 } });
    expect(template.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    const listed = (book.worksheets[0]?.getColumn(1).values ?? []).map(String);
    expect(listed).toEqual(expect.arrayContaining([first.no, second.no, third.no]));
    expect(listed).not.toContain(unpaid.no);

    const answer = await ship(
      await sheet([
        [first.no, '顺丰速运', 'SF-B-1'],
        [second.no, 'SF', 'SF-B-2'],
        [unpaid.no, '顺丰速运', 'SF-B-3'],
        ['SO00000000000000', '顺丰速运', 'SF-B-4'],
        [third.no, '不存在的快递', 'SF-B-5'],
        [third.no, '顺丰速运', ''],
        [first.no, '顺丰速运', 'SF-B-6'],
      ]),
    );
    expect(answer).toMatchObject({ success: true, code: 201, message: '导入完成：成功 2 条，跳过 5 条' });
    expect(answer.result).toMatchObject({ total: 7, imported: 2, skipped: 5 });
    expect(answer.result.errors).toEqual([
      { row: 4, message: `第4行：${unpaid.no}：订单当前状态为「待付款」，不能发货` },
      { row: 5, message: '第5行：SO00000000000000：订单不存在' },
      { row: 6, message: `第6行：${third.no}：快递公司不存在或已停用` },
      { row: 7, message: `第7行：${third.no}：订单号、快递公司和物流单号都要填写` },
      { row: 8, message: `第8行：${first.no}：订单当前状态为「已发货」，不能发货` },
    ]);
    expect(await orderStatus(demo, first.id)).toMatchObject({ status: '20' });
    expect(await orderStatus(demo, second.id)).toMatchObject({ status: '20' });
    expect(await orderStatus(demo, third.id)).toMatchObject({ status: '10' });

    const all = await ship(await sheet([[third.no, '顺丰速运', 'SF-B-7']]));
    expect(all).toMatchObject({ success: true, message: '批量发货完成：发货 1 单', result: { imported: 1, skipped: 0 } });
  });
});
