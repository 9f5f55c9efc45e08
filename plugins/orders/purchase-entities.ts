import { defineEntity, type EntityRecord } from '../../src/contracts/entity';

/**
 * Procurement orders (采购订单, docs/reference/business-domains.md §7, docs/business-api.md "Procurement (zcy)"): the purchase orders
 * of public and corporate buyers (the customers plugin's 客户), entered from the procurement platform,
 * then confirmed, delivered in parts, accepted and completed through one state machine. Written only by
 * the purchase services, so read-only through the generic engine.
 */

export const PURCHASE_STATUS_DICT = 'zcy_purchase_status';

/** Status (docs/business-api.md): 0 待确认, 10 已确认, 20 部分发货, 30 已发货, 40 已验收, 50 已完成, 60 已拒绝, 70 已取消. */
export const PURCHASE_STATUS = { pending: '0', confirmed: '10', partlyDelivered: '20', delivered: '30', accepted: '40', completed: '50', rejected: '60', cancelled: '70' } as const;

const label = (entity: string, field: string) => `purchases:${entity}.fields.${field}`;

export const purchaseOrderEntity = defineEntity({
  table: 'zcy_purchase_order',
  api: '/zcy/purchaseOrder',
  permission: 'zcy:purchaseOrder',
  tenantScoped: true,
  title: 'purchases:order.title',
  fields: {
    no: { type: 'string', label: label('order', 'no'), max: 32, search: 'like', unique: true, readonly: true, sortable: true },
    platformNo: { type: 'string', listWide: true, label: label('order', 'platformNo'), max: 64, search: 'like', readonly: true },
    customerId: { type: 'string', label: label('order', 'customerId'), max: 32, search: 'eq', readonly: true, list: false, ref: 'customer' },
    buyerName: { type: 'string', label: label('order', 'buyerName'), max: 100, search: 'like', readonly: true },
    contactName: { type: 'string', label: label('order', 'contactName'), max: 32, readonly: true, list: false },
    contactMobile: { type: 'string', label: label('order', 'contactMobile'), max: 20, readonly: true, list: false },
    address: { type: 'string', label: label('order', 'address'), max: 255, readonly: true, list: false },
    goodsPrice: { type: 'decimal', label: label('order', 'goodsPrice'), readonly: true, list: false },
    taxPrice: { type: 'decimal', label: label('order', 'taxPrice'), readonly: true, list: false },
    discountPrice: { type: 'decimal', label: label('order', 'discountPrice'), readonly: true, list: false },
    totalPrice: { type: 'decimal', label: label('order', 'totalPrice'), readonly: true, sortable: true },
    depositPrice: { type: 'decimal', label: label('order', 'depositPrice'), readonly: true, list: false },
    orderTime: { type: 'datetime', label: label('order', 'orderTime'), search: 'range', sortable: true, readonly: true },
    requiredDate: { type: 'date', label: label('order', 'requiredDate'), sortable: true, readonly: true },
    contractNo: { type: 'string', label: label('order', 'contractNo'), max: 64, search: 'like', readonly: true, list: false },
    invoiceTitle: { type: 'string', label: label('order', 'invoiceTitle'), max: 100, readonly: true, list: false },
    invoiceTaxNo: { type: 'string', label: label('order', 'invoiceTaxNo'), max: 32, readonly: true, list: false },
    totalCount: { type: 'int', label: label('order', 'totalCount'), readonly: true, list: false },
    deliveredCount: { type: 'int', label: label('order', 'deliveredCount'), readonly: true, list: false },
    status: { type: 'dict', label: label('order', 'status'), dict: PURCHASE_STATUS_DICT, search: 'eq', readonly: true },
    remark: { type: 'string', label: label('order', 'remark'), max: 500, readonly: true, list: false },
  },
});

export const purchaseItemEntity = defineEntity({
  table: 'zcy_purchase_order_item',
  api: '/zcy/purchaseOrderItem',
  permission: 'zcy:purchaseOrder',
  tenantScoped: true,
  title: 'purchases:item.title',
  fields: {
    orderId: { type: 'string', label: label('item', 'orderId'), max: 32, search: 'eq', readonly: true, list: false },
    skuId: { type: 'string', label: label('item', 'skuId'), max: 32, search: 'eq', readonly: true, list: false },
    spuId: { type: 'string', label: label('item', 'spuId'), max: 32, readonly: true, list: false },
    spuName: { type: 'string', label: label('item', 'spuName'), max: 128, readonly: true },
    specText: { type: 'string', label: label('item', 'specText'), max: 255, readonly: true },
    price: { type: 'decimal', label: label('item', 'price'), readonly: true },
    count: { type: 'int', label: label('item', 'count'), readonly: true },
    taxPercent: { type: 'decimal', format: 'percent', label: label('item', 'taxPercent'), readonly: true },
    taxPrice: { type: 'decimal', label: label('item', 'taxPrice'), readonly: true },
    totalPrice: { type: 'decimal', label: label('item', 'totalPrice'), readonly: true },
    deliveredCount: { type: 'int', label: label('item', 'deliveredCount'), readonly: true },
  },
});

export const purchaseDeliveryEntity = defineEntity({
  table: 'zcy_purchase_delivery',
  api: '/zcy/purchaseDelivery',
  permission: 'zcy:purchaseOrder',
  tenantScoped: true,
  title: 'purchases:delivery.title',
  fields: {
    orderId: { type: 'string', label: label('delivery', 'orderId'), max: 32, search: 'eq', readonly: true, list: false },
    no: { type: 'string', label: label('delivery', 'no'), max: 32, readonly: true },
    carrier: { type: 'string', label: label('delivery', 'carrier'), max: 64, readonly: true },
    logisticsNo: { type: 'string', label: label('delivery', 'logisticsNo'), max: 64, readonly: true },
    /** The lines sent, as text for the record ("名称 规格 × n；…"). */
    content: { type: 'string', label: label('delivery', 'content'), max: 1000, readonly: true },
    count: { type: 'int', label: label('delivery', 'count'), readonly: true },
  },
});

/** What one delivery sent: a line of the order and how many of it (the delivery's 送货单 lists these). */
export const purchaseDeliveryItemEntity = defineEntity({
  table: 'zcy_purchase_delivery_item',
  api: '/zcy/purchaseDeliveryItem',
  permission: 'zcy:purchaseOrder',
  tenantScoped: true,
  title: 'purchases:deliveryItem.title',
  fields: {
    deliveryId: { type: 'string', label: label('deliveryItem', 'deliveryId'), max: 32, search: 'eq', readonly: true, list: false },
    orderId: { type: 'string', label: label('deliveryItem', 'orderId'), max: 32, readonly: true, list: false },
    itemId: { type: 'string', label: label('deliveryItem', 'itemId'), max: 32, readonly: true, list: false },
    spuName: { type: 'string', label: label('deliveryItem', 'spuName'), max: 128, readonly: true },
    specText: { type: 'string', label: label('deliveryItem', 'specText'), max: 255, readonly: true },
    count: { type: 'int', label: label('deliveryItem', 'count'), readonly: true },
  },
});

export const purchaseLogEntity = defineEntity({
  table: 'zcy_purchase_log',
  api: '/zcy/purchaseLog',
  permission: 'zcy:purchaseOrder',
  tenantScoped: true,
  title: 'purchases:log.title',
  fields: {
    orderId: { type: 'string', label: label('log', 'orderId'), max: 32, search: 'eq', readonly: true, list: false },
    action: { type: 'string', label: label('log', 'action'), max: 32, readonly: true, list: false },
    beforeStatus: { type: 'dict', label: label('log', 'beforeStatus'), dict: PURCHASE_STATUS_DICT, readonly: true },
    afterStatus: { type: 'dict', label: label('log', 'afterStatus'), dict: PURCHASE_STATUS_DICT, readonly: true },
    content: { type: 'string', label: label('log', 'content'), max: 500, readonly: true },
  },
});

export type PurchaseOrderRecord = EntityRecord<typeof purchaseOrderEntity> & {
  items?: PurchaseItemRecord[];
  deliveries?: PurchaseDeliveryRecord[];
  logs?: PurchaseLogRecord[];
  actions?: string[];
};
export type PurchaseItemRecord = EntityRecord<typeof purchaseItemEntity>;
export type PurchaseDeliveryRecord = EntityRecord<typeof purchaseDeliveryEntity> & { items?: PurchaseDeliveryItemRecord[] };
export type PurchaseDeliveryItemRecord = EntityRecord<typeof purchaseDeliveryItemEntity>;
export type PurchaseLogRecord = EntityRecord<typeof purchaseLogEntity>;
