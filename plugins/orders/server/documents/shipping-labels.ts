import { loadBarcodes, type Barcodes } from './barcodes';
import { BODY, BOLD, renderPdf, type Pdf } from './pdf-kit';
import { lineText, orderPieces } from './picking-list';
import type { WarehouseBatch, WarehouseOrder } from './warehouse-orders';

/**
 * 面单: one 100 × 150 mm page per order, the size of a thermal printer's labels. Top to bottom: the express company
 * and waybill once shipped (else how it leaves the shop), the order number as Code 128, the receiver (name, phone,
 * the address with its region by name), the sender (the shop's 店铺信息, as the delivery note prints it), the goods
 * with the buyer's remark, and the order number as a QR code. Every mark is vector: text in the embedded font,
 * the codes as filled rectangles.
 */

const POINTS_PER_MM = 72 / 25.4;
/** 100 × 150 mm in points. */
export const LABEL_SIZE: [number, number] = [100 * POINTS_PER_MM, 150 * POINTS_PER_MM];
const MARGIN = 10;
const BARCODE_HEIGHT = 46;
const QR_SIZE = 84;

function rule(doc: Pdf, y: number): void {
  doc.save().moveTo(MARGIN, y).lineTo(LABEL_SIZE[0] - MARGIN, y).lineWidth(0.8).strokeColor('#000000').stroke().restore();
}

/** Text in a box, cut with an ellipsis when it does not fit (a label never spills onto another page). */
function boxed(doc: Pdf, value: string, x: number, y: number, width: number, height: number, size: number, bold = false): void {
  doc.font(bold ? BOLD : BODY).fontSize(size).fillColor('#000000').text(value, x, y, { width, height, ellipsis: true, lineGap: 1 });
}

function drawLabel(doc: Pdf, codes: Barcodes, batch: WarehouseBatch, order: WarehouseOrder): void {
  const width = LABEL_SIZE[0] - 2 * MARGIN;
  const right = LABEL_SIZE[0] - MARGIN;
  const bottom = LABEL_SIZE[1] - MARGIN;

  // How it travels: the express company and waybill once shipped; otherwise 快递发货, 到店自提 …
  const carrier = order.expressName !== '' ? order.expressName : order.deliveryTypeText;
  boxed(doc, carrier, MARGIN, MARGIN, width * 0.6, 22, 16, true);
  boxed(doc, `打印 ${batch.printedAt}`, MARGIN + width * 0.6, MARGIN + 2, width * 0.4, 10, 6);
  if (order.logisticsNo !== '') boxed(doc, `运单号 ${order.logisticsNo}`, MARGIN, MARGIN + 22, width, 12, 9);
  rule(doc, 46);

  codes.drawCode128(doc, order.no, { x: MARGIN, y: 52, width, height: BARCODE_HEIGHT });
  doc.font(BODY).fontSize(10).text(order.no, MARGIN, 52 + BARCODE_HEIGHT + 3, { width, align: 'center', characterSpacing: 1 });
  rule(doc, 116);

  boxed(doc, '收件人', MARGIN, 120, width, 10, 7);
  boxed(doc, [order.receiverName, order.receiverMobile].filter((part) => part !== '').join('  '), MARGIN, 131, width, 18, 14, true);
  const address = order.receiverAddress !== '' ? order.receiverAddress : order.handedOver ? order.deliveryTypeText : '';
  boxed(doc, address, MARGIN, 151, width, 50, 11);
  rule(doc, 206);

  boxed(doc, '寄件人', MARGIN, 210, width, 10, 7);
  boxed(doc, [batch.seller.name, batch.seller.mobile].filter((part) => part !== '').join('  '), MARGIN, 220, width, 11, 8.5, true);
  boxed(doc, batch.seller.address, MARGIN, 232, width, 22, 8);
  rule(doc, 258);

  const goodsWidth = width - QR_SIZE - 6;
  boxed(doc, `商品（共 ${orderPieces(order)} 件）`, MARGIN, 262, goodsWidth, 10, 7);
  const goods = order.lines.map(lineText).join('；');
  const remark = order.buyerRemark === '' ? '' : `\n买家备注：${order.buyerRemark}`;
  boxed(doc, `${goods}${remark}`, MARGIN, 273, goodsWidth, bottom - 273, 8);
  codes.drawQrCode(doc, order.no, right - QR_SIZE, bottom - QR_SIZE, QR_SIZE);
}

export async function shippingLabelsPdf(batch: WarehouseBatch): Promise<Buffer> {
  const codes = await loadBarcodes();
  return renderPdf({ title: `面单 ${batch.printedAt}`, author: batch.seller.name, subject: '面单', page: { size: LABEL_SIZE, margin: MARGIN } }, (doc) => {
    batch.orders.forEach((order, index) => {
      if (index > 0) doc.addPage();
      drawLabel(doc, codes, batch, order);
    });
  });
}
