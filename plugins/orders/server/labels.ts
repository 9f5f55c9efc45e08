import { localeLabels, type LabelResolver } from '../../../server/crud/labels';

/**
 * The server's Chinese names of the order entities' fields (Excel headers, validation messages) until
 * the screens bring locales/zh-CN/orders.json; a key not named here shows as the field name.
 */
const zhOrders = {
  order: {
    title: '销售订单',
    fields: {
      no: '订单号', type: '订单类型', terminal: '来源', memberId: '会员', customerId: '客户', buyerName: '买家', spuNames: '商品', productCount: '商品数量',
      status: '订单状态', refundStatus: '退款状态', cancelType: '取消类型', payChannel: '支付渠道', payTime: '支付时间', deliveryType: '配送方式',
      expressId: '快递公司', logisticsNo: '快递单号', deliveryTime: '发货时间', receiveTime: '收货时间', finishTime: '完成时间', receiverName: '收货人',
      receiverMobile: '收货人手机', receiverAreaId: '收货地区', receiverDetailAddress: '收货地址', userRemark: '买家留言', remark: '商家备注', couponId: '优惠券',
      usePoint: '使用积分', givePoint: '赠送积分', totalPrice: '商品金额', discountPrice: '优惠金额', couponPrice: '优惠券抵扣', pointPrice: '积分抵扣',
      vipPrice: '会员折扣', deliveryPrice: '运费', adjustPrice: '调价', payPrice: '实付金额', refundPrice: '退款金额',
    },
  },
  payRecord: { title: '支付记录', fields: { orderNo: '订单号', channel: '支付渠道', price: '金额', status: '状态', channelTradeNo: '渠道交易号', successTime: '支付时间' } },
  refundOrder: {
    title: '退款单',
    fields: { no: '退款单号', orderNo: '订单号', channel: '渠道', refundPrice: '退款金额', reason: '原因', status: '状态', failReason: '失败原因', successTime: '退款时间' },
  },
  express: { title: '快递公司', fields: { code: '编码', name: '名称', logo: '图标', sort: '排序', status: '状态' } },
  freightTemplate: { title: '运费模板', fields: { name: '名称', chargeMode: '计费方式', charges: '运费规则', frees: '包邮规则', sort: '排序' } },
};

export const orderLabels: LabelResolver = localeLabels({ orders: zhOrders });
