import { heading, labeledGrid, paragraph, renderPdf, signatureBoxes, table, type Column } from './pdf-kit';
import type { PickedGoods, WarehouseBatch, WarehouseOrder } from './warehouse-orders';

/**
 * 配货单 (A4): what to take from the shelves for a batch of orders, summed by SKU in walking order (by 库位), then each
 * order's goods to pack it by, with boxes to tick and the picker's and checker's signatures.
 */

/**
 * Weights of the A4 page's 515 pt (about 5.3 pt each; a cell loses 8 pt to its padding, text is 9 pt): 库位 holds nine
 * or ten characters such as A-03-02 on one line (a longer one wraps at its dashes), 条码 an EAN-13, 货号 six digits;
 * name and spec wrap. The weights add up to what they did before the 库位 column: only name and spec gave it room.
 */
export const PICK_GOODS_COLUMNS: readonly Column[] = [
  { header: '序号', weight: 6, align: 'center' },
  { header: '库位', weight: 11, align: 'center' },
  { header: '货号', weight: 8, align: 'center' },
  { header: '条码', weight: 15, align: 'center' },
  { header: '商品名称', weight: 21 },
  { header: '规格', weight: 13 },
  { header: '单位', weight: 7, align: 'center' },
  { header: '数量', weight: 10, align: 'right' },
  { header: '已拣', weight: 7, align: 'center' },
];

export const PICK_ORDER_COLUMNS: readonly Column[] = [
  { header: '序号', weight: 6, align: 'center' },
  { header: '订单号', weight: 22 },
  { header: '收货人', weight: 18 },
  { header: '商品', weight: 40 },
  { header: '件数', weight: 7, align: 'right' },
  { header: '核对', weight: 7, align: 'center' },
];

const TICK_BOX = '□';

/** One order line as the packer reads it: name, spec, × count. */
export function lineText(line: { name: string; spec: string; count: number }): string {
  return `${[line.name, line.spec].filter((part) => part !== '').join(' ')} ×${line.count}`;
}

export const orderPieces = (order: WarehouseOrder): number => order.lines.reduce((sum, line) => sum + line.count, 0);

function goodsRows(goods: readonly PickedGoods[]): string[][] {
  return goods.map((item, index) => [String(index + 1), item.location, item.code, item.barCode, item.name, item.spec, item.unit, String(item.count), TICK_BOX]);
}

function orderRows(orders: readonly WarehouseOrder[]): string[][] {
  return orders.map((order, index) => [
    String(index + 1),
    order.no,
    [order.receiverName, order.receiverMobile].filter((part) => part !== '').join('\n'),
    order.lines.map(lineText).join('\n'),
    String(orderPieces(order)),
    TICK_BOX,
  ]);
}

export function pickingListPdf(batch: WarehouseBatch): Promise<Buffer> {
  const total = batch.goods.reduce((sum, item) => sum + item.count, 0);
  return renderPdf({ title: `配货单 ${batch.printedAt}`, author: batch.seller.name, subject: '配货单' }, (doc) => {
    heading(doc, batch.seller.name, 14, 2);
    heading(doc, '配货单', 20, 10);
    labeledGrid(
      doc,
      [
        { label: '打印时间', value: batch.printedAt },
        { label: '订单数', value: String(batch.orders.length) },
        { label: '商品种类', value: String(batch.goods.length) },
        { label: '商品总数', value: String(total) },
      ],
      2,
    );
    doc.y += 6;
    paragraph(doc, '一、商品汇总（按库位顺序拣货）', { bold: true, size: 12 });
    table(doc, PICK_GOODS_COLUMNS, goodsRows(batch.goods), [{ label: '合计', value: String(total) }]);
    paragraph(doc, '二、订单明细（按订单分拣、复核）', { bold: true, size: 12 });
    table(doc, PICK_ORDER_COLUMNS, orderRows(batch.orders));
    signatureBoxes(
      doc,
      [
        { title: '拣货人', lines: ['签字', '时间'] },
        { title: '复核人', lines: ['签字', '时间'] },
      ],
      80,
    );
  });
}
