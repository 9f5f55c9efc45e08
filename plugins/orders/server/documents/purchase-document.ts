import Decimal from 'decimal.js';
import { type Kysely } from 'kysely';
import type { ShopProfileService } from '../../../../server/contracts/shop-profile';
import { businessError, type Database, type DictLookup, type WireRecord } from '../../../../server/kit';
import { purchaseDetail, purchaseLineAmounts } from '../purchases/service';
import type { OrderDeps } from '../sales/service';
import { decimal, documentLine, money, records, sellerOf, text, unitsOf, type DocumentLine, type OrderDocument } from './order-document';

/**
 * A procurement order printed as the order documents print: its 合同 for the whole order (the lines before
 * tax, the tax and discount, the total with tax as what is paid), under the contract number entered on the
 * order; its 送货单 per delivery, listing only what that delivery sent (count × the line's price, the tax of
 * those units). The buyer is the purchasing customer and the goods go to its address. Not paid at printing:
 * payment is the platform's business.
 */

export const MSG_NOT_DELIVERED = '采购订单还没有发货，没有送货单';
export const MSG_DELIVERY_NOT_FOUND = '发货记录不存在';

/** The lines one delivery sent, priced as the order's lines, and their goods and tax. */
function deliveryLines(items: readonly WireRecord[], sent: readonly WireRecord[], unitOf: ReadonlyMap<string, string>): { lines: DocumentLine[]; goods: Decimal; tax: Decimal } {
  let goods = new Decimal(0);
  let tax = new Decimal(0);
  const lines = sent.flatMap((part) => {
    const item = items.find((candidate) => candidate.id === part.itemId);
    const count = Number(part.count ?? 0);
    if (item === undefined || !(count > 0)) return [];
    const amounts = purchaseLineAmounts(decimal(item.price), count, decimal(item.taxPercent));
    goods = goods.plus(amounts.goods);
    tax = tax.plus(amounts.tax);
    return [documentLine({ ...item, count }, unitOf)];
  });
  return { lines, goods, tax };
}

/**
 * The order's 合同 (no delivery), or the 送货单 of one delivery: `deliveryId`, else the latest; an order
 * nothing was sent of yet has no delivery note. Null when the order is unknown.
 */
export async function loadPurchaseDocument(
  db: Kysely<Database>,
  deps: OrderDeps,
  shop: ShopProfileService,
  lookup: DictLookup,
  tenantId: number,
  id: string,
  part: { kind: 'contract' } | { kind: 'deliveryNote'; deliveryId?: string },
): Promise<OrderDocument | null> {
  const order = await purchaseDetail(db, lookup, tenantId, id);
  if (order === null) return null;
  const items = records(order.items);
  const unitOf = await unitsOf(db, deps, tenantId, items.map((item) => text(item.skuId)));
  const company = await deps.members.customer(db, tenantId, text(order.customerId));
  const base: Omit<OrderDocument, 'lines' | 'goodsTotal' | 'payPrice' | 'taxPrice'> = {
    no: text(order.no),
    contractNo: text(order.contractNo) || text(order.no),
    date: text(order.orderTime).slice(0, 10),
    ...(await sellerOf(db, shop, tenantId)),
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
    deliveryPrice: '0.00',
    adjustPrice: '0.00',
    paid: false,
    payTime: '',
    payChannel: '',
    remark: text(order.remark),
  };
  if (part.kind === 'contract') {
    return {
      ...base,
      lines: items.map((item) => documentLine(item, unitOf)),
      goodsTotal: money(order.goodsPrice),
      discount: money(order.discountPrice),
      taxPrice: money(order.taxPrice),
      payPrice: money(order.totalPrice),
    };
  }
  const deliveries = records(order.deliveries);
  const delivery = part.deliveryId === undefined ? deliveries.at(-1) : deliveries.find((candidate) => candidate.id === part.deliveryId);
  if (delivery === undefined) throw businessError(part.deliveryId === undefined ? MSG_NOT_DELIVERED : MSG_DELIVERY_NOT_FOUND);
  const sent = deliveryLines(items, records(delivery.items), unitOf);
  return {
    ...base,
    delivery: { no: text(delivery.no), date: text(delivery.createTime).slice(0, 10), carrier: text(delivery.carrier), logisticsNo: text(delivery.logisticsNo) },
    lines: sent.lines,
    goodsTotal: sent.goods.toFixed(2),
    taxPrice: sent.tax.toFixed(2),
    payPrice: sent.goods.plus(sent.tax).toFixed(2),
  };
}
