import { amountInCapitals } from './capitals';
import { GOODS_COLUMNS, goodsRows, totalLines } from './delivery-note';
import type { OrderDocument, Party } from './order-document';
import { heading, labeledGrid, logoHeader, paragraph, renderPdf, signatureBoxes, table, type Pdf } from './pdf-kit';

/**
 * 购销合同 of an order: the two parties (the buyer's company details when it is a customer's order, the
 * shop's 店铺信息 as 乙方; lines to fill in where nothing is on record), the goods, the total in figures and
 * in capitals, the delivery and payment terms, and the seal areas (the shop's contract seal in 乙方's).
 */

function partyBlock(doc: Pdf, title: string, party: Party): void {
  paragraph(doc, `${title}：${party.name}`, { bold: true, gapAfter: 2 });
  labeledGrid(
    doc,
    [
      { label: '税号', value: party.taxNo },
      { label: '地址', value: party.address },
      { label: '开户银行', value: party.bankName },
      { label: '银行账号', value: party.bankAccount },
      { label: '联系人', value: party.contact },
      { label: '电话', value: party.mobile },
    ],
    2,
  );
  doc.y += 4;
}

export function contractPdf(order: OrderDocument): Promise<Buffer> {
  const capitals = amountInCapitals(order.payPrice);
  return renderPdf({ title: `购销合同 ${order.contractNo}`, author: order.seller.name, subject: '购销合同' }, (doc) => {
    logoHeader(doc, order.logo);
    heading(doc, '购销合同', 20, 4);
    labeledGrid(
      doc,
      [
        { label: '合同编号', value: order.contractNo },
        { label: '签订日期', value: order.date },
        // A procurement order's contract has its own number: the order it belongs to is named too.
        ...(order.contractNo === order.no ? [] : [{ label: '订单号', value: order.no }]),
      ],
      2,
    );
    doc.y += 6;
    partyBlock(doc, '甲方（买方）', order.buyer);
    partyBlock(doc, '乙方（卖方）', order.seller);
    paragraph(doc, '甲乙双方本着平等互利的原则，经友好协商，就甲方向乙方采购下列货物订立本合同，共同遵守。', { gapAfter: 5 });
    paragraph(doc, '一、货物清单', { bold: true });
    table(doc, GOODS_COLUMNS, goodsRows(order), totalLines(order));
    paragraph(doc, `合同总金额（小写）：¥${order.payPrice}`);
    paragraph(doc, `合同总金额（大写）：人民币${capitals}`, { bold: true, gapAfter: 8 });
    paragraph(doc, '二、交货', { bold: true });
    const receiver = [order.receiverName, order.receiverMobile].filter((part) => part !== '').join('，');
    paragraph(
      doc,
      `乙方于合同签订后＿＿日内将货物送至${order.receiverAddress === '' ? '甲方指定地点＿＿＿＿＿＿＿＿' : order.receiverAddress}${receiver === '' ? '' : `（收货人：${receiver}）`}，${order.taxPrice === undefined ? `运费 ¥${order.deliveryPrice}` : `税额 ¥${order.taxPrice}`} 已计入合同总金额。甲方收货时当场验收，货物名称、规格、数量与本合同不符的，甲方有权拒收。`,
      { gapAfter: 5 },
    );
    paragraph(doc, '三、付款', { bold: true });
    paragraph(
      doc,
      order.paid
        ? `甲方已于 ${order.payTime}${order.payChannel === '' ? '' : `以${order.payChannel}方式`}付清合同总金额 ¥${order.payPrice}。`
        : `甲方应于收货验收合格后＿＿日内以＿＿＿＿方式向乙方付清合同总金额 ¥${order.payPrice}。`,
      { gapAfter: 5 },
    );
    paragraph(doc, '四、其他', { bold: true });
    paragraph(doc, `本合同履行中发生争议，双方协商解决；协商不成的，向乙方所在地人民法院起诉。${order.remark === '' ? '' : `备注：${order.remark}。`}本合同一式两份，甲乙双方各执一份，自双方盖章之日起生效。`, {
      gapAfter: 10,
    });
    signatureBoxes(
      doc,
      [
        { title: '甲方（盖章）', lines: ['代表签字', '日期'] },
        { title: '乙方（盖章）', lines: ['代表签字', '日期'], seal: order.seal },
      ],
      88,
    );
  });
}
