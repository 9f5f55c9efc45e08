import type { DictSeed } from '../../../server/kit';
import {
  AFTER_SALE_STATUS_DICT,
  AFTER_SALE_TYPE_DICT,
  AFTER_SALE_WAY_DICT,
  DELIVERY_TYPE,
  DELIVERY_TYPE_DICT,
  FREIGHT_CHARGE_MODE_DICT,
  ITEM_AFTER_SALE_STATUS_DICT,
  ORDER_CANCEL_TYPE_DICT,
  ORDER_REFUND_STATUS_DICT,
  ORDER_STATUS_DICT,
  ORDER_TERMINAL_DICT,
  ORDER_TYPE_DICT,
  PAY_CHANNEL_DICT,
  PAY_NOTICE_KIND_DICT,
  PAY_NOTICE_RESULT_DICT,
  PAY_STATUS_DICT,
  REFUND_STATUS_DICT,
  WX_SHIPPING_STATUS_DICT,
} from '../entities';
import { PURCHASE_STATUS_DICT } from '../purchase-entities';

/** Cancel types of a closed order (docs/business-api.md). */
export const CANCEL_TYPE = { timeout: '10', buyer: '20', seller: '30', allAfterSale: '40' } as const;
/** Pay record status. */
export const PAY_STATUS = { waiting: '0', success: '10', closed: '20' } as const;
/** Refund order status. */
export const REFUND_STATUS = { processing: '0', success: '10', failed: '20' } as const;
/** Item after-sale status. */
export const ITEM_AFTER_SALE = { none: '0', open: '10', done: '20' } as const;
export const TERMINAL = { miniProgram: '10', backOffice: '0' } as const;
export { DELIVERY_TYPE };

/** 支付渠道: the online channels and the offline pay types (the dictionary's items, seeded as they are here). */
export const PAY_CHANNEL_ITEMS: Array<[string, string]> = [
  ['demo', '模拟支付'],
  ['wechat', '微信支付'],
  ['alipay', '支付宝'],
  ['balance', '余额支付'],
  ['cash', '现金'],
  ['transfer', '转账'],
  ['pos', 'POS'],
];

/** A channel's name as the order log writes it (模拟支付, 现金 …), the code itself for one not listed. */
export function payChannelName(channel: string): string {
  return PAY_CHANNEL_ITEMS.find(([code]) => code === channel)?.[1] ?? channel;
}

/** What a payment channel's notification said (支付通知's 类型). */
export const PAY_NOTICE_KIND = { payment: 'payment', refund: 'refund' } as const;
/** What was done with it (支付通知's 结果). */
export const PAY_NOTICE_RESULT = { processed: 'processed', duplicate: 'duplicate', refused: 'refused', rejected: 'rejected', failed: 'failed' } as const;

/** 微信发货信息录入 of an order paid through WeChat Pay. */
export const WX_SHIPPING = { pending: '0', recorded: '10', failed: '20' } as const;
export const wxShippingDict: DictSeed = {
  code: WX_SHIPPING_STATUS_DICT,
  name: '微信发货信息',
  items: [[WX_SHIPPING.pending, '待录入', 'orange'], [WX_SHIPPING.recorded, '已录入', 'green'], [WX_SHIPPING.failed, '录入失败', 'red']],
};

/** 支付通知's dictionaries (also added by migration 0007 to a database seeded before them). */
export const payNoticeDicts: DictSeed[] = [
  { code: PAY_NOTICE_KIND_DICT, name: '支付通知类型', items: [[PAY_NOTICE_KIND.payment, '支付'], [PAY_NOTICE_KIND.refund, '退款']] },
  {
    code: PAY_NOTICE_RESULT_DICT,
    name: '支付通知结果',
    items: [
      [PAY_NOTICE_RESULT.processed, '已处理', 'green'],
      [PAY_NOTICE_RESULT.duplicate, '重复通知', 'default'],
      [PAY_NOTICE_RESULT.refused, '验签失败', 'red'],
      [PAY_NOTICE_RESULT.rejected, '未受理', 'orange'],
      [PAY_NOTICE_RESULT.failed, '处理失败', 'red'],
    ],
  },
];

/** The sales-order enumerations (docs/business-api.md "Sales orders"), editable on 数据字典. */
export const orderDicts: DictSeed[] = [
  { code: ORDER_STATUS_DICT, name: '订单状态', items: [['0', '待付款', 'orange'], ['10', '待发货', 'blue'], ['20', '已发货', 'cyan'], ['30', '已完成', 'green'], ['40', '已关闭', 'default']] },
  { code: ORDER_REFUND_STATUS_DICT, name: '订单退款状态', items: [['0', '未退款', 'default'], ['10', '部分退款', 'orange'], ['20', '全部退款', 'red']] },
  {
    code: AFTER_SALE_STATUS_DICT,
    name: '售后状态',
    items: [['10', '申请中', 'orange'], ['20', '卖家通过', 'blue'], ['30', '待卖家收货', 'blue'], ['40', '等待退款', 'gold'], ['50', '完成', 'green'], ['61', '买家取消', 'default'], ['62', '卖家拒绝', 'red'], ['63', '卖家拒绝收货', 'red']],
  },
  { code: AFTER_SALE_WAY_DICT, name: '售后方式', items: [['10', '仅退款'], ['20', '退货退款']] },
  { code: AFTER_SALE_TYPE_DICT, name: '售后类型', items: [['10', '售中'], ['20', '售后']] },
  { code: ITEM_AFTER_SALE_STATUS_DICT, name: '订单项售后状态', items: [['0', '未售后', 'default'], ['10', '售后中', 'orange'], ['20', '售后成功', 'green']] },
  { code: ORDER_CANCEL_TYPE_DICT, name: '订单取消类型', items: [['10', '超时未支付'], ['20', '买家取消'], ['30', '卖家关闭'], ['40', '全部售后']] },
  { code: PAY_CHANNEL_DICT, name: '支付渠道', items: PAY_CHANNEL_ITEMS },
  ...payNoticeDicts,
  wxShippingDict,
  { code: PAY_STATUS_DICT, name: '支付状态', items: [['0', '待支付', 'orange'], ['10', '支付成功', 'green'], ['20', '已关闭', 'default']] },
  { code: REFUND_STATUS_DICT, name: '退款状态', items: [['0', '处理中', 'blue'], ['10', '退款成功', 'green'], ['20', '退款失败', 'red']] },
  { code: DELIVERY_TYPE_DICT, name: '订单配送方式', items: [[DELIVERY_TYPE.express, '快递发货'], [DELIVERY_TYPE.pickUp, '到店自提'], [DELIVERY_TYPE.none, '无需物流']] },
  { code: ORDER_TERMINAL_DICT, name: '订单来源终端', items: [['10', '微信小程序'], ['0', '后台录入']] },
  { code: ORDER_TYPE_DICT, name: '订单类型', items: [['0', '普通订单'], ['1', '线下订单']] },
  { code: FREIGHT_CHARGE_MODE_DICT, name: '运费计费方式', items: [['1', '按件'], ['2', '按重量'], ['3', '按体积']] },
  {
    code: PURCHASE_STATUS_DICT,
    name: '采购订单状态',
    items: [['0', '待确认', 'orange'], ['10', '已确认', 'blue'], ['20', '部分发货', 'gold'], ['30', '已发货', 'cyan'], ['40', '已验收', 'purple'], ['50', '已完成', 'green'], ['60', '已拒绝', 'red'], ['70', '已取消', 'default']],
  },
];
