import type { StatusTab } from '../../../src/toolkit/crud';
import { ORDER_REFUND_STATUS, ORDER_STATUS, ORDER_TYPE, orderEntity, type OrderRecord } from '../entities';

/** The order screens' shared facts: paths, permission codes, the list's tabs and which buttons a state allows. */

export const ORDER_DETAIL_PATH = '/saleorder/saleOrderDetail';
export const DELIVERY_NOTE_PATH = '/saleorder/downloadPdf';
export const CONTRACT_PATH = '/saleorder/contractPdf';

export const ORDER_API = {
  queryById: `${orderEntity.api}/queryById`,
  tabCounts: `${orderEntity.api}/tabCounts`,
  items: `${orderEntity.api}/items`,
  deliver: `${orderEntity.api}/deliver`,
  remark: `${orderEntity.api}/remark`,
  updateAddress: `${orderEntity.api}/updateAddress`,
  adjustPrice: `${orderEntity.api}/adjustPrice`,
  close: `${orderEntity.api}/close`,
  confirmPayment: `${orderEntity.api}/confirmPayment`,
  deliverTemplate: `${orderEntity.api}/deliverTemplate`,
  importDeliver: `${orderEntity.api}/importDeliver`,
} as const;

/** The buttons of an order, in the order they show. */
export const ORDER_ACTIONS = ['deliver', 'updateAddress', 'adjustPrice', 'confirmPayment', 'close', 'remark'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

export const isOrderAction = (value: string): value is OrderAction => (ORDER_ACTIONS as readonly string[]).includes(value);

/** Permission code of each button (server/menus.ts ORDER_BUTTONS). */
export const ORDER_PERMISSIONS: Readonly<Record<OrderAction, string>> = {
  deliver: 'saleorder:order:deliver',
  updateAddress: 'saleorder:order:updateAddress',
  adjustPrice: 'saleorder:order:adjustPrice',
  confirmPayment: 'saleorder:order:confirmPayment',
  close: 'saleorder:order:close',
  remark: 'saleorder:order:remark',
};

/**
 * The buttons a list row shows, from its status as the server's machine allows them (sales/machine.ts,
 * sales/reads.ts): 待付款 调价 / 关闭 (and 确认付款 when offline), 待发货 发货 (not after a refund) /
 * 修改地址, 备注 always. The detail uses the server's own `actions` instead.
 */
export function rowActions(order: OrderRecord): OrderAction[] {
  const status = String(order.status ?? '');
  const actions: OrderAction[] = [];
  if (status === ORDER_STATUS.undelivered) {
    if (String(order.refundStatus ?? ORDER_REFUND_STATUS.none) === ORDER_REFUND_STATUS.none) actions.push('deliver');
    actions.push('updateAddress');
  }
  if (status === ORDER_STATUS.unpaid) {
    actions.push('adjustPrice');
    if (String(order.type ?? '') === ORDER_TYPE.offline) actions.push('confirmPayment');
    actions.push('close');
  }
  actions.push('remark');
  return actions;
}

/** The tab keys, as the tab counts route names them (server/sales/list-routes.ts OrderTabCounts). */
export type OrderTabKey = 'all' | 'unpaid' | 'undelivered' | 'delivered' | 'completed' | 'closed' | 'refunding' | 'refunded';

const statusTab = (key: OrderTabKey, status: string): StatusTab => ({ key, label: `orders:tabs.${key}`, filters: [{ field: 'status', operator: 'in', value: [status] }] });

/**
 * 全部, 待付款, 待发货, 已发货, 已完成, 已关闭, 退款中 (an after-sale in progress, as 首页's 退款中 counts them) and
 * 已退款 (refundStatus ≠ 0: 部分退款 or 全部退款).
 */
export const ORDER_TABS: readonly StatusTab[] = [
  { key: 'all', label: 'orders:tabs.all', filters: [] },
  statusTab('unpaid', ORDER_STATUS.unpaid),
  statusTab('undelivered', ORDER_STATUS.undelivered),
  statusTab('delivered', ORDER_STATUS.delivered),
  statusTab('completed', ORDER_STATUS.completed),
  statusTab('closed', ORDER_STATUS.closed),
  { key: 'refunding', label: 'orders:tabs.refunding', filters: [{ field: 'afterSaleOpen', operator: 'eq', value: true }] },
  { key: 'refunded', label: 'orders:tabs.refunded', filters: [{ field: 'refundStatus', operator: 'ne', value: ORDER_REFUND_STATUS.none }] },
];

/** The list's keyword (买家 / 收货人 / 电话): one OR group of the super query, on top of the other filters. */
export const KEYWORD_FIELDS = ['buyerName', 'receiverName', 'receiverMobile'] as const;

export function keywordParams(keyword: string): Record<string, string> | undefined {
  const text = keyword.trim();
  if (text === '') return undefined;
  return {
    superQueryParams: encodeURI(JSON.stringify(KEYWORD_FIELDS.map((field) => ({ field, rule: 'like', val: text })))),
    superQueryMatchType: 'or',
  };
}

export const detailPath = (id: string) => `${ORDER_DETAIL_PATH}?id=${encodeURIComponent(id)}`;
