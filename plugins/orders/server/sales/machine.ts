import { defineStateMachine } from '../../../../server/kit';

/**
 * The order's allowed transitions (docs/reference/business-domains.md §3): one table, every change guarded and logged
 * (server/state/state-machine.ts). 调价 and 修改地址 keep the state (From = To) but still lock, check
 * and log; 备注 is allowed in every state and is a plain update with a log row (not a transition).
 */
export type OrderState = '0' | '10' | '20' | '30' | '40';
export type OrderAction = 'pay' | 'deliver' | 'receive' | 'close' | 'adjustPrice' | 'updateAddress' | 'closeByRefund' | 'verify';

export const orderMachine = defineStateMachine<OrderState, OrderAction>({
  noun: '订单',
  table: 'sale_order',
  statusColumn: 'status',
  states: { '0': '待付款', '10': '待发货', '20': '已发货', '30': '已完成', '40': '已关闭' },
  actions: {
    pay: { label: '支付', from: ['0'], to: '10' },
    deliver: { label: '发货', from: ['10'], to: '20' },
    receive: { label: '收货', from: ['20'], to: '30' },
    close: { label: '关闭', from: ['0'], to: '40' },
    adjustPrice: { label: '调价', from: ['0'], to: '0' },
    updateAddress: { label: '修改地址', from: ['10'], to: '10' },
    closeByRefund: { label: '全部售后关闭', from: ['10', '20', '30'], to: '40' },
    // 到店自提: the store's verifier hands the goods over against the buyer's code (server/pickup/verify.ts).
    verify: { label: '门店核销', from: ['10'], to: '30' },
  },
  log: { table: 'sale_order_log', owner: 'order_id' },
  notFound: '订单不存在',
});

/** The log row's action of a 备注 (allowed in every state). */
export const REMARK_ACTION = 'remark';

export function isOrderState(value: string): value is OrderState {
  return value in orderMachine.states;
}

/**
 * Transitions nobody presses in the back-office: payment comes from a channel (or 确认付款 for an offline
 * order), receipt from the buyer or the auto-receive job, 全部售后关闭 from a refund, 门店核销 from the code on 门店核销.
 */
export const NON_BUTTON_ACTIONS: readonly OrderAction[] = ['pay', 'receive', 'closeByRefund', 'verify'];
