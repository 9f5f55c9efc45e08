import type { StatusTab } from '../../../src/toolkit/crud/status-tabs';
import { AFTER_SALE_STATUS } from '../entities';

/** The after-sale screens' plain data: routes, server paths, permission codes and the list's tabs. */

export const AFTER_SALE_DETAIL_PATH = '/saleorder/afterSaleDetail';
export const ORDER_DETAIL_PATH = '/saleorder/saleOrderDetail';

export const afterSaleDetailHref = (id: string) => `${AFTER_SALE_DETAIL_PATH}?id=${encodeURIComponent(id)}`;
export const orderDetailHref = (orderId: string) => `${ORDER_DETAIL_PATH}?id=${encodeURIComponent(orderId)}`;

export const AFTER_SALE_API = {
  tabCounts: '/saleorder/afterSale/tabCounts',
  agree: '/saleorder/afterSale/agree',
  disagree: '/saleorder/afterSale/disagree',
  receive: '/saleorder/afterSale/receive',
  refuseReceive: '/saleorder/afterSale/refuseReceive',
  refund: '/saleorder/afterSale/refund',
} as const;

/** 申请时间: the list's create_time bounds (plugins/orders/server/after-sales/list-routes.ts). */
export const APPLY_TIME_FIELD = 'createTime';

/**
 * The decision buttons of the detail, in the order they show: the state machine's action (as
 * `actions` of queryById lists it), its call, its permission code (server/menus.ts) and whether it
 * asks for a reason (拒绝 …) or only a confirmation.
 */
export interface AfterSaleDecision {
  key: 'agree' | 'disagree' | 'receive' | 'refuseReceive' | 'refund';
  /** Machine actions that show this button. */
  actions: readonly string[];
  url: string;
  permission: string;
  reason: boolean;
  danger: boolean;
}

export const AFTER_SALE_DECISIONS: readonly AfterSaleDecision[] = [
  { key: 'agree', actions: ['agreeReturn', 'agreeRefund'], url: AFTER_SALE_API.agree, permission: 'saleorder:afterSale:agree', reason: false, danger: false },
  { key: 'disagree', actions: ['disagree'], url: AFTER_SALE_API.disagree, permission: 'saleorder:afterSale:disagree', reason: true, danger: true },
  { key: 'receive', actions: ['receive'], url: AFTER_SALE_API.receive, permission: 'saleorder:afterSale:receive', reason: false, danger: false },
  { key: 'refuseReceive', actions: ['refuseReceive'], url: AFTER_SALE_API.refuseReceive, permission: 'saleorder:afterSale:refuseReceive', reason: true, danger: true },
  { key: 'refund', actions: ['refund'], url: AFTER_SALE_API.refund, permission: 'saleorder:afterSale:refund', reason: false, danger: false },
];

/** The tabs, as the keys of `GET /saleorder/afterSale/tabCounts` (server/after-sales/list-routes.ts AfterSaleTabCounts). */
export type AfterSaleTabKey = 'all' | 'applied' | 'sellerAgreed' | 'buyerDelivered' | 'waitRefund' | 'completed' | 'closed';
export type AfterSaleTabCounts = Record<AfterSaleTabKey, number>;

const s = AFTER_SALE_STATUS;
const only = (...statuses: string[]) => [{ field: 'status', operator: 'in' as const, value: statuses }];

/** The list's tabs, each with its key in the tabCounts answer. 已关闭 gathers 买家取消, 卖家拒绝 and 卖家拒绝收货. */
export const AFTER_SALE_TABS: ReadonlyArray<StatusTab & { key: AfterSaleTabKey }> = [
  { key: 'all', label: 'afterSales:list.tabs.all', filters: [] },
  { key: 'applied', label: 'afterSales:list.tabs.applied', filters: only(s.applied) },
  { key: 'sellerAgreed', label: 'afterSales:list.tabs.sellerAgreed', filters: only(s.sellerAgreed) },
  { key: 'buyerDelivered', label: 'afterSales:list.tabs.buyerDelivered', filters: only(s.buyerDelivered) },
  { key: 'waitRefund', label: 'afterSales:list.tabs.waitRefund', filters: only(s.waitRefund) },
  { key: 'completed', label: 'afterSales:list.tabs.completed', filters: only(s.completed) },
  { key: 'closed', label: 'afterSales:list.tabs.closed', filters: only(s.buyerCancelled, s.sellerDisagreed, s.sellerRefused) },
];
