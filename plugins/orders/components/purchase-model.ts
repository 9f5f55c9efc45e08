import type { StatusTab } from '../../../src/toolkit/crud';
import { PURCHASE_STATUS, purchaseOrderEntity } from '../purchase-entities';

/** The procurement screens' shared facts: paths, calls, buttons and their permission codes, the list's tabs. */

export const PURCHASE_DETAIL_PATH = '/zcy/purchaseOrderDetail';

export const PURCHASE_API = {
  queryById: `${purchaseOrderEntity.api}/queryById`,
  add: `${purchaseOrderEntity.api}/add`,
  confirm: `${purchaseOrderEntity.api}/confirm`,
  reject: `${purchaseOrderEntity.api}/reject`,
  deliver: `${purchaseOrderEntity.api}/deliver`,
  accept: `${purchaseOrderEntity.api}/accept`,
  complete: `${purchaseOrderEntity.api}/complete`,
  cancel: `${purchaseOrderEntity.api}/cancel`,
} as const;

/** The buttons of a purchase order, in the order they show (the server's `actions` say which apply now). */
export const PURCHASE_ACTIONS = ['confirm', 'deliver', 'accept', 'complete', 'reject', 'cancel'] as const;
export type PurchaseAction = (typeof PURCHASE_ACTIONS)[number];
export const isPurchaseAction = (value: string): value is PurchaseAction => (PURCHASE_ACTIONS as readonly string[]).includes(value);

export const PURCHASE_PERMISSIONS: Readonly<Record<PurchaseAction, string>> = {
  confirm: 'zcy:purchaseOrder:confirm',
  deliver: 'zcy:purchaseOrder:deliver',
  accept: 'zcy:purchaseOrder:accept',
  complete: 'zcy:purchaseOrder:complete',
  reject: 'zcy:purchaseOrder:reject',
  cancel: 'zcy:purchaseOrder:cancel',
};

const byStatus = (key: string, status: string): StatusTab => ({ key, label: `purchases:tabs.${key}`, filters: [{ field: 'status', operator: 'eq', value: status }] });

/** 全部 and one tab per working state (the closed ones — 已拒绝, 已取消 — are found under 全部 by the status filter). */
export const PURCHASE_TABS: readonly StatusTab[] = [
  { key: 'all', label: 'purchases:tabs.all', filters: [] },
  byStatus('pending', PURCHASE_STATUS.pending),
  byStatus('confirmed', PURCHASE_STATUS.confirmed),
  byStatus('partlyDelivered', PURCHASE_STATUS.partlyDelivered),
  byStatus('delivered', PURCHASE_STATUS.delivered),
  byStatus('accepted', PURCHASE_STATUS.accepted),
  byStatus('completed', PURCHASE_STATUS.completed),
];

export const purchaseDetailHref = (id: string) => `${PURCHASE_DETAIL_PATH}?id=${encodeURIComponent(id)}`;
