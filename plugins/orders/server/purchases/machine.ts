import { defineStateMachine } from '../../../../server/kit';

/**
 * The procurement order's transitions (docs/reference/business-domains.md §7): 待确认 → 已确认 → 部分发货 → 已发货 → 已验收 →
 * 已完成; 待确认 → 已拒绝; before anything ships → 已取消. A delivery that leaves lines open is 部分发货
 * (From = To while more parts follow), the one that sends the rest 已发货.
 */
export type PurchaseState = '0' | '10' | '20' | '30' | '40' | '50' | '60' | '70';
export type PurchaseAction = 'confirm' | 'reject' | 'deliverPart' | 'deliverAll' | 'accept' | 'complete' | 'cancel';

export const purchaseMachine = defineStateMachine<PurchaseState, PurchaseAction>({
  noun: '采购订单',
  table: 'zcy_purchase_order',
  statusColumn: 'status',
  states: { '0': '待确认', '10': '已确认', '20': '部分发货', '30': '已发货', '40': '已验收', '50': '已完成', '60': '已拒绝', '70': '已取消' },
  actions: {
    confirm: { label: '确认', from: ['0'], to: '10' },
    reject: { label: '拒绝', from: ['0'], to: '60' },
    deliverPart: { label: '发货', from: ['10', '20'], to: '20' },
    deliverAll: { label: '发货', from: ['10', '20'], to: '30' },
    accept: { label: '验收', from: ['30'], to: '40' },
    complete: { label: '完成', from: ['40'], to: '50' },
    cancel: { label: '取消', from: ['0', '10'], to: '70' },
  },
  log: { table: 'zcy_purchase_log', owner: 'order_id' },
  notFound: '采购订单不存在',
});

/** The buttons a purchase order in a state offers (deliverPart and deliverAll are one 发货 button). */
export type PurchaseButton = 'confirm' | 'reject' | 'deliver' | 'accept' | 'complete' | 'cancel';
