import type { RefKindView } from '../../src/toolkit/refs/ref-kinds';

/** A document's detail page (each kept alive in its own tab) by its id. */
const detail = (path: string, permission: string): RefKindView => ({ href: (id) => `${path}?id=${encodeURIComponent(id)}`, permission });

/** An order, after-sale or procurement order named anywhere (a ledger's 业务单号, a coupon's 使用订单) links to its detail. */
export const orderReferences = {
  order: detail('/saleorder/saleOrderDetail', 'saleorder:order:list'),
  afterSale: detail('/saleorder/afterSaleDetail', 'saleorder:afterSale:list'),
  purchaseOrder: detail('/zcy/purchaseOrderDetail', 'zcy:purchaseOrder:list'),
} as const;
