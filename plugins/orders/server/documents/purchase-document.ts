import { type Kysely } from 'kysely';
import type { DictLookup } from '../../../../server/crud/records';
import type { Database } from '../../../../server/db/schema';
import { purchaseDetail } from '../purchase-service';
import type { OrderDeps } from '../order-service';
import { documentLine, money, records, tenantName, text, unitsOf, type OrderDocument } from './order-document';

/**
 * A procurement order printed as the order documents print (送货单, 合同): the lines before tax, the tax and
 * discount, the total with tax as what is paid; the buyer is the purchasing customer and the goods go to
 * its address. Not paid at printing: payment is the platform's business.
 */
export async function loadPurchaseDocument(db: Kysely<Database>, deps: OrderDeps, lookup: DictLookup, tenantId: number, id: string): Promise<OrderDocument | null> {
  const order = await purchaseDetail(db, lookup, tenantId, id);
  if (order === null) return null;
  const items = records(order.items);
  const unitOf = await unitsOf(db, deps, tenantId, items.map((item) => text(item.skuId)));
  const company = await deps.members.customer(db, tenantId, text(order.customerId));
  return {
    no: text(order.no),
    date: text(order.orderTime).slice(0, 10),
    seller: { name: await tenantName(db, tenantId), taxNo: '', bankName: '', bankAccount: '', address: '', contact: '', mobile: '' },
    buyer: {
      name: text(order.buyerName),
      taxNo: text(order.invoiceTaxNo) || (company?.taxNo ?? ''),
      bankName: company?.bankName ?? '',
      bankAccount: company?.bankAccount ?? '',
      address: text(order.address),
      contact: text(order.contactName),
      mobile: text(order.contactMobile),
    },
    receiverName: text(order.contactName),
    receiverMobile: text(order.contactMobile),
    receiverAddress: text(order.address),
    lines: items.map((item) => documentLine(item, unitOf)),
    goodsTotal: money(order.goodsPrice),
    deliveryPrice: '0.00',
    discount: money(order.discountPrice),
    adjustPrice: '0.00',
    taxPrice: money(order.taxPrice),
    payPrice: money(order.totalPrice),
    paid: false,
    payTime: '',
    payChannel: '',
    remark: [text(order.contractNo) === '' ? '' : `合同编号 ${text(order.contractNo)}`, text(order.remark)].filter((part) => part !== '').join('；'),
  };
}
