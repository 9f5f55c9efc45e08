import type { DictSeed } from './seed-menu-model';

/**
 * The core's dictionaries: the generic ones and those of the domains that have no plugin yet. A plugin
 * seeds its own (`defineServerPlugin({ dicts })`).
 */
export const DICT_SEED: DictSeed[] = [
  { code: 'sex', name: '性别', items: [['1', '男'], ['2', '女']] },
  { code: 'valid_status', name: '有效状态', items: [['0', '无效', 'default'], ['1', '有效', 'green']] },
  { code: 'yn', name: '是否', items: [['1', '是'], ['0', '否']] },
  { code: 'order_status', name: '订单状态', items: [['1', '待付款', 'orange'], ['2', '待发货', 'blue'], ['3', '已发货', 'cyan'], ['4', '已完成', 'green'], ['5', '已取消', 'default']] },
  { code: 'pay_status', name: '支付状态', items: [['0', '未支付', 'orange'], ['1', '已支付', 'green'], ['2', '已退款', 'default']] },
  { code: 'pay_type', name: '支付方式', items: [['1', '微信支付'], ['2', '支付宝'], ['3', '余额支付'], ['4', '线下支付']] },
  { code: 'refund_status', name: '退款状态', items: [['0', '待审核', 'orange'], ['1', '已同意', 'blue'], ['2', '已拒绝', 'red'], ['3', '已退款', 'green']] },
  { code: 'aftersale_status', name: '售后状态', items: [['0', '待处理', 'orange'], ['1', '处理中', 'blue'], ['2', '已完成', 'green'], ['3', '已关闭', 'default']] },
  { code: 'goods_status', name: '商品状态', items: [['0', '下架', 'default'], ['1', '上架', 'green']] },
  { code: 'coupon_type', name: '优惠券类型', items: [['1', '满减券'], ['2', '折扣券'], ['3', '无门槛券']] },
  { code: 'drp_level', name: '分销等级', items: [['1', '一级分销'], ['2', '二级分销'], ['3', '三级分销']] },
  { code: 'withdraw_status', name: '提现状态', items: [['0', '待审核', 'orange'], ['1', '已打款', 'green'], ['2', '已驳回', 'red']] },
  { code: 'purchase_status', name: '采购状态', items: [['0', '草稿', 'default'], ['1', '已提交', 'blue'], ['2', '已审核', 'cyan'], ['3', '已完成', 'green'], ['4', '已取消', 'default']] },
];
