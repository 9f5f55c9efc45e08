import type { OrderDocument } from './order-document';
import { heading, labeledGrid, logoHeader, paragraph, renderPdf, signatureBoxes, table, type Column, type LabeledValue } from './pdf-kit';

/**
 * 送货单: who sends what to whom (the shop as 发货方, from its 店铺信息), the lines and totals, and the boxes the
 * two sides sign. A procurement delivery's note is that delivery's: its number, date and waybill, its goods.
 */

export const GOODS_COLUMNS: readonly Column[] = [
  { header: '编号', weight: 6, align: 'center' },
  { header: '名称', weight: 26 },
  { header: '规格', weight: 18 },
  { header: '单位', weight: 7, align: 'center' },
  { header: '单价', weight: 12, align: 'right' },
  { header: '数量', weight: 9, align: 'right' },
  { header: '金额', weight: 13, align: 'right' },
];

export function goodsRows(order: OrderDocument): string[][] {
  return order.lines.map((line, index) => [String(index + 1), line.name, line.spec, line.unit, line.price, line.count, line.amount]);
}

/** A deduction as printed: its minus only when there is one (never -0.00). */
export function deductionText(amount: string): string {
  return /^0(\.0+)?$/.test(amount) ? '0.00' : `-${amount}`;
}

/** 商品金额, 运费 or 税额, 优惠 (where one applies), 调价 (when any), 实付 or 含税合计: the stored amounts. */
export function totalLines(order: OrderDocument): LabeledValue[] {
  const lines: LabeledValue[] = [
    { label: '商品金额', value: order.goodsTotal },
    ...(order.taxPrice === undefined ? [{ label: '运费', value: order.deliveryPrice }] : [{ label: '税额', value: order.taxPrice }]),
    ...(order.discount === undefined ? [] : [{ label: '优惠', value: deductionText(order.discount) }]),
  ];
  if (order.adjustPrice !== '0.00') lines.push({ label: '调价', value: order.adjustPrice });
  lines.push({ label: order.taxPrice === undefined ? '实付' : '含税合计', value: `¥${order.payPrice}` });
  return lines;
}

export function deliveryNotePdf(order: OrderDocument): Promise<Buffer> {
  const delivery = order.delivery;
  return renderPdf({ title: `送货单 ${delivery?.no ?? order.no}`, author: order.seller.name, subject: '送货单' }, (doc) => {
    logoHeader(doc, order.logo);
    heading(doc, order.seller.name, 14, 2);
    heading(doc, '送货单', 20, 10);
    labeledGrid(
      doc,
      [
        ...(delivery === undefined
          ? [
              { label: '订单号', value: order.no },
              { label: '日期', value: order.date },
            ]
          : [
              { label: '送货单号', value: delivery.no },
              { label: '发货日期', value: delivery.date },
              { label: '订单号', value: order.no },
              { label: '合同编号', value: order.contractNo },
            ]),
        { label: '客户', value: order.buyer.name },
        { label: '收货人', value: order.receiverName },
        { label: '电话', value: order.receiverMobile },
        { label: '发货方', value: order.seller.name },
        { label: '发货方电话', value: order.seller.mobile },
        ...(delivery === undefined ? [] : [{ label: '承运', value: [delivery.carrier, delivery.logisticsNo].filter((part) => part !== '').join(' ') }]),
      ],
      2,
    );
    labeledGrid(
      doc,
      [
        { label: '收货地址', value: order.receiverAddress },
        { label: '发货地址', value: order.seller.address },
      ],
      1,
    );
    doc.y += 6;
    table(doc, GOODS_COLUMNS, goodsRows(order), totalLines(order));
    paragraph(doc, `备注：${order.remark === '' ? '无' : order.remark}`, { gapAfter: 16 });
    signatureBoxes(doc, [
      { title: '送货人', lines: ['签字', '日期'] },
      { title: '收货人', lines: ['签字', '日期'] },
    ]);
    paragraph(doc, '请收货人当面验收货物的名称、规格与数量，无误后签字确认。本单一式两联，双方各执一联。', { size: 8 });
  });
}
