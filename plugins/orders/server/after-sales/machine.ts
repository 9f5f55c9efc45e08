import { defineStateMachine } from '../../../../server/kit';

/**
 * The after-sale's allowed transitions (docs/reference/business-domains.md §3 "After-sales"). 同意 goes to 卖家通过 for a
 * return (the buyer then sends the goods back) and straight to 等待退款 for a refund only.
 */
export type AfterSaleState = '10' | '20' | '30' | '40' | '50' | '61' | '62' | '63';
export type AfterSaleAction = 'agreeReturn' | 'agreeRefund' | 'disagree' | 'buyerDelivery' | 'receive' | 'refuseReceive' | 'refund' | 'buyerCancel';

export const afterSaleMachine = defineStateMachine<AfterSaleState, AfterSaleAction>({
  noun: '售后单',
  table: 'sale_after_sale',
  statusColumn: 'status',
  states: { '10': '申请中', '20': '卖家通过', '30': '待卖家收货', '40': '等待退款', '50': '完成', '61': '买家取消', '62': '卖家拒绝', '63': '卖家拒绝收货' },
  actions: {
    agreeReturn: { label: '同意售后', from: ['10'], to: '20' },
    agreeRefund: { label: '同意售后', from: ['10'], to: '40' },
    disagree: { label: '拒绝售后', from: ['10'], to: '62' },
    buyerDelivery: { label: '退回商品', from: ['20'], to: '30' },
    receive: { label: '确认收货', from: ['30'], to: '40' },
    refuseReceive: { label: '拒绝收货', from: ['30'], to: '63' },
    refund: { label: '确认退款', from: ['40'], to: '50' },
    buyerCancel: { label: '取消售后', from: ['10', '20', '30'], to: '61' },
  },
  log: { table: 'sale_after_sale_log', owner: 'after_sale_id' },
  notFound: '售后单不存在',
});
