import { defineEntity, type EntityRecord } from '../../src/contracts/entity';
import { PICKUP_STORE_DICT } from './pickup-entities';

/**
 * The sales-order plugin's entities (docs/business-api.md "Sales orders", docs/reference/business-domains.md §3), read by its
 * screens and by its server side. Everything here is kept per tenant. Orders, their items, payments,
 * refunds and after-sales are written only by the order services (state machines with log rows), so
 * their fields are read-only through the generic engine; express companies and freight templates are
 * plain catalogue entities.
 */

/** System dictionaries this plugin seeds. */
export const ORDER_STATUS_DICT = 'sale_order_status';
export const ORDER_REFUND_STATUS_DICT = 'sale_order_refund_status';
export const ORDER_TYPE_DICT = 'sale_order_type';
export const ORDER_TERMINAL_DICT = 'sale_order_terminal';
export const ORDER_CANCEL_TYPE_DICT = 'sale_order_cancel_type';
export const DELIVERY_TYPE_DICT = 'sale_delivery_type';
export const PAY_CHANNEL_DICT = 'sale_pay_channel';
export const PAY_STATUS_DICT = 'sale_pay_status';
export const REFUND_STATUS_DICT = 'sale_refund_status';
export const PAY_NOTICE_KIND_DICT = 'sale_pay_notice_kind';
export const WX_SHIPPING_STATUS_DICT = 'sale_wx_shipping_status';
export const PAY_NOTICE_RESULT_DICT = 'sale_pay_notice_result';
export const AFTER_SALE_STATUS_DICT = 'sale_after_sale_status';
export const AFTER_SALE_WAY_DICT = 'sale_after_sale_way';
export const AFTER_SALE_TYPE_DICT = 'sale_after_sale_type';
export const ITEM_AFTER_SALE_STATUS_DICT = 'sale_item_after_sale_status';
export const FREIGHT_CHARGE_MODE_DICT = 'sale_freight_charge_mode';
/** Table dictionary of the express companies (value id, text name). */
export const EXPRESS_DICT = 'sale_express';

/** Order status (docs/business-api.md): 0 待付款, 10 待发货, 20 已发货, 30 已完成, 40 已关闭. */
export const ORDER_STATUS = { unpaid: '0', undelivered: '10', delivered: '20', completed: '30', closed: '40' } as const;
/** Refund status of an order: 0 未退款, 10 部分退款, 20 全部退款. */
export const ORDER_REFUND_STATUS = { none: '0', part: '10', all: '20' } as const;
/** After-sale status (docs/business-api.md). */
export const AFTER_SALE_STATUS = {
  applied: '10',
  sellerAgreed: '20',
  buyerDelivered: '30',
  waitRefund: '40',
  completed: '50',
  buyerCancelled: '61',
  sellerDisagreed: '62',
  sellerRefused: '63',
} as const;
/** After-sale way: 10 仅退款, 20 退货退款. */
export const AFTER_SALE_WAY = { refund: '10', returnAndRefund: '20' } as const;
/** Order type: 0 普通订单 (from the mini-program), 1 线下订单 (entered by staff). */
export const ORDER_TYPE = { normal: '0', offline: '1' } as const;
/** 配送方式: 快递发货 (to the receiver's address), 到店自提, 无需物流 (handed over; an offline order may say so). */
export const DELIVERY_TYPE = { express: '1', pickUp: '2', none: '3' } as const;
export type DeliveryType = (typeof DELIVERY_TYPE)[keyof typeof DELIVERY_TYPE];
/** Offline payment methods (docs/business-api.md `/saleorder/offlineOrder` payType). */
export const OFFLINE_PAY_TYPES = ['cash', 'transfer', 'pos'] as const;

const label = (entity: string, field: string) => `orders:${entity}.fields.${field}`;

/** Money columns of an order (NUMERIC(14,2), yuan). payPrice = totalPrice − discount − coupon − point − vip + delivery + adjust. */
const orderAmounts = {
  totalPrice: { type: 'decimal', label: label('order', 'totalPrice'), readonly: true, list: false },
  discountPrice: { type: 'decimal', label: label('order', 'discountPrice'), readonly: true, list: false },
  couponPrice: { type: 'decimal', label: label('order', 'couponPrice'), readonly: true, list: false },
  pointPrice: { type: 'decimal', label: label('order', 'pointPrice'), readonly: true, list: false },
  vipPrice: { type: 'decimal', label: label('order', 'vipPrice'), readonly: true, list: false },
  deliveryPrice: { type: 'decimal', label: label('order', 'deliveryPrice'), readonly: true, list: false },
  adjustPrice: { type: 'decimal', label: label('order', 'adjustPrice'), readonly: true, list: false },
  payPrice: { type: 'decimal', label: label('order', 'payPrice'), readonly: true, search: 'range', sortable: true },
  refundPrice: { type: 'decimal', label: label('order', 'refundPrice'), readonly: true, list: false },
} as const;

export const orderEntity = defineEntity({
  table: 'sale_order',
  api: '/saleorder/saleOrder',
  permission: 'saleorder:order',
  tenantScoped: true,
  title: 'orders:order.title',
  fields: {
    no: { type: 'string', label: label('order', 'no'), max: 32, search: 'like', unique: true, readonly: true, sortable: true },
    type: { type: 'dict', label: label('order', 'type'), dict: ORDER_TYPE_DICT, search: 'eq', readonly: true },
    terminal: { type: 'dict', label: label('order', 'terminal'), dict: ORDER_TERMINAL_DICT, search: 'eq', readonly: true, list: false },
    memberId: { type: 'string', label: label('order', 'memberId'), max: 32, search: 'eq', readonly: true, list: false, ref: 'member' },
    customerId: { type: 'string', label: label('order', 'customerId'), max: 32, search: 'eq', readonly: true, list: false, ref: 'customer' },
    /** The buyer as shown in lists (member name and mobile, or the customer's name), denormalised at creation. */
    buyerName: { type: 'string', label: label('order', 'buyerName'), max: 100, search: 'like', readonly: true },
    /** The goods names of the order, denormalised for the list's keyword search (商品名). */
    spuNames: { type: 'string', label: label('order', 'spuNames'), max: 1000, search: 'like', readonly: true, list: false },
    productCount: { type: 'int', label: label('order', 'productCount'), readonly: true, list: false },
    status: { type: 'dict', label: label('order', 'status'), dict: ORDER_STATUS_DICT, search: 'in', sortable: true, readonly: true },
    refundStatus: { type: 'dict', label: label('order', 'refundStatus'), dict: ORDER_REFUND_STATUS_DICT, search: 'eq', readonly: true },
    /** An after-sale of one of its lines is in progress (申请中 … 等待退款): the list's 退款中 tab, kept by the after-sale service. */
    afterSaleOpen: { type: 'boolean', label: label('order', 'afterSaleOpen'), search: 'eq', readonly: true, list: false },
    cancelType: { type: 'dict', label: label('order', 'cancelType'), dict: ORDER_CANCEL_TYPE_DICT, readonly: true, list: false },
    payChannel: { type: 'dict', label: label('order', 'payChannel'), dict: PAY_CHANNEL_DICT, search: 'eq', readonly: true },
    payTime: { type: 'datetime', label: label('order', 'payTime'), search: 'range', sortable: true, readonly: true },
    deliveryType: { type: 'dict', label: label('order', 'deliveryType'), dict: DELIVERY_TYPE_DICT, search: 'eq', readonly: true, list: false },
    expressId: { type: 'dict', label: label('order', 'expressId'), dict: EXPRESS_DICT, search: 'eq', readonly: true, list: false },
    logisticsNo: { type: 'string', label: label('order', 'logisticsNo'), max: 64, search: 'like', readonly: true, list: false },
    deliveryTime: { type: 'datetime', label: label('order', 'deliveryTime'), readonly: true, list: false },
    // 微信发货信息录入 of an order paid through WeChat Pay (payments/wechat-shipping.ts): its state and, when it failed, why.
    wxShippingStatus: { type: 'dict', label: label('order', 'wxShippingStatus'), dict: WX_SHIPPING_STATUS_DICT, readonly: true, list: false },
    wxShippingError: { type: 'string', label: label('order', 'wxShippingError'), max: 255, readonly: true, list: false },
    receiveTime: { type: 'datetime', label: label('order', 'receiveTime'), readonly: true, list: false },
    finishTime: { type: 'datetime', label: label('order', 'finishTime'), readonly: true, list: false },
    receiverName: { type: 'string', label: label('order', 'receiverName'), max: 32, search: 'like', readonly: true },
    receiverMobile: { type: 'string', label: label('order', 'receiverMobile'), max: 20, search: 'like', readonly: true },
    receiverAreaId: { type: 'string', label: label('order', 'receiverAreaId'), max: 32, readonly: true, list: false, ref: 'region' },
    receiverDetailAddress: { type: 'string', label: label('order', 'receiverDetailAddress'), max: 255, readonly: true, list: false },
    // 到店自提 (pickup-entities.ts): the store named at creation, its verification code (never in lists or exports: staff
    // verify what the buyer shows), who verified it and when.
    pickupStoreId: { type: 'dict', label: label('order', 'pickupStoreId'), dict: PICKUP_STORE_DICT, max: 32, search: 'eq', readonly: true, list: false },
    pickupCode: { type: 'string', label: label('order', 'pickupCode'), max: 16, search: 'eq', readonly: true, list: false, detailOnly: true },
    pickupVerifyTime: { type: 'datetime', label: label('order', 'pickupVerifyTime'), readonly: true, list: false },
    pickupVerifier: { type: 'string', label: label('order', 'pickupVerifier'), max: 64, readonly: true, list: false, ref: 'user' },
    userRemark: { type: 'string', label: label('order', 'userRemark'), max: 255, readonly: true, list: false },
    /** The shop's own note (备注), set through its action, not through edit. */
    remark: { type: 'string', label: label('order', 'remark'), max: 500, readonly: true, list: false },
    couponId: { type: 'string', label: label('order', 'couponId'), max: 32, readonly: true, list: false },
    usePoint: { type: 'int', label: label('order', 'usePoint'), readonly: true, list: false },
    givePoint: { type: 'int', label: label('order', 'givePoint'), readonly: true, list: false },
    ...orderAmounts,
  },
});

/** One line of an order: a snapshot of the SKU at purchase and its share of every deduction (Σ payPrice = order payPrice). */
export const orderItemEntity = defineEntity({
  table: 'sale_order_item',
  api: '/saleorder/saleOrderItem',
  permission: 'saleorder:order',
  tenantScoped: true,
  title: 'orders:orderItem.title',
  fields: {
    /** The order, by its number (linked): 商品详情's 销售记录 lists the lines of many orders. */
    orderId: { type: 'string', label: label('orderItem', 'orderId'), max: 32, search: 'eq', readonly: true, ref: 'order' },
    memberId: { type: 'string', label: label('orderItem', 'memberId'), max: 32, search: 'eq', readonly: true, list: false },
    spuId: { type: 'string', label: label('orderItem', 'spuId'), max: 32, search: 'eq', readonly: true, list: false },
    skuId: { type: 'string', label: label('orderItem', 'skuId'), max: 32, search: 'eq', readonly: true, list: false },
    picUrl: { type: 'image', label: label('orderItem', 'picUrl'), readonly: true },
    spuName: { type: 'string', label: label('orderItem', 'spuName'), max: 128, search: 'like', readonly: true },
    specText: { type: 'string', label: label('orderItem', 'specText'), max: 255, readonly: true },
    price: { type: 'decimal', label: label('orderItem', 'price'), readonly: true },
    count: { type: 'int', label: label('orderItem', 'count'), readonly: true },
    discountPrice: { type: 'decimal', label: label('orderItem', 'discountPrice'), readonly: true, list: false },
    couponPrice: { type: 'decimal', label: label('orderItem', 'couponPrice'), readonly: true, list: false },
    pointPrice: { type: 'decimal', label: label('orderItem', 'pointPrice'), readonly: true, list: false },
    vipPrice: { type: 'decimal', label: label('orderItem', 'vipPrice'), readonly: true, list: false },
    deliveryPrice: { type: 'decimal', label: label('orderItem', 'deliveryPrice'), readonly: true, list: false },
    adjustPrice: { type: 'decimal', label: label('orderItem', 'adjustPrice'), readonly: true, list: false },
    payPrice: { type: 'decimal', label: label('orderItem', 'payPrice'), readonly: true },
    afterSaleStatus: { type: 'dict', label: label('orderItem', 'afterSaleStatus'), dict: ITEM_AFTER_SALE_STATUS_DICT, search: 'eq', readonly: true },
    afterSaleId: { type: 'string', label: label('orderItem', 'afterSaleId'), max: 32, readonly: true, list: false },
    gift: { type: 'boolean', label: label('orderItem', 'gift'), readonly: true, list: false },
    /** The SPU's 赠送积分 × count when the order was placed: granted when the order completes. */
    givePoint: { type: 'int', label: label('orderItem', 'givePoint'), readonly: true, list: false },
  },
});

/** A state machine's log row (server/state/state-machine.ts createStateLogTable). */
const stateLogFields = (entity: string, statusDict: string) =>
  ({
    action: { type: 'string', label: label(entity, 'action'), max: 32, readonly: true, list: false },
    beforeStatus: { type: 'dict', label: label(entity, 'beforeStatus'), dict: statusDict, readonly: true },
    afterStatus: { type: 'dict', label: label(entity, 'afterStatus'), dict: statusDict, readonly: true },
    content: { type: 'string', label: label(entity, 'content'), max: 500, readonly: true },
  }) as const;

export const orderLogEntity = defineEntity({
  table: 'sale_order_log',
  api: '/saleorder/saleOrderLog',
  permission: 'saleorder:order',
  tenantScoped: true,
  title: 'orders:orderLog.title',
  fields: {
    orderId: { type: 'string', label: label('orderLog', 'orderId'), max: 32, search: 'eq', readonly: true, list: false },
    ...stateLogFields('orderLog', ORDER_STATUS_DICT),
  },
});

export const payRecordEntity = defineEntity({
  table: 'sale_pay_record',
  api: '/saleorder/payRecord',
  permission: 'saleorder:payRecord',
  tenantScoped: true,
  title: 'orders:payRecord.title',
  fields: {
    orderId: { type: 'string', label: label('payRecord', 'orderId'), max: 32, search: 'eq', readonly: true, list: false, ref: 'order' },
    orderNo: { type: 'string', label: label('payRecord', 'orderNo'), max: 32, search: 'like', readonly: true },
    channel: { type: 'dict', label: label('payRecord', 'channel'), dict: PAY_CHANNEL_DICT, search: 'eq', readonly: true },
    price: { type: 'decimal', label: label('payRecord', 'price'), readonly: true, sortable: true },
    status: { type: 'dict', label: label('payRecord', 'status'), dict: PAY_STATUS_DICT, search: 'eq', readonly: true },
    channelTradeNo: { type: 'string', label: label('payRecord', 'channelTradeNo'), max: 64, search: 'like', readonly: true },
    successTime: { type: 'datetime', label: label('payRecord', 'successTime'), search: 'range', sortable: true, readonly: true },
  },
});

export const refundOrderEntity = defineEntity({
  table: 'sale_refund_order',
  api: '/saleorder/refundOrder',
  permission: 'saleorder:refundOrder',
  tenantScoped: true,
  title: 'orders:refundOrder.title',
  fields: {
    no: { type: 'string', label: label('refundOrder', 'no'), max: 32, search: 'like', readonly: true },
    orderId: { type: 'string', label: label('refundOrder', 'orderId'), max: 32, search: 'eq', readonly: true, list: false, ref: 'order' },
    orderNo: { type: 'string', label: label('refundOrder', 'orderNo'), max: 32, search: 'like', readonly: true },
    afterSaleId: { type: 'string', label: label('refundOrder', 'afterSaleId'), max: 32, search: 'eq', readonly: true, list: false, ref: 'afterSale' },
    channel: { type: 'dict', label: label('refundOrder', 'channel'), dict: PAY_CHANNEL_DICT, search: 'eq', readonly: true },
    refundPrice: { type: 'decimal', label: label('refundOrder', 'refundPrice'), readonly: true, sortable: true },
    reason: { type: 'string', label: label('refundOrder', 'reason'), max: 255, readonly: true },
    status: { type: 'dict', label: label('refundOrder', 'status'), dict: REFUND_STATUS_DICT, search: 'eq', readonly: true },
    channelRefundNo: { type: 'string', label: label('refundOrder', 'channelRefundNo'), max: 64, readonly: true, list: false },
    failReason: { type: 'string', label: label('refundOrder', 'failReason'), max: 255, readonly: true },
    successTime: { type: 'datetime', label: label('refundOrder', 'successTime'), search: 'range', sortable: true, readonly: true },
  },
});

/**
 * 支付通知: every notification a payment channel sent (and every re-check made from this screen), whether its signature
 * held and what it did. Written only by the notify routes and the re-check (plugins/orders/server/payments/pay-notices.ts).
 */
export const payNoticeEntity = defineEntity({
  table: 'sale_pay_notice',
  api: '/saleorder/payNotice',
  permission: 'saleorder:payNotice',
  tenantScoped: true,
  title: 'payNotices:title',
  fields: {
    receivedTime: { type: 'datetime', label: 'payNotices:fields.receivedTime', search: 'range', sortable: true, readonly: true },
    channel: { type: 'dict', label: 'payNotices:fields.channel', dict: PAY_CHANNEL_DICT, search: 'eq', readonly: true },
    kind: { type: 'dict', label: 'payNotices:fields.kind', dict: PAY_NOTICE_KIND_DICT, search: 'eq', readonly: true },
    orderId: { type: 'string', label: 'payNotices:fields.orderId', max: 32, search: 'eq', readonly: true, list: false, ref: 'order' },
    orderNo: { type: 'string', label: 'payNotices:fields.orderNo', max: 32, search: 'like', readonly: true },
    refundNo: { type: 'string', label: 'payNotices:fields.refundNo', max: 32, search: 'like', readonly: true },
    amount: { type: 'decimal', label: 'payNotices:fields.amount', readonly: true },
    channelTradeNo: { type: 'string', label: 'payNotices:fields.channelTradeNo', max: 64, search: 'like', readonly: true },
    verified: { type: 'dict', label: 'payNotices:fields.verified', dict: 'yn', search: 'eq', readonly: true },
    result: { type: 'dict', label: 'payNotices:fields.result', dict: PAY_NOTICE_RESULT_DICT, search: 'eq', readonly: true },
    reason: { type: 'string', label: 'payNotices:fields.reason', max: 255, readonly: true },
  },
});

export const afterSaleEntity = defineEntity({
  table: 'sale_after_sale',
  api: '/saleorder/afterSale',
  permission: 'saleorder:afterSale',
  tenantScoped: true,
  title: 'orders:afterSale.title',
  fields: {
    no: { type: 'string', label: label('afterSale', 'no'), max: 32, search: 'like', readonly: true, sortable: true },
    status: { type: 'dict', label: label('afterSale', 'status'), dict: AFTER_SALE_STATUS_DICT, search: 'in', readonly: true },
    way: { type: 'dict', label: label('afterSale', 'way'), dict: AFTER_SALE_WAY_DICT, search: 'eq', readonly: true },
    type: { type: 'dict', label: label('afterSale', 'type'), dict: AFTER_SALE_TYPE_DICT, search: 'eq', readonly: true, list: false },
    memberId: { type: 'string', label: label('afterSale', 'memberId'), max: 32, search: 'eq', readonly: true, list: false, ref: 'member' },
    buyerName: { type: 'string', label: label('afterSale', 'buyerName'), max: 100, search: 'like', readonly: true },
    orderId: { type: 'string', label: label('afterSale', 'orderId'), max: 32, search: 'eq', readonly: true, list: false, ref: 'order' },
    orderNo: { type: 'string', label: label('afterSale', 'orderNo'), max: 32, search: 'like', readonly: true },
    orderItemId: { type: 'string', label: label('afterSale', 'orderItemId'), max: 32, search: 'eq', readonly: true, list: false, ref: 'orderItem' },
    skuId: { type: 'string', label: label('afterSale', 'skuId'), max: 32, readonly: true, list: false, ref: 'sku' },
    picUrl: { type: 'image', label: label('afterSale', 'picUrl'), readonly: true },
    spuName: { type: 'string', label: label('afterSale', 'spuName'), max: 128, search: 'like', readonly: true },
    specText: { type: 'string', label: label('afterSale', 'specText'), max: 255, readonly: true, list: false },
    count: { type: 'int', label: label('afterSale', 'count'), readonly: true, list: false },
    refundPrice: { type: 'decimal', label: label('afterSale', 'refundPrice'), readonly: true, sortable: true },
    applyReason: { type: 'string', label: label('afterSale', 'applyReason'), max: 255, readonly: true },
    applyDescription: { type: 'string', label: label('afterSale', 'applyDescription'), max: 500, readonly: true, list: false },
    applyPicUrls: { type: 'image', label: label('afterSale', 'applyPicUrls'), max: 4000, readonly: true, list: false },
    auditTime: { type: 'datetime', label: label('afterSale', 'auditTime'), readonly: true, list: false },
    auditReason: { type: 'string', label: label('afterSale', 'auditReason'), max: 255, readonly: true, list: false },
    logisticsExpressId: { type: 'dict', label: label('afterSale', 'logisticsExpressId'), dict: EXPRESS_DICT, readonly: true, list: false },
    logisticsNo: { type: 'string', label: label('afterSale', 'logisticsNo'), max: 64, readonly: true, list: false },
    receiveTime: { type: 'datetime', label: label('afterSale', 'receiveTime'), readonly: true, list: false },
    receiveReason: { type: 'string', label: label('afterSale', 'receiveReason'), max: 255, readonly: true, list: false },
    refundTime: { type: 'datetime', label: label('afterSale', 'refundTime'), readonly: true, list: false },
  },
});

export const afterSaleLogEntity = defineEntity({
  table: 'sale_after_sale_log',
  api: '/saleorder/afterSaleLog',
  permission: 'saleorder:afterSale',
  tenantScoped: true,
  title: 'orders:afterSaleLog.title',
  fields: {
    afterSaleId: { type: 'string', label: label('afterSaleLog', 'afterSaleId'), max: 32, search: 'eq', readonly: true, list: false },
    ...stateLogFields('afterSaleLog', AFTER_SALE_STATUS_DICT),
  },
});

export const expressEntity = defineEntity({
  table: 'sale_express',
  api: '/saleorder/express',
  permission: 'saleorder:express',
  tenantScoped: true,
  title: 'orders:express.title',
  fields: {
    code: { type: 'string', label: label('express', 'code'), required: true, max: 32, search: 'like', unique: true },
    name: { type: 'string', label: label('express', 'name'), required: true, max: 64, search: 'like', unique: true, sortable: true },
    logo: { type: 'image', label: label('express', 'logo') },
    sort: { type: 'int', label: label('express', 'sort'), min: 0, max: 9999, sortable: true },
    status: { type: 'dict', label: label('express', 'status'), dict: 'valid_status', required: true, search: 'eq' },
  },
});

/**
 * 运费模板: charged by piece, weight or volume per area; `charges` and `frees` are JSON rows
 * ({areaIds, startCount, startPrice, extraCount, extraPrice} / {areaIds, freePrice, freeCount}), validated by the server.
 */
export const freightTemplateEntity = defineEntity({
  table: 'sale_freight_template',
  api: '/saleorder/freightTemplate',
  permission: 'saleorder:freightTemplate',
  tenantScoped: true,
  title: 'orders:freightTemplate.title',
  fields: {
    name: { type: 'string', label: label('freightTemplate', 'name'), required: true, max: 64, search: 'like', unique: true },
    chargeMode: { type: 'dict', label: label('freightTemplate', 'chargeMode'), dict: FREIGHT_CHARGE_MODE_DICT, required: true, search: 'eq' },
    charges: { type: 'text', label: label('freightTemplate', 'charges'), max: 20_000, list: false },
    frees: { type: 'text', label: label('freightTemplate', 'frees'), max: 20_000, list: false },
    sort: { type: 'int', label: label('freightTemplate', 'sort'), min: 0, max: 9999, sortable: true },
  },
});

export type OrderRecord = EntityRecord<typeof orderEntity> & { items?: OrderItemRecord[]; logs?: OrderLogRecord[]; actions?: string[] };
export type OrderItemRecord = EntityRecord<typeof orderItemEntity>;
export type OrderLogRecord = EntityRecord<typeof orderLogEntity>;
export type PayRecordRecord = EntityRecord<typeof payRecordEntity>;
export type PayNoticeRecord = EntityRecord<typeof payNoticeEntity>;
export type RefundOrderRecord = EntityRecord<typeof refundOrderEntity>;
export type AfterSaleRecord = EntityRecord<typeof afterSaleEntity> & { logs?: AfterSaleLogRecord[]; actions?: string[] };
export type AfterSaleLogRecord = EntityRecord<typeof afterSaleLogEntity>;
export type ExpressRecord = EntityRecord<typeof expressEntity>;
export type FreightTemplateRecord = EntityRecord<typeof freightTemplateEntity>;
